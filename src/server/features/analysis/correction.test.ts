import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { AnalysisResult, ChartFacts, CorrectableChart } from '../../../shared/analysis';
import { CORRECTION_MESSAGES, correctionField, type Correction } from '../../../shared/correction';
import { analyse } from '../../test/analyses';
import { chartWithoutAxis, testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';

interface Body {
  id: string;
  result: AnalysisResult;
  chart: ChartFacts | null;
  rerunToken: string;
}
interface Refused {
  error: { code: string; message: string; details?: { correctable?: CorrectableChart } };
}

const usedToday = async (client: TestClient) =>
  ((await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number }).dailyAnalysisCount;

async function signedIn(server: TestServer) {
  const client = new TestClient(server);
  await signUp(client);
  return client;
}

/** Two points on a reading's own scale, as the trader marks them: shares of the picture's height. */
function pointsOn(chart: ChartFacts, prices: [number, number]): NonNullable<Correction['scale']> {
  const { slope, intercept } = chart.scale as { slope: number; intercept: number };
  return prices.map((price) => ({ y: (price - intercept) / slope / chart.image.height, price })) as NonNullable<
    Correction['scale']
  >;
}

describeEachDatabase("the trader's correction", (server) => {
  it('sets the scale of a chart whose axis PipLens refused: an analysis on the chart, said to be set by the trader', async () => {
    const client = await signedIn(server());
    const { truth, image } = await testChart();
    const read = (await (await analyse(client, image)).json()) as Body;
    const chart = read.chart as ChartFacts;
    expect(await usedToday(client)).toBe(1);

    const refused = await analyse(client, await chartWithoutAxis());
    expect(refused.status).toBe(422);
    const { error } = (await refused.json()) as Refused;
    const correctable = error.details?.correctable as CorrectableChart;
    expect(correctable.image).toEqual(chart.image);
    expect(correctable.plot.right).toBeGreaterThan(correctable.plot.left);
    // A refusal takes no slot.
    expect(await usedToday(client)).toBe(1);

    const scale = pointsOn(chart, [Number(chart.high.toFixed(2)), Number(chart.low.toFixed(2))]);
    const corrected = await analyse(client, await chartWithoutAxis(), { correction: correctionField({ scale }) });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    const body = (await corrected.json()) as Body;
    expect(body.result.setByTrader).toEqual({ scale: true, lastPrice: null });
    // The bars read without an axis (no tag to settle the last close on): within 3% of the chart's span.
    expect(Math.abs((body.chart?.lastPrice ?? 0) - truth.lastPrice)).toBeLessThan((truth.high - truth.low) * 0.03);
    for (const level of [body.result.entryPoint, body.result.stopLoss, body.result.takeProfit].map(Number)) {
      expect(level).toBeGreaterThan(truth.low - (truth.high - truth.low));
      expect(level).toBeLessThan(truth.high + (truth.high - truth.low));
    }
    expect(await usedToday(client)).toBe(2);
  }, 120_000);

  it('re-reads with the last price the trader set, as the same analysis for the daily count, kept in the history', async () => {
    const client = await signedIn(server());
    const { image } = await testChart(21);
    const first = (await (await analyse(client, image)).json()) as Body;
    const chart = first.chart as ChartFacts;
    expect(await usedToday(client)).toBe(1);

    const lastPrice = Number((chart.low + (chart.high - chart.low) * 0.3).toFixed(chart.precision));
    const fields = { correction: correctionField({ lastPrice }), rerunToken: first.rerunToken };
    const corrected = (await (await analyse(client, image, fields)).json()) as Body;
    expect(corrected.chart?.lastPrice).toBe(lastPrice);
    expect(corrected.chart?.scale).toEqual(chart.scale);
    expect(corrected.result.setByTrader).toEqual({ scale: false, lastPrice });
    expect(await usedToday(client)).toBe(1);

    expect((await client.request(`/api/history/${corrected.id}`, { method: 'POST' })).status).toBe(200);
    const history = (await (await client.request('/api/history')).json()) as {
      items: { id: string; result: AnalysisResult }[];
    };
    expect(history.items.find((item) => item.id === corrected.id)?.result.setByTrader).toEqual({
      scale: false,
      lastPrice,
    });
  }, 120_000);

  it("refuses a correction that cannot stand with the trader's message, and takes no slot", async () => {
    const client = await signedIn(server());
    const { image } = await testChart(22);
    const chart = ((await (await analyse(client, image)).json()) as Body).chart as ChartFacts;
    expect(await usedToday(client)).toBe(1);
    const [high, low] = [chart.high, chart.low];
    const cases: [Correction | string, string | RegExp][] = [
      [
        {
          scale: [
            { y: 0.4, price: high },
            { y: 0.41, price: low },
          ],
        },
        CORRECTION_MESSAGES.sameHeight,
      ],
      [
        {
          scale: [
            { y: 0.2, price: low },
            { y: 0.7, price: high },
          ],
        },
        CORRECTION_MESSAGES.wrongOrder,
      ],
      [
        {
          scale: pointsOn(chart, [high, low]).map((p) => ({ ...p, price: p.price * 100 })) as NonNullable<
            Correction['scale']
          >,
        },
        /far from the prices/,
      ],
      [{ lastPrice: high * 2 }, /must lie within the chart’s scale/],
      ['{"lastPrice":', CORRECTION_MESSAGES.invalid],
    ];
    for (const [correction, message] of cases) {
      const response = await analyse(client, image, {
        correction: typeof correction === 'string' ? correction : correctionField(correction),
      });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as Refused;
      expect(error.code).toBe('CORRECTION_INVALID');
      expect(error.message).toMatch(message);
    }
    expect(await usedToday(client)).toBe(1);
  }, 120_000);

  it('takes the points in the whole picture when the trader cropped it', async () => {
    const client = await signedIn(server());
    const { image: chartOnly, truth } = await testChart(23);
    // A band above the chart (a phone's status bar), which the trader crops away.
    const image = await sharp(chartOnly).extend({ top: 100, background: '#ffffff' }).png().toBuffer();
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const chart = ((await (await analyse(client, image)).json()) as Body).chart as ChartFacts;
    const crop = `0.00000,${(100 / height).toFixed(5)},1.00000,1.00000`;
    const scale = pointsOn(chart, [Number(chart.high.toFixed(2)), Number(chart.low.toFixed(2))]);
    const response = await analyse(client, image, { crop, correction: correctionField({ scale }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.chart?.image).toEqual({ width, height });
    // The scale comes back in the whole picture's rows: the same line the trader marked.
    expect(body.chart?.scale?.slope).toBeCloseTo(chart.scale?.slope ?? 0, 8);
    expect(body.chart?.scale?.intercept).toBeCloseTo(chart.scale?.intercept ?? 0, 4);
    expect(Math.abs((body.chart?.lastPrice ?? 0) - truth.lastPrice)).toBeLessThan((truth.high - truth.low) * 0.02);
  }, 120_000);
});
