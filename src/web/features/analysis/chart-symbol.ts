/**
 * The symbol field and the instrument PipLens read on the chart: a read symbol fills the field
 * when the trader left it empty, and is forgotten with the chart it came from; a symbol the
 * trader chose is never replaced.
 */
import type { AnalysisSettings } from '../../../shared/analysis';
import { findInstrument } from '../../../shared/instruments';
import { withSymbol } from './components/settings-panel';

export interface SymbolChoice {
  settings: AnalysisSettings;
  /** The symbol in the settings is the one read on the chart, not one the trader chose. */
  fromChart: boolean;
}

/** After an analysis: the symbol read on its chart, in a field that is empty or was filled from a chart. */
export function fillFromChart(choice: SymbolChoice, read: string | undefined): SymbolChoice {
  if (choice.settings.symbol !== undefined && !choice.fromChart) return choice;
  if (!read || !findInstrument(read)) return choice;
  return { settings: withSymbol(choice.settings, read), fromChart: true };
}

/** A new chart: a symbol read on the last one is no longer known to be right. */
export function forgetChartSymbol(choice: SymbolChoice): SymbolChoice {
  return choice.fromChart ? { settings: withSymbol(choice.settings, undefined), fromChart: false } : choice;
}

/** The trader changed the settings: a symbol they changed is theirs from now on. */
export function changedByTrader(choice: SymbolChoice, next: AnalysisSettings): SymbolChoice {
  return { settings: next, fromChart: choice.fromChart && next.symbol === choice.settings.symbol };
}
