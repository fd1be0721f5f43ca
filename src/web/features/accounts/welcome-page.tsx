import { Navigate, Link, useLocation } from 'react-router';
import { TRIAL_DAYS } from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/input';
import { useAuth } from './auth-context';
import { ConfirmEmailNotice } from './confirm-email-notice';

/** What the sign-up page hands over: the account is made, but nobody is signed in until the link is opened. */
export interface WelcomeState {
  name: string;
  email: string;
}

const STEPS = [
  { title: 'Upload a chart', text: 'Take a screenshot of any forex chart with its price axis visible and drop it on the dashboard.' },
  { title: 'Choose your settings', text: 'Pick the time frame, your strategies, a risk/reward ratio, your capital and your usual lot size.' },
  { title: 'Get the analysis', text: 'PipLens reads the candles and the price scale and gives trend, entry, stop loss, take profit and confidence.' },
  { title: 'Size and save', text: 'Check the position size that fits your money, then save the analysis to your history to review it later.' },
];

export function WelcomePage() {
  const { user, loading } = useAuth();
  const signedUp = (useLocation().state as WelcomeState | null) ?? null;
  if (loading) return <Spinner className="mx-auto my-24 flex justify-center" label="Loading..." />;
  const trader = user ?? signedUp;
  if (!trader) return <Navigate to={href.login} replace />;
  const unconfirmed = !user?.emailVerified;

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Welcome to PipLens, {trader.name}</h1>
      <p className="mt-2 text-muted-foreground">Here is how to get your first chart analysis in under a minute.</p>
      {unconfirmed && (
        <div className="mt-6">
          <ConfirmEmailNotice email={trader.email} />
        </div>
      )}
      <ol className="mt-8 grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-border bg-card p-5">
            <p className="text-sm font-semibold text-primary dark:text-blue-400">Step {index + 1}</p>
            <h2 className="mt-1 text-lg font-semibold">{step.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 rounded-lg border border-amber-500/60 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
        <h2 className="font-semibold">Important disclaimer</h2>
        <p className="mt-2 text-sm">
          PipLens gives educational analysis, not financial advice. Forex trading carries a high level of risk and you can
          lose more than you expect. Use each analysis as one input to your own decision, always use a stop loss, and never
          risk money you cannot afford to lose.
        </p>
      </div>
      {!unconfirmed && (
        <Button asChild size="lg" className="mt-8">
          <Link to={href.dashboard}>Start Your {TRIAL_DAYS}-Day Free Trial</Link>
        </Button>
      )}
    </section>
  );
}
