import { z } from 'zod';
import { FEEDBACK_EMAIL_MAX, FEEDBACK_HONEYPOT_FIELD, FEEDBACK_MESSAGE_MAX, FEEDBACK_NAME_MAX } from './feedback';

export const FeedbackSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(FEEDBACK_NAME_MAX),
  email: z.string().trim().max(FEEDBACK_EMAIL_MAX).pipe(z.email('Please enter a valid email address')),
  feedback: z.string().trim().min(1, 'Please enter your feedback').max(FEEDBACK_MESSAGE_MAX),
  [FEEDBACK_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackSchema>;
