import { describe, expect, it } from 'vitest';
import { PREMIUM_EXPIRED_MESSAGE, trialExpiredMessage, type SubscriptionState } from '../../../shared/access';
import { accessTexts, calendarDaysUntil } from './trial-texts';

// Local times, so the calendar days are the same in every time zone the tests run in.
const NOW = new Date(2026, 10, 24, 9, 30);
const inDays = (days: number, hour = 18) => new Date(2026, 10, 24 + days, hour, 0);

const state = (over: Partial<SubscriptionState>): SubscriptionState => ({
  emailConfirmed: true,
  isSubscribed: false,
  hasAccess: true,
  trialEndDate: inDays(10).toISOString(),
  daysLeft: 10,
  subscriptionEndDate: null,
  dailyAnalysisCount: 0,
  limit: 5,
  ...over,
});

describe('accessTexts', () => {
  it('says the trial ends today when it ends later today (0 days left), with no tomorrow warning', () => {
    const texts = accessTexts(state({ trialEndDate: inDays(0).toISOString(), daysLeft: 1 }), NOW);
    expect(texts.banner).toBe('Your trial ends today.');
    expect(texts.status).toBe('Your 10-day trial ends today');
    expect(texts.details[0]).toMatch(/^Trial ends today, November 24, 2026$/);
    expect(texts.toast).toBeNull();
  });

  it('says 1 day (singular) and warns that it expires tomorrow, while the card names tomorrow', () => {
    const texts = accessTexts(state({ trialEndDate: inDays(1, 8).toISOString(), daysLeft: 1 }), NOW);
    expect(texts.banner).toBe('You have 1 day left in your trial.');
    expect(texts.status).toBe('You have 1 day left in your 10-day trial');
    expect(texts.details).toEqual(['Trial ends on November 25, 2026']);
    expect(texts.toast).toEqual({
      title: 'Your trial expires tomorrow. Subscribe to continue using the product.',
      variant: 'warning',
      duration: 6000,
    });
  });

  it('says 2 days (plural) and gives no warning yet', () => {
    const texts = accessTexts(state({ trialEndDate: inDays(2).toISOString(), daysLeft: 3 }), NOW);
    expect(texts.banner).toBe('You have 2 days left in your trial.');
    expect(texts.status).toBe('You have 2 days left in your 10-day trial');
    expect(texts.details).toEqual(['Trial ends on November 26, 2026']);
    expect(texts.toast).toBeNull();
  });

  it('says 10 days for a trial that just started', () => {
    const texts = accessTexts(state({ trialEndDate: new Date(2026, 11, 4, 9, 30).toISOString() }), NOW);
    expect(texts.banner).toBe('You have 10 days left in your trial.');
    expect(texts.status).toBe('You have 10 days left in your 10-day trial');
    expect(texts.details).toEqual(['Trial ends on December 4, 2026']);
  });

  it('tells a trader whose trial ended that the trial expired', () => {
    const texts = accessTexts(state({ trialEndDate: inDays(-1).toISOString(), daysLeft: 0, hasAccess: false }), NOW);
    expect(texts.status).toBe('Your trial has expired');
    expect(texts.details).toEqual(['Trial has ended', 'Your 10-day trial has expired. Subscribe now to continue using the product.']);
    expect(texts.toast).toEqual({ title: trialExpiredMessage(), variant: 'destructive' });
  });

  it("tells a trader whose Premium lapsed about Premium, not the trial", () => {
    const texts = accessTexts(
      state({
        trialEndDate: inDays(-40).toISOString(),
        daysLeft: 0,
        hasAccess: false,
        subscriptionEndDate: inDays(-2).toISOString(),
      }),
      NOW,
    );
    expect(texts.banner).toBe('Your premium subscription has expired.');
    expect(texts.status).toBe('Your premium subscription has expired');
    expect(texts.details).toEqual(['Premium ended on November 22, 2026', 'Renew now to continue using the product.']);
    expect(texts.toast).toEqual({ title: PREMIUM_EXPIRED_MESSAGE, variant: 'destructive' });
    expect(JSON.stringify(texts)).not.toMatch(/trial/i);
  });

  it('gives a Premium trader no banner and no toast', () => {
    const texts = accessTexts(
      state({ isSubscribed: true, limit: null, subscriptionEndDate: inDays(20).toISOString() }),
      NOW,
    );
    expect(texts.banner).toBeNull();
    expect(texts.toast).toBeNull();
    expect(texts.details).toEqual(['Premium subscription active', 'Premium until December 14, 2026']);
  });

  it('counts calendar days on the local clock', () => {
    expect(calendarDaysUntil(new Date(2026, 10, 24, 23, 59), new Date(2026, 10, 24, 0, 1))).toBe(0);
    expect(calendarDaysUntil(new Date(2026, 10, 25, 0, 1), new Date(2026, 10, 24, 23, 59))).toBe(1);
    expect(calendarDaysUntil(new Date(2027, 0, 3), new Date(2026, 11, 30))).toBe(4);
  });
});
