import { BookOpen, Calculator, CandlestickChart, Crosshair, Layers, TrendingUp, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { FREE_DAILY_ANALYSES, PREMIUM_PRICE_USD, TRIAL_DAYS, formatPrice } from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { publicConfig } from '../../lib/public-config';
import { FeedbackForm } from './feedback-form';

/** The screenshot is a real capture of the dashboard after an offline analysis (scripts/content/images.ts). */
const SCREENSHOT = {
  src: '/images/home/dashboard.webp',
  srcSet: '/images/home/dashboard-640.webp 640w, /images/home/dashboard.webp 1280w',
  width: 1280,
  height: 800,
};

const FEATURE_BLOCKS = [
  {
    title: 'AI chart analysis',
    points: [
      'Reads the candles and the price scale straight from your screenshot',
      'Trend, entry point, stop loss and take profit with a confidence score',
      'A recommended action (buy, sell or wait) with the reasons behind it',
      'Every AI answer is checked against the prices on your chart before you see it',
    ],
  },
  {
    title: 'Risk management',
    points: [
      'Stop loss and take profit placed for the risk/reward ratio you choose',
      'Position-sizing advice from your capital and your usual lot size',
      'A clear wait when the chart gives no edge, instead of a forced signal',
      'Settings for scalping, day, swing and position trading styles',
    ],
  },
  {
    title: 'User experience',
    points: [
      'Drop, paste or pick a chart image: no platform connection needed',
      'Live progress while the chart is read and checked',
      'A history of saved analyses to review what you planned against what happened',
      'Dark and light themes that work on phone and desktop',
    ],
  },
] as const;

const FEATURE_CARDS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Pattern recognition',
    text: 'Spots the structure of the move: higher highs and lows, lower highs and lows, or a range going nowhere.',
    icon: CandlestickChart,
  },
  {
    title: 'Support and resistance',
    text: 'Finds the price levels where the market turned before and draws them on your chart.',
    icon: Layers,
  },
  {
    title: 'Trend analysis',
    text: 'Labels the trend as up, down or sideways and says how sure it is, so you know how much weight to give it.',
    icon: TrendingUp,
  },
  {
    title: 'Entry and exit points',
    text: 'Suggests an entry, a stop loss beyond the nearest structure and a target that respects your risk/reward.',
    icon: Crosshair,
  },
  {
    title: 'Risk tools',
    text: 'Turns the distance to the stop into a position size for your capital, so one trade cannot sink the account.',
    icon: Calculator,
  },
  {
    title: 'Beginner explanations',
    text: 'Explains each call in plain words, and the blog covers the basics from pips to patterns.',
    icon: BookOpen,
  },
];

export function HomePage() {
  const { supportEmail } = publicConfig();
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pb-16 pt-12 text-center sm:pt-20">
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
        <Link
          to={href.dashboard}
          className="mx-auto mt-12 block max-w-5xl overflow-hidden rounded-xl border border-border shadow-xl"
        >
          <img
            src={SCREENSHOT.src}
            srcSet={SCREENSHOT.srcSet}
            sizes="(min-width: 1024px) 1024px, 100vw"
            width={SCREENSHOT.width}
            height={SCREENSHOT.height}
            alt="The PipLens dashboard after analysing a EURUSD hourly chart: support, resistance, entry and stop loss drawn on the chart, the result below it (uptrend, buy) and the analysis settings beside it"
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full"
          />
        </Link>
      </section>

      <section aria-labelledby="features-heading" className="border-y border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-heading" className="text-center text-3xl font-bold">
            What PipLens does for you
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
            One screenshot in, a complete and checked trade plan out. You stay in charge of the decision.
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURE_BLOCKS.map((block) => (
              <div key={block.title} className="rounded-lg border border-border bg-card p-6">
                <h3 className="text-lg font-semibold">{block.title}</h3>
                <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
                  {block.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURE_CARDS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="rounded-lg border border-border bg-card p-6">
                <Icon className="h-8 w-8 text-primary dark:text-blue-400" aria-hidden />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="feedback-heading" className="mx-auto max-w-2xl px-4 py-16">
        <h2 id="feedback-heading" className="text-2xl font-bold">
          Share your feedback
        </h2>
        <p className="mt-2 text-muted-foreground">
          Tell us what would make PipLens better for you. Your message goes straight to the team that builds it.
        </p>
        <FeedbackForm />
        <p className="mt-6 text-sm text-muted-foreground">
          Prefer email? Write to our support mailbox at{' '}
          <a className="font-medium text-primary underline dark:text-blue-400" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Ready to read your next chart with a second pair of eyes?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl">
            Try PipLens free for {TRIAL_DAYS} days, no card needed. Premium is {formatPrice(PREMIUM_PRICE_USD)} a month
            after that, with unlimited analyses.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" className="bg-white text-blue-800 hover:bg-blue-50">
              <Link to={href.signup}>Start {TRIAL_DAYS}-Day Free Trial</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <Link to={href.premiumBenefits}>See Premium benefits</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
