import { Info } from 'lucide-react';
import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';
import type { Ref } from 'react';
import { cn } from '../../../lib/utils';
import { setByTraderText } from '../set-by-trader';
import { UNCHECKED_NOTE } from '../unchecked';

const TREND_CLASSES: Record<AnalysisResult['trend'], string> = {
  uptrend: 'bg-green-700 text-white',
  downtrend: 'bg-red-700 text-white',
  sideways: 'bg-yellow-400 text-black',
};
const ACTION_CLASSES: Record<AnalysisResult['recommendedAction'], string> = {
  buy: 'text-green-700 dark:text-green-400',
  sell: 'text-red-700 dark:text-red-400',
  wait: 'text-yellow-700 dark:text-yellow-300',
};

export const confidenceClass = (confidence: number) =>
  confidence >= 80 ? 'text-green-700 dark:text-green-400' : confidence >= 60 ? 'text-yellow-700 dark:text-yellow-300' : 'text-red-700 dark:text-red-400';

export function ResultPanel({
  result,
  chart,
  headingRef,
}: {
  result: AnalysisResult;
  /** The chart as read: its precision prints the prices the trader set. */
  chart?: ChartFacts | null;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const setByYou = setByTraderText(result, chart);
  return (
    <section aria-labelledby="result-heading" className="rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script only: the dashboard moves focus here when a result arrives. */}
        <h2 id="result-heading" ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-xl font-semibold focus:outline-none">
          Analysis result
        </h2>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold capitalize', TREND_CLASSES[result.trend])}>{result.trend}</span>
      </div>
      {setByYou && (
        <p
          role="note"
          data-set-by-trader
          className="mt-3 flex gap-2 rounded-md border border-sky-600/60 bg-sky-50 px-3 py-2 text-sm font-medium text-sky-950 dark:bg-sky-950/40 dark:text-sky-100"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{setByYou}</span>
        </p>
      )}
      {result.checkedAgainstChart === false && (
        <p
          role="note"
          data-unchecked
          className="mt-3 rounded-md border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {UNCHECKED_NOTE}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-xs uppercase text-muted-foreground">Entry point</dt>
          <dd className="text-lg font-semibold">{result.entryPoint}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-muted-foreground">Stop loss</dt>
          <dd className="text-lg font-semibold">{result.stopLoss}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-muted-foreground">Take profit</dt>
          <dd className="text-lg font-semibold">{result.takeProfit}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-muted-foreground">Confidence</dt>
          <dd
            className={cn(
              'text-lg font-semibold',
              result.checkedAgainstChart === false ? 'text-muted-foreground' : confidenceClass(result.confidence),
            )}
          >
            {result.confidence}%
          </dd>
        </div>
      </dl>
      <p className="mt-4">
        Recommended action:{' '}
        <strong className={cn('uppercase', ACTION_CLASSES[result.recommendedAction])}>{result.recommendedAction}</strong>
      </p>
      <h3 className="mt-4 font-semibold">Analysis</h3>
      <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{result.analysis}</p>
      {result.decisionRationales.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Why</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {result.decisionRationales.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-4 font-semibold">Position sizing</h3>
      <p className="mt-1 whitespace-pre-line text-sm">{result.positionSizing}</p>
      <p className="mt-4 text-xs text-muted-foreground">Produced by {result.modelName ?? 'PipLens'}. Educational analysis, not financial advice.</p>
    </section>
  );
}
