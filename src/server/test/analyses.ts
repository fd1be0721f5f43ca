/** Posting analyses in the integration tests, and the answer's shape they read. */
import type { AnalysisResponse } from '../../shared/analysis';
import type { TestClient } from './harness';

/** The answer of POST /api/analyses, as the tests read it. */
export type AnalysisBody = AnalysisResponse;

/** POST /api/analyses with `image` and the dashboard's default settings, `settings` over them. */
export function analyse(client: TestClient, image: Buffer, settings: Record<string, string> = {}) {
  const form = new FormData();
  form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
  for (const [key, value] of Object.entries({ timeFrame: '1h', riskReward: '2', capitalSize: '100', lotSize: '0.01', tradingStrategy: 'auto', ...settings })) {
    form.set(key, value);
  }
  return client.request('/api/analyses', { method: 'POST', body: form });
}
