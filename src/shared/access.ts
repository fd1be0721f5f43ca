import { z } from 'zod';
import { FREE_DAILY_ANALYSES, TRIAL_DAYS } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SubscriptionStateSchema = z.object({
  /** Analyses, and the trial, start once the account's email address is confirmed. */
  emailConfirmed: z.boolean(),
  isSubscribed: z.boolean(),
  hasAccess: z.boolean(),
  trialEndDate: z.string(),
  daysLeft: z.number().int().nonnegative(),
  subscriptionEndDate: z.string().nullable(),
  dailyAnalysisCount: z.number().int().nonnegative(),
  limit: z.number().int().positive().nullable(),
});
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;

export interface AccessInput {
  now: Date;
  /** When the trial started: the address's confirmation (now, for an address not yet confirmed). */
  trialStartedAt: Date;
  emailConfirmed: boolean;
  subscription: { status: string; currentPeriodEnd: Date } | null;
  usedToday: number;
}

export const trialEndDate = (trialStartedAt: Date) => new Date(trialStartedAt.getTime() + TRIAL_DAYS * DAY_MS);

/** Whole days left in the trial, rounded up (SPEC §4); 0 once it has ended. */
export function trialDaysLeft(trialStartedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndDate(trialStartedAt).getTime() - now.getTime()) / DAY_MS));
}

/**
 * SPEC §4 access: an active subscription with a future end, else a trial with days left. An
 * unconfirmed address has its whole trial ahead of it, and access to nothing until confirmed.
 */
export function subscriptionState({ now, trialStartedAt, emailConfirmed, subscription, usedToday }: AccessInput): SubscriptionState {
  const isSubscribed =
    subscription !== null && subscription.status === 'active' && subscription.currentPeriodEnd.getTime() > now.getTime();
  const daysLeft = trialDaysLeft(trialStartedAt, now);
  return {
    emailConfirmed,
    isSubscribed,
    hasAccess: emailConfirmed && (isSubscribed || daysLeft > 0),
    trialEndDate: trialEndDate(trialStartedAt).toISOString(),
    daysLeft,
    subscriptionEndDate: subscription ? subscription.currentPeriodEnd.toISOString() : null,
    dailyAnalysisCount: usedToday,
    limit: isSubscribed ? null : FREE_DAILY_ANALYSES,
  };
}

export const trialExpiredMessage = () =>
  `Your ${TRIAL_DAYS}-day trial has expired. Please upgrade to continue using the product.`;
export const PREMIUM_EXPIRED_MESSAGE =
  'Your premium subscription has expired. Please renew to continue using the product.';
export const dailyLimitMessage = () =>
  `You've reached your daily limit of ${FREE_DAILY_ANALYSES} AI analyses. Upgrade to Pro for unlimited access!`;

/** The UTC calendar day a usage counter belongs to (YYYY-MM-DD). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export const EMAIL_UNCONFIRMED_MESSAGE =
  'Please confirm your email address first: open the link we sent you. Your free trial starts then.';
