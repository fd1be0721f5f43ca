/** Plain-language explanation, rationales and sizing advice a beginner can follow. */
import type { Trend } from '../../shared/analysis.js';
import type { Level } from './levels.js';
import type { TradePlan } from './plan.js';
import type { TrendReading } from './structure.js';

export interface Narrative {
  trend: Trend;
  reading: TrendReading;
  plan: TradePlan;
  support: Level[];
  resistance: Level[];
  candles: number;
  /** The series is a line chart's (its bars are stretches of the line, not candles). */
  line: boolean;
  firstClose: number;
  lastPrice: number;
  sma: number | null;
  atr: number;
  riskReward: number;
  decimals: number;
  /** The instrument's pip, or null when it is not known (distances are then given in price). */
  pipSize: number | null;
  horizonLabel: string;
  strategyNote: string | null;
  /** The plan leaned one way but even the smallest lot would risk more than the trader's limit. */
  tooLargeForAccount: boolean;
  /** The requested risk/reward would put the target beyond the chart unless the stop sat inside ordinary noise. */
  targetOffChart: boolean;
}

const pct = (v: number): string => `${Math.round(v * 100)}%`;

/** What the average true range measures: a candle's size, or a line's move over a bar's columns. */
const typicalBar = (n: Narrative): string => (n.line ? 'a typical recent move' : 'a typical recent candle');

export function describe(n: Narrative): { analysis: string; rationales: string[] } {
  return { analysis: analysisOf(n), rationales: rationalesOf(n) };
}

/** The written analysis: the trend, the nearest levels, the plan, the strategy's note, a closing word. */
function analysisOf(n: Narrative): string {
  const f = (v: number): string => v.toFixed(n.decimals);
  const { plan } = n;
  const moveWord = n.lastPrice >= n.firstClose ? 'rose' : 'fell';
  const over = n.line ? 'across the line in view,' : `over the last ${n.candles} candles`;
  const trendSentence =
    n.trend === 'uptrend'
      ? `The chart is in an uptrend: ${over} price ${moveWord} from ${f(n.firstClose)} to ${f(n.lastPrice)}, and buyers have been in control.`
      : n.trend === 'downtrend'
        ? `The chart is in a downtrend: ${over} price ${moveWord} from ${f(n.firstClose)} to ${f(n.lastPrice)}, and sellers have been in control.`
        : `The chart is moving sideways: ${over} price has stayed in a range and is now at ${f(n.lastPrice)}, with no side clearly in control.`;
  const s = n.support[0];
  const r = n.resistance[0];
  const levelSentence = [
    s
      ? `The nearest support (a floor where price turned up before) is ${f(s.price)}.`
      : 'There is no clear support below the current price on this chart.',
    r
      ? `The nearest resistance (a ceiling where price turned down before) is ${f(r.price)}.`
      : 'There is no clear resistance above the current price on this chart.',
  ].join(' ');
  const sideWord = plan.side === 'buy' ? 'buy' : 'sell';
  const stopWhy =
    plan.stopBasis === 'swing' && plan.swingPrice !== null
      ? `just ${plan.side === 'buy' ? 'below the last swing low' : 'above the last swing high'} at ${f(plan.swingPrice)}`
      : plan.stopBasis === 'range'
        ? 'close enough that the take profit stays within the prices this chart shows'
        : `about ${(Math.abs(plan.entry - plan.stop) / n.atr).toFixed(1)} times the size of ${typicalBar(n)} away`;
  const levelsWords = `entry ${f(plan.entry)}, stop loss ${f(plan.stop)} (${stopWhy}) and take profit ${f(plan.target)}`;
  const planSentence = n.targetOffChart
    ? `The chart leans towards a ${sideWord}, but a take profit ${n.riskReward} times the risk would lie beyond the prices this chart shows unless the stop sat inside ordinary price swings, so the suggestion is to wait. For reference: ${levelsWords}.`
    : n.tooLargeForAccount
      ? `The chart leans towards a ${sideWord}: ${levelsWords}. But the stop this trade needs is too far for your account size (see the position size below), so the suggestion is to wait for a setup with a closer stop.`
      : plan.action === 'wait'
        ? `The evidence is not strong enough to trade now, so the suggestion is to wait. If you do take a trade, the more likely direction is to ${sideWord}: ${levelsWords}.`
        : `The suggestion is to ${sideWord} near ${f(plan.entry)} with a stop loss at ${f(plan.stop)} (${stopWhy}) and a take profit at ${f(plan.target)}, which aims to win ${n.riskReward} times what you risk.`;
  const closing = `This is a ${n.horizonLabel} view. A stop loss closes the trade automatically if the market goes against you; always place it, and never risk more than the position size below suggests.`;
  return [trendSentence, levelSentence, planSentence, n.strategyNote, closing].filter(Boolean).join(' ');
}

