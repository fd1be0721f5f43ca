import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import {
  FREE_DAILY_ANALYSES,
  FREE_HISTORY_DAYS,
  PREMIUM_PRICE_USD,
  SUBSCRIPTION_DAYS,
  TRIAL_DAYS,
  formatPrice,
} from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';

const BENEFITS = [
  {
    title: 'Works with any chart',
    text: 'PipLens needs no broker login and no platform plug-in. A screenshot from TradingView, MetaTrader or your broker’s app is enough, as long as the price axis is visible.',
  },
  {
    title: 'Answers you can check',
    text: 'PipLens first reads the chart itself: the candles, the price scale, the last price and the levels. AI answers are then checked against those prices, so a stop loss or target that is not on your chart never reaches you.',
  },
  {
    title: 'Risk first',
    text: 'Every analysis comes with a stop loss, a take profit that respects the risk/reward ratio you chose, and a position size that fits your capital and lot size.',
  },
  {
    title: 'Honest when unsure',
    text: 'A confidence score and the reasons behind each call tell you how much weight to give it. When the chart shows no edge, the answer is to wait.',
  },
];

const STEPS = [
  {
    name: 'Upload',
    text: 'Drop, paste or choose a PNG or JPEG screenshot of your chart. Keep the price axis and the most recent candles in view.',
  },
  {
    name: 'Configure',
    text: 'Pick the time frame of the chart, one or more trading strategies (or let PipLens choose), your risk/reward ratio, your capital and your usual lot size.',
  },
  {
    name: 'Analyze',
    text: 'PipLens reads the chart, asks its analysis models, checks every answer against the chart’s prices and shows its progress while it works.',
  },
  {
    name: 'Review',
    text: 'Read the trend, entry point, stop loss, take profit, confidence, recommended action, rationale and position size, with the levels drawn on your chart.',
  },
  {
    name: 'Track',
    text: 'Save the analysis to your history, reopen it later and compare the plan with what the market did. That is how your own judgement improves.',
  },
];

export function LearnMorePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <Link
        to={href.home}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to home
      </Link>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">How PipLens works</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        PipLens turns a screenshot of a forex chart into a structured trade plan: the trend, where to enter, where to
        place the stop loss and the take profit, how confident the analysis is, what to do now (buy, sell or wait) and
        how large a position your capital can carry.
      </p>

      <section aria-labelledby="product-heading" className="mt-12">
        <h2 id="product-heading" className="text-2xl font-bold">
          What PipLens is
        </h2>
        <p className="mt-3 text-muted-foreground">
          PipLens is a chart-reading assistant for currency traders, from beginners to people who trade every day.
          First, PipLens’s own chart engine reads the picture you upload: it finds the candles or bars, reads the
          numbers on the price axis and works out the last price, the recent high and low and the levels where price
          turned. When AI models are available, they get those facts together with your chart and settings, and their
          answers must agree with the chart before you see them. If no model gives a sound answer, PipLens gives you its
          own engine’s analysis rather than a made-up one.
        </p>
        <p className="mt-3 text-muted-foreground">
          PipLens is a tool for analysis and learning, not financial advice. Forex trading is risky: use each analysis
          as one input to your own decision and never risk money you cannot afford to lose.
        </p>
      </section>

      <section aria-labelledby="benefits-heading" className="mt-12">
        <h2 id="benefits-heading" className="text-2xl font-bold">
          Key benefits
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-lg border border-border bg-card p-5">
              <h3 className="font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="mt-12">
        <h2 id="steps-heading" className="text-2xl font-bold">
          Five steps from screenshot to plan
        </h2>
        <ol className="mt-6 space-y-4">
          {STEPS.map((step, index) => (
            <li key={step.name} className="flex gap-4 rounded-lg border border-border bg-card p-5">
              <span
                aria-hidden
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.name}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="pricing-heading" className="mt-12">
        <h2 id="pricing-heading" className="text-2xl font-bold">
          Pricing
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-border bg-card p-6">
            <h3 className="text-lg font-semibold">Free trial</h3>
            <p className="mt-1 text-3xl font-bold">{TRIAL_DAYS} days</p>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>No credit card required</li>
              <li>{FREE_DAILY_ANALYSES} chart analyses per day</li>
              <li>History of the last {FREE_HISTORY_DAYS} days</li>
            </ul>
          </div>
          <div className="rounded-lg border-2 border-primary bg-card p-6">
            <h3 className="text-lg font-semibold">Premium</h3>
            <p className="mt-1 text-3xl font-bold">
              {formatPrice(PREMIUM_PRICE_USD)}{' '}
              <span className="text-base font-normal text-muted-foreground">per {SUBSCRIPTION_DAYS} days</span>
            </p>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>Unlimited chart analyses</li>
              <li>Your full analysis history</li>
              <li>Priority when the service is busy</li>
              <li>Export an analysis and share a read-only link</li>
            </ul>
          </div>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={href.signup}>Start {TRIAL_DAYS}-Day Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href.premiumBenefits}>Compare Free and Premium</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
