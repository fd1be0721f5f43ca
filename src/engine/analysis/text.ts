/** Plain-language explanation, rationales and sizing advice a beginner can follow. */
import type { Trend } from '../../shared/analysis.js';
import type { Level } from './levels.js';
import type { TradePlan } from './plan.js';
import type { PositionSizing } from './sizing.js';
import type { TrendReading } from './structure.js';

export interface Narrative {
  trend: Trend;
  reading: TrendReading;
  plan: TradePlan;
  support: Level[];
  resistance: Level[];
  candles: number;
  firstClose: number;
  lastPrice: number;
  sma: number | null;
  atr: number;
  riskReward: number;
  decimals: number;
  pipSize: number;
  horizonLabel: string;
  strategyNote: string | null;
}

const pct = (v: number): string => `${Math.round(v * 100)}%`;

export function describe(n: Narrative): { analysis: string; rationales: string[] } {
  const f = (v: number): string => v.toFixed(n.decimals);
  const pips = (v: number): string => (Math.abs(v) / n.pipSize).toFixed(1);
  const { plan } = n;
  const moveWord = n.lastPrice >= n.firstClose ? 'rose' : 'fell';
  const trendSentence =
    n.trend === 'uptrend'
      ? `The chart is in an uptrend: over the ${n.candles} visible candles price ${moveWord} from ${f(n.firstClose)} to ${f(n.lastPrice)}, and buyers have been in control.`
      : n.trend === 'downtrend'
        ? `The chart is in a downtrend: over the ${n.candles} visible candles price ${moveWord} from ${f(n.firstClose)} to ${f(n.lastPrice)}, and sellers have been in control.`
        : `The chart is moving sideways: over the ${n.candles} visible candles price has stayed in a range and is now at ${f(n.lastPrice)}, with no side clearly in control.`;
  const s = n.support[0];
  const r = n.resistance[0];
  const levelSentence = [
    s ? `The nearest support (a floor where price turned up before) is ${f(s.price)}.` : 'There is no clear support below the current price on this chart.',
    r ? `The nearest resistance (a ceiling where price turned down before) is ${f(r.price)}.` : 'There is no clear resistance above the current price on this chart.',
  ].join(' ');
  const sideWord = plan.side === 'buy' ? 'buy' : 'sell';
  const stopWhy =
    plan.stopBasis === 'swing' && plan.swingPrice !== null
      ? `just ${plan.side === 'buy' ? 'below the last swing low' : 'above the last swing high'} at ${f(plan.swingPrice)}`
      : `about ${(Math.abs(plan.entry - plan.stop) / n.atr).toFixed(1)} times the average candle range away`;
  const planSentence =
    plan.action === 'wait'
      ? `The evidence is not strong enough to trade now, so the suggestion is to wait. If you do take a trade, the more likely direction is to ${sideWord}: entry ${f(plan.entry)}, stop loss ${f(plan.stop)} (${stopWhy}) and take profit ${f(plan.target)}.`
      : `The suggestion is to ${sideWord} near ${f(plan.entry)} with a stop loss at ${f(plan.stop)} (${stopWhy}) and a take profit at ${f(plan.target)}, which aims to win ${n.riskReward} times what you risk.`;
  const closing = `This is a ${n.horizonLabel} view. A stop loss closes the trade automatically if the market goes against you; always place it, and never risk more than the position size below suggests.`;
  const analysis = [trendSentence, levelSentence, planSentence, n.strategyNote, closing].filter(Boolean).join(' ');

  const rationales: string[] = [];
  rationales.push(
    `A straight line fitted through the closes ${n.reading.drift >= 0 ? 'rises' : 'falls'} by ${pct(Math.abs(n.reading.drift))} of the visible price range (fit quality R² ${n.reading.r2.toFixed(2)}).`,
  );
  if (n.reading.swingsCounted > 0) {
    const ups = Math.round(((n.reading.structure + 1) / 2) * n.reading.swingsCounted);
    rationales.push(
      `Of the last ${n.reading.swingsCounted} swing comparisons, ${ups} made higher highs or higher lows and ${n.reading.swingsCounted - ups} made lower highs or lower lows.`,
    );
  }
  if (s || r) {
    const parts = [
      s ? `support ${f(s.price)} (${s.touches} touch${s.touches === 1 ? '' : 'es'})` : null,
      r ? `resistance ${f(r.price)} (${r.touches} touch${r.touches === 1 ? '' : 'es'})` : null,
    ].filter(Boolean);
    rationales.push(`Nearest levels from clustered swing points: ${parts.join(' and ')}.`);
  }
  if (n.sma !== null) {
    rationales.push(
      `Price ${f(n.lastPrice)} is ${n.lastPrice >= n.sma ? 'above' : 'below'} its 20-candle average ${f(n.sma)}.`,
    );
  }
  rationales.push(
    `Stop loss ${f(plan.stop)} is ${pips(plan.entry - plan.stop)} pips from entry (${(Math.abs(plan.entry - plan.stop) / n.atr).toFixed(1)}× the average true range of ${f(n.atr)}); take profit ${f(plan.target)} is ${pips(plan.target - plan.entry)} pips away for a 1:${n.riskReward} risk/reward.`,
  );
  return { analysis, rationales: rationales.slice(0, 6) };
}

export function describeSizing(p: PositionSizing, capital: number, userLots: number): string {
  const usd = (v: number): string => `$${v.toFixed(2)}`;
  const fits =
    p.recommendedLots >= 0.01
      ? `The lot size that fits this risk is ${p.recommendedLots.toFixed(2)} lots.`
      : `Even the smallest lot (0.01) would lose ${usd(0.01 * p.stopPips * p.pipValuePerLot)} at the stop, more than ${usd(p.moneyAtRisk)}; consider a smaller account risk, a tighter setup or skipping this trade.`;
  const user =
    p.userRiskPercent <= p.riskPercent + 1e-9
      ? `Your lot size of ${userLots} would lose ${usd(p.userLossAtStop)} at the stop (${p.userRiskPercent.toFixed(1)}% of capital), within the guideline.`
      : `Your lot size of ${userLots} would lose ${usd(p.userLossAtStop)} at the stop (${p.userRiskPercent.toFixed(1)}% of capital), more than the ${p.riskPercent}% guideline; reduce it to ${p.recommendedLots >= 0.01 ? p.recommendedLots.toFixed(2) : '0.01 or skip the trade'}.`;
  return [
    `With ${usd(capital)} capital, risk ${p.riskPercent}% per trade: ${usd(p.moneyAtRisk)}.`,
    `The stop is ${p.stopPips.toFixed(1)} pips away; assuming about ${usd(p.pipValuePerLot)} per pip for one standard lot (true for pairs quoted in USD such as EURUSD; other pairs and gold differ), 0.01 lots lose ${usd(0.01 * p.stopPips * p.pipValuePerLot)} at the stop.`,
    fits,
    user,
  ].join(' ');
}
