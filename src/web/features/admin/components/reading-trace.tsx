import type { StoredTrace } from '../../../../shared/engine-review';
import type { Weighed } from '../../../../shared/engine-trace';
import { cn } from '../../../lib/utils';

/** `distance 0.4, threshold 0.25`: the figures a stage found or a rule weighed, in their order. */
export const figures = (weighed: Weighed): string =>
  Object.entries(weighed)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(', ') || 'none';

const OUTCOME_CLASSES = {
  refused: 'text-red-700 dark:text-red-400',
  lowered: 'text-yellow-700 dark:text-yellow-300',
  retried: 'text-muted-foreground',
} as const;

const cell = 'px-2 py-1.5 align-top';

/**
 * The engine's record of one reading: each attempt, what each of its stages found, and the decisions
 * (rule, outcome, the figures weighed). `headingLevel` is the level of each attempt's heading.
 */
export function ReadingTraceView({ trace, headingLevel = 4 }: { trace: StoredTrace; headingLevel?: 4 | 5 }) {
  const Heading = `h${headingLevel}` as const;
  // The attempt whose result is the answer or the refusal; the last one where the trace does not say.
  const final = trace.attempt ?? trace.attempts.length - 1;
  return (
    <ol className="space-y-4">
      {trace.attempts.map((attempt, index) => (
        <li key={index} className="rounded-lg border border-border p-3">
          <Heading className="font-semibold">
            Attempt {index + 1}: <code>{attempt.name}</code>
            {index === final && (
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                ({trace.rule ? 'the refusal' : 'the answer'})
              </span>
            )}
          </Heading>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Stages of attempt {index + 1}</caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className={cn(cell, 'w-32')}>
                  Stage
                </th>
                <th scope="col" className={cell}>
                  Found
                </th>
              </tr>
            </thead>
            <tbody>
              {attempt.stages.map((stage, i) => (
                <tr key={i} className="border-t border-border">
                  <th scope="row" className={cn(cell, 'font-normal')}>
                    {stage.stage}
                  </th>
                  <td className={cn(cell, 'break-words')}>{figures(stage.summary)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {attempt.decisions.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No decisions in this attempt.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Decisions of attempt {index + 1}</caption>
              <thead className="bg-muted/60">
                <tr>
                  <th scope="col" className={cell}>
                    Rule
                  </th>
                  <th scope="col" className={cell}>
                    Outcome
                  </th>
                  <th scope="col" className={cell}>
                    Weighed
                  </th>
                </tr>
              </thead>
              <tbody>
                {attempt.decisions.map((decision, i) => (
                  <tr key={i} className="border-t border-border">
                    <th scope="row" className={cn(cell, 'font-normal')}>
                      <code>{decision.rule}</code>
                    </th>
                    <td className={cn(cell, 'font-medium', OUTCOME_CLASSES[decision.outcome])}>{decision.outcome}</td>
                    <td className={cn(cell, 'break-words')}>{figures(decision.weighed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ol>
  );
}
