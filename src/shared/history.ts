/** The history's contract: one saved analysis as GET /api/history lists it. */
import { z } from 'zod';
import { AnalysisResultSchema, AnalysisSettingsSchema, ChartFactsSchema } from './analysis';
import { TradeMarkSchema } from './journal';

export const HistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  settings: AnalysisSettingsSchema,
  result: AnalysisResultSchema,
  chart: ChartFactsSchema.nullable(),
  shareToken: z.string().nullable(),
  thumbnailUrl: z.string(),
  /** The journal's mark when the analysis became a trade (or a skipped plan). */
  trade: TradeMarkSchema.nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const HistoryListSchema = z.object({ items: z.array(HistoryItemSchema) });
