import type {
  AnalysisResult,
  AnalysisSettings,
  ChartFacts,
  CorrectableChart,
  ModelAnswer,
  ProviderAttempt,
  RefusalDetails,
} from '../../../shared/analysis';
import type { ReadingTrace } from '../../../shared/engine-trace';
import { instrumentMismatch, resolveLotValue } from '../../../shared/instruments';
import type { Correction, SetByTrader } from '../../../shared/correction';
import { CorrectionRejected, EngineError, type CorrectableBars, type EngineOutput } from '../../../engine';
import { computePositionSizing, describeSizing, readFromChartNote } from '../../../engine/analysis/sizing';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { AnalysisFailure, type EngineRefusal } from './analysis-failure';
import { DEFAULT_COOLDOWN_SECONDS, type CooldownStore } from './cooldowns';
import { withReading } from './crop';
import type { ChartEngine } from './engine-pool';
import { groundAnswer } from './grounding';
import type { JobStage } from './job-tracker';
import { AnswerRejected, parseModelAnswer } from './parse-answer';
import { buildPrompt } from './prompt';
import { geminiProvider } from './providers/gemini';
import { openRouterProvider } from './providers/openrouter';
import { ProviderError, type ModelProvider } from './providers/types';
import type { CheckedImage } from './upload';

export const ALL_MODELS_FAILED_MESSAGE = 'All AI models failed to analyze the chart. Please try again later.';
export const ENGINE_MODEL_NAME = 'PipLens chart engine';
/** Below this much time left before the deadline, no further model is asked. */
const MIN_CALL_MS = 250;

export type { ProviderAttempt };

/** A provider with the key its cooldown is kept under (one per service and model). */
export interface ConfiguredProvider extends ModelProvider {
  key: string;
}

export interface AnalysisRun {
  result: AnalysisResult;
  chart: ChartFacts | null;
  providersTried: ProviderAttempt[];
  /** Time the chart engine took, for the response's Server-Timing. */
  engineMs: number;
  /**
   * False when the engine answered because models were down, cooling down or out of time: the
   * answer is kept in the history but not reused for the same image.
   */
  final: boolean;
  /** The engine's trace of its reading: its answer's, or its refusal's when a model answered instead. */
  engineTrace: ReadingTrace | null;
}

const refusalOf = (error: EngineError): EngineRefusal => ({ rule: error.rule, code: error.code, trace: error.trace ?? null });

/** Models 1, 2 and 3 in order, each only when its key is configured. */
export function configuredProviders(env: Env): ConfiguredProvider[] {
  const providers: ConfiguredProvider[] = [];
  if (env.GEMINI_API_KEY) {
    providers.push({
      key: `gemini:${env.GEMINI_MODEL}`,
      ...geminiProvider({ apiKey: env.GEMINI_API_KEY, model: env.GEMINI_MODEL, baseUrl: env.GEMINI_BASE_URL }),
    });
  }
  if (env.OPENROUTER_API_KEY) {
    for (const model of env.OPENROUTER_MODELS.slice(0, 2)) {
      providers.push({
        key: `openrouter:${model}`,
        ...openRouterProvider({ apiKey: env.OPENROUTER_API_KEY, model, baseUrl: env.OPENROUTER_BASE_URL, appUrl: env.APP_URL }),
      });
    }
  }
  return providers;
}

/** Not checked against the chart: said in the text the trader reads, and no lot size is given. */
export const UNCHECKED_NOTE =
  "Not checked against the chart's prices: PipLens could not read this chart's price scale, so these levels come from the AI model alone. Check each price on your chart before trading.";

/**
 * The final result: the answer's levels with rationales from the engine when missing, sizing
 * computed by PipLens, and the action made to agree with the sizing verdict.
 */
