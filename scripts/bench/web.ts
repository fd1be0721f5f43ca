/**
 * `npm run bench:web [runs]`: the production build served locally, measured in Chromium for /, /blog and
 * one article: the JavaScript and CSS each page loads (bytes after gzip -9, and as transferred; CSS inlined
 * in the HTML is counted apart), then
 * Lighthouse's mobile scores (its default mobile emulation and simulated throttling), the median of `runs`
 * runs (default 3). Run it under the dist lock: `flock /tmp/piplens-e2e.lock npm run bench:web`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium, freePort, waitForHealth } from '../lib/browser.mjs';

const PAGES = ['/', '/blog', '/blog/ai-forex-trading'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.argv[2] ?? 3);

interface Bytes {
  jsGzip: number;
  cssGzip: number;
  jsTransferred: number;
  cssTransferred: number;
  /** CSS inside the HTML (<style>), counted apart from the stylesheet files. */
  inlineCssGzip: number;
}

/** Every script and stylesheet the page requests until the network is idle. */
async function measureBytes(browser: Browser, url: string): Promise<Bytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: Promise<{ kind: 'js' | 'css'; gzip: number; transferred: number }>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    seen.push(
      (async () => {
        const response = await request.response();
        const body = response ? await response.body() : Buffer.alloc(0);
        const sizes = await request.sizes();
        return {
          kind: type === 'script' ? 'js' : 'css',
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const inlineCss = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => style.textContent).join(''),
  );
  const files = await Promise.all(seen);
  await context.close();
  const sum = (kind: 'js' | 'css', key: 'gzip' | 'transferred') =>
    files.filter((file) => file.kind === kind).reduce((total, file) => total + file[key], 0);
  return {
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    jsTransferred: sum('js', 'transferred'),
    cssTransferred: sum('css', 'transferred'),
    inlineCssGzip: inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0,
  };
}

async function lighthouseScores(port: number, url: string): Promise<Record<string, number>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories } = result.lhr;
  const failing = Object.values(result.lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => audit.id);
  if (failing.length > 0) console.log(`  ${new URL(url).pathname}: audits below 0.9: ${failing.join(', ')}`);
  return Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('Building the production bundle...');
const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-bench-web-'));
const server = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-web-secret-bench-web-secret-0123456789',
    PAYMENTS_MODE: 'live',
    LOG_LEVEL: 'warn',
  },
});

let browser: Browser | undefined;
try {
  await waitForHealth(base);
  const debuggingPort = await freePort();
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const rows: string[] = [];
  for (const pathname of PAGES) {
    const url = `${base}${pathname}`;
    const bytes = await measureBytes(browser, url);
    const runs: Record<string, number>[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseScores(debuggingPort, url));
    const scores = CATEGORIES.map((id) => `${id} ${median(runs.map((r) => r[id] ?? 0))}`).join(', ');
    const perfRuns = runs.map((r) => r.performance).join('/');
    rows.push(
      `${pathname.padEnd(24)} JS ${kb(bytes.jsGzip)} gzip (${kb(bytes.jsTransferred)} sent), CSS ${kb(bytes.cssGzip)} gzip in files (${kb(bytes.cssTransferred)} sent) + ${kb(bytes.inlineCssGzip)} gzip inline | Lighthouse mobile, median of ${RUNS}: ${scores} (performance runs ${perfRuns})`,
    );
  }
  console.log('\nPipLens public pages, production build on this machine:');
  for (const row of rows) console.log(row);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
