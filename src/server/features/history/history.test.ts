import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { analyses, subscriptions } from '../../db/schema';
import { analyse, type AnalysisBody } from '../../test/analyses';
import { testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';

const DAY_MS = 86_400_000;

/** A confirmed trader with two saved analyses, one of them dated `oldDays` ago. */
async function traderWithHistory(server: TestServer, oldDays: number) {
  const client = new TestClient(server);
  await signUp(client, { name: 'History Trader' });
  const session = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
  const { image } = await testChart();
  const ids: string[] = [];
  for (const lotSize of ['0.01', '0.02']) {
    const response = await analyse(client, image, { lotSize });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as AnalysisBody;
    expect((await client.request(`/api/history/${id}`, { method: 'POST' })).status).toBe(200);
    ids.push(id);
  }
  const [recent, old] = ids as [string, string];
  await server.database.db
    .update(analyses)
    .set({ createdAt: new Date(Date.now() - oldDays * DAY_MS) })
    .where(eq(analyses.id, old));
  const subscribe = (status: string, endsInDays: number) =>
    server.database.db
      .insert(subscriptions)
      .values({ userId: session.user.id, status, provider: 'flutterwave', currentPeriodEnd: new Date(Date.now() + endsInDays * DAY_MS) });
  const listed = async () => ((await (await client.request('/api/history')).json()) as { items: { id: string }[] }).items.map((item) => item.id);
  return { recent, old, subscribe, listed };
}

describeEachDatabase('history', (server) => {
  it('shows a free trader the last 10 days and a subscriber everything', async () => {
    const free = await traderWithHistory(server(), 11);
    expect(await free.listed()).toEqual([free.recent]);

    const premium = await traderWithHistory(server(), 11);
    await premium.subscribe('active', 30);
    expect(await premium.listed()).toEqual([premium.recent, premium.old]);
  }, 60_000);

  it('treats a lapsed or cancelled subscription as free', async () => {
    const lapsed = await traderWithHistory(server(), 11);
    await lapsed.subscribe('active', -1);
    expect(await lapsed.listed()).toEqual([lapsed.recent]);

    const cancelled = await traderWithHistory(server(), 11);
    await cancelled.subscribe('cancelled', 30);
    expect(await cancelled.listed()).toEqual([cancelled.recent]);
  }, 60_000);
});
