import { Link } from 'react-router';
import { href } from '../../../shared/routes';
import { publicConfig } from '../../lib/public-config';
import { useAuth } from '../accounts/auth-context';
import { useToday } from '../content/use-today';

/** 'Learn More' alone says nothing out of context (screen reader link lists, search engines): name what it is about. */
const LEARN_MORE = (
  <>
    Learn More<span className="sr-only"> about how PipLens works</span>
  </>
);

const COLUMNS = [
  {
    title: 'Main',
    links: [
      { label: 'Home', to: href.home },
      { label: LEARN_MORE, to: href.learnMore },
      { label: 'Premium', to: href.premiumBenefits },
      { label: 'Terms', to: href.terms },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Login', to: href.login, signedOut: true },
      { label: 'Sign Up', to: href.signup, signedOut: true },
      { label: 'Dashboard', to: href.dashboard },
      { label: 'Subscription', to: href.subscription },
    ],
  },
  {
    title: 'Blog',
    links: [
      { label: 'All articles', to: href.blog },
      { label: 'AI in Forex Trading', to: href.article('ai-forex-trading') },
      { label: 'Risk Management', to: href.article('risk-management') },
      { label: 'Beginner Guide', to: href.article('beginner-guide') },
    ],
  },
];

export function Footer() {
  const { supportEmail } = publicConfig();
  // The year comes from the visitor's clock once the page runs; prerendered HTML was built on another day.
  const year = useToday()?.getFullYear();
  // Account links follow the session; until it is known (and in prerendered HTML) they are the signed-out ones.
  const { user } = useAuth();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">PipLens</p>
          <p className="mt-2 text-sm text-muted-foreground">Chart analysis for forex traders, from a screenshot.</p>
          <p className="mt-4 text-sm">
            Support:{' '}
            <a className="underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={`${column.title} links`}>
            <h2 className="text-sm font-semibold uppercase tracking-wide">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links
                .filter((link) => !('signedOut' in link && link.signedOut && user))
                .map((link) => (
                  <li key={link.to}>
                    <Link className="text-muted-foreground hover:text-foreground" to={link.to}>
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-muted-foreground">
          <p>© {year ? `${year} ` : ''}PipLens. All rights reserved.</p>
          <div className="flex gap-4">
            <Link to={href.terms} className="hover:text-foreground">
              Terms
            </Link>
            <Link to={href.learnMore} className="hover:text-foreground">
              {LEARN_MORE}
            </Link>
            <a href="/sitemap.xml" className="hover:text-foreground">
              Sitemap
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
