import { parseStrategies, TRADING_STRATEGIES, type AnalysisSettings, type ChartFacts } from '../../../shared/analysis';
import { findInstrument, OTHER_SYMBOL } from '../../../shared/instruments';
import { riskPercentForCapital } from '../../../engine/analysis/sizing';

/** The prompt: the trader's settings plus what PipLens itself read on the chart, so answers stay grounded. */
export function buildPrompt(settings: AnalysisSettings, chart: ChartFacts | null): string {
  const strategies = parseStrategies(settings.tradingStrategy)
    .map((key) => TRADING_STRATEGIES.find((s) => s.key === key)?.label ?? key)
    .join(', ');
  const facts = chart
    ? [
        `PipLens read these facts from the chart (trust them over your own reading of the pixels):`,
        `- visible price range: ${chart.low} to ${chart.high}`,
        `- last price: ${chart.lastPrice}`,
        `- candles visible: ${chart.candles}`,
        `- support levels: ${chart.levels.support.join(', ') || 'none found'}`,
        `- resistance levels: ${chart.levels.resistance.join(', ') || 'none found'}`,
        `- prices have ${chart.precision} decimals`,
      ].join('\n')
    : 'PipLens could not read the price scale; read the prices from the axis labels yourself.';
  // The trader's choice, else the instrument PipLens read on the chart.
  const instrument = settings.symbol === OTHER_SYMBOL ? null : findInstrument(settings.symbol ?? chart?.symbol);
  return [
    'You are a forex technical analyst. Analyse the attached price chart screenshot.',
    ...(instrument ? [`Instrument: ${instrument.symbol} (${instrument.name}).`] : []),
    `Time frame: ${settings.timeFrame}. Trading strategies: ${strategies}.`,
    `Risk/reward: the take profit must be exactly ${settings.riskReward} times the distance from entry to stop loss.`,
    `Capital: ${settings.capitalSize} USD, preferred lot size ${settings.lotSize}. Risk per trade: ${riskPercentForCapital(settings.capitalSize)}% of capital.`,
    facts,
    'Rules: entry near the last price; for buy, stop loss below entry and take profit above; for sell, the opposite.',
    'Recommend wait when the evidence is weak or the market is ranging.',
    "Every price you write, in the levels and in the text, must be one shown on this chart's price axis range; PipLens removes text with prices off the chart.",
    'Write for a beginner: plain words, any technical term explained or named in brackets. PipLens computes the position size itself.',
    'Answer with JSON only, no prose, with exactly these fields:',
    '{"trend":"uptrend|downtrend|sideways","entryPoint":"price","stopLoss":"price","takeProfit":"price","confidence":0-100,',
    '"analysis":"plain-language explanation for a beginner","recommendedAction":"buy|sell|wait",',
    '"decisionRationales":["3 to 6 reasons about this chart, with its numbers"]}',
  ].join('\n');
}
