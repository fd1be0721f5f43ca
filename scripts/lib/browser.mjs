// What every script that drives Chromium needs: where Chromium is, DESIGN.md's flags, a free port,
// and a wait for the built server to answer /api/health.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the Chromium shipped in @sparticuz/chromium. */
export async function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `${baseUrl}/api/health` answers 200; fails early if the server process exits. */
export async function waitForHealth(baseUrl, server, { attempts = 240, intervalMs = 250 } = {}) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (server && server.exitCode !== null) throw new Error(`the built server exited with status ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error('the built server did not become healthy');
}
