/**
 * Issue 25, the instrument: with no symbol chosen, a model's answer is sized for the instrument
 * the engine read on the chart, the result says so, and the model is told which it is; a symbol
 * the trader chose always wins.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema, type AnalysisSettings, type ChartFacts } from '../../../shared/analysis';
import { createLogger } from '../../logger';
import { runAnalysis } from './analysis.service';
import type { ChartEngine } from './engine-pool';
import { eurusdFacts } from '../../test/charts';
import { answer as engineAnswer, answeredTrace } from '../../test/traces';

/** A EURUSD chart showing 1.0800 to 1.0900, its title read as EURUSD. */
const chart: ChartFacts = { ...eurusdFacts, symbol: 'EURUSD' };

const engine = (facts: ChartFacts): ChartEngine => ({
  analyze: (_image: Buffer, settings: AnalysisSettings) =>
    Promise.resolve(engineAnswer(settings, answeredTrace(), facts)),
  locate: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
});

async function run(settings: AnalysisSettings, facts = chart) {
  const prompts: string[] = [];
  const answer = {
    trend: 'uptrend',
    entryPoint: '1.08500',
    stopLoss: '1.08200',
    takeProfit: '1.09100',
    confidence: 72,
    analysis: 'Price holds above 1.08200 with higher lows.',
    recommendedAction: 'buy',
    decisionRationales: ['Higher lows'],
  };
  const outcome = await runAnalysis({
    engine: engine(facts),
    image: { bytes: Buffer.from('chart'), format: 'png', mimeType: 'image/png', width: 1280, height: 720 },
    settings,
    providers: [
      {
        key: 'stand-in',
        name: 'stand-in model',
        complete: (request) => {
          prompts.push(request.prompt);
          return Promise.resolve(JSON.stringify(answer));
        },
      },
    ],
    timeoutMs: 5_000,
    deadlineMs: 10_000,
    logger: createLogger('silent'),
    setStage: () => undefined,
  });
  return { ...outcome, prompt: prompts[0] ?? '' };
}

describe('the instrument read on the chart', () => {
  it("sizes a model's answer for it when the trader chose none, and says it was read from the chart", async () => {
    const { result, prompt } = await run(AnalysisSettingsSchema.parse({ capitalSize: 10_000 }));
    expect(result.modelName).toBe('stand-in model');
    expect(result.symbol).toBe('EURUSD');
    expect(result.positionSizing).toContain('PipLens read the instrument from the chart: EURUSD (Euro / US Dollar)');
    expect(result.positionSizing).toContain('EURUSD: 1 lot = 100,000 EUR');
    expect(prompt).toContain('Instrument: EURUSD (Euro / US Dollar).');
  });

  it("leaves the trader's own symbol in charge", async () => {
    const { result, prompt } = await run(AnalysisSettingsSchema.parse({ capitalSize: 10_000, symbol: 'GBPUSD' }));
    expect(result.symbol).toBe('GBPUSD');
    expect(result.positionSizing).not.toContain('read the instrument from the chart');
    expect(prompt).toContain('Instrument: GBPUSD');
  });

  it('sizes as before when no instrument was read', async () => {
    const { symbol: _symbol, ...unread } = chart;
    const { result } = await run(AnalysisSettingsSchema.parse({ capitalSize: 10_000 }), unread);
    expect(result.symbol).toBeUndefined();
    expect(result.positionSizing).toContain('No instrument was chosen');
  });
});
