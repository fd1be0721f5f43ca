import { Gauge } from 'lucide-react';
import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ENGINE_REVIEW_DAYS,
  REVIEW_OUTCOMES,
  type EngineReadingsPage,
  type EngineRuleCount,
  type ReviewOutcome,
} from '../../../shared/engine-review';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/input';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { adminGate } from './components/admin-gate';
import { useEngineReadings, type ReadingsSelection } from './api/engine-readings';
import { useEngineReview } from './api/engine-review';
import { ReadingTraceView } from './components/reading-trace';

const OUTCOME_LABELS: Record<ReviewOutcome, string> = { refused: 'Refused', lowered: 'Lowered confidence' };
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const cell = 'px-3 py-2 align-top';

/** The rule whose readings are open, from the address, so a rule's readings can be linked to. */
function selectionFrom(params: URLSearchParams): ReadingsSelection | null {
  const rule = params.get('rule');
  const outcome = params.get('outcome') as ReviewOutcome | null;
  if (!rule || !outcome || !REVIEW_OUTCOMES.includes(outcome)) return null;
  const page = Number(params.get('page') ?? 1);
  return { rule, outcome, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
      <span>Failed to load {what}.</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** One page of the readings a rule refused or lowered, each with its trace. */
function RuleReadings({ selection, onPage }: { selection: ReadingsSelection; onPage: (page: number) => void }) {
  const readings = useEngineReadings(selection);
  // While the next page loads, the page shown stays and says it is being replaced.
  return (
    <div className="py-2" aria-busy={readings.isPlaceholderData || undefined}>
      <h2 className="text-lg font-semibold">
        Readings {selection.outcome === 'refused' ? 'refused by' : 'whose confidence was lowered by'}{' '}
        <code>{selection.rule}</code>
      </h2>
      {readings.isPending ? (
        <Spinner className="mt-4" label="Loading readings..." />
      ) : readings.isError ? (
        <LoadFailed what="these readings" onRetry={() => void readings.refetch()} />
      ) : readings.data.items.length === 0 ? (
        <>
          <p className="mt-3 text-sm text-muted-foreground">
            No readings of this rule {readings.data.page > 1 ? 'on this page ' : ''}in the last {ENGINE_REVIEW_DAYS}{' '}
            days.
          </p>
          {readings.data.page > 1 && (
            <Button variant="outline" size="sm" className="mt-3" onClick={() => onPage(1)}>
              First page
            </Button>
          )}
        </>
      ) : (
        <ReadingsList page={readings.data} onPage={onPage} />
      )}
    </div>
  );
}

function ReadingsList({ page: data, onPage }: { page: EngineReadingsPage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <ol className="mt-3 space-y-6">
        {data.items.map((reading, index) => {
          const number = (data.page - 1) * data.pageSize + index + 1;
          return (
            <li key={reading.id}>
              <h3 className="font-semibold">
                Reading {number} of {data.total}: {when.format(new Date(reading.createdAt))}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {reading.answered ? 'The trader got an analysis all the same.' : 'The trader got no analysis.'}
              </p>
              <div className="mt-3">
                {reading.trace ? (
                  <ReadingTraceView trace={reading.trace} />
                ) : (
                  <p className="text-sm text-muted-foreground">The engine kept no trace of this reading.</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <nav aria-label="Pages of readings" className="mt-6 flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          Previous page
        </Button>
        <span aria-live="polite">
          Page {data.page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
          Next page
        </Button>
      </nav>
    </>
  );
}

function RulesTable({
  rules,
  selected,
  onToggle,
  onPage,
}: {
  rules: EngineRuleCount[];
  selected: ReadingsSelection | null;
  onToggle: (row: EngineRuleCount) => void;
  onPage: (page: number) => void;
}) {
  return (
    <div className="mt-6 overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Refusals and low-confidence answers of the last {ENGINE_REVIEW_DAYS} days by rule id
        </caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={cell}>
              Rule id
            </th>
            <th scope="col" className={cell}>
              Outcome
            </th>
            <th scope="col" className={cn(cell, 'text-right')}>
              Readings
            </th>
            <th scope="col" className={cell}>
              Last seen
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Traces</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((row, index) => {
            const open = selected?.rule === row.rule && selected.outcome === row.outcome;
            const panel = `engine-readings-${index}`;
            return (
              <Fragment key={`${row.outcome}:${row.rule}`}>
                <tr className={cn('border-t border-border', open && 'bg-accent')}>
                  <th scope="row" className={cn(cell, 'font-normal')}>
                    <code>{row.rule}</code>
                  </th>
                  <td className={cell}>{OUTCOME_LABELS[row.outcome]}</td>
                  <td className={cn(cell, 'text-right tabular-nums')}>{row.count}</td>
                  <td className={cell}>{when.format(new Date(row.lastAt))}</td>
                  <td className={cn(cell, 'text-right')}>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-expanded={open}
                      {...(open ? { 'aria-controls': panel } : {})}
                      onClick={() => onToggle(row)}
                    >
                      {open ? 'Hide readings' : 'Show readings'}
                      <span className="sr-only">
                        {' '}
                        of {row.rule} ({OUTCOME_LABELS[row.outcome].toLowerCase()})
                      </span>
                    </Button>
                  </td>
                </tr>
                {open && selected && (
                  <tr className="border-t border-border">
                    <td id={panel} colSpan={5} className="px-3 py-2">
                      <RuleReadings selection={selected} onPage={onPage} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The chart engine's refusals and low-confidence answers of the last 7 days by rule id, for admins;
 * each rule opens its readings with the engine's trace. No picture, and nothing about who uploaded it.
 */
export function EngineReviewPage() {
  const { user, loading } = useAuth();
  const isAdmin = user?.role === 'admin';
  const review = useEngineReview(isAdmin);
  const [params, setParams] = useSearchParams();
  const selected = selectionFrom(params);

  const gate = adminGate({ loading, isAdmin });
  if (gate) return gate;

  const toggle = (row: EngineRuleCount) => {
    const open = selected?.rule === row.rule && selected.outcome === row.outcome;
    setParams(open ? {} : { rule: row.rule, outcome: row.outcome });
  };
  const toPage = (page: number) => {
    if (selected) setParams({ rule: selected.rule, outcome: selected.outcome, page: String(page) });
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <Gauge className="h-8 w-8" aria-hidden /> Engine Readings
      </h1>
      <p className="mt-3 text-muted-foreground">
        The chart engine&apos;s refusals and its answers of lowered confidence in the last {ENGINE_REVIEW_DAYS} days,
        counted by the rule that decided. Open a rule to see each reading&apos;s trace: its attempts, what each stage
        found, and the decisions with the figures they weighed. Neither the picture nor who uploaded it is kept with a
        reading.
      </p>
      <p className="mt-2 text-sm">
        <Link to={href.adminSettings} className="text-primary underline-offset-4 hover:underline dark:text-blue-400">
          Back to Admin Settings
        </Link>
      </p>
      {review.isPending ? (
        <Spinner className="mt-8" label="Loading the engine's readings..." />
      ) : review.isError ? (
        <LoadFailed what="the engine's readings" onRetry={() => void review.refetch()} />
      ) : review.data.rules.length === 0 ? (
        <div className="mt-8 rounded-xl border border-border bg-card p-6 text-center">
          <p className="font-medium">No refusals or low-confidence answers</p>
          <p className="mt-1 text-sm text-muted-foreground">
            The engine refused no chart and lowered no answer&apos;s confidence in the last {ENGINE_REVIEW_DAYS} days.
          </p>
        </div>
      ) : (
        <RulesTable rules={review.data.rules} selected={selected} onToggle={toggle} onPage={toPage} />
      )}
    </section>
  );
}
