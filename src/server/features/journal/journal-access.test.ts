import sharp from 'sharp';
import { expect, it } from 'vitest';
import { JOURNAL_MESSAGES, MAX_TRADE_PHOTOS, outcomeExitMessage, type Journal, type Trade } from '../../../shared/journal';
import { describeEachDatabase, TestClient } from '../../test/harness';
import { hoursAgo, journalTrader } from '../../test/journal';
import { UPLOAD_INVALID_MESSAGE } from '../analysis/upload';

const LEVELS = { symbol: 'EURUSD', direction: 'buy', entry: 1.1, stop: 1.095, target: 1.11, lotSize: 0.1 };

const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();

const photoForm = (bytes: Buffer, phase = 'after', type = 'image/png') => {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type }), 'trade.png');
  form.set('phase', phase);
  return form;
};

const journalOf = async (client: TestClient, query = '') => (await (await client.request(`/api/journal${query}`)).json()) as Journal;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; details?: unknown } }).error;

describeEachDatabase('journal authorization', (server) => {
  it("hides another trader's trades and pictures and refuses every change to them", async () => {
    const owner = await journalTrader(server());
    const other = await journalTrader(server());
    await other.subscribe();
    const trade = await owner.open({ ...LEVELS, openedAt: hoursAgo(2) });
    const added = await owner.client.request(`/api/journal/trades/${trade.id}/photos`, { body: photoForm(await picture()) });
    expect(added.status).toBe(201);
    const [photo] = ((await added.json()) as Trade).photos;
    expect(photo?.url).toBe(`/api/journal/photos/${photo?.id}`);

    const visitor = other.client;
    expect((await journalOf(visitor)).trades).toEqual([]);
    expect(await (await visitor.request('/api/journal/trades.csv')).text()).not.toContain(trade.id);
    const attempts = [
      visitor.request(`/api/journal/trades/${trade.id}`, { method: 'PATCH', json: { version: 0, notes: 'mine now' } }),
      visitor.request(`/api/journal/trades/${trade.id}/close`, { json: { version: 0, outcome: 'target', closedAt: hoursAgo(1) } }),
      visitor.request(`/api/journal/trades/${trade.id}`, { method: 'DELETE' }),
      visitor.request(`/api/journal/trades/${trade.id}/photos`, { body: photoForm(await picture()) }),
      visitor.request(`/api/journal/photos/${photo?.id}`),
      visitor.request(`/api/journal/photos/${photo?.id}`, { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);

    // A trade from another trader's analysis is forbidden outright.
    const theirs = await owner.analysis();
    const forbidden = await other.take({ ...LEVELS, analysisId: theirs, openedAt: hoursAgo(1) });
    expect(forbidden.status).toBe(403);
    expect(await errorOf(forbidden)).toMatchObject({ code: 'NOT_YOURS', message: JOURNAL_MESSAGES.notYours });

    // The owner's trade and picture are as they were.
    const [mine] = (await journalOf(owner.client)).trades;
    expect(mine).toMatchObject({ id: trade.id, status: 'open', notes: '', version: 0 });
    expect(mine?.photos).toHaveLength(1);
    const image = await owner.client.request(`/api/journal/photos/${photo?.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  }, 60_000);

  it('answers 401 on every journal route when signed out', async () => {
    const anonymous = new TestClient(server());
    const calls = [
      anonymous.request('/api/journal'),
      anonymous.request('/api/journal/trades.csv'),
      anonymous.request('/api/journal/trades', { json: { decision: 'skipped', analysisId: 'x' } }),
      anonymous.request('/api/journal/trades/x', { method: 'PATCH', json: { version: 0 } }),
      anonymous.request('/api/journal/trades/x/close', { json: { version: 0, outcome: 'stop', closedAt: hoursAgo(1) } }),
      anonymous.request('/api/journal/trades/x', { method: 'DELETE' }),
      anonymous.request('/api/journal/trades/x/photos', { body: photoForm(await picture()) }),
      anonymous.request('/api/journal/photos/x'),
      anonymous.request('/api/journal/photos/x', { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it('marks analyses that became trades in the history, and on the owner\'s shared link only', async () => {
    const trader = await journalTrader(server());
    await trader.subscribe();
    const taken = await trader.analysis();
    const skipped = await trader.analysis();
    const untouched = await trader.analysis();
    await trader.take({ ...LEVELS, analysisId: taken, openedAt: hoursAgo(1) });
    expect((await trader.client.request('/api/journal/trades', { json: { decision: 'skipped', analysisId: skipped } })).status).toBe(201);
    const { items } = (await (await trader.client.request('/api/history')).json()) as { items: { id: string; trade: { status: string } | null }[] };
    const mark = (id: string) => items.find((i) => i.id === id)?.trade?.status ?? null;
    expect([mark(taken), mark(skipped), mark(untouched)]).toEqual(['open', 'skipped', null]);

    const { shareToken } = (await (await trader.client.request(`/api/history/${taken}/share`, { method: 'PUT' })).json()) as { shareToken: string };
    const own = (await (await trader.client.request(`/api/shared/${shareToken}`)).json()) as { own: unknown };
    expect(own.own).toMatchObject({ analysisId: taken, trade: { status: 'open' } });
    const stranger = (await (await new TestClient(server()).request(`/api/shared/${shareToken}`)).json()) as { own: unknown };
    expect(stranger).not.toHaveProperty('own');
  }, 60_000);
});

describeEachDatabase('journal bad inputs', (server) => {
  it('refuses levels, sizes and times that cannot be, and changes nothing', async () => {
    const trader = await journalTrader(server());
    const analysisId = await trader.analysis();
    const refusals: [Record<string, unknown>, string][] = [
      [{ stop: 1.1 }, JOURNAL_MESSAGES.stopAtEntry],
      [{ stop: 1.105 }, JOURNAL_MESSAGES.buyStop],
      [{ direction: 'sell', stop: 1.105, target: 1.11 }, JOURNAL_MESSAGES.sellTarget],
      [{ openedAt: new Date(Date.now() + 86_400_000).toISOString() }, JOURNAL_MESSAGES.openedInFuture],
      [{ symbol: 'OTHER' }, JOURNAL_MESSAGES.otherSizes],
    ];
    for (const [change, message] of refusals) {
      const response = await trader.take({ ...LEVELS, analysisId, openedAt: hoursAgo(1), ...change });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'TRADE_INVALID', message });
    }
    const zeroLot = await trader.take({ ...LEVELS, analysisId, openedAt: hoursAgo(1), lotSize: 0 });
    expect(zeroLot.status).toBe(400);
    expect(JSON.stringify(await errorOf(zeroLot))).toContain(JOURNAL_MESSAGES.lotSize);
    expect((await journalOf(trader.client)).trades).toEqual([]);

    // The analysis is still free to take, once; a second take (a double click) is told.
    const [first, second] = await Promise.all([
      trader.take({ ...LEVELS, analysisId, openedAt: hoursAgo(3) }),
      trader.take({ ...LEVELS, analysisId, openedAt: hoursAgo(3) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect((await journalOf(trader.client)).trades).toHaveLength(1);
  }, 60_000);

  it('closes at the target only at the target, never in the future or before the opening', async () => {
    const trader = await journalTrader(server());
    const trade = await trader.open({ ...LEVELS, openedAt: hoursAgo(3) });
    const bad: [Record<string, unknown>, string][] = [
      [{ outcome: 'target', exitPrice: 1.105, closedAt: hoursAgo(1) }, outcomeExitMessage('target', 1.11)],
      [{ outcome: 'stop', exitPrice: 1.09, closedAt: hoursAgo(1) }, outcomeExitMessage('stop', 1.095)],
      [{ outcome: 'manual', closedAt: hoursAgo(1) }, JOURNAL_MESSAGES.exitMissing],
      [{ outcome: 'manual', exitPrice: 1.102, closedAt: new Date(Date.now() + 3_600_000).toISOString() }, JOURNAL_MESSAGES.closedInFuture],
      [{ outcome: 'manual', exitPrice: 1.102, closedAt: hoursAgo(4) }, JOURNAL_MESSAGES.closedBeforeOpened],
    ];
    for (const [body, message] of bad) {
      const response = await trader.close(trade, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'TRADE_INVALID', message });
    }
    const [unchanged] = (await journalOf(trader.client)).trades;
    expect(unchanged).toMatchObject({ status: 'open', version: 0, exitPrice: null, closedAt: null });
    // A manual close may take any price, even beyond the target.
    const done = await trader.closed(trade, { outcome: 'manual', exitPrice: 1.12, closedAt: hoursAgo(1) });
    expect(done.figures?.r).toBeCloseTo(4, 9);
  }, 60_000);

  it('lets one of two tabs close a trade and tells the other', async () => {
    const trader = await journalTrader(server());
    const trade = await trader.open({ ...LEVELS, openedAt: hoursAgo(3) });
    const [a, b] = await Promise.all([
      trader.close(trade, { outcome: 'target', closedAt: hoursAgo(1) }),
      trader.close(trade, { outcome: 'stop', closedAt: hoursAgo(1) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await errorOf(loser)).toMatchObject({ code: 'TRADE_CHANGED', message: JOURNAL_MESSAGES.changedElsewhere });
    const [closed] = (await journalOf(trader.client)).trades;
    expect(closed).toMatchObject({ status: 'closed', version: 1 });
    // An edit from a tab that still holds version 0 is told too.
    const stale = await trader.client.request(`/api/journal/trades/${trade.id}`, { method: 'PATCH', json: { version: 0, notes: 'late' } });
    expect(stale.status).toBe(409);
    expect((await journalOf(trader.client)).trades[0]?.notes).toBe('');
  }, 60_000);

  it('edits a closed trade as a whole: the target exit follows the target', async () => {
    const trader = await journalTrader(server());
    const trade = await trader.open({ ...LEVELS, openedAt: hoursAgo(3) });
    const done = await trader.closed(trade, { outcome: 'target', closedAt: hoursAgo(1) });
    const edit = (json: Record<string, unknown>) => trader.client.request(`/api/journal/trades/${trade.id}`, { method: 'PATCH', json });
    const moved = await edit({ version: done.version, target: 1.115 });
    expect(moved.status).toBe(200);
    expect((await moved.json()) as Trade).toMatchObject({ exitPrice: 1.115, figures: { r: 3 }, version: 2 });
    const wrong = await edit({ version: 2, stop: 1.1 });
    expect(await errorOf(wrong)).toMatchObject({ code: 'TRADE_INVALID', message: JOURNAL_MESSAGES.stopAtEntry });
  }, 60_000);

  it('keeps pictures as uploads are checked, at most six a trade', async () => {
    const trader = await journalTrader(server());
    const trade = await trader.open({ ...LEVELS, openedAt: hoursAgo(3) });
    const notImage = await trader.client.request(`/api/journal/trades/${trade.id}/photos`, {
      body: photoForm(Buffer.from('GIF89a not a chart'), 'before', 'image/gif'),
    });
    expect(notImage.status).toBe(415);
    expect((await errorOf(notImage)).message).toBe(UPLOAD_INVALID_MESSAGE);
    const badPhase = await trader.client.request(`/api/journal/trades/${trade.id}/photos`, { body: photoForm(await picture(), 'someday') });
    expect(badPhase.status).toBe(400);
    for (let i = 0; i < MAX_TRADE_PHOTOS; i += 1) {
      expect((await trader.client.request(`/api/journal/trades/${trade.id}/photos`, { body: photoForm(await picture(), 'during') })).status).toBe(201);
    }
    const seventh = await trader.client.request(`/api/journal/trades/${trade.id}/photos`, { body: photoForm(await picture()) });
    expect(await errorOf(seventh)).toMatchObject({ code: 'TRADE_INVALID', message: JOURNAL_MESSAGES.tooManyPhotos });
    expect((await journalOf(trader.client)).trades[0]?.photos).toHaveLength(MAX_TRADE_PHOTOS);
  }, 60_000);

  it('after the trial: no new trades, open ones can still be closed, the last 10 days shown, export for Premium', async () => {
    const trader = await journalTrader(server());
    const trade = await trader.open({ ...LEVELS, openedAt: hoursAgo(30) });
    const old = await trader.open({ ...LEVELS, openedAt: hoursAgo(24 * 12) });
    await trader.lapse();
    const refused = await trader.take({ ...LEVELS, analysisId: await trader.analysis(), openedAt: hoursAgo(1) });
    expect(await errorOf(refused)).toMatchObject({ code: 'ACCESS_NEEDED', message: JOURNAL_MESSAGES.accessNeeded });
    const journal = await journalOf(trader.client);
    expect(journal).toMatchObject({ canAdd: false, window: { premium: false, days: 10 } });
    expect(journal.trades.map((t) => t.id)).toEqual([trade.id]);
    expect((await trader.close(trade, { outcome: 'stop', closedAt: hoursAgo(1) })).status).toBe(200);
    const csv = await trader.client.request('/api/journal/trades.csv');
    expect(await errorOf(csv)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: JOURNAL_MESSAGES.exportPremium });

    await trader.subscribe();
    const all = await journalOf(trader.client);
    expect(all.trades.map((t) => t.id)).toEqual([trade.id, old.id]);
    const exported = await trader.client.request('/api/journal/trades.csv?direction=buy');
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await exported.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^id,status,symbol,direction/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([trade.id, old.id]);
    expect(lines[1]).toContain(',stop,1.095,');
    expect(lines[1]).toContain(',-1.0000,-50.00,-50.00,');
  }, 60_000);
});
