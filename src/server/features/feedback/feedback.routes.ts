import { randomUUID } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { and, gte, or, sql } from 'drizzle-orm';
import {
  FEEDBACK_HONEYPOT_FIELD,
  FEEDBACK_RATE_LIMIT,
  FEEDBACK_RATE_LIMITED_MESSAGE,
  FeedbackReceivedSchema,
} from '../../../shared/feedback';
import { FeedbackSchema } from '../../../shared/feedback-schema';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, lightJsonResponse } from '../../lib/openapi';
import { clientIp } from '../../lib/request';
import { feedbackMail } from './feedback.mail';

const postFeedbackRoute = createRoute({
  method: 'post',
  path: '/',
  summary: 'Send feedback to the PipLens team (stored and forwarded to the support mailbox)',
  request: { body: { required: true, content: { 'application/json': { schema: FeedbackSchema } } } },
  responses: {
    201: lightJsonResponse(FeedbackReceivedSchema, 'Received'),
    400: errorResponse('A field is missing, malformed or too long'),
    403: errorResponse('Posted from another site'),
    429: errorResponse('Too much feedback from this address or email in the last minutes'),
  },
});

/** Feedback already stored in the window for this address or this email, whichever is higher. */
async function recentCount(db: Db, ip: string, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FEEDBACK_RATE_LIMIT.windowMs);
  const [row] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${feedback.ipAddress} = ${ip})::int`,
      byEmail: sql<number>`count(*) filter (where lower(${feedback.email}) = ${email})::int`,
    })
    .from(feedback)
    .where(and(gte(feedback.createdAt, since), or(sql`${feedback.ipAddress} = ${ip}`, sql`lower(${feedback.email}) = ${email}`)));
  return Math.max(row?.byIp ?? 0, row?.byEmail ?? 0);
}

export function feedbackRoutes() {
  return createRouter().openapi(postFeedbackRoute, async (c) => {
    const input = c.req.valid('json');
    const logger = c.get('logger');
    // A filled honeypot is a bot: it is told all went well, and nothing is kept or sent.
    if (input[FEEDBACK_HONEYPOT_FIELD]) {
      logger.info('feedback honeypot filled: dropped');
      return c.json({ received: true as const }, 201);
    }
    const db = c.get('db');
    const ip = clientIp(c);
    const email = input.email.toLowerCase();
    if ((await recentCount(db, ip, email, new Date())) >= FEEDBACK_RATE_LIMIT.max) {
      c.header('Retry-After', String(FEEDBACK_RATE_LIMIT.windowMs / 1000));
      throw new ApiError(429, 'RATE_LIMITED', FEEDBACK_RATE_LIMITED_MESSAGE);
    }
    const id = randomUUID();
    await db.insert(feedback).values({ id, name: input.name, email: input.email, message: input.feedback, ipAddress: ip });
    const { env, mailer } = c.get('deps');
    mailer.sendLater(
      feedbackMail({ to: env.SUPPORT_EMAIL, id, name: input.name, email: input.email, message: input.feedback }),
      'feedback',
    );
    logger.info({ feedbackId: id }, 'feedback received');
    return c.json({ received: true as const }, 201);
  });
}
