import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnalysisResult, AnalysisSettings } from '../../../../shared/analysis';
import { JOURNAL_MESSAGES, type TradeMark, type TradeStatus } from '../../../../shared/journal';
import { href } from '../../../../shared/routes';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, messageOf } from '../../../lib/api';
import { useTakeTrade } from '../api/take-trade';
import { planValues } from '../trade-form';
import { Dialog } from './dialog';
import { TradeForm } from './trade-form';

export const MARK_WORDS: Record<TradeStatus, string> = { open: 'open', closed: 'closed', skipped: 'skipped' };

/**
 * "I took this trade" and "I skipped it" under an analysis of the trader's; once it is in the
 * journal, what became of it instead. `mark` is the server's (the history, the share page);
 * a trade taken here shows at once.
 */
export function JournalActions({
  analysisId,
  result,
  settings,
  mark,
}: {
  analysisId: string;
  result: AnalysisResult;
  settings?: Partial<AnalysisSettings>;
  mark: TradeMark | null | undefined;
}) {
  const navigate = useNavigate();
  const take = useTakeTrade();
  const [taken, setTaken] = useState<TradeMark | 'already' | null>(null);
  const [taking, setTaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = taken ?? mark ?? null;

  function added(status: TradeStatus, id: string) {
    setTaken({ id, status });
    setTaking(false);
    setProblem(null);
    toast({
      title: status === 'skipped' ? 'Noted in your journal as skipped' : 'Trade added to your journal',
      variant: 'success',
      action: { label: 'Open journal', altText: 'Open your trade journal', onClick: () => void navigate(href.journal) },
    });
  }

  /** A refusal that is not about a field: said under the buttons, and for an analysis already taken, as such. */
  function refused(error: unknown) {
    if (error instanceof ApiRequestError && error.code === 'ALREADY_IN_JOURNAL') {
      setTaking(false);
      setTaken('already');
      return;
    }
    setProblem(messageOf(error));
  }

  return (
    <section aria-labelledby={`journal-${analysisId}`} className="rounded-xl border border-border bg-card p-5">
      <h2 id={`journal-${analysisId}`} className="flex items-center gap-2 text-lg font-semibold">
        <BookOpen className="h-5 w-5" aria-hidden /> Trade journal
      </h2>
      {shown ? (
        <p className="mt-2 text-sm" role="status">
          {shown === 'already' ? JOURNAL_MESSAGES.alreadyInJournal : `In your journal: ${MARK_WORDS[shown.status]}.`}{' '}
          <Link to={href.journal} className="font-semibold underline">
            Open your journal
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Did you act on this plan? Keep it in your journal to see how PipLens's plans work out for you.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => setTaking(true)}>I took this trade</Button>
            <Button
              variant="outline"
              disabled={take.isPending}
              onClick={() =>
                take.mutate(
                  { decision: 'skipped', analysisId, notes: '' },
                  { onSuccess: (trade) => added(trade.status, trade.id), onError: refused },
                )
              }
            >
              I skipped it
            </Button>
          </div>
          {problem && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
        </>
      )}
      {taking && (
        <Dialog
          title="I took this trade"
          description="Filled in from PipLens's plan: change anything that differs from the trade you placed."
          onClose={() => setTaking(false)}
        >
          <TradeForm
            defaults={planValues(result, settings, new Date())}
            submitLabel="Add to journal"
            busyLabel="Adding..."
            onCancel={() => setTaking(false)}
            onSubmit={async (levels) => {
              try {
                const trade = await take.mutateAsync({ ...levels, decision: 'taken', analysisId });
                added(trade.status, trade.id);
              } catch (error) {
                // Taken meanwhile (another tab): say so in place of the buttons; other refusals show in the form.
                if (error instanceof ApiRequestError && error.code === 'ALREADY_IN_JOURNAL') return refused(error);
                throw error;
              }
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
