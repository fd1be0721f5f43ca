import type {
  AnalysisResult,
  AnalysisSettings,
  ChartFacts,
  ModelAnswer,
  ProviderAttempt,
} from '../../../shared/analysis';
import { analyzeChart, EngineError, type EngineOutput } from '../../../engine';
import { computePositionSizing } from '../../../engine/analysis/sizing';
import { describeSizing } from '../../../engine/analysis/text';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { ApiError } from '../../lib/errors';
import { withReading } from './crop';
import { groundingProblem } from './grounding';
import type { JobStage } from './job-tracker';
import { AnswerRejected, parseModelAnswer } from './parse-answer';
import { buildPrompt } from './prompt';
import { geminiProvider } from './providers/gemini';
import { openRouterProvider } from './providers/openrouter';
import { ProviderError, type ModelProvider } from './providers/types';
import type { CheckedImage } from './upload';

export const ALL_MODELS_FAILED_MESSAGE = 'All AI models failed to analyze the chart. Please try again later.';
export const ENGINE_MODEL_NAME = 'PipLens chart engine';

export type { ProviderAttempt };

export interface AnalysisRun {
  result: AnalysisResult;
  chart: ChartFacts | null;
  providersTried: ProviderAttempt[];
  /** Time the chart engine took, for the response's Server-Timing. */
  engineMs: number;
}

/** Models 1, 2 and 3 in order, each only when its key is configured. */
export function configuredProviders(env: Env): ModelProvider[] {
  const providers: ModelProvider[] = [];
  if (env.GEMINI_API_KEY) {
    providers.push(
      geminiProvider({ apiKey: env.GEMINI_API_KEY, model: env.GEMINI_MODEL, baseUrl: env.GEMINI_BASE_URL }),
    );
  }
  if (env.OPENROUTER_API_KEY) {
    for (const model of env.OPENROUTER_MODELS.slice(0, 2)) {
      providers.push(
        openRouterProvider({
          apiKey: env.OPENROUTER_API_KEY,
          model,
          baseUrl: env.OPENROUTER_BASE_URL,
          appUrl: env.APP_URL,
        }),
      );
    }
  }
  return providers;
}

/** The final result: the answer's levels with rationales from the engine when missing and sizing computed. */
function finalise(
  answer: ModelAnswer,
  modelName: string,
  settings: AnalysisSettings,
  chart: ChartFacts | null,
  engine: EngineOutput | null,
): AnalysisResult {
  const entry = Number(answer.entryPoint);
  const stop = Number(answer.stopLoss);
  const decimals = chart?.precision ?? Math.max(0, (answer.entryPoint.split('.')[1] ?? '').length);
  const sizing = computePositionSizing(settings.capitalSize, settings.lotSize, entry, stop, decimals);
  const rationales = answer.decisionRationales?.filter((r) => r.trim()).slice(0, 6) ?? [];
  return {
    trend: answer.trend,
    entryPoint: answer.entryPoint,
    stopLoss: answer.stopLoss,
    takeProfit: answer.takeProfit,
    confidence: Math.round(answer.confidence),
    analysis: answer.analysis,
    recommendedAction: answer.recommendedAction,
    decisionRationales: rationales.length > 0 ? rationales : (engine?.result.decisionRationales ?? []),
    positionSizing: describeSizing(sizing, settings.capitalSize, settings.lotSize),
    ...settings,
    modelName,
  };
}

/**
 * Engine first (its chart facts ground everything), then each configured model in order; an
 * answer is used only if it passes the schema and the chart checks. The engine's own analysis is
 * the last resort, and with nothing that can read the chart the trader gets an honest error.
 */
export async function runAnalysis(input: {
  image: CheckedImage;
  settings: AnalysisSettings;
  providers: ModelProvider[];
  timeoutMs: number;
  logger: Logger;
  setStage: (stage: JobStage) => void;
}): Promise<AnalysisRun> {
  const { image, settings, providers, timeoutMs, logger, setStage } = input;
  setStage({ stage: 'reading-chart' });
  let engine: EngineOutput | null = null;
  let engineError: EngineError | null = null;
  const engineStarted = performance.now();
  try {
    engine = await analyzeChart(image.bytes, settings);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    if (error.code === 'INVALID_IMAGE')
      throw new ApiError(400, 'UNREADABLE_IMAGE', 'Failed to process image. Please try again.');
    engineError = error;
  }
  const engineMs = performance.now() - engineStarted;
  const chart = engine ? withReading(engine) : null;
  const providersTried: ProviderAttempt[] = [];
  if (providers.length > 0) {
    const prompt = buildPrompt(settings, chart);
    const base64 = image.bytes.toString('base64');
    for (const [index, provider] of providers.entries()) {
      setStage({ stage: 'asking-model', model: index + 1, name: provider.name });
      try {
        const text = await provider.complete({ prompt, image: { base64, mimeType: image.mimeType }, timeoutMs });
        setStage({ stage: 'checking' });
        const answer = parseModelAnswer(text);
        const problem = groundingProblem(answer, chart, settings);
        if (problem) throw new AnswerRejected(problem);
        providersTried.push({ model: provider.name, outcome: 'used' });
        return { result: finalise(answer, provider.name, settings, chart, engine), chart, providersTried, engineMs };
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
        } else {
          throw error;
        }
        logger.warn({ model: provider.name, reason: error.message }, 'model answer passed over');
      }
    }
  }
  setStage({ stage: 'checking' });
  if (engine) {
    return { result: { ...engine.result, modelName: ENGINE_MODEL_NAME }, chart, providersTried, engineMs };
  }
  const message =
    providers.length > 0 ? ALL_MODELS_FAILED_MESSAGE : (engineError?.message ?? ALL_MODELS_FAILED_MESSAGE);
  throw new ApiError(422, engineError?.code ?? 'ANALYSIS_FAILED', message, { providersTried });
}
