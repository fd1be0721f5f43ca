import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures in the window before each further attempt is slowed down. */
export const SLOWDOWN_AFTER = 3;
/** Failures for one account from one address after which that address's attempts on it are refused. */
export const REFUSE_AFTER = 10;
/** Failures from one address, over every account, after which its attempts are refused (spraying). */
export const ADDRESS_REFUSE_AFTER = 30;
const MAX_DELAY_MS = 2000;

/**
 * The limits one sign-in attempt counts against. An account is locked only for the address that
 * failed on it: the owner's right password from elsewhere, and another account's from the same
 * address (a shared proxy or office), still get in. Failures over every address only slow an
 * account down, so nobody can lock a trader out from afar.
 */
export interface Limit {
  key: string;
  /** More failures than this in the window refuse the attempt; null: never refused, only slowed. */
  refuseAfter: number | null;
  slowAfter: number;
}

/**
 * The address limits count against: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's block; counting single IPv6 addresses would let one attacker rotate through
 * millions).
 */
export function limitAddress(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function loginLimits(email: string, clientAddress: string): Limit[] {
  const account = email.trim().toLowerCase();
  const ip = limitAddress(clientAddress);
  return [
    { key: `pair:${account}|${ip}`, refuseAfter: REFUSE_AFTER, slowAfter: SLOWDOWN_AFTER },
    { key: `ip:${ip}`, refuseAfter: ADDRESS_REFUSE_AFTER, slowAfter: REFUSE_AFTER },
    { key: `email:${account}`, refuseAfter: null, slowAfter: REFUSE_AFTER },
  ];
}

export interface ThrottleVerdict {
  refused: boolean;
  delayMs: number;
  retryAfterSeconds: number;
}

/** The delay for the attempt after `failures` failures, once past `slowAfter`. */
export function delayFor(failures: number, slowAfter = SLOWDOWN_AFTER): number {
  const over = failures - slowAfter + 1;
  return over > 0 ? Math.min(MAX_DELAY_MS, 250 * 2 ** (over - 1)) : 0;
}

export interface Reservation {
  attemptId: string;
  verdict: ThrottleVerdict;
}

/**
 * Counts an attempt before its password is checked, atomically: in one transaction that holds a
 * lock per key (taken in a fixed order, so two attempts never wait on each other in a circle),
 * the window's rows are counted and, unless a limit is reached, a row is written under each key.
 * Attempts arriving together are thus counted one after another, and no more than `refuseAfter`
 * of them pass however many arrive at once, on one instance or many sharing the database
 * (counting first and recording the failure after the password check let a burst of 100
 * through). A passed attempt's rows stand as its failure unless `release` takes them back (the
 * password was right, or the request was no real attempt).
 */
export async function reserveAttempt(db: Db, limits: Limit[], now = new Date()): Promise<Reservation> {
  const attemptId = randomUUID();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const keys = limits.map((l) => l.key);
  const counts = await db.transaction(async (tx) => {
    for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const rows = await tx
      .select({ key: loginAttempts.key, n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(and(inArray(loginAttempts.key, keys), gte(loginAttempts.attemptedAt, since)))
      .groupBy(loginAttempts.key);
    const count = new Map(rows.map((r) => [r.key, r.n]));
    const full = limits.some((l) => l.refuseAfter !== null && (count.get(l.key) ?? 0) >= l.refuseAfter);
    if (!full) await tx.insert(loginAttempts).values(keys.map((key) => ({ key, attemptId, attemptedAt: now })));
    return { count, full };
  });
  // Old rows are of no use; trimming here keeps the table small without a scheduler.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, since));
  if (counts.full) {
    return { attemptId, verdict: { refused: true, delayMs: 0, retryAfterSeconds: THROTTLE_WINDOW_MS / 1000 } };
  }
  const delayMs = Math.max(0, ...limits.map((l) => delayFor(counts.count.get(l.key) ?? 0, l.slowAfter)));
  return { attemptId, verdict: { refused: false, delayMs, retryAfterSeconds: 0 } };
}

/** Takes an attempt's rows back. */
export async function release(db: Db, attemptId: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.attemptId, attemptId));
}

/** A right password ends the account's failures from that address and its slow-down. */
export async function clearFailures(db: Db, limits: Limit[]): Promise<void> {
  const keys = limits.filter((l) => !l.key.startsWith('ip:')).map((l) => l.key);
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}
