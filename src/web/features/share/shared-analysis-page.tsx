import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { BRAND } from '../../../shared/constants';
import { href } from '../../../shared/routes';
import { SHARED_NOT_FOUND_MESSAGE, SharedAnalysisSchema, type SharedAnalysis } from '../../../shared/share';
import { Spinner } from '../../components/ui/input';
import { apiFetch } from '../../lib/api';
import { ChartOverlay } from '../analysis/components/chart-overlay';
import { ResultPanel } from '../analysis/components/result-panel';
import { JournalActions } from '../journal/components/journal-actions';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The tab's title names the analysis, so a shared link stands apart from every other PipLens tab. */
export const sharedTitle = ({ result, settings }: Pick<SharedAnalysis, 'result' | 'settings'>) =>
  `${result.recommendedAction.toUpperCase()} at ${result.entryPoint}: ${result.trend} on a ${settings.timeFrame} chart | ${BRAND}`;

/**
 * A read-only analysis opened from a shared link: no account needed, nothing about who shared it.
 * Its head says noindex because /share/ is a private route (page metadata), and the server says so too.
 */
export function SharedAnalysisPage() {
  const { token = '' } = useParams();
  const shared = useQuery({
    queryKey: ['shared-analysis', token],
    queryFn: () => apiFetch(`/api/shared/${encodeURIComponent(token)}`, SharedAnalysisSchema),
    retry: false,
  });
  const data = shared.data;
  useEffect(() => {
    if (!data) return;
    // After the layout's page metadata (loaded the same way, so it has landed first).
    let current = true;
    void import('../../lib/page-meta').then(() => {
      if (current) document.title = sharedTitle(data);
    });
    return () => {
      current = false;
    };
  }, [data]);

  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">Shared chart analysis</h1>
      {shared.isPending ? (
        <Spinner className="flex justify-center py-16" label="Loading..." />
      ) : shared.isError ? (
        <div className="rounded-xl border border-border bg-card p-6">
          <p className="font-medium">{SHARED_NOT_FOUND_MESSAGE}</p>
          <Link to={href.home} className="mt-3 inline-block text-sm font-semibold underline">
            Go to {BRAND}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-muted-foreground">
            A read-only analysis of a {shared.data.settings.timeFrame} chart, made with {BRAND} on{' '}
            {dateFormat.format(new Date(shared.data.createdAt))}.
          </p>
          <ChartOverlay src={shared.data.thumbnailUrl} chart={shared.data.chart} result={shared.data.result} />
          <ResultPanel result={shared.data.result} chart={shared.data.chart} />
          {shared.data.own && (
            <JournalActions
              analysisId={shared.data.own.analysisId}
              result={shared.data.result}
              settings={shared.data.settings}
              mark={shared.data.own.trade}
            />
          )}
          <div className="rounded-xl border border-border bg-card p-5">
            <p className="font-medium">Read your own charts the same way.</p>
            <Link to={href.signup} className="mt-3 inline-block rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground">
              Start your free trial
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
