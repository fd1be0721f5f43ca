import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChartFacts } from '../../../shared/analysis';
import type { ChartLocationResponse, ChartReadout, PixelBox } from '../../../shared/crop';
import { testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';
import { LOCATE_BUSY_MESSAGE, MAX_RERUNS } from './analysis.routes';
import { rerunGrant, rerunGranted } from './crop';

interface Body {
  chart: (ChartFacts & { read?: ChartReadout }) | null;
  cached: boolean;
  rerunToken: string;
  rerunUntil: string;
}

const form = (image: Buffer, fields: Record<string, string> = {}) => {
  const body = new FormData();
  body.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

const analyse = (client: TestClient, image: Buffer, fields: Record<string, string> = {}) =>
  client.request('/api/analyses', { method: 'POST', body: form(image, fields) });

const usedToday = async (client: TestClient) =>
  ((await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number }).dailyAnalysisCount;

const shares = (box: PixelBox, size: { width: number; height: number }) =>
  [box.left / size.width, box.top / size.height, box.right / size.width, box.bottom / size.height]
    .map((v) => v.toFixed(5))
    .join(',');

async function signedIn(server: TestServer) {
  const client = new TestClient(server);
  await signUp(client);
  return client;
}

describe('re-run grants', () => {
  const now = new Date('2026-11-24T06:00:00Z');
  const { rerunToken } = rerunGrant('secret-one', 'user-1', 'sha-a', now);

  it('hold for the same trader and upload for 10 minutes', () => {
    expect(rerunGranted('secret-one', rerunToken, 'user-1', 'sha-a', new Date(now.getTime() + 9 * 60_000))).toBe(true);
    expect(rerunGranted('secret-one', rerunToken, 'user-1', 'sha-a', new Date(now.getTime() + 11 * 60_000))).toBe(
      false,
    );
  });

  it('hold on an instance whose clock runs a few seconds behind the one that signed', () => {
    expect(rerunGranted('secret-one', rerunToken, 'user-1', 'sha-a', new Date(now.getTime() - 3_000))).toBe(true);
  });

  it('cannot be moved to another upload, another trader, another server or a later time', () => {
    expect(rerunGranted('secret-one', rerunToken, 'user-1', 'sha-b', now)).toBe(false);
    expect(rerunGranted('secret-one', rerunToken, 'user-2', 'sha-a', now)).toBe(false);
    expect(rerunGranted('secret-two', rerunToken, 'user-1', 'sha-a', now)).toBe(false);
    const [, signature] = rerunToken.split('.');
    expect(rerunGranted('secret-one', `${now.getTime() + 9 * 60_000 + 1}.${signature}`, 'user-1', 'sha-a', now)).toBe(
      false,
    );
    expect(rerunGranted('secret-one', undefined, 'user-1', 'sha-a', now)).toBe(false);
  });
});

describeEachDatabase('crop and confirm', (server) => {
  it('locates the chart without taking a daily slot', async () => {
    const client = await signedIn(server());
    const { image } = await testChart();
    const response = await client.request('/api/analyses/locate', { method: 'POST', body: form(image) });
    expect(response.status).toBe(200);
    const found = (await response.json()) as ChartLocationResponse;
    expect(found.image).toEqual({ width: 1280, height: 800 });
    expect(found.chart).not.toBeNull();
    const chart = found.chart as PixelBox;
    expect(chart.left).toBeGreaterThanOrEqual(0);
    expect(chart.right).toBeLessThanOrEqual(1280);
    expect(chart.right - chart.left).toBeGreaterThan(600);
    expect(await usedToday(client)).toBe(0);

    const text = await client.request('/api/analyses/locate', {
      method: 'POST',
      body: form(Buffer.from('not a picture')),
    });
    expect(text.status).toBe(415);
  });

  it('analyses the crop, reports what it read in the whole picture, and a re-run on a crop of the same upload takes no second slot', async () => {
    const client = await signedIn(server());
    const { image, truth } = await testChart(14);
    const found = (await (
      await client.request('/api/analyses/locate', { method: 'POST', body: form(image) })
    ).json()) as ChartLocationResponse;
    const chart = found.chart as PixelBox;

    const first = await analyse(client, image, { crop: shares(chart, found.image) });
    expect(first.status).toBe(200);
    const body = (await first.json()) as Body;
    expect(await usedToday(client)).toBe(1);
    expect(body.chart?.image).toEqual({ width: 1280, height: 800 });
    const crop = body.chart?.read?.crop as PixelBox;
    expect(Math.abs(crop.left - chart.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(crop.top - chart.top)).toBeLessThanOrEqual(1);
    // The labels read sit inside the crop, in the whole picture's rows, and the fitted ones agree with the scale.
    const labels = body.chart?.read?.labels ?? [];
    expect(labels.filter((l) => l.value !== null).length).toBeGreaterThanOrEqual(3);
    const scale = body.chart?.scale;
    if (!scale) throw new Error('no scale');
    for (const label of labels.filter((l) => l.value !== null)) {
      expect(label.y).toBeGreaterThanOrEqual(crop.top);
      expect(label.y).toBeLessThanOrEqual(crop.bottom);
      const step = Math.abs(scale.slope) * 40;
      expect(Math.abs(scale.slope * label.y + scale.intercept - (label.value as number))).toBeLessThan(step);
    }
    expect(Math.abs((body.chart?.lastPrice ?? 0) - truth.lastPrice)).toBeLessThan((truth.high - truth.low) * 0.03);

    // The right 85 % of the chart (the axis and the latest bars): fewer bars are read, no slot is taken.
    const narrower = { ...chart, left: Math.round(chart.left + (chart.right - chart.left) * 0.15) };
    const rerun = await analyse(client, image, { crop: shares(narrower, found.image), rerunToken: body.rerunToken });
    expect(rerun.status, await rerun.clone().text()).toBe(200);
    const rerunBody = (await rerun.json()) as Body;
    expect(rerunBody.cached).toBe(false);
    expect(rerunBody.chart?.candles ?? 0).toBeLessThan(body.chart?.candles ?? 0);
    expect(rerunBody.rerunUntil).toBe(body.rerunUntil);
    expect(await usedToday(client)).toBe(1);

    // The same grant does not cover another upload, nor does a made-up one.
    const other = (await testChart(15)).image;
    expect((await analyse(client, other, { rerunToken: body.rerunToken })).status).toBe(200);
    expect(await usedToday(client)).toBe(2);
    const forged = `${Date.now() + 60_000}.${'A'.repeat(43)}`;
    expect((await analyse(client, (await testChart(16)).image, { rerunToken: forged })).status).toBe(200);
    expect(await usedToday(client)).toBe(3);
  }, 120_000);

  it('locates only for a trader who may analyse, one picture at work and the next waiting', async () => {
    const { image } = await testChart();
    // An address not yet confirmed has no session to ask with.
    const unconfirmed = new TestClient(server());
    await signUp(unconfirmed, { confirm: false });
    expect((await unconfirmed.request('/api/analyses/locate', { method: 'POST', body: form(image) })).status).toBe(401);

    const client = await signedIn(server());
    // A large picture takes the engine a while: the next picture waits for it (a trader who picks
    // another at once), and one more while both are there is refused.
    const large = await sharp(image).resize({ width: 5120 }).png().toBuffer();
    const all = await Promise.all(
      [0, 1, 2].map(() => client.request('/api/analyses/locate', { method: 'POST', body: form(large) })),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    const refused = all.find((r) => r.status === 429) as Response;
    expect(await refused.json()).toEqual({ error: { code: 'LOCATE_BUSY', message: LOCATE_BUSY_MESSAGE } });
    expect((await client.request('/api/analyses/locate', { method: 'POST', body: form(image) })).status).toBe(200);
  }, 60_000);

  it('gives no new grant with a cached answer, so sending the same upload again cannot renew one', async () => {
    const client = await signedIn(server());
    const { image } = await testChart(17);
    const first = (await (await analyse(client, image)).json()) as Body;
    expect(first.rerunToken).toEqual(expect.any(String));
    expect(await usedToday(client)).toBe(1);
    // The same upload and settings again: the cached answer, and no grant with it.
    const again = (await (await analyse(client, image)).json()) as Partial<Body>;
    expect(again.cached).toBe(true);
    expect(again.rerunToken).toBeUndefined();
    // With the grant it came with, a cached answer hands that same grant back, unchanged.
    const withGrant = (await (await analyse(client, image, { rerunToken: first.rerunToken })).json()) as Body;
    expect(withGrant.cached).toBe(true);
    expect(withGrant.rerunUntil).toBe(first.rerunUntil);
    expect(await usedToday(client)).toBe(1);
  }, 60_000);

  it('covers a few re-runs with one grant, not every crop of the upload', async () => {
    const client = await signedIn(server());
    const { image } = await testChart(18);
    const first = (await (await analyse(client, image)).json()) as Body;
    expect(await usedToday(client)).toBe(1);
    // Five re-runs on crops of the same upload, each a little narrower from the left: no slot.
    for (let k = 1; k <= MAX_RERUNS; k++) {
      const crop = `${(0.02 * k).toFixed(5)},0.00000,1.00000,1.00000`;
      const rerun = await analyse(client, image, { crop, rerunToken: first.rerunToken });
      expect(rerun.status, await rerun.clone().text()).toBe(200);
    }
    expect(await usedToday(client)).toBe(1);
    // The next one is an analysis like any other.
    expect(
      (await analyse(client, image, { crop: '0.15000,0.00000,1.00000,1.00000', rerunToken: first.rerunToken })).status,
    ).toBe(200);
    expect(await usedToday(client)).toBe(2);
  }, 120_000);

  it('refuses a crop outside the picture or too small to hold a chart', async () => {
    const client = await signedIn(server());
    const { image } = await testChart();
    for (const crop of ['0,0,1.2,1', '0.5,0.5,0.52,0.9', 'a,b,c,d', '0,0,1']) {
      const response = await analyse(client, image, { crop });
      expect(response.status, crop).toBe(400);
    }
    expect(await usedToday(client)).toBe(0);
  });
});
