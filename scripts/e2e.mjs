// `npm run test:e2e`: build the app, find a Chromium, pick a free port and run Playwright against
// the built server started as in production with a fresh DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';

async function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

await build();
const env = {
  ...process.env,
  CHROMIUM_PATH: await findChromium(),
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'piplens-e2e-')),
};
console.log(`e2e: Chromium at ${env.CHROMIUM_PATH}, server on port ${env.E2E_PORT}, data in ${env.E2E_DATA_DIR}`);
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
child.on('exit', (code) => process.exit(code ?? 1));
