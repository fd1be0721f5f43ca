/** The history's contract: one saved analysis as GET /api/history lists it. */
import { z } from 'zod';
import { AnalysisResultSchema, AnalysisSettingsSchema, ChartFactsWithReadingSchema } from './analysis';
import { TradeMarkSchema } from './journal';

export const HistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  settings: AnalysisSettingsSchema,
  result: AnalysisResultSchema,
  chart: ChartFactsWithReadingSchema.nullable(),
  shareToken: z.string().nullable(),
  thumbnailUrl: z.string(),
  /** The journal's mark when the analysis became a trade (or a skipped plan). */
  trade: TradeMarkSchema.nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const HistoryListSchema = z.object({ items: z.array(HistoryItemSchema) });

/** POST /api/history/{id}: the analysis is in the history now. */
export const SavedAnalysisSchema = z.object({ id: z.string(), saved: z.literal(true) });
