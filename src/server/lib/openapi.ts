import { OpenAPIHono, z, type Hook } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { ApiError } from './errors';

/** Request validation failures, in the API's one error shape with the field paths. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid.', result.error.issues);
  }
};

/** A router whose routes declare their contracts; the OpenAPI document is generated from them. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** A JSON response of `schema`, as a route's contract declares it. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const errorResponse = (description: string) => jsonResponse(ErrorSchema, description);
