import { z } from 'zod';
import { SetByTraderSchema } from './correction';
import { ChartReadoutSchema, PixelBoxSchema, RerunGrantSchema } from './crop';
import { INSTRUMENTS, OTHER_SYMBOL, normaliseSymbol } from './instruments';

export const TIME_FRAME_GROUPS = [
  { label: 'Minutes', columns: 5, values: ['1m', '5m', '10m', '15m', '20m'] },
  { label: 'Hours', columns: 4, values: ['1h', '2h', '4h', '5h'] },
  { label: 'Days', columns: 1, values: ['1d'] },
] as const;

export const TIME_FRAMES = ['1m', '5m', '10m', '15m', '20m', '1h', '2h', '4h', '5h', '1d'] as const;
export const TimeFrameSchema = z.enum(TIME_FRAMES);
export type TimeFrame = z.infer<typeof TimeFrameSchema>;

export const TRADING_STRATEGIES = [
  { key: 'auto', label: 'AI Select Best' },
  { key: 'scalping', label: 'Scalping' },
  { key: 'dayTrading', label: 'Day Trading' },
  { key: 'swingTrading', label: 'Swing Trading' },
  { key: 'positionTrading', label: 'Position Trading' },
  { key: 'trendFollowing', label: 'Trend Following' },
  { key: 'counterTrend', label: 'Counter Trend' },
  { key: 'newsTrading', label: 'News Trading' },
  { key: 'breakoutTrading', label: 'Breakout Trading' },
] as const;
export type StrategyKey = (typeof TRADING_STRATEGIES)[number]['key'];
const STRATEGY_KEYS = TRADING_STRATEGIES.map((s) => s.key) as [StrategyKey, ...StrategyKey[]];
export const StrategyKeySchema = z.enum(STRATEGY_KEYS);

/** Strategies travel as keys joined with '+', 'auto' exclusive (SPEC §3, §4). */
export const TradingStrategySchema = z
  .string()
  .min(1)
  .refine(
    (value) => {
      const keys = value.split('+');
      const allKnown = keys.every((k) => StrategyKeySchema.safeParse(k).success);
      const unique = new Set(keys).size === keys.length;
      return allKnown && unique && (!keys.includes('auto') || keys.length === 1);
    },
    { message: 'Unknown or conflicting trading strategy' },
  );

export const parseStrategies = (value: string): StrategyKey[] =>
  value.split('+').filter((k): k is StrategyKey => StrategyKeySchema.safeParse(k).success);

export const CAPITAL_SIZES = [
  { value: 10, label: 'Micro ($5-$50)' },
  { value: 100, label: 'Small ($60-$200)' },
  { value: 500, label: 'Medium ($200-$1000)' },
  { value: 5000, label: 'Large ($1000+)' },
] as const;

export const RISK_REWARD = { min: 1, max: 5, step: 0.5, default: 2 } as const;

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ANALYSIS_DEFAULTS = {
  timeFrame: '1h',
  riskReward: RISK_REWARD.default,
  capitalSize: 100,
  lotSize: 0.01,
  tradingStrategy: 'auto',
} as const;

export const AnalysisSettingsSchema = z.object({
  timeFrame: TimeFrameSchema.default(ANALYSIS_DEFAULTS.timeFrame),
  riskReward: z.coerce
    .number()
    .min(RISK_REWARD.min)
    .max(RISK_REWARD.max)
    .refine((v) => Number.isInteger(v / RISK_REWARD.step), 'Risk/reward moves in steps of 0.5')
    .default(ANALYSIS_DEFAULTS.riskReward),
  capitalSize: z.coerce.number().positive().max(1_000_000_000).default(ANALYSIS_DEFAULTS.capitalSize),
  lotSize: z.coerce.number().min(0.01).max(1000).default(ANALYSIS_DEFAULTS.lotSize),
  tradingStrategy: TradingStrategySchema.default(ANALYSIS_DEFAULTS.tradingStrategy),
  /** The instrument (a listed symbol, or OTHER with its pip size and contract size); absent: not chosen. */
  symbol: z.preprocess(
    (v) => (typeof v === 'string' ? normaliseSymbol(v) || undefined : v),
    z.enum([OTHER_SYMBOL, ...INSTRUMENTS.map((i) => i.symbol)] as [string, ...string[]]).optional(),
  ),
  pipSize: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(1_000_000).optional()),
  contractSize: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(1_000_000_000).optional()),
}).refine((s) => s.symbol !== OTHER_SYMBOL || (s.pipSize !== undefined && s.contractSize !== undefined), {
  message: 'An instrument outside the list needs its pip size and contract size',
  path: ['pipSize'],
});
export type AnalysisSettings = z.infer<typeof AnalysisSettingsSchema>;

