// `npm start`: build when the sources are newer than the last build, then run the server.
import { spawnSync } from 'node:child_process';
import { isStale } from './lib/freshness.mjs';
import { relaunchWithFewArenas } from './lib/malloc-arenas.mjs';

await relaunchWithFewArenas();

const INPUTS = ['src', 'drizzle', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'];

if (isStale('dist/.build-stamp', INPUTS)) {
  console.log('Building PipLens...');
  // A separate process: the build tools set NODE_ENV=production for themselves, which must not reach the server.
  const { status } = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
await import('../dist/server/index.js');
