import { ANALYSIS_DEFAULTS, type AnalysisResult, type AnalysisSettings, type ChartFacts } from '../../shared/analysis';

/** Test data for the places an analysis is shown or exported: a whole result, with what the test cares about overridden. */
export function analysisResultOf(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    trend: 'uptrend',
    entryPoint: '1.0850',
    stopLoss: '1.0820',
    takeProfit: '1.0910',
    confidence: 72,
    analysis: 'Higher highs and higher lows above the rising support.',
    recommendedAction: 'buy',
    decisionRationales: ['Price held the support at 1.0820 twice.'],
    positionSizing: 'Risk 1% of 1000 USD: 0.03 lots.',
    modelName: 'PipLens engine',
    ...overrides,
  };
}

/** A chart read at `precision` decimals: price = -0.0001 * y + 1.12 over a 1000 x 500 picture. */
export function chartFactsOf(overrides: Partial<ChartFacts> = {}): ChartFacts {
  return {
    lastPrice: 1.085,
    high: 1.1,
    low: 1.07,
    candles: 80,
    levels: { support: [1.082], resistance: [1.091] },
    precision: 5,
    scale: { slope: -0.0001, intercept: 1.12 },
    plot: { left: 10, top: 0, right: 900, bottom: 500 },
    image: { width: 1000, height: 500 },
    ...overrides,
  };
}

export function analysisSettingsOf(overrides: Partial<AnalysisSettings> = {}): AnalysisSettings {
  return { ...ANALYSIS_DEFAULTS, ...overrides };
}