/** The reasons, at most six: the move, the turning points, the levels, the average, the stop. */
function rationalesOf(n: Narrative): string[] {
  const f = (v: number): string => v.toFixed(n.decimals);
  const away = (v: number): string =>
    `${n.pipSize ? `${(Math.abs(v) / n.pipSize).toFixed(1)} pips` : Math.abs(v).toFixed(n.decimals)} ${v > 0 ? 'above' : 'below'}`;
  const { plan } = n;
  const s = n.support[0];
  const r = n.resistance[0];
  const rationales: string[] = [];
  const visible = n.line ? 'Along the visible line' : 'Across the visible candles';
  const average = n.line ? 'its recent average' : 'its average of the last twenty candles';
  const share = pct(Math.abs(n.reading.drift));
  const steadiness =
    n.reading.r2 >= 0.6 ? 'steadily' : n.reading.r2 >= 0.3 ? 'unevenly' : 'with many swings back and forth';
  rationales.push(
    Math.abs(n.reading.drift) < 0.1
      ? `${visible}, price has ended up close to where it started (trend-line fit R² ${n.reading.r2.toFixed(2)}).`
      : `${visible}, price has ${n.reading.drift >= 0 ? 'risen' : 'fallen'} ${steadiness}, ${Math.abs(n.reading.drift) >= 0.9 ? 'across about the whole height of the chart' : `by about ${share} of the chart's height`} (trend-line fit R² ${n.reading.r2.toFixed(2)}).`,
  );
  if (n.reading.swingsCounted > 0) {
    const ups = Math.round(((n.reading.structure + 1) / 2) * n.reading.swingsCounted);
    const downs = n.reading.swingsCounted - ups;
    const lean =
      ups > downs
        ? 'buyers have been stepping in at higher prices'
        : downs > ups
          ? 'sellers have been pushing prices lower'
          : 'neither side is pushing clearly';
    rationales.push(
      `Comparing the recent turning points with the ones before them, ${ups} of ${n.reading.swingsCounted} were higher and ${downs} lower: ${lean}.`,
    );
  }
  if (s || r) {
    const touches = (l: Level): string =>
      `touched ${l.touches === 1 ? 'once' : l.touches === 2 ? 'twice' : `${l.touches} times`}`;
    const parts = [
      s ? `the nearest floor (support) is ${f(s.price)}, ${touches(s)}` : null,
      r ? `the nearest ceiling (resistance) is ${f(r.price)}, ${touches(r)}` : null,
    ].filter(Boolean);
    rationales.push(`Where price turned before: ${parts.join('; ')}.`);
  }
  if (n.sma !== null) {
    rationales.push(
      n.lastPrice >= n.sma
        ? `Price ${f(n.lastPrice)} is above ${average} (${f(n.sma)}), so buyers have had the upper hand lately (moving average).`
        : `Price ${f(n.lastPrice)} is below ${average} (${f(n.sma)}), so sellers have had the upper hand lately (moving average).`,
    );
  }
  const stopRange = (Math.abs(plan.entry - plan.stop) / n.atr).toFixed(1);
  rationales.push(
    `The stop loss ${f(plan.stop)} is ${away(plan.stop - plan.entry)} the entry, about ${stopRange} times the size of ${typicalBar(n)} (average true range), so ordinary wiggles should not hit it; the take profit ${f(plan.target)} is ${away(plan.target - plan.entry)} it, to win ${n.riskReward} times what you risk.`,
  );
  return rationales.slice(0, 6);
}

/** Said first where the screenshot holds several charts and the framed (active) one was read. */
export const FRAMED_CHART_READ =
  'This screenshot shows several charts: PipLens read the one that is framed as selected, and everything below is about that chart.';
