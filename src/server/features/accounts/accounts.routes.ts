import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  CONFIRM_MAIL_THROTTLED_MESSAGE,
  EmailSchema,
  LOGIN_THROTTLED_MESSAGE,
  LoginSchema,
  SIGNUP_REFUSED_MESSAGE,
  SignupRequestSchema,
} from '../../../shared/auth';
import type { Auth } from '../../auth/auth';
import { user } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { clientIp } from '../../lib/request';
import { clearFailures, loginLimits, release, reserveAttempt } from './login-throttle';

/** Confirmation mails one address can be sent in a throttle window. */
export const CONFIRM_MAILS_PER_WINDOW = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every sign-up answer takes at least this long, so a refused existing email and a new account
 * (which also writes the user, the session and queues mail) cannot be told apart by time.
 */
const SIGNUP_MIN_MS = 300;

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

/**
 * /api/auth/*: better-auth's handler, with PipLens's own rules in front of the two
 * endpoints that matter for abuse: login throttling and sign-up without enumeration.
 */
export function accountsRoutes(auth: Auth) {
  const routes = new Hono<AppEnv>();

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
    const [existing] = await c
      .get('db')
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, parsed.data.email.toLowerCase()));
    if (existing) {
      // Spend the same hashing work as a real sign-up so the refusal cannot be told apart by time.
      await hashPassword(parsed.data.password);
      throw new ApiError(400, 'SIGNUP_REFUSED', SIGNUP_REFUSED_MESSAGE);
    }
    return auth.handler(forward(c, { ...parsed.data, email: parsed.data.email.toLowerCase() }));
  }

  // Resending the confirmation link: a few mails per address and window, whoever asks.
  routes.post('/send-verification-email', async (c) => {
    const body = await readJson(c);
    const email = EmailSchema.safeParse((body as { email?: unknown } | null)?.email);
    if (!email.success) throw new ApiError(400, 'VALIDATION_FAILED', 'Please enter a valid email address');
    const db = c.get('db');
    const limit = { key: `confirm-mail:${email.data.toLowerCase()}`, refuseAfter: CONFIRM_MAILS_PER_WINDOW, slowAfter: Infinity };
    const { verdict } = await reserveAttempt(db, [limit]);
    if (verdict.refused) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', CONFIRM_MAIL_THROTTLED_MESSAGE);
    }
    return auth.handler(forward(c, { ...(body as object), email: email.data.toLowerCase() }));
  });

  routes.on(['GET', 'POST'], '/*', (c) => auth.handler(c.req.raw));
  return routes;
}
