import { PREMIUM_EXPIRED_MESSAGE, trialExpiredMessage, type SubscriptionState } from '../../../shared/access';
import { EXPIRY_WARNING_DURATION_MS, TRIAL_DAYS } from '../../../shared/constants';

export interface AccessToast {
  title: string;
  variant: 'warning' | 'destructive';
  duration?: number;
}

/** Every sentence about the trial and Premium, for the dashboard banner and guard and the subscription page. */
export interface AccessTexts {
  /** The dashboard banner's first line; null for a Premium trader. */
  banner: string | null;
  /** The subscription page's Trial Status card: its first line, then the smaller ones. */
  status: string;
  details: string[];
  /** What the dashboard says on arrival: the last-day warning, or why there is no access. */
  toast: AccessToast | null;
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' });
export const formatDay = (date: Date) => dateFormat.format(date);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Calendar days from `now`'s day to `then`'s day on the trader's own clock (0: the same day). */
export function calendarDaysUntil(then: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(then) - day(now)) / 86_400_000);
}

/**
 * One source of truth for the dates: the trial's end (the server's) against the trader's
 * calendar, so 'today', 'tomorrow' and 'N days' never disagree between the banner, the toast and
 * the card. A lapsed Premium is told about Premium, not about a trial that ended long ago.
 */
export function accessTexts(state: SubscriptionState, now: Date): AccessTexts {
  const trialEnd = new Date(state.trialEndDate);
  const premiumEnd = state.subscriptionEndDate ? new Date(state.subscriptionEndDate) : null;

  if (state.isSubscribed) {
    return {
      banner: null,
      status: 'Your account is active with a premium subscription',
      details: ['Premium subscription active', ...(premiumEnd ? [`Premium until ${formatDay(premiumEnd)}`] : [])],
      toast: null,
    };
  }

  // Whether the trial still runs is the server's word (it grants access); the calendar only names the day.
  if (state.daysLeft > 0) {
    const days = Math.max(0, calendarDaysUntil(trialEnd, now));
    const lapsed = premiumEnd ? [`Your premium subscription ended on ${formatDay(premiumEnd)}`] : [];
    if (days === 0) {
      return {
        banner: 'Your trial ends today.',
        status: `Your ${TRIAL_DAYS}-day trial ends today`,
        details: [`Trial ends today, ${formatDay(trialEnd)}`, ...lapsed],
        toast: null,
      };
    }
    return {
      banner: `You have ${plural(days, 'day')} left in your trial.`,
      status: `You have ${plural(days, 'day')} left in your ${TRIAL_DAYS}-day trial`,
      details: [`Trial ends on ${formatDay(trialEnd)}`, ...lapsed],
      toast:
        days === 1
          ? {
              title: 'Your trial expires tomorrow. Subscribe to continue using the product.',
              variant: 'warning',
              duration: EXPIRY_WARNING_DURATION_MS,
            }
          : null,
    };
  }

  if (premiumEnd) {
    return {
      banner: 'Your premium subscription has expired.',
      status: 'Your premium subscription has expired',
      details: [`Premium ended on ${formatDay(premiumEnd)}`, 'Renew now to continue using the product.'],
      toast: { title: PREMIUM_EXPIRED_MESSAGE, variant: 'destructive' },
    };
  }
  return {
    banner: 'Your trial has expired.',
    status: 'Your trial has expired',
    details: ['Trial has ended', `Your ${TRIAL_DAYS}-day trial has expired. Subscribe now to continue using the product.`],
    toast: { title: trialExpiredMessage(), variant: 'destructive' },
  };
}
