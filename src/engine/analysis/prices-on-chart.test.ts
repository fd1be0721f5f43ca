/**
 * Issue 25: over the engine's fixture set, every price a result shows (entry, stop, target, and
 * the prices in its text and reasons) lies inside the chart's visible range with its margin, for
 * short and long horizons and risk/rewards from 1 to 5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { inBand, priceBand, pricesShown } from '../../shared/price-check.js';
import { chartSpecs, renderChart } from '../../../scripts/fixtures/render.js';
import { readChart, type ChartReading } from '../read-chart.js';
import { shutdownEngine, warmEngine } from '../index.js';
import { analyseSeries } from './index.js';

const CHARTS = 42;
const SETTINGS = [
  { riskReward: 1, timeFrame: '1m', tradingStrategy: 'scalping' },
  { riskReward: 2, timeFrame: '1h' },
  { riskReward: 2.5, timeFrame: '4h', capitalSize: 500, lotSize: 0.05 },
  { riskReward: 5, timeFrame: '1d', capitalSize: 5000, lotSize: 1 },
].map((s) => AnalysisSettingsSchema.parse(s));

const readings: { id: string; reading: ChartReading }[] = [];

beforeAll(async () => {
  await warmEngine();
  for (const spec of chartSpecs(CHARTS, 1)) {
    const chart = await renderChart(spec);
    readings.push({ id: spec.id, reading: await readChart(chart.image) });
  }
}, 170_000);

afterAll(async () => {
  await shutdownEngine();
});

describe('prices shown on the fixture set', () => {
  it('reads every chart of the set', () => {
    expect(readings).toHaveLength(CHARTS);
  });

  it('lie inside the visible range with its margin, in the levels, the text and the reasons', () => {
    const outside: string[] = [];
    let checked = 0;
    for (const { id, reading } of readings) {
      const lastPrice = reading.candles.at(-1)?.close ?? 0;
      const band = priceBand({
        high: Math.max(...reading.candles.map((c) => c.high)),
        low: Math.min(...reading.candles.map((c) => c.low)),
        lastPrice,
        scale: reading.scale,
        plot: reading.plot,
      });
      for (const settings of SETTINGS) {
        const { result } = analyseSeries(reading.candles, settings, reading.scale.precision);
        const shown = pricesShown(result, lastPrice);
        checked += shown.length;
        for (const { where, value } of shown) {
          if (!inBand(value, band)) outside.push(`${id} 1:${settings.riskReward} ${where} ${value} (${band.low}..${band.high})`);
        }
      }
    }
    expect(outside).toEqual([]);
    // Each result shows its three levels and more prices in its words.
    expect(checked).toBeGreaterThan(CHARTS * SETTINGS.length * 6);
  });
});
