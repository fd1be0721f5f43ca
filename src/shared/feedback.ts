/**
 * Feedback form limits and the answer, shared by the form and the API. Free of classic zod, so the
 * home page does not load it: the answer's schema is zod/mini's, which its API client loads anyway.
 */
import * as z from 'zod/mini';

export const FEEDBACK_NAME_MAX = 100;
export const FEEDBACK_EMAIL_MAX = 254;
export const FEEDBACK_MESSAGE_MAX = 5000;
/** The honeypot: a field people never see, so only bots fill it in. */
export const FEEDBACK_HONEYPOT_FIELD = 'website';

export const FEEDBACK_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
export const FEEDBACK_RATE_LIMITED_MESSAGE = 'You have sent a lot of feedback in a short time. Please try again in a few minutes.';

/** POST /api/feedback's answer. */
export const FeedbackReceivedSchema = z.object({ received: z.literal(true) });
