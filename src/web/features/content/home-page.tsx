import { Link } from 'react-router';
import { FREE_DAILY_ANALYSES, PREMIUM_PRICE_USD, TRIAL_DAYS, formatPrice } from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { publicConfig } from '../../lib/public-config';
import { FeedbackForm } from './feedback-form';

export function HomePage() {
  const { supportEmail } = publicConfig();
  return (
    <>
      <section className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Read any forex chart in seconds</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Upload a chart screenshot. PipLens reads the candles and the price scale, then gives you the trend, an entry,
          a stop loss, a take profit and a position size that fits your capital.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={href.signup}>Start {TRIAL_DAYS}-Day Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href.premiumBenefits}>Upgrade to Premium</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to={href.login}>Login</Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          No credit card required. {formatPrice(PREMIUM_PRICE_USD)} a month after the trial. {FREE_DAILY_ANALYSES} free
          analyses a day during the trial.
        </p>
      </section>
      <section aria-labelledby="feedback-heading" className="mx-auto max-w-2xl px-4 pb-20">
        <h2 id="feedback-heading" className="text-2xl font-bold">
          Share your feedback
        </h2>
        <p className="mt-2 text-muted-foreground">
          Tell us what would make PipLens better for you. You can also write to{' '}
          <a className="underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
        <FeedbackForm />
      </section>
    </>
  );
}
