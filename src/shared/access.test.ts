import { describe, expect, it } from 'vitest';
import { subscriptionState, trialDaysLeft, utcDay } from './access';

const created = new Date('2026-01-01T12:00:00Z');

describe('trial days left', () => {
  it('counts whole days up from the trial start over 10 days', () => {
    expect(trialDaysLeft(created, new Date('2026-01-01T12:00:00Z'))).toBe(10);
    expect(trialDaysLeft(created, new Date('2026-01-02T11:00:00Z'))).toBe(10);
    expect(trialDaysLeft(created, new Date('2026-01-02T12:00:01Z'))).toBe(9);
    expect(trialDaysLeft(created, new Date('2026-01-10T13:00:00Z'))).toBe(1);
    expect(trialDaysLeft(created, new Date('2026-01-11T12:00:00Z'))).toBe(0);
    expect(trialDaysLeft(created, new Date('2026-03-01T00:00:00Z'))).toBe(0);
  });
});

describe('subscription state', () => {
  it('gives a trial user access and the free limit', () => {
    const state = subscriptionState({ now: new Date('2026-01-03T00:00:00Z'), trialStartedAt: created, emailConfirmed: true, subscription: null, usedToday: 2 });
    expect(state).toMatchObject({ isSubscribed: false, hasAccess: true, daysLeft: 9, dailyAnalysisCount: 2, limit: 5 });
    expect(state.trialEndDate).toBe('2026-01-11T12:00:00.000Z');
  });

  it('ends access when the trial is over and nothing is paid', () => {
    const state = subscriptionState({ now: new Date('2026-02-01T00:00:00Z'), trialStartedAt: created, emailConfirmed: true, subscription: null, usedToday: 0 });
    expect(state).toMatchObject({ isSubscribed: false, hasAccess: false, daysLeft: 0 });
  });

  it('counts an active subscription only before its end date', () => {
    const subscription = { status: 'active', currentPeriodEnd: new Date('2026-02-15T00:00:00Z') };
    const active = subscriptionState({ now: new Date('2026-02-01T00:00:00Z'), trialStartedAt: created, emailConfirmed: true, subscription, usedToday: 7 });
    expect(active).toMatchObject({ isSubscribed: true, hasAccess: true, limit: null });
    const lapsed = subscriptionState({ now: new Date('2026-02-16T00:00:00Z'), trialStartedAt: created, emailConfirmed: true, subscription, usedToday: 0 });
    expect(lapsed).toMatchObject({ isSubscribed: false, hasAccess: false, subscriptionEndDate: '2026-02-15T00:00:00.000Z' });
  });

  it('gives an unconfirmed address no access yet, with its whole trial ahead of it', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    const state = subscriptionState({ now, trialStartedAt: now, emailConfirmed: false, subscription: null, usedToday: 0 });
    expect(state).toMatchObject({ emailConfirmed: false, hasAccess: false, daysLeft: 10 });
  });

  it('ignores a record whose status is not active', () => {
    const subscription = { status: 'cancelled', currentPeriodEnd: new Date('2027-01-01T00:00:00Z') };
    const state = subscriptionState({ now: new Date('2026-02-01T00:00:00Z'), trialStartedAt: created, emailConfirmed: true, subscription, usedToday: 0 });
    expect(state.isSubscribed).toBe(false);
  });
});

it('names the UTC day', () => {
  expect(utcDay(new Date('2026-05-01T23:59:59-02:00'))).toBe('2026-05-02');
});
