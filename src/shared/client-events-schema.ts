import { z } from 'zod';
import { BAD_RESPONSE_LIMITS, EVENT_PATH_MAX } from './client-events';

/** A page that was not found. */
export const NotFoundEventSchema = z.object({ path: z.string().max(EVENT_PATH_MAX) });

/** An API answer that did not match the shared schema the browser read it with (the trader saw an error). */
export const BadResponseEventSchema = z.object({
  /** The API path asked, without its query. */
  path: z.string().max(EVENT_PATH_MAX),
  status: z.number().int().min(0).max(599),
  /** Where the answer differs from its schema, in zod's words: never the answer's values. */
  issues: z
    .array(z.object({ path: z.string().max(BAD_RESPONSE_LIMITS.text), message: z.string().max(BAD_RESPONSE_LIMITS.text) }))
    .max(BAD_RESPONSE_LIMITS.issues),
});
export type BadResponseEvent = z.infer<typeof BadResponseEventSchema>;
