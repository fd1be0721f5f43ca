import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalysisSettings, Trend } from '../../../shared/analysis';
import type { ReadingTrace, Weighed } from '../../../shared/engine-trace';
import type { Correction } from '../../../shared/correction';
import { CorrectionRejected, EngineError, type ChartLocation, type CorrectableBars, type EngineOutput } from '../../../engine';
import { isRefusalRule, type RefusalRule } from '../../../engine/errors';

/** What the server asks of the chart engine: read a chart, or find where it is. */
export interface ChartEngine {
  /** `correction`: the trader's scale and/or last price, in shares of this picture's height (CorrectionRejected when it does not fit). */
  analyze(image: Buffer, settings: AnalysisSettings, correction?: Correction): Promise<EngineOutput>;
  locate(image: Buffer): Promise<ChartLocation>;
  /** Finishes the readings under way, then frees the threads. */
  close(): Promise<void>;
}

export type EngineTask =
  | { kind: 'analyze'; image: Uint8Array; settings: AnalysisSettings; correction?: Correction }
  | { kind: 'locate'; image: Uint8Array };

/** An engine's refusal as data: errors lose their class on the way to another thread. */
export interface RefusalData {
  rule: RefusalRule;
  weighed: Weighed;
  trend?: Trend;
  trace?: ReadingTrace;
  bars?: CorrectableBars;
}

export type EngineTaskResult =
  | { ok: true; kind: 'analyze'; value: EngineOutput }
  | { ok: true; kind: 'locate'; value: ChartLocation }
  | { ok: false; error: RefusalData }
  | { ok: false; rejected: string };

/** What crosses the thread of a refusal: its code and message follow from the rule on the other side. */
export const refusalData = (error: EngineError): RefusalData => ({
  rule: error.rule,
  weighed: error.weighed,
  ...(error.trend ? { trend: error.trend } : {}),
  ...(error.trace ? { trace: error.trace } : {}),
  ...(error.bars ? { bars: error.bars } : {}),
});

/** The refusal as an EngineError again, on the main thread. */
export function refusalFromData({ rule, weighed, trend, trace, bars }: RefusalData): EngineError {
  if (!isRefusalRule(rule)) throw new Error(`the engine refused under an unknown rule: ${String(rule)}`);
  const error = new EngineError(rule, weighed);
  if (trend) error.trend = trend;
  if (trace) error.trace = trace;
  if (bars) error.bars = bars;
  return error;
}

/** One thread per core unless told otherwise. */
export const defaultEngineThreads = () => availableParallelism();

/**
 * The built server runs dist/server/engine-worker.js (esbuild keeps this URL relative to the
 * bundle); from source, a thread that compiles the TypeScript worker first.
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './engine-worker-source.cjs' : './engine-worker.js', import.meta.url).href;
}

/**
 * The engine in a pool of worker threads (piscina), so the event loop only does I/O while charts
 * are read. One reading per thread at a time; each thread keeps one OCR worker and decodes on one
 * libvips thread, so `threads` bounds the cores the engine takes. Readings beyond that wait in the
 * pool's queue (the analysis queue in front of it decides who goes first).
 */
export function createEnginePool(options: { threads?: number } = {}): ChartEngine {
  const threads = Math.max(1, options.threads ?? defaultEngineThreads());
  const pool = new Piscina<EngineTask, EngineTaskResult>({
    filename: workerFile(),
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  });

  async function run(task: EngineTask): Promise<EngineTaskResult & { ok: true }> {
    const answer = await pool.run(task);
    if (!answer.ok) throw 'rejected' in answer ? new CorrectionRejected(answer.rejected) : refusalFromData(answer.error);
    return answer;
  }
  // Copied, not transferred: an upload's Buffer may share its memory with other small buffers.
  const bytes = (image: Buffer) => new Uint8Array(image);

  return {
    async analyze(image, settings, correction) {
      const answer = await run({ kind: 'analyze', image: bytes(image), settings, ...(correction ? { correction } : {}) });
      if (answer.kind !== 'analyze') throw new Error('the engine pool answered another task');
      return answer.value;
    },
    async locate(image) {
      const answer = await run({ kind: 'locate', image: bytes(image) });
      if (answer.kind !== 'locate') throw new Error('the engine pool answered another task');
      return answer.value;
    },
    async close() {
      await pool.close();
    },
  };
}
