import { FileDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { JOURNAL_MESSAGES, type Journal, type Trade } from '../../../shared/journal';
import { href } from '../../../shared/routes';
import { Button, buttonVariants } from '../../components/ui/button';
import { Spinner } from '../../components/ui/input';
import { SOMETHING_WRONG } from '../../lib/api';
import { saveRedirectAfterAuth } from '../../lib/redirect-after-auth';
import { useAuth } from '../accounts/auth-context';
import { journalCsvUrl, useJournal } from './api/journal';
import { ConfidenceRecord } from './components/confidence-record';
import { EquityCurve } from './components/equity-curve';
import { JournalFigures } from './components/journal-figures';
import { JournalFilters } from './components/journal-filters';
import { CloseTradeDialog } from './components/close-trade-dialog';
import { EditTradeDialog } from './components/edit-trade-dialog';
import { TradeCard, type TradeAction } from './components/trade-card';
import { filterFromParams, hasFilter } from './filter';
import type { JournalFilter } from '../../../shared/journal';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-border bg-card p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Act = (action: TradeAction, trade: Trade) => void;

function TradeList({ trades, empty, onAct }: { trades: Trade[]; empty: string; onAct: Act }) {
  if (trades.length === 0) return <p className="mt-2 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="mt-3 grid gap-3">
      {trades.map((trade) => (
        <li key={trade.id}>
          <TradeCard trade={trade} onAct={onAct} />
        </li>
      ))}
    </ul>
  );
}

/** Export for Premium; others are told it is a Premium feature, as the analysis export does. */
function ExportCsv({ journal, filter }: { journal: Journal; filter: JournalFilter }) {
  if (!journal.window.premium) {
    return (
      <p className="text-sm text-muted-foreground">
        {JOURNAL_MESSAGES.exportPremium}{' '}
        <Link to={href.subscription} className="font-semibold text-foreground underline">
          Upgrade to Pro
        </Link>
      </p>
    );
  }
  return (
    <a href={journalCsvUrl(filter)} download="piplens-journal.csv" className={buttonVariants({ variant: 'outline' })}>
      <FileDown className="h-4 w-4" aria-hidden />
      Download CSV
    </a>
  );
}

export function JournalBody({ journal, filter }: { journal: Journal; filter: JournalFilter }) {
  // The trade as the trader saw it when they chose to close or edit it.
  const [acting, setActing] = useState<{ action: TradeAction; trade: Trade } | null>(null);
  const onAct: Act = (action, trade) => setActing({ action, trade });
  const open = journal.trades.filter((t) => t.status === 'open');
  const rest = journal.trades.filter((t) => t.status !== 'open');
  if (journal.trades.length === 0 && !hasFilter(filter)) {
    return (
      <div className="rounded-xl border border-border bg-card p-6 text-center">
        <p className="text-lg font-semibold">No trades yet</p>
        <p className="mx-auto mt-1 max-w-xl text-sm text-muted-foreground">
          After an analysis, choose "I took this trade" or "I skipped it" under the result: your trades, how they ended
          and what they add up to will show here.
        </p>
        <Link to={href.dashboard} className={buttonVariants({ className: 'mt-4' })}>
          Go to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <Section id="journal-figures" title="This period's figures">
        <JournalFigures stats={journal.stats} />
      </Section>
      <Section id="journal-equity" title="Equity curve">
        <EquityCurve equity={journal.stats.equity} />
      </Section>
      <Section id="journal-record" title="PipLens's record by confidence">
        <ConfidenceRecord record={journal.record} />
      </Section>
      <Section id="journal-open" title={`Open trades (${open.length})`}>
        <TradeList trades={open} empty="No open trades." onAct={onAct} />
      </Section>
      <Section id="journal-closed" title={`Closed and skipped (${rest.length})`}>
        <TradeList
          trades={rest}
          empty={hasFilter(filter) ? 'No trades match these filters.' : 'No closed or skipped trades yet.'}
          onAct={onAct}
        />
      </Section>
      <Section id="journal-export" title="Export">
        <div className="mt-2">
          <ExportCsv journal={journal} filter={filter} />
        </div>
      </Section>
      {acting?.action === 'close' && <CloseTradeDialog trade={acting.trade} onClose={() => setActing(null)} />}
      {acting?.action === 'edit' && <EditTradeDialog trade={acting.trade} onClose={() => setActing(null)} />}
    </div>
  );
}

/** The trade journal: the trades taken from PipLens's analyses, how they ended, and what they add up to. */
export function JournalPage() {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const filter = filterFromParams(params);
  const journal = useJournal(filter, Boolean(user));

  if (loading) return <Spinner className="mx-auto my-24 flex justify-center" label="Loading..." />;
  if (!user) {
    saveRedirectAfterAuth(href.journal);
    return <Navigate to={href.login} replace />;
  }
  const data = journal.data;
  return (
    <section className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Trade journal</h1>
        <p className="mt-2 text-muted-foreground">
          The trades you took or skipped from PipLens's analyses, how they ended, and what they add up to.
        </p>
      </div>
      {data && !data.window.premium && data.window.days !== null && (
        <p
          role="note"
          className="rounded-md border border-sky-600/60 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950/40 dark:text-sky-100"
        >
          Showing the trades you opened in the last {data.window.days} days. Premium keeps your whole journal.{' '}
          <Link to={href.subscription} className="font-semibold underline">
            Upgrade to Pro
          </Link>
        </p>
      )}
      {data && !data.canAdd && (
        <p
          role="note"
          className="rounded-md border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {JOURNAL_MESSAGES.accessNeeded}
        </p>
      )}
      <JournalFilters filter={filter} />
      {journal.isPending ? (
        <Spinner className="flex justify-center py-16" label="Loading your journal..." />
      ) : journal.isError && !data ? (
        <div role="alert" className="rounded-xl border border-border bg-card p-6">
          <p className="font-medium">{SOMETHING_WRONG}</p>
          <Button variant="outline" className="mt-3" onClick={() => void journal.refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <div aria-busy={journal.isFetching} className="min-w-0">
          <JournalBody journal={data} filter={filter} />
        </div>
      ) : null}
    </section>
  );
}