function finalise(
  answer: ModelAnswer,
  modelName: string,
  settings: AnalysisSettings,
  chart: ChartFacts | null,
  engine: EngineOutput | null,
  checked: boolean,
): AnalysisResult {
  const rationales = answer.decisionRationales?.filter((r) => r.trim()).slice(0, 6) ?? [];
  const base = {
    trend: answer.trend,
    entryPoint: answer.entryPoint,
    stopLoss: answer.stopLoss,
    takeProfit: answer.takeProfit,
    decisionRationales: rationales.length > 0 ? rationales : (engine?.result.decisionRationales ?? []),
    ...settings,
    modelName,
    checkedAgainstChart: checked,
  };
  if (!checked) {
    return {
      ...base,
      confidence: Math.round(answer.confidence),
      analysis: `${UNCHECKED_NOTE} ${answer.analysis}`,
      recommendedAction: answer.recommendedAction,
      positionSizing: `${UNCHECKED_NOTE} No position size is given for levels PipLens could not check.`,
    };
  }
  const entry = Number(answer.entryPoint);
  const decimals = chart?.precision ?? Math.max(0, (answer.entryPoint.split('.')[1] ?? '').length);
  // With no instrument chosen, the one the engine read on the chart is sized for, and said to be.
  const readFromChart = !settings.symbol && Boolean(chart?.symbol);
  const sized: AnalysisSettings = readFromChart ? { ...settings, symbol: chart?.symbol } : settings;
  const lot = resolveLotValue(sized, entry, decimals);
  const sizing = computePositionSizing({
    capital: settings.capitalSize,
    userLots: settings.lotSize,
    entry,
    stop: Number(answer.stopLoss),
    lot,
    noLotReason: instrumentMismatch(sized, entry),
  });
  const tooLarge = sizing.verdict === 'too-large' && answer.recommendedAction !== 'wait';
  return {
    ...base,
    confidence: Math.round(tooLarge ? Math.min(answer.confidence, 50) : answer.confidence),
    analysis: tooLarge
      ? `${answer.analysis} PipLens changed the suggestion to wait: even the smallest lot would risk more than your limit at this stop (see the position size).`
      : answer.analysis,
    recommendedAction: tooLarge ? 'wait' : answer.recommendedAction,
    positionSizing: [readFromChart ? readFromChartNote(sized.symbol) : null, describeSizing(sizing)].filter(Boolean).join(' '),
    ...(sized.symbol ? { symbol: sized.symbol } : {}),
  };
}

