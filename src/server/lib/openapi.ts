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

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});
