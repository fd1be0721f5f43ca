/**
 * What the browser reports to /api/client-events/* for operators to see in the logs: the limits,
 * zod-free so that the API client can keep to them without loading classic zod (the schemas are in
 * client-events-schema.ts).
 */

/** The longest path a report names. */
export const EVENT_PATH_MAX = 2048;

/** A report of an answer that broke its contract: the first few problems, each said briefly. */
export const BAD_RESPONSE_LIMITS = { issues: 10, text: 300 } as const;
