import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures in the window before each further attempt is slowed down. */
export const SLOWDOWN_AFTER = 3;
/** Failures in the window after which attempts are refused. */
export const REFUSE_AFTER = 10;
const MAX_DELAY_MS = 2000;

export const throttleKeys = (email: string, ip: string) => [`email:${email.trim().toLowerCase()}`, `ip:${ip}`];

export interface ThrottleVerdict {
  refused: boolean;
  delayMs: number;
  retryAfterSeconds: number;
}

export function verdictFor(failures: number): ThrottleVerdict {
  if (failures >= REFUSE_AFTER) return { refused: true, delayMs: 0, retryAfterSeconds: THROTTLE_WINDOW_MS / 1000 };
  const over = failures - SLOWDOWN_AFTER + 1;
  return { refused: false, delayMs: over > 0 ? Math.min(MAX_DELAY_MS, 250 * 2 ** (over - 1)) : 0, retryAfterSeconds: 0 };
}

export async function checkLogin(db: Db, keys: string[], now = new Date()): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const rows = await db
    .select({ key: loginAttempts.key, failures: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gte(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key);
  return verdictFor(Math.max(0, ...rows.map((r) => r.failures)));
}

/** Attempts recorded under `key` within the window (any kind: failures, mails sent). */
export async function countAttempts(db: Db, key: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  await db.insert(loginAttempts).values(keys.map((key) => ({ key })));
  // Old rows are of no use; trimming here keeps the table small without a scheduler.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(Date.now() - THROTTLE_WINDOW_MS)));
}

export async function clearFailures(db: Db, emailKey: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, emailKey));
}
