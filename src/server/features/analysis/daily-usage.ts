import { and, eq, sql } from 'drizzle-orm';
import { utcDay } from '../../../shared/access';
import type { Db } from '../../db/client';
import { dailyUsage } from '../../db/schema';

/**
 * Takes one of today's free analyses, or returns false when they are used up. One statement,
 * so concurrent requests cannot pass the cap: the row lock orders them and the WHERE re-checks.
 */
export async function reserveDailySlot(db: Db, userId: string, limit: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(dailyUsage)
    .values({ userId, day: utcDay(now), count: 1 })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { count: sql`${dailyUsage.count} + 1` },
      setWhere: sql`${dailyUsage.count} < ${limit}`,
    })
    .returning({ count: dailyUsage.count });
  return rows.length > 0 && (rows[0]?.count ?? Infinity) <= limit;
}

/** Gives a slot back after an analysis failed. */
export async function releaseDailySlot(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(dailyUsage)
    .set({ count: sql`greatest(${dailyUsage.count} - 1, 0)` })
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, utcDay(now))));
}
