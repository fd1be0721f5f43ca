import { OpenAPIHono, z, type Hook } from '@hono/zod-openapi';
import { toJSONSchema, type core } from 'zod/mini';
import { ApiErrorSchema } from '../../shared/api-error';
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

/** A JSON response of `schema`, as a route's contract declares it. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * The classic zod twin of a shared zod/mini schema (the answers every page reads, which the public
 * pages parse without loading classic zod): made from its JSON Schema, so the shape is written once,
 * for the OpenAPI generator and typed handlers, which need classic zod.
 */
const classicOf = <S extends core.$ZodType>(schema: S) =>
  z.fromJSONSchema(toJSONSchema(schema, { io: 'input' })) as unknown as z.ZodType<core.output<S>>;

/** A JSON response of a shared zod/mini schema, as a route's contract declares it. */
export const lightJsonResponse = <S extends core.$ZodType>(schema: S, description: string) =>
  jsonResponse(classicOf(schema), description);

const ErrorSchema = classicOf(ApiErrorSchema);

export const errorResponse = (description: string) => jsonResponse(ErrorSchema, description);
