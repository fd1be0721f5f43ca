import { z } from 'zod';

export const FEEDBACK_NAME_MAX = 100;
export const FEEDBACK_EMAIL_MAX = 254;
export const FEEDBACK_MESSAGE_MAX = 5000;
/** The honeypot: a field people never see, so only bots fill it in. */
export const FEEDBACK_HONEYPOT_FIELD = 'website';

export const FeedbackSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(FEEDBACK_NAME_MAX),
  email: z.string().trim().max(FEEDBACK_EMAIL_MAX).pipe(z.email('Please enter a valid email address')),
  feedback: z.string().trim().min(1, 'Please enter your feedback').max(FEEDBACK_MESSAGE_MAX),
  [FEEDBACK_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackSchema>;

export const FeedbackReceivedSchema = z.object({ received: z.literal(true) });

export const FEEDBACK_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
export const FEEDBACK_RATE_LIMITED_MESSAGE = 'You have sent a lot of feedback in a short time. Please try again in a few minutes.';
