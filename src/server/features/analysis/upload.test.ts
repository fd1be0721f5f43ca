import { expect, it } from 'vitest';
import { testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient } from '../../test/harness';
import { badUploads } from './bad-uploads';

describeEachDatabase('upload checks', (server) => {
  async function upload(client: TestClient, bytes: Buffer, name: string, type: string) {
    const form = new FormData();
    form.set('chartImage', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await client.request('/api/analyses', { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as { error: { message: string } } };
  }

  it('refuses each bad upload with its 4xx and message, without using a slot', async () => {
    const client = new TestClient(server());
    await signUp(client);
    const { image } = await testChart();
    for (const { label, bytes, type, status, message } of badUploads(image)) {
      const result = await upload(client, bytes, 'chart.png', type);
      expect({ label, status: result.status, message: result.body.error.message }).toEqual({ label, status, message });
    }
    const missing = await client.request('/api/analyses', { method: 'POST', body: new FormData() });
    expect(missing.status).toBe(400);
    const state = (await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number };
    expect(state.dailyAnalysisCount).toBe(0);
  });
});
