import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CONFIRM_MAIL_THROTTLED_MESSAGE,
  EmailSchema,
  LOGIN_THROTTLED_MESSAGE,
  ForgotPasswordSchema,
  LoginSchema,
  SIGNUP_THROTTLED_MESSAGE,
  SignupRequestSchema,
} from '../../../shared/auth';
import { AuthLibraryErrorSchema } from '../../../shared/api-error';
import {
  AuthStatusSchema,
  SessionAnswerSchema,
  SIGNUP_ANSWER,
  SignInAnswerSchema,
  SignOutAnswerSchema,
  SignUpAnswerSchema,
} from '../../../shared/auth-answers';
import type { Auth } from '../../auth/auth';
import { user } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { createRouter, errorResponse, lightJsonResponse } from '../../lib/openapi';
import { ApiError } from '../../lib/errors';
import { clientIp } from '../../lib/request';
import { signupAttemptMail } from './accounts.mails';
import { clearFailures, limitAddress, loginLimits, release, reserveAttempt } from './login-throttle';

/** Confirmation mails one address can be sent in a throttle window. */
export const CONFIRM_MAILS_PER_WINDOW = 3;
/** Reset mails one account can be sent in a throttle window. */
export const RESET_MAILS_PER_WINDOW = 3;
/** Sign-ups from one address, and from its network (/24 or /48), in a throttle window. */
export const SIGNUPS_PER_ADDRESS = 5;
export const SIGNUPS_PER_NETWORK = 20;

/** better-auth's answer to a reset request, known address or not. */
const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/** The network an address belongs to for sign-up limits: its /24 (IPv4) or /48 (IPv6). */
export function networkOf(ip: string): string {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(ip)) return ip.split('.').slice(0, 3).join('.');
  if (ip.includes(':')) return ip.split(':').slice(0, 3).join(':');
  return ip;
}

/**
 * Mails asked for one address: a few per asking address, so a stranger cannot use up the owner's
 * (their reset or confirmation mail still goes), and a looser cap per address over everyone.
 */
const MAILS_PER_ADDRESS_OVERALL = 10;
const mailLimits = (kind: string, email: string, ip: string, perAsker: number) => [
  { key: `${kind}:${email.toLowerCase()}|${limitAddress(ip)}`, refuseAfter: perAsker, slowAfter: Infinity },
  { key: `${kind}:${email.toLowerCase()}`, refuseAfter: MAILS_PER_ADDRESS_OVERALL, slowAfter: Infinity },
];

const isLocal = (ip: string) => ip === 'local' || ip === '::1' || /^127\./.test(ip);

const signupLimits = (ip: string) => [
  { key: `signup-ip:${ip}`, refuseAfter: SIGNUPS_PER_ADDRESS, slowAfter: Infinity },
  { key: `signup-net:${networkOf(ip)}`, refuseAfter: SIGNUPS_PER_NETWORK, slowAfter: Infinity },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every sign-up answer takes at least this long, so a refused existing email and a new account
 * (which also writes the user, the session and queues mail) cannot be told apart by time.
 */
const SIGNUP_MIN_MS = 600;

/** Re-creates the request with the body already read, for the auth library. */
function forward(c: Context<AppEnv>, body: unknown): Request {
  return new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: JSON.stringify(body) });
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'INVALID_BODY', 'The request body must be JSON.');
  }
}

const json = (schema: z.ZodType) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/**
 * The endpoints the web app uses: PipLens's four in front of better-auth, and better-auth's own
 * that the app calls (its other endpoints are reachable but unused). Their answers are described
 * by the fields the browser reads (better-auth sends more); its own errors have its own shape.
 */
const AUTH_DOCS = [
  {
    method: 'post',
    path: '/sign-in/email',
    summary: 'Log in (throttled per account and address)',
    request: json(LoginSchema),
    responses: {
      200: lightJsonResponse(SignInAnswerSchema, 'Signed in (session cookie set)'),
      401: lightJsonResponse(AuthLibraryErrorSchema, 'Invalid email or password (better-auth)'),
      429: errorResponse('Too many attempts'),
    },
  },
  {
    method: 'post',
    path: '/sign-up/email',
    summary: 'Create an account (the same answer for a new and an existing address)',
    request: json(SignupRequestSchema),
    responses: {
      200: lightJsonResponse(SignUpAnswerSchema, 'Created, or a mail to the existing owner'),
      400: errorResponse('Fields not valid'),
      429: errorResponse('Too many sign-ups from this network'),
    },
  },
  {
    method: 'post',
    path: '/request-password-reset',
    summary: 'Mail a reset link (the same answer whether the address exists)',
    request: json(ForgotPasswordSchema),
    responses: {
      200: lightJsonResponse(AuthStatusSchema, 'Mailed if the address exists'),
      429: errorResponse('Too many mails'),
    },
  },
  {
    method: 'post',
    path: '/send-verification-email',
    summary: 'Mail the confirmation link again',
    request: json(z.object({ email: EmailSchema })),
    responses: {
      200: lightJsonResponse(AuthStatusSchema, 'Mailed if the address needs it'),
      429: errorResponse('Too many mails'),
    },
  },
  {
    method: 'get',
    path: '/get-session',
    summary: 'The signed-in user and session (better-auth), or null',
    responses: { 200: lightJsonResponse(SessionAnswerSchema, 'The session, or null') },
  },
  {
    method: 'post',
    path: '/sign-out',
    summary: 'Log out (better-auth)',
    responses: { 200: lightJsonResponse(SignOutAnswerSchema, 'Signed out') },
  },
  {
    method: 'post',
    path: '/reset-password',
    summary: 'Set a new password with the mailed token (better-auth)',
    request: json(z.object({ newPassword: z.string(), token: z.string() })),
    responses: {
      200: lightJsonResponse(AuthStatusSchema, 'Changed'),
      400: lightJsonResponse(AuthLibraryErrorSchema, 'Token invalid or expired (better-auth)'),
    },
  },
  {
    method: 'get',
    path: '/verify-email',
    summary: "The confirmation link's target (better-auth): confirms and redirects",
    request: { query: z.object({ token: z.string(), callbackURL: z.string().optional() }) },
    responses: { 302: { description: 'Confirmed; on to the app' } },
  },
] as const;

