import { and, eq } from 'drizzle-orm';
import { subscriptionState, utcDay, type SubscriptionState } from '../../../shared/access';
import type { Db } from '../../db/client';
import { dailyUsage, subscriptions } from '../../db/schema';
import type { SessionUser } from '../../lib/context';

export async function getSubscriptionState(db: Db, user: SessionUser, now = new Date()): Promise<SubscriptionState> {
  const [[subscription], [usage]] = await Promise.all([
    db
      .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id)),
    db
      .select({ count: dailyUsage.count })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, user.id), eq(dailyUsage.day, utcDay(now)))),
  ]);
  return subscriptionState({
    now,
    trialStartedAt: user.emailVerified ? (user.confirmedAt ?? user.createdAt) : now,
    emailConfirmed: user.emailVerified,
    subscription: subscription ?? null,
    usedToday: usage?.count ?? 0,
  });
}
