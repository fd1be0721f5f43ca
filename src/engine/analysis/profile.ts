/** How the user's time frame and strategies shape the analysis parameters. */
import { parseStrategies, type AnalysisSettings, type StrategyKey, type TimeFrame } from '../../shared/analysis.js';

export type Horizon = 'scalp' | 'day' | 'swing' | 'position';

export interface Profile {
  horizon: Horizon;
  strategies: StrategyKey[];
  /** Bars either side that make a swing point. */
  swingWindow: number;
  /** Stop distance in ATRs when no nearby swing gives a better one. */
  atrMultiple: number;
}

const HORIZON_OF_TIME_FRAME: Record<TimeFrame, Horizon> = {
  '1m': 'scalp',
  '5m': 'scalp',
  '10m': 'day',
  '15m': 'day',
  '20m': 'day',
  '1h': 'day',
  '2h': 'swing',
  '4h': 'swing',
  '5h': 'swing',
  '1d': 'position',
};

/** Scalpers take tight stops on small swings; position traders give the trade room. */
const PARAMS: Record<Horizon, { swingWindow: number; atrMultiple: number }> = {
  scalp: { swingWindow: 2, atrMultiple: 1 },
  day: { swingWindow: 3, atrMultiple: 1.5 },
  swing: { swingWindow: 4, atrMultiple: 2 },
  position: { swingWindow: 5, atrMultiple: 2.5 },
};

export function buildProfile(settings: Pick<AnalysisSettings, 'timeFrame' | 'tradingStrategy'>, candleCount: number): Profile {
  const strategies = parseStrategies(settings.tradingStrategy);
  let horizon = HORIZON_OF_TIME_FRAME[settings.timeFrame];
  if (strategies.includes('scalping')) horizon = 'scalp';
  else if (strategies.includes('positionTrading')) horizon = 'position';
  else if (strategies.includes('swingTrading')) horizon = 'swing';
  else if (strategies.includes('dayTrading')) horizon = 'day';
  const params = PARAMS[horizon];
  // Few candles cannot support wide swing windows.
  const swingWindow = Math.max(2, Math.min(params.swingWindow, Math.floor(candleCount / 12)));
  return { horizon, strategies: strategies.length ? strategies : ['auto'], swingWindow, atrMultiple: params.atrMultiple };
}
