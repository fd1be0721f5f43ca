/** Journal tests' factories: a trader with analyses made directly in the database, trades through the API. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AnalysisResult } from '../../shared/analysis';
import type { Trade } from '../../shared/journal';
import { analyses, subscriptions, user } from '../db/schema';
import { ENGINE_MODEL_NAME } from '../features/analysis/analysis.service';
import { signUp, TestClient, type TestServer } from './harness';

const DAY_MS = 86_400_000;

export interface PlanFields {
  action?: 'buy' | 'sell' | 'wait';
  confidence?: number;
  engine?: boolean;
  timeFrame?: string;
  strategy?: string;
}

export async function journalTrader(server: TestServer) {
  const client = new TestClient(server);
  await signUp(client);
  const session = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
  const userId = session.user.id;
  const db = server.database.db;

  /** An analysis of this trader, as the analysis route would have saved it. */
  const analysis = async (plan: PlanFields = {}) => {
    const id = randomUUID();
    const result: AnalysisResult = {
      trend: 'uptrend',
      entryPoint: '1.1000',
      stopLoss: '1.0950',
      takeProfit: '1.1100',
      confidence: plan.confidence ?? 72,
      analysis: 'A drawn test plan.',
      recommendedAction: plan.action ?? 'buy',
      decisionRationales: ['Drawn for the test'],
      positionSizing: '0.10 lots',
    };
    await db.insert(analyses).values({
      id,
      userId,
      settings: { timeFrame: plan.timeFrame ?? '1h', riskReward: 2, capitalSize: 100, lotSize: 0.1, tradingStrategy: plan.strategy ?? 'auto' },
      result,
      modelName: plan.engine === false ? 'google/gemini-test' : ENGINE_MODEL_NAME,
      imageSha256: randomUUID(),
      saved: true,
    });
    return id;
  };

  const take = (body: Record<string, unknown>) => client.request('/api/journal/trades', { json: { decision: 'taken', ...body } });

  /** Takes a trade from a new analysis and answers the trade (throws on a refusal). */
  const open = async (levels: Record<string, unknown>, plan: PlanFields = {}) => {
    const response = await take({ analysisId: await analysis(plan), ...levels });
    if (response.status !== 201) throw new Error(`take failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Trade;
  };

  const close = (trade: Pick<Trade, 'id' | 'version'>, body: Record<string, unknown>) =>
    client.request(`/api/journal/trades/${trade.id}/close`, { json: { version: trade.version, ...body } });

  const closed = async (trade: Trade, body: Record<string, unknown>) => {
    const response = await close(trade, body);
    if (response.status !== 200) throw new Error(`close failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Trade;
  };

  const subscribe = (endsInDays = 30) =>
    db.insert(subscriptions).values({ userId, status: 'active', provider: 'flutterwave', currentPeriodEnd: new Date(Date.now() + endsInDays * DAY_MS) });

  /** The trial ended: confirmed more than the trial's length ago. */
  const lapse = () => db.update(user).set({ confirmedAt: new Date(Date.now() - 30 * DAY_MS) }).where(eq(user.id, userId));

  return { client, userId, analysis, take, open, close, closed, subscribe, lapse };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
