import { Check, Crown, Minus } from 'lucide-react';
import { PLAN_FEATURES, type PlanFeature } from '../../../shared/billing';
import {
  FREE_DAILY_ANALYSES,
  FREE_HISTORY_DAYS,
  PREMIUM_PRICE_USD,
  SUBSCRIPTION_DAYS,
  TRIAL_DAYS,
  formatPrice,
} from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { useAuth } from '../accounts/auth-context';
import { useStartPayment } from './use-start-payment';
import { useSubscription } from './use-subscription';

function FeatureValue({ value, plan }: { value: PlanFeature['free']; plan: string }) {
  if (value === true) {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <Check className="h-4 w-4" aria-hidden />
        <span className="sr-only">Included in {plan}</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span className="inline-flex items-center text-muted-foreground">
        <Minus className="h-4 w-4" aria-hidden />
        <span className="sr-only">Not included in {plan}</span>
      </span>
    );
  }
  return <span>{value}</span>;
}

/** 'Get Premium Now' behaves like Subscribe: signed out it remembers /subscription and goes to login. */
function GetPremiumButton({ className }: { className?: string }) {
  const { user } = useAuth();
  const { state } = useSubscription();
  const { startPayment, isLoading } = useStartPayment();
  const subscribed = Boolean(user && state?.isSubscribed);
  return (
    <Button size="lg" className={className} disabled={isLoading || subscribed} onClick={() => void startPayment()}>
      {isLoading ? 'Processing...' : subscribed ? 'Already subscribed' : 'Get Premium Now'}
    </Button>
  );
}

// The first row is the price, shown in each card's heading instead.
const premiumHighlights = PLAN_FEATURES.slice(1);
const freeHighlights = premiumHighlights.filter((feature) => feature.free !== false);

export function PremiumBenefitsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">PipLens Premium</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Start with a {TRIAL_DAYS}-day free trial and {FREE_DAILY_ANALYSES} analyses a day. Go Premium for{' '}
          {formatPrice(PREMIUM_PRICE_USD)} per {SUBSCRIPTION_DAYS} days when you want unlimited analyses and the tools
          that help you keep a trading record.
        </p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <article aria-labelledby="plan-free" className="rounded-xl border border-border bg-card p-6">
          <h2 id="plan-free" className="text-xl font-semibold">
            Free trial
          </h2>
          <p className="mt-2 text-3xl font-bold">
            {formatPrice(0)} <span className="text-base font-normal text-muted-foreground">for {TRIAL_DAYS} days</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">No credit card required.</p>
          <ul className="mt-6 space-y-2 text-sm">
            {freeHighlights.map((feature) => (
              <li key={feature.name} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
                <span>{typeof feature.free === 'string' ? `${feature.name}: ${feature.free}` : feature.name}</span>
              </li>
            ))}
          </ul>
        </article>
        <article aria-labelledby="plan-premium" className="rounded-xl border-2 border-primary bg-card p-6 shadow-lg">
          <h2 id="plan-premium" className="flex items-center gap-2 text-xl font-semibold">
            <Crown className="h-5 w-5 text-amber-500" aria-hidden /> Premium
          </h2>
          <p className="mt-2 text-3xl font-bold">
            {formatPrice(PREMIUM_PRICE_USD)}{' '}
            <span className="text-base font-normal text-muted-foreground">per {SUBSCRIPTION_DAYS} days</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            One payment, {SUBSCRIPTION_DAYS} days of access, no automatic renewal.
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            {premiumHighlights.map((feature) => (
              <li key={feature.name} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
                <span>
                  {typeof feature.premium === 'string' ? `${feature.name}: ${feature.premium}` : feature.name}
                </span>
              </li>
            ))}
          </ul>
          <GetPremiumButton className="mt-6 w-full" />
        </article>
      </div>

      <section aria-labelledby="journal-heading" className="mt-10 rounded-xl border border-border bg-card p-6">
        <h2 id="journal-heading" className="text-xl font-semibold">
          Your trade journal
        </h2>
        <p className="mt-2 text-muted-foreground">
          The trade journal (taking, closing and reviewing the trades you make from your analyses) works during the trial and with
          Premium. After a trial ends you keep the last {FREE_HISTORY_DAYS} days of your journal in view and can still close the trades
          you have open; Premium keeps your whole journal and exports it as CSV.
        </p>
      </section>

      <section aria-labelledby="compare-heading" className="mt-14">
        <h2 id="compare-heading" className="text-2xl font-bold">
          Compare plans
        </h2>
        {/* Three columns at every width (320 px too): fixed shares, cells that wrap, no scroll box hiding Premium. */}
        <div className="mt-4 overflow-hidden rounded-xl border border-border">
          <table className="w-full table-fixed text-left text-sm">
            <colgroup>
              <col className="w-[44%]" />
              <col className="w-[28%]" />
              <col className="w-[28%]" />
            </colgroup>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  Feature
                </th>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  Free
                </th>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  Premium
                </th>
              </tr>
            </thead>
            <tbody>
              {PLAN_FEATURES.map((feature) => (
                <tr key={feature.name} className="border-t border-border">
                  <th scope="row" className="break-words px-2 py-3 font-medium sm:px-4">
                    {feature.name}
                  </th>
                  <td className="break-words px-2 py-3 sm:px-4">
                    <FeatureValue value={feature.free} plan="Free" />
                  </td>
                  <td className="break-words px-2 py-3 sm:px-4">
                    <FeatureValue value={feature.premium} plan="Premium" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mt-14 rounded-xl bg-muted/60 p-8 text-center">
        <h2 id="cta-heading" className="text-2xl font-bold">
          Ready for unlimited analyses?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          Premium analyses go first when PipLens is busy, and every analysis you save stays in your history.
        </p>
        <GetPremiumButton className="mt-6" />
      </section>
    </div>
  );
}
