/**
 * The one-process server of `npm run bench:api` (started by it, not by hand): PipLens as
 * `npm start` runs it without DATABASE_URL (ROLE=all, the embedded database on disk, the engine in
 * its pool with the server's default thread count), in a process of its own, so that the load's
 * client does not share its event loop and its RSS is the server's alone. The bench asks it for
 * traders over IPC (the embedded database has one owner) and tells it to stop.
 * Usage (by the bench): node --import tsx scripts/bench/one-process.ts [ENGINE_THREADS]
 */
import { serve } from '@hono/node-server';
import { createEnginePool } from '../../src/server/features/analysis/engine-pool';
import { parseEnv } from '../../src/server/env';
import { createBenchApp } from './bench-app';

export type OneProcessMessage =
  | { type: 'listening'; port: number; origin: string; threads: number }
  | { type: 'trader'; id: number; cookie: string };
export type OneProcessRequest = { type: 'trader'; id: number; premium: boolean } | { type: 'close' };

if (!process.send) throw new Error('one-process.ts is started by scripts/bench/api.ts');
const send = (message: OneProcessMessage) => process.send?.(message);

// ENGINE_THREADS from the bench (--engine-threads), else the server's default for ROLE=all.
const overrides: Record<string, string> = process.argv[2] ? { ENGINE_THREADS: process.argv[2] } : {};
const { ENGINE_THREADS: threads } = parseEnv({ ...overrides, APP_SECRET: 'bench-secret-bench-secret-bench-secret' });
const engine = createEnginePool({ threads });
const bench = await createBenchApp(overrides, { engine, onDisk: true });
const server = serve({ fetch: bench.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));

process.on('message', (request: OneProcessRequest) => {
  if (request.type === 'trader') {
    void bench.newTrader(request.premium).then((cookie) => send({ type: 'trader', id: request.id, cookie }));
    return;
  }
  server.close();
  void (async () => {
    await engine.close();
    await bench.close();
    process.exit(0);
  })();
});
send({ type: 'listening', port: (server.address() as { port: number }).port, origin: bench.env.APP_URL, threads });
