import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BRAND,
  FREE_DAILY_ANALYSES,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_USD,
  SUBSCRIPTION_DAYS,
  TRIAL_DAYS,
  formatPrice,
} from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { publicConfig } from '../../lib/public-config';
import { useToday } from './use-today';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-muted-foreground">{children}</div>
    </section>
  );
}

export function TermsPage() {
  const { supportEmail } = publicConfig();
  const today = useToday();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Terms and Conditions</h1>
      <p className="mt-3 min-h-6 text-sm text-muted-foreground">
        Last updated: <time dateTime={today?.toISOString().slice(0, 10)}>{today ? DATE_FORMAT.format(today) : ''}</time>
      </p>

      <Section id="terms-introduction" title="1. Introduction">
        <p>
          These terms govern your use of {BRAND}, its website and its chart analysis service. By creating an account or
          using the service you agree to them. If you do not agree, please do not use {BRAND}.
        </p>
      </Section>

      <Section id="terms-service" title="2. Service description">
        <p>
          {BRAND} analyses screenshots of price charts that you upload and returns a structured analysis: the trend, an
          entry point, a stop loss, a take profit, a confidence score, a recommended action, the reasons for it and
          position-sizing advice based on the capital and lot size you enter. The analysis comes from {BRAND}’s own
          chart engine and, where available, from third-party AI models whose answers are checked against the chart.
        </p>
        <p>
          The analysis is produced automatically from the image alone. It does not know about news, your broker’s
          conditions or your personal situation, and it can be wrong.
        </p>
      </Section>

      <Section id="terms-trial" title="3. Free trial and subscription">
        <p>
          A new account gets a free trial of {TRIAL_DAYS} days from the day it is created, with no payment card needed.
          During the trial, and on any account without an active subscription, you can run up to {FREE_DAILY_ANALYSES}{' '}
          analyses per day (the count resets at 00:00 UTC).
        </p>
        <p>
          The Premium subscription costs {formatPrice(PREMIUM_PRICE_USD)} ({PREMIUM_CURRENCY}) for {SUBSCRIPTION_DAYS}{' '}
          days of access and is paid through our payment provider. It gives unlimited analyses and the other Premium
          features described on the{' '}
          <Link to={href.premiumBenefits} className="text-primary underline dark:text-blue-400">
            Premium page
          </Link>
          . A subscription is activated only after the payment provider confirms the payment. It does not renew without
          a new payment from you.
        </p>
      </Section>

      <Section id="terms-accounts" title="4. User accounts">
        <p>
          You must give a valid email address and keep your password secret. You are responsible for everything done
          with your account. Tell us at once at the address below if you think someone else has used it. One person may
          not create several accounts to obtain additional trials.
        </p>
      </Section>

      <Section id="terms-ip" title="5. Intellectual property">
        <p>
          {BRAND}, its software, design, texts, blog articles and logo belong to {BRAND}’s operator and are protected by
          law. You may use the service for your own trading and learning; you may not copy, resell, or reverse engineer
          it, or use automated means to extract its content or overload it.
        </p>
      </Section>

      <Section id="terms-content" title="6. User content licence">
        <p>
          You keep all rights to the charts and text you upload or send us. You give {BRAND} a limited licence to
          process them only to provide the service to you: to analyse the chart, to store the analyses you save with a
          small thumbnail, and to answer your feedback. You confirm that you have the right to upload what you upload.
        </p>
      </Section>

      <Section id="terms-disclaimer" title="7. Disclaimer">
        <p>
          {BRAND} provides information for education and analysis only. Nothing it shows is financial, investment or
          trading advice, or a recommendation to buy or sell anything. Trading foreign exchange on margin carries a high
          level of risk and may not be suitable for everyone; you can lose some or all of your capital. Past patterns do
          not guarantee future results. You alone decide whether and how to trade.
        </p>
      </Section>

      <Section id="terms-liability" title="8. Limitation of liability">
        <p>
          The service is provided as it is, without warranty that it will be accurate, complete or available without
          interruption. To the extent the law allows, {BRAND} and its operator are not liable for trading losses, lost
          profits or indirect damages arising from your use of the service, and our total liability is limited to the
          amount you paid us in the {SUBSCRIPTION_DAYS} days before the claim.
        </p>
      </Section>

      <Section id="terms-termination" title="9. Termination">
        <p>
          You may stop using {BRAND} at any time. We may suspend or close an account that breaks these terms, abuses the
          service or endangers other users, and we will tell you why unless the law forbids it.
        </p>
      </Section>

      <Section id="terms-changes" title="10. Changes to these terms">
        <p>
          We may update these terms when the service changes. The date at the top shows the current version. If a change
          is significant we will tell registered users by email or in the app before it applies. Continuing to use{' '}
          {BRAND} after a change means you accept the new terms.
        </p>
      </Section>

      <Section id="terms-law" title="11. Governing law">
        <p>
          These terms are governed by the laws of the country where {BRAND}’s operator is established, without regard to
          conflict-of-law rules. Mandatory consumer protections of the country you live in still apply.
        </p>
      </Section>

      <Section id="terms-contact" title="12. Contact">
        <p>
          Questions about these terms or your account? Write to{' '}
          <a className="font-medium text-primary underline dark:text-blue-400" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
      </Section>
    </article>
  );
}