export const TrendSchema = z.enum(['uptrend', 'downtrend', 'sideways']);
export type Trend = z.infer<typeof TrendSchema>;
export const ActionSchema = z.enum(['buy', 'sell', 'wait']);
export type Action = z.infer<typeof ActionSchema>;

/** The seven required fields of an analysis (SPEC §3); what a model must return. */
export const REQUIRED_RESULT_FIELDS = [
  'trend',
  'entryPoint',
  'stopLoss',
  'takeProfit',
  'confidence',
  'analysis',
  'recommendedAction',
] as const;

const PriceStringSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'Price must be a plain decimal number');

export const ModelAnswerSchema = z.object({
  trend: TrendSchema,
  entryPoint: PriceStringSchema,
  stopLoss: PriceStringSchema,
  takeProfit: PriceStringSchema,
  confidence: z.number().min(0).max(100),
  analysis: z.string().min(1),
  recommendedAction: ActionSchema,
  decisionRationales: z.array(z.string().min(1)).optional(),
  positionSizing: z.string().optional(),
});
export type ModelAnswer = z.infer<typeof ModelAnswerSchema>;

/**
 * The answer's shape as sent to the models' structured output: every field required, no extra
 * fields and no length keywords, which strict mode (OpenAI-family models on OpenRouter) demands;
 * Gemini accepts the same schema. What comes back is still validated with ModelAnswerSchema.
 */
export const ModelAnswerWireSchema = z.strictObject({
  trend: TrendSchema,
  entryPoint: z.string().describe('price, a plain decimal number'),
  stopLoss: z.string().describe('price, a plain decimal number'),
  takeProfit: z.string().describe('price, a plain decimal number'),
  confidence: z.number().describe('0 to 100'),
  analysis: z.string(),
  recommendedAction: ActionSchema,
  decisionRationales: z.array(z.string()),
});

/** Pixel → price mapping: price = slope * y + intercept, y in image pixels from the top. */
export const PriceScaleSchema = z.object({ slope: z.number(), intercept: z.number() });

export const ChartFactsSchema = z.object({
  lastPrice: z.number(),
  high: z.number(),
  low: z.number(),
  candles: z.number().int().nonnegative(),
  levels: z.object({ support: z.array(z.number()), resistance: z.array(z.number()) }),
  precision: z.number().int().nonnegative(),
  scale: PriceScaleSchema.nullable(),
  plot: PixelBoxSchema,
  image: z.object({ width: z.number().int(), height: z.number().int() }),
  /** The instrument's symbol where the chart shows it (title, legend, watermark), when read. */
  symbol: z.string().optional(),
});
export type ChartFacts = z.infer<typeof ChartFactsSchema>;

/**
 * The chart facts as the server answers them (an analysis, the history, a shared link): with what
 * the engine read on the axis. Analyses stored before the reading was kept have none.
 */
export const ChartFactsWithReadingSchema = ChartFactsSchema.extend({ read: ChartReadoutSchema.optional() });
export type ChartFactsWithReading = z.infer<typeof ChartFactsWithReadingSchema>;

