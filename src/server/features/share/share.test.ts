import { expect, it } from 'vitest';
import { analyses, subscriptions } from '../../db/schema';
import { testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';
import { SHARE_PREMIUM_MESSAGE } from '../../../shared/share';

interface Trader {
  client: TestClient;
  id: string;
  email: string;
  name: string;
}

async function trader(server: TestServer, premium: boolean): Promise<Trader> {
  const client = new TestClient(server);
  const { email, name } = await signUp(client, { name: 'Sharing Trader' });
  const session = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
  if (premium) {
    await server.database.db
      .insert(subscriptions)
      .values({ userId: session.user.id, status: 'active', provider: 'flutterwave', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  }
  return { client, id: session.user.id, email, name };
}

async function analysisOf(client: TestClient): Promise<string> {
  const form = new FormData();
  form.set('chartImage', new Blob([new Uint8Array((await testChart()).image)], { type: 'image/png' }), 'chart.png');
  const response = await client.request('/api/analyses', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const share = (client: TestClient, id: string) => client.request(`/api/history/${id}/share`, { method: 'PUT' });

describeEachDatabase('shared analyses', (server) => {
  it('refuses a free trader with 403 and the Premium message', async () => {
    const free = await trader(server(), false);
    const id = await analysisOf(free.client);
    const response = await share(free.client, id);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'PREMIUM_REQUIRED', message: SHARE_PREMIUM_MESSAGE } });
    expect((await new TestClient(server()).request(`/api/history/${id}/share`, { method: 'PUT' })).status).toBe(401);
  }, 60_000);

  it('gives a Premium trader a read-only link anyone can open, without the owner, until it is revoked', async () => {
    const owner = await trader(server(), true);
    const id = await analysisOf(owner.client);

    const first = await share(owner.client, id);
    expect(first.status).toBe(200);
    const { shareToken } = (await first.json()) as { shareToken: string };
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Sharing again gives the same link; sharing also saves, so the owner can find and revoke it.
    expect(await (await share(owner.client, id)).json()).toEqual({ shareToken });
    const history = (await (await owner.client.request('/api/history')).json()) as { items: { id: string; shareToken: string | null }[] };
    expect(history.items).toEqual([expect.objectContaining({ id, shareToken })]);

    const visitor = new TestClient(server());
    const opened = await visitor.request(`/api/shared/${shareToken}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const text = await opened.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['chart', 'createdAt', 'result', 'settings', 'thumbnailUrl']);
    expect(body.result).toMatchObject({ modelName: 'PipLens chart engine' });
    for (const identity of [owner.id, owner.email, owner.name, id]) expect(text).not.toContain(identity);
    const thumbnail = await visitor.request(body.thumbnailUrl as string);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    // Nobody else can share or revoke the owner's analysis.
    const stranger = await trader(server(), true);
    expect((await share(stranger.client, id)).status).toBe(404);
    expect((await stranger.client.request(`/api/history/${id}/share`, { method: 'DELETE' })).status).toBe(404);
    expect((await visitor.request(`/api/shared/${shareToken}`)).status).toBe(200);

    expect((await owner.client.request(`/api/history/${id}/share`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await visitor.request(`/api/shared/${shareToken}`);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await visitor.request(`/api/shared/${shareToken}/thumbnail`)).status).toBe(404);

    // A new link after revoking is a different one; the old stays dead.
    const { shareToken: renewed } = (await (await share(owner.client, id)).json()) as { shareToken: string };
    expect(renewed).not.toBe(shareToken);
    expect((await visitor.request(`/api/shared/${renewed}`)).status).toBe(200);
    expect((await visitor.request(`/api/shared/${shareToken}`)).status).toBe(404);
  }, 60_000);

  it('gives the shared link and the history the result as stored, what the trader set included', async () => {
    const owner = await trader(server(), true);
    const id = await analysisOf(owner.client);
    const { eq } = await import('drizzle-orm');
    const [stored] = await server().database.db.select({ result: analyses.result }).from(analyses).where(eq(analyses.id, id));
    const setByTrader = { scale: true, lastPrice: 1.0853 };
    await server()
      .database.db.update(analyses)
      .set({ result: { ...(stored?.result as object), setByTrader } })
      .where(eq(analyses.id, id));
    const { shareToken } = (await (await share(owner.client, id)).json()) as { shareToken: string };
    const opened = (await (await new TestClient(server()).request(`/api/shared/${shareToken}`)).json()) as { result: unknown };
    expect(opened.result).toMatchObject({ setByTrader });
    const history = (await (await owner.client.request('/api/history')).json()) as { items: { result: unknown }[] };
    expect(history.items[0]?.result).toMatchObject({ setByTrader });
  }, 60_000);

  it('lets a trader revoke after their Premium ended and answers 404 to malformed tokens', async () => {
    const owner = await trader(server(), true);
    const id = await analysisOf(owner.client);
    const { shareToken } = (await (await share(owner.client, id)).json()) as { shareToken: string };
    const { eq } = await import('drizzle-orm');
    await server().database.db.delete(subscriptions).where(eq(subscriptions.userId, owner.id));
    expect((await owner.client.request(`/api/history/${id}/share`, { method: 'DELETE' })).status).toBe(204);
    expect((await new TestClient(server()).request(`/api/shared/${shareToken}`)).status).toBe(404);
    for (const bad of ['x', `${shareToken}x`, '%27%20or%201%3D1']) {
      expect((await new TestClient(server()).request(`/api/shared/${bad}`)).status).toBe(404);
    }
    // The share page itself asks search engines to stay away too.
    expect((await new TestClient(server()).request(`/share/${shareToken}`)).headers.get('x-robots-tag')).toBe('noindex, nofollow');
  }, 60_000);
});