/**
 * /api/auth/*: better-auth's handler, with PipLens's own rules in front of the two
 * endpoints that matter for abuse: login throttling and sign-up without enumeration.
 */
export function accountsRoutes(auth: Auth) {
  const routes = createRouter();
  for (const doc of AUTH_DOCS)
    routes.openAPIRegistry.registerPath(doc as Parameters<typeof routes.openAPIRegistry.registerPath>[0]);

  routes.post('/sign-in/email', async (c) => {
    const body = await readJson(c);
    const parsed = LoginSchema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid email or password', parsed.error.issues);
    }
    const db = c.get('db');
    const limits = loginLimits(parsed.data.email, clientIp(c));
    const { attemptId, verdict } = await reserveAttempt(db, limits);
    if (verdict.refused) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', LOGIN_THROTTLED_MESSAGE);
    }
    let response: Response;
    try {
      if (verdict.delayMs > 0) await sleep(verdict.delayMs);
      response = await auth.handler(forward(c, body));
    } catch (error) {
      await release(db, attemptId);
      throw error;
    }
    // The reserved row stays as the failure of a wrong password; anything else takes it back.
    if (response.status !== 401) await release(db, attemptId);
    if (response.ok) await clearFailures(db, limits);
    return response;
  });

  routes.post('/sign-up/email', async (c) => {
    const started = performance.now();
    const padded = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } finally {
        await sleep(Math.max(0, SIGNUP_MIN_MS - (performance.now() - started)));
      }
    };
    return padded(() => signUp(c));
  });

  async function signUp(c: Context<AppEnv>) {
    const body = await readJson(c);
    const parsed = SignupRequestSchema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Please check the form and try again.', parsed.error.issues);
    }
    const db = c.get('db');
    const ip = clientIp(c);
    // Sign-ups from this machine itself (an operator, the test suites) are not limited; behind a
    // proxy on the same machine, TRUSTED_PROXIES gives the clients' own addresses.
    const { verdict } = isLocal(ip)
      ? { verdict: { refused: false, retryAfterSeconds: 0 } }
      : await reserveAttempt(db, signupLimits(ip));
    if (verdict.refused) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, 'TOO_MANY_SIGNUPS', SIGNUP_THROTTLED_MESSAGE);
    }
    const email = parsed.data.email.toLowerCase();
    const [existing] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, email));
    if (existing) {
      // The same hashing work as a real sign-up, and a mail to the owner instead of an account.
      await hashPassword(parsed.data.password);
      const { env, mailer } = c.get('deps');
      mailer.sendLater(signupAttemptMail({ to: email, name: existing.name, appUrl: env.APP_URL }), 'signup-attempt');
    } else {
      const response = await auth.handler(forward(c, { ...parsed.data, email }));
      // A valid form the auth library still refuses is a sign-up for the same address a moment
      // earlier (two at once): the answer stays the same.
      if (response.status >= 500)
        throw new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    return c.json(SIGNUP_ANSWER, 200);
  }

  // Reset mails: a few per account and asker in a window; past that the answer is the same and no mail goes.
  routes.post('/request-password-reset', async (c) => {
    const body = await readJson(c);
    const email = EmailSchema.safeParse((body as { email?: unknown } | null)?.email);
    if (email.success) {
      const limits = mailLimits('reset-mail', email.data, clientIp(c), RESET_MAILS_PER_WINDOW);
      const { verdict } = await reserveAttempt(c.get('db'), limits);
      if (verdict.refused) return c.json(RESET_ANSWER, 200);
    }
    return auth.handler(forward(c, body));
  });

  // Resending the confirmation link: a few mails per address and asker in a window.
  routes.post('/send-verification-email', async (c) => {
    const body = await readJson(c);
    const email = EmailSchema.safeParse((body as { email?: unknown } | null)?.email);
    if (!email.success) throw new ApiError(400, 'VALIDATION_FAILED', 'Please enter a valid email address');
    const db = c.get('db');
    const { verdict } = await reserveAttempt(
      db,
      mailLimits('confirm-mail', email.data, clientIp(c), CONFIRM_MAILS_PER_WINDOW),
    );
    if (verdict.refused) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', CONFIRM_MAIL_THROTTLED_MESSAGE);
    }
    return auth.handler(forward(c, { ...(body as object), email: email.data.toLowerCase() }));
  });

  routes.on(['GET', 'POST'], '/*', (c) => auth.handler(c.req.raw));
  return routes;
}
