/**
 * The error answers of the API, as the server sends them and the browser reads them.
 * Written with zod/mini: every page's API client reads them, and classic zod would add its
 * weight to the public pages, which load none of it (see feedback.ts).
 */
import * as z from 'zod/mini';

/** The one error shape of PipLens's own routes: { error: { code, message, details? } }. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.optional(z.unknown()) }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/**
 * better-auth's own endpoints under /api/auth answer their errors in its shape (a wrong password,
 * an expired reset token); PipLens's rules in front of them (throttles, validation) use the one shape.
 */
export const AuthLibraryErrorSchema = z.object({ code: z.string(), message: z.string() });