export const AnalysisResultSchema = ModelAnswerSchema.extend({
  decisionRationales: z.array(z.string()),
  positionSizing: z.string(),
  timeFrame: TimeFrameSchema.optional(),
  riskReward: z.number().optional(),
  capitalSize: z.number().optional(),
  lotSize: z.number().optional(),
  tradingStrategy: z.string().optional(),
  modelName: z.string().optional(),
  symbol: z.string().optional(),
  /**
   * False when the levels could not be checked against prices read from the chart (the engine
   * could not read its scale): such an answer carries no position size.
   */
  checkedAgainstChart: z.boolean().optional(),
  /** The scale and/or last price the trader set on the chart ("set by you" wherever it is shown). */
  setByTrader: SetByTraderSchema.optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

/**
 * NOT_A_CHART: no price chart in the picture. AXIS_UNREADABLE: a chart whose price scale cannot
 * be read. UNSURE_READING: a chart read, but with evidence against the reading (the engine
 * refuses rather than risk a wrong price). INVALID_IMAGE: not an image it can open.
 */
export const ENGINE_ERROR_CODES = ['NOT_A_CHART', 'AXIS_UNREADABLE', 'UNSURE_READING', 'INVALID_IMAGE'] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** Where a running analysis is, as the server reports it and the dashboard shows it. */
export const JobStageSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('queued'), position: z.number().int() }),
  z.object({ stage: z.literal('reading-chart') }),
  z.object({ stage: z.literal('asking-model'), model: z.number().int(), name: z.string() }),
  z.object({ stage: z.literal('checking') }),
  z.object({ stage: z.literal('done') }),
  z.object({ stage: z.literal('failed') }),
]);
export type JobStage = z.infer<typeof JobStageSchema>;

/** One model the analysis service asked, and what became of its answer. */
export const ProviderAttemptSchema = z.object({
  model: z.string(),
  /** skipped: the model is cooling down after a rate limit, or the overall deadline had passed. */
  outcome: z.enum(['used', 'rejected', 'failed', 'skipped']),
  reason: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ProviderAttempt = z.infer<typeof ProviderAttemptSchema>;

/**
 * A chart whose bars PipLens found, for the trader to set its scale: its plot, the values of the
 * labels it read, and the scale it fitted but doubted (then a last price alone can be set).
 */
export const CorrectableChartSchema = z.object({
  image: z.object({ width: z.number().positive(), height: z.number().positive() }),
  plot: PixelBoxSchema,
  labels: z.array(z.number()),
  scale: PriceScaleSchema.nullable(),
});
export type CorrectableChart = z.infer<typeof CorrectableChartSchema>;

/**
 * The details of a 422 whose chart could not be analysed: the models asked, and the trend of the
 * bars the engine found on a chart whose prices it refused (never on a picture that is no chart).
 */
export const RefusalDetailsSchema = z.object({
  providersTried: z.array(ProviderAttemptSchema),
  trend: TrendSchema.optional(),
  /**
   * Where the engine found the chart's bars though it did not read (or doubted) their prices, in
   * the whole picture's pixels: the trader can set the price scale there (`correction`).
   */
  correctable: CorrectableChartSchema.optional(),
});
export type RefusalDetails = z.infer<typeof RefusalDetailsSchema>;

/** An analysis as the server records it and returns it. */
export const AnalysisRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  settings: AnalysisSettingsSchema,
  result: AnalysisResultSchema,
  chart: ChartFactsWithReadingSchema.nullable(),
  providersTried: z.array(ProviderAttemptSchema),
});
export type AnalysisRecord = z.infer<typeof AnalysisRecordSchema>;

/**
 * The answer of POST /api/analyses; `cached` when the same chart and settings were analysed in the
 * last day; the re-run grant (shared/crop.ts) when the analysis took its slot or came with one.
 */
export const AnalysisResponseSchema = AnalysisRecordSchema.extend({
  cached: z.boolean(),
  saved: z.boolean().optional(),
  ...RerunGrantSchema.partial().shape,
});
export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>;
