import { z } from 'zod';
import { AnalysisResultSchema, AnalysisSettingsSchema, ChartFactsWithReadingSchema } from './analysis';
import { TradeMarkSchema } from './journal';

/** Texts of the Premium export and share features, the same on server, web and in tests. */
export const SHARE_PREMIUM_MESSAGE = 'Sharing analyses is a Premium feature. Upgrade to Pro to share a read-only link.';
export const EXPORT_PREMIUM_MESSAGE = 'Export and share are Premium features. Upgrade to Pro to download and share your analyses.';
export const SHARED_NOT_FOUND_MESSAGE = 'This shared analysis does not exist or its link was revoked.';

/** What a shared link shows: the analysis and its chart, nothing about who made it. */
export const SharedAnalysisSchema = z.object({
  createdAt: z.string(),
  settings: AnalysisSettingsSchema,
  result: AnalysisResultSchema,
  chart: ChartFactsWithReadingSchema.nullable(),
  thumbnailUrl: z.string(),
  /** Only for the owner viewing their own link (absent for anyone else): the analysis, to take it into the journal. */
  own: z.object({ analysisId: z.string(), trade: TradeMarkSchema.nullable() }).optional(),
});
export type SharedAnalysis = z.infer<typeof SharedAnalysisSchema>;

/** PUT /api/history/{id}/share: the token of the analysis's read-only link (href.share). */
export const ShareLinkSchema = z.object({ shareToken: z.string() });
