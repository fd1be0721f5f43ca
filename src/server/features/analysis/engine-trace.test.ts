/**
 * Issue 34, the server's half: the engine's trace goes with its answer into the analysis, and a
 * refusal keeps its rule and trace beside the trader's answer (unchanged), and logs its rule id.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../../../shared/analysis';
import { REFUSAL_RULES } from '../../../engine/errors';
import { answeredTrace, refusal, ScriptedEngine } from '../../test/traces';
import { AnalysisFailure } from './analysis-failure';
import { ALL_MODELS_FAILED_MESSAGE, runAnalysis, type ConfiguredProvider } from './analysis.service';

const settings = AnalysisSettingsSchema.parse({});

const modelAnswer = {
  trend: 'uptrend',
  entryPoint: '1.08500',
  stopLoss: '1.08200',
  takeProfit: '1.09100',
  confidence: 72,
  analysis: 'Higher lows.',
  recommendedAction: 'buy',
  decisionRationales: ['Higher lows'],
};
const model = (reply: 'answers' | 'fails'): ConfiguredProvider => ({
  key: 'stand-in',
  name: 'stand-in model',
  complete: () =>
    reply === 'answers' ? Promise.resolve(JSON.stringify(modelAnswer)) : Promise.reject(new Error('down')),
});

/** runAnalysis with `engine`, its log lines collected. */
async function run(engine: ScriptedEngine, providers: ConfiguredProvider[] = []) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const outcome = await runAnalysis({
    engine,
    image: { bytes: Buffer.from('chart'), format: 'png', mimeType: 'image/png', width: 1280, height: 720 },
    settings,
    providers,
    timeoutMs: 5_000,
    deadlineMs: 10_000,
    logger,
    setStage: () => undefined,
  }).catch((error: unknown) => error);
  return { outcome, lines };
}

describe("the engine's trace in the analysis service", () => {
  it("keeps the trace of the engine's answer with the analysis, and logs no refusal", async () => {
    const trace = answeredTrace({ lowered: ['confidence/last-outside-labels'] });
    const { outcome, lines } = await run(new ScriptedEngine().will(trace));
    expect(outcome).toMatchObject({ engineTrace: trace, result: { modelName: 'PipLens chart engine' } });
    expect(lines.filter((line) => 'rule' in line)).toEqual([]);
  });

  it('answers a picture that is no chart as before, with the rule and trace kept beside the answer and the rule logged', async () => {
    const refused = refusal('layout/photograph', { flatShare: 0.1, threshold: 0.5 });
    const { outcome, lines } = await run(new ScriptedEngine().will(refused), [model('answers')]);
    expect(outcome).toBeInstanceOf(AnalysisFailure);
    const error = outcome as AnalysisFailure;
    expect([error.reason, error.code, error.message, error.details]).toEqual([
      'unanswered',
      'NOT_A_CHART',
      REFUSAL_RULES['layout/photograph'].message,
      { providersTried: [] },
    ]);
    expect(error.refusal).toEqual({ rule: 'layout/photograph', code: 'NOT_A_CHART', trace: refused.trace });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        rule: 'layout/photograph',
        code: 'NOT_A_CHART',
        weighed: { flatShare: 0.1, threshold: 0.5 },
      }),
    );
  });

  it('answers an unreadable axis that nothing else could read as before, with its rule and trace', async () => {
    const { outcome } = await run(new ScriptedEngine().will(refusal('axis/labels-too-small')), [model('fails')]);
    const error = outcome as AnalysisFailure;
    expect(error).toBeInstanceOf(AnalysisFailure);
    expect([error.reason, error.code, error.message]).toEqual([
      'unanswered',
      'AXIS_UNREADABLE',
      `${ALL_MODELS_FAILED_MESSAGE} ${REFUSAL_RULES['axis/labels-too-small'].message}`,
    ]);
    expect(error.refusal?.rule).toBe('axis/labels-too-small');
    expect(error.refusal?.trace?.rule).toBe('axis/labels-too-small');
  });

  it("keeps the refusal's trace with the analysis a model gave instead", async () => {
    const refused = refusal('axis/no-scale');
    const { outcome, lines } = await run(new ScriptedEngine().will(refused), [model('answers')]);
    expect(outcome).toMatchObject({
      engineTrace: refused.trace,
      result: { modelName: 'stand-in model', checkedAgainstChart: false },
    });
    expect(lines).toContainEqual(expect.objectContaining({ rule: 'axis/no-scale', code: 'AXIS_UNREADABLE' }));
  });

  it('answers an image the engine cannot decode with the upload error, as before', async () => {
    const { outcome } = await run(new ScriptedEngine().will(refusal('decode/damaged')));
    const error = outcome as AnalysisFailure;
    expect([error.reason, error.code, error.message, error.details]).toEqual([
      'bad-input',
      'UNREADABLE_IMAGE',
      'Failed to process image. Please try again.',
      undefined,
    ]);
    expect(error.refusal?.rule).toBe('decode/damaged');
  });
});
