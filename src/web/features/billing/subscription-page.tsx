import { CheckCircle2, Clock, Crown } from 'lucide-react';
import { PREMIUM_PRICE_USD, SUBSCRIPTION_DAYS, TRIAL_DAYS, formatPrice } from '../../../shared/constants';
import type { SubscriptionState } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/input';
import { useAuth } from '../accounts/auth-context';
import { useStartPayment } from './use-start-payment';
import { accessTexts } from './trial-texts';
import { useSubscription } from './use-subscription';

function AccessStatus({ state }: { state: SubscriptionState }) {
  const { status, details } = accessTexts(state, new Date());
  return (
    <>
      <p className="mt-4 font-medium">{status}</p>
      {details.map((line) =>
        state.isSubscribed && line === 'Premium subscription active' ? (
          <p key={line} className="mt-2 flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> {line}
          </p>
        ) : (
          <p key={line} className="mt-2 text-muted-foreground">
            {line}
          </p>
        ),
      )}
    </>
  );
}

export function SubscriptionPage() {
  const { user } = useAuth();
  const { state, isCheckingSubscription } = useSubscription();
  const { startPayment, isLoading } = useStartPayment();

  if (isCheckingSubscription) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading subscription information..." />
      </div>
    );
  }

  const subscribed = state?.isSubscribed ?? false;
  const label = isLoading ? 'Processing...' : subscribed ? 'Already subscribed' : 'Subscribe Now';

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Subscription</h1>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <article className="rounded-xl border border-border bg-card p-6">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <Clock className="h-5 w-5" aria-hidden /> Trial Status
          </h2>
          {!user || !state ? (
            <p className="mt-4 text-muted-foreground">
              Every new account gets a {TRIAL_DAYS}-day free trial. Log in to see yours.
            </p>
          ) : (
            <AccessStatus state={state} />
          )}
        </article>
        <article className="rounded-xl border border-primary/60 bg-card p-6">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <Crown className="h-5 w-5 text-amber-500" aria-hidden /> Premium Plan
          </h2>
          <p className="mt-4 text-3xl font-bold">
            {formatPrice(PREMIUM_PRICE_USD)}{' '}
            <span className="text-base font-normal text-muted-foreground">/ month</span>
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>Unlimited chart analyses</li>
            <li>Priority processing when PipLens is busy</li>
            <li>Full analysis history, export and share</li>
            <li>{SUBSCRIPTION_DAYS}-day access per payment, no automatic renewal</li>
          </ul>
          <Button
            className="mt-6 w-full"
            size="lg"
            disabled={isLoading || subscribed}
            onClick={() => void startPayment()}
          >
            {label}
          </Button>
        </article>
      </div>
    </section>
  );
}
