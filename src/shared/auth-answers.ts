/**
 * What the auth endpoints (/api/auth/*) answer, as far as the browser reads it. better-auth sends
 * more (tokens, timestamps); these describe the fields PipLens uses and strip the rest.
 * Written with zod/mini: the session is read on every page (see api-error.ts).
 */
import * as z from 'zod/mini';

/** The signed-in user, as the session carries it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** 'admin' for the addresses PipLens makes admins; 'user' otherwise. */
  role: z.string(),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/auth/get-session: the session's user, or null when nobody is signed in. */
export const SessionAnswerSchema = z.nullable(z.object({ user: SessionUserSchema }));

/** POST /api/auth/sign-in/email: the session cookie is set, and the user comes back. */
export const SignInAnswerSchema = z.object({ user: SessionUserSchema });

/** The one answer of a sign-up, for a new and an existing address alike. */
export const SIGNUP_ANSWER = {
  status: 'check-inbox',
  message: 'Check your inbox: we sent a link to confirm your email address.',
} as const;
export const SignUpAnswerSchema = z.object({ status: z.literal(SIGNUP_ANSWER.status), message: z.string() });

/** Reset and confirmation mails, and a new password: done (or, for mails, done if the address needs it). */
export const AuthStatusSchema = z.object({ status: z.boolean() });

export const SignOutAnswerSchema = z.object({ success: z.boolean() });
