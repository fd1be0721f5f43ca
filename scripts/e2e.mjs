// `npm run test:e2e`: build the app, find a Chromium, pick a free port and run Playwright against
// the built server started as in production with a fresh DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { findChromium, freePort } from './lib/browser.mjs';

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
