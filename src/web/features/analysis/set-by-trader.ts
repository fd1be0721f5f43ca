import type { AnalysisResult, ChartFacts } from '../../../shared/analysis';
import { setByTraderNote } from '../../../shared/correction';

/** Decimals of a price as the result prints it ("1.08250" → 5). */
const decimalsOfPrice = (price: string) => /\.(\d+)/.exec(price)?.[1]?.length ?? 0;

/**
 * The "set by you" sentence for an analysis whose scale or last price the trader set, or null:
 * said wherever the analysis is shown or exported. Prices in the chart's own decimals when the
 * chart was read, else in those of the entry price.
 */
export function setByTraderText(result: AnalysisResult, chart: ChartFacts | null | undefined): string | null {
  if (!result.setByTrader) return null;
  return setByTraderNote(result.setByTrader, chart?.precision ?? decimalsOfPrice(result.entryPoint));
}
