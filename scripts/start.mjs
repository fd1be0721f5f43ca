// `npm start`: build when the sources are newer than the last build, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'drizzle', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (builtAt === 0 || INPUTS.some((input) => newestMtime(input) > builtAt)) {
  console.log('Building PipLens...');
  // A separate process: the build tools set NODE_ENV=production for themselves, which must not reach the server.
  const { status } = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
await import('../dist/server/index.js');