/** Seconds to leave a model alone after this failure, or null to ask it again next time. */
function cooldownFor(error: ProviderError): number | null {
  if (error.kind === 'rate-limited' || error.kind === 'quota') return error.retryAfterSeconds ?? DEFAULT_COOLDOWN_SECONDS;
  if (error.kind === 'unavailable' && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  return null;
}

/**
 * Engine first (its chart facts ground everything), then each configured model in order, all
 * within one overall deadline; an answer is used only if it passes the schema and the chart
 * checks. The engine's own analysis is the last resort, and with nothing that can read the chart
 * the trader gets an honest error. `releaseSlot` is called once the engine is done, so waiting
 * for models never holds a place another user's chart reading needs.
 */
export async function runAnalysis(input: {
  engine: ChartEngine;
  image: CheckedImage;
  settings: AnalysisSettings;
  providers: ConfiguredProvider[];
  timeoutMs: number;
  deadlineMs: number;
  logger: Logger;
  setStage: (stage: JobStage) => void;
  releaseSlot?: () => void;
  cooldowns?: CooldownStore | null;
  /** The trader's scale and/or last price, in shares of this picture's height. */
  correction?: Correction | null;
}): Promise<AnalysisRun> {
  const run = await readAndAnswer(input);
  const { correction } = input;
  // Only what the engine used is said to be the trader's (it refuses a correction it cannot use).
  if (!correction || !run.engineTrace?.corrected) return run;
  // Said wherever the analysis is shown or exported: these figures are the trader's, not PipLens's reading.
  const setByTrader: SetByTrader = { scale: correction.scale !== undefined, lastPrice: correction.lastPrice ?? null };
  return { ...run, result: { ...run.result, setByTrader } };
}

/** Where the trader can set the scale of a chart whose prices the engine refused: its plot, labels and doubted scale. */
const correctableOf = (bars: CorrectableBars): CorrectableChart => ({
  image: bars.image,
  plot: bars.plot,
  labels: bars.labels,
  scale: bars.scale ? { slope: bars.scale.slope, intercept: bars.scale.intercept } : null,
});

async function readAndAnswer(input: Parameters<typeof runAnalysis>[0]): Promise<AnalysisRun> {
  const { image, settings, providers, timeoutMs, deadlineMs, logger, setStage } = input;
  const deadline = performance.now() + deadlineMs;
  setStage({ stage: 'reading-chart' });
  let engine: EngineOutput | null = null;
  let engineError: EngineError | null = null;
  const engineStarted = performance.now();
  try {
    engine = await input.engine.analyze(image.bytes, settings, input.correction ?? undefined);
  } catch (error) {
    if (error instanceof CorrectionRejected) throw new AnalysisFailure('bad-input', 'CORRECTION_INVALID', error.message);
    if (!(error instanceof EngineError)) throw error;
    // The rule id in the log line lets a refusal be explained afterwards; its trace is stored.
    logger.info({ rule: error.rule, code: error.code, weighed: error.weighed }, 'the engine refused the chart');
    if (error.code === 'INVALID_IMAGE')
      throw new AnalysisFailure('bad-input', 'UNREADABLE_IMAGE', 'Failed to process image. Please try again.', undefined, refusalOf(error));
    engineError = error;
  } finally {
    input.releaseSlot?.();
  }
  const engineMs = performance.now() - engineStarted;
  // A picture that is no price chart is not turned into a trade by anyone.
  if (engineError?.code === 'NOT_A_CHART') {
    throw new AnalysisFailure('unanswered', engineError.code, engineError.message, { providersTried: [] }, refusalOf(engineError));
  }
  const chart = engine ? withReading(engine) : null;
  const engineTrace = engine?.trace ?? engineError?.trace ?? null;
  const providersTried: ProviderAttempt[] = [];
  if (providers.length > 0) {
    const prompt = buildPrompt(settings, chart);
    const base64 = image.bytes.toString('base64');
    let cooling = new Map<string, Date>();
    try {
      cooling = (await input.cooldowns?.active(providers.map((p) => p.key))) ?? cooling;
    } catch (error) {
      logger.warn({ err: error }, 'model cooldowns could not be read');
    }
    for (const [index, provider] of providers.entries()) {
      const until = cooling.get(provider.key);
      if (until) {
        providersTried.push({ model: provider.name, outcome: 'skipped', reason: `rate limited until ${until.toISOString()}` });
        continue;
      }
      const left = deadline - performance.now();
      if (left < MIN_CALL_MS) {
        providersTried.push({ model: provider.name, outcome: 'skipped', reason: 'the analysis ran out of time' });
        continue;
      }
      setStage({ stage: 'asking-model', model: index + 1, name: provider.name });
      try {
        const text = await provider.complete({ prompt, image: { base64, mimeType: image.mimeType }, timeoutMs: Math.floor(Math.min(timeoutMs, left)) });
        setStage({ stage: 'checking' });
        const grounded = groundAnswer(parseModelAnswer(text), chart, settings);
        if (!grounded.ok) throw new AnswerRejected(grounded.problem);
        providersTried.push({
          model: provider.name,
          outcome: 'used',
          ...(grounded.dropped.length > 0 ? { reason: `left out text giving prices outside the chart or distances longer than the chart shows (${grounded.dropped.join(', ')})` } : {}),
        });
        return {
          result: finalise(grounded.answer, provider.name, settings, chart, engine, grounded.checked),
          chart,
          providersTried,
          engineMs,
          final: true,
          engineTrace,
        };
      } catch (error) {
        if (error instanceof AnswerRejected) {
          providersTried.push({ model: provider.name, outcome: 'rejected', reason: error.message });
        } else if (error instanceof ProviderError) {
          providersTried.push({
            model: provider.name,
            outcome: 'failed',
            reason: error.message,
            ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
          });
          const pause = cooldownFor(error);
          if (pause !== null) {
            await input.cooldowns?.record(provider.key, pause, error.message).catch((e: unknown) => {
              logger.warn({ err: e }, 'model cooldown could not be recorded');
            });
          }
        } else {
          // Whatever else goes wrong with one model's answer is that model's failure, not the trader's.
          logger.error({ err: error, model: provider.name }, 'model answer failed unexpectedly');
          providersTried.push({ model: provider.name, outcome: 'failed', reason: 'The model answer could not be read' });
        }
        logger.warn({ model: provider.name, reason: providersTried.at(-1)?.reason }, 'model answer passed over');
      }
    }
  }
  setStage({ stage: 'checking' });
  const outage = providersTried.some((p) => p.outcome === 'failed' || p.outcome === 'skipped');
  if (engine) {
    return { result: { ...engine.result, modelName: ENGINE_MODEL_NAME }, chart, providersTried, engineMs, final: !outage, engineTrace };
  }
  // With models configured, SPEC's message; the engine's own reason follows it, so the trader
  // still learns why the chart itself could not be read (and that a crop may help).
  const message =
    providers.length > 0
      ? [ALL_MODELS_FAILED_MESSAGE, engineError?.message].filter(Boolean).join(' ')
      : (engineError?.message ?? ALL_MODELS_FAILED_MESSAGE);
  // What the engine saw without prices (the trend of the bars it found) goes with its refusal.
  const details: RefusalDetails = {
    providersTried,
    ...(engineError?.trend ? { trend: engineError.trend } : {}),
    ...(engineError?.bars ? { correctable: correctableOf(engineError.bars) } : {}),
  };
  throw new AnalysisFailure('unanswered', engineError?.code ?? 'ANALYSIS_FAILED', message, details, engineError ? refusalOf(engineError) : null);
}
