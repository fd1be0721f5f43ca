/**
 * The engine's record of a reading, made by hand for the tests of where the server keeps it (the
 * engine's own tests cover how it is made), and a stand-in engine that answers or refuses with one.
 */
import type { AnalysisSettings, ChartFacts } from '../../shared/analysis';
import type { ReadingTrace } from '../../shared/engine-trace';
import { EngineError, type EngineOutput, type ReadingReport } from '../../engine';
import type { RefusalRule } from '../../engine/errors';
import type { ChartEngine } from '../features/analysis/engine-pool';
import { eurusdFacts } from './charts';

/** A reading of two attempts: the first column of labels made no scale, the second was read. */
export function answeredTrace(options: { lowered?: string[]; confidence?: number } = {}): ReadingTrace {
  const lowered = options.lowered ?? [];
  return {
    attempts: [
      {
        name: 'label-column-1',
        stages: [
          { stage: 'decode', summary: { width: 1280, height: 720 } },
          { stage: 'layout', summary: { labelColumns: 2, panes: 1 } },
          { stage: 'axis', summary: { labelsRead: 2 } },
        ],
        decisions: [
          {
            rule: 'axis/words-not-numbers',
            stage: 'axis',
            attempt: 0,
            outcome: 'retried',
            weighed: { numbers: 2, atLeast: 3 },
          },
        ],
      },
      {
        name: 'label-column-2',
        stages: [
          { stage: 'axis', summary: { labelsRead: 9, inliers: 8 } },
          { stage: 'bars', summary: { bars: 80 } },
          { stage: 'last-price', summary: { source: 'tag' } },
          { stage: 'confidence', summary: { confidence: options.confidence ?? 0.9 } },
        ],
        decisions: lowered.map((rule) => ({
          rule,
          stage: 'confidence' as const,
          attempt: 1,
          outcome: 'lowered' as const,
          weighed: { share: 0.3, threshold: 0.25 },
        })),
      },
    ],
    rule: null,
    confidence: options.confidence ?? 0.9,
    attempt: 1,
  };
}

/** A reading refused under `rule` in its only attempt. */
export function refusedTrace(rule: string, weighed: Record<string, number> = { columns: 0 }): ReadingTrace {
  return {
    attempts: [
      {
        name: 'label-column-1',
        stages: [{ stage: 'decode', summary: { width: 640, height: 480 } }],
        decisions: [{ rule, stage: 'layout', attempt: 0, outcome: 'refused', weighed }],
      },
    ],
    rule,
    confidence: null,
    attempt: 0,
  };
}

/** The engine's refusal as readChart throws it: its rule, what it weighed and its trace. */
export function refusal(rule: RefusalRule, weighed: Record<string, number> = { columns: 0 }): EngineError {
  const error = new EngineError(rule, weighed);
  error.trace = refusedTrace(rule, weighed);
  return error;
}

/** An engine answer for the EURUSD chart of test/charts.ts, with `trace`. */
export function answer(settings: AnalysisSettings, trace: ReadingTrace, chart: ChartFacts = eurusdFacts): EngineOutput {
  return {
    result: {
      trend: 'uptrend',
      entryPoint: '1.08500',
      stopLoss: '1.08200',
      takeProfit: '1.09100',
      confidence: 60,
      analysis: 'Higher lows.',
      recommendedAction: 'buy',
      decisionRationales: ['Higher lows'],
      positionSizing: '',
      ...settings,
    },
    chart,
    timings: { decode: 1, axis: 1, candles: 1, analysis: 1, total: 4 },
    evidence: { labelsRead: [], inliers: [] } as unknown as ReadingReport,
    trace,
  };
}

/** A stand-in engine whose next readings are told in advance: an answer's trace, or a refusal. */
export class ScriptedEngine implements ChartEngine {
  private readonly next: (ReadingTrace | EngineError)[] = [];

  /** The next readings, in order: a trace is answered with it, an EngineError is thrown. */
  will(...readings: (ReadingTrace | EngineError)[]): this {
    this.next.push(...readings);
    return this;
  }

  analyze(_image: Buffer, settings: AnalysisSettings): Promise<EngineOutput> {
    const reading = this.next.shift();
    if (!reading) return Promise.reject(new Error('the scripted engine was asked for a reading it was not told'));
    if (reading instanceof EngineError) return Promise.reject(reading);
    return Promise.resolve(answer(settings, reading));
  }

  locate(): Promise<never> {
    return Promise.reject(new Error('not used'));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
