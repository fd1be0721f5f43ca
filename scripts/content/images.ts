/**
 * Makes the public site's images into src/web/public/images:
 * - blog covers: charts drawn by the fixture renderer, as 1200x630 WebP (the Open Graph size) plus a 600x315 copy;
 * - the home page's product screenshot: the real dashboard after an offline analysis, captured in Chromium
 *   from the built app (run `npm run build` first), as 1280x800 WebP plus a 640x400 copy.
 *
 * Usage: npx tsx scripts/content/images.ts [--covers] [--screenshot]   (both when neither is given)
 * The screenshot starts dist/server/index.js, so run it while no browser test is using dist/:
 *   flock /tmp/piplens-e2e.lock npx tsx scripts/content/images.ts --screenshot
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { BLOG_POSTS } from '../../src/shared/blog';
import { chartSpecs, renderChart, type ChartSpec } from '../fixtures/render';
import { INSTRUMENTS, THEMES } from '../fixtures/styles';
import { CHROMIUM_FLAGS, findChromium, freePort, waitForHealth } from '../lib/browser.mjs';

const OUT = 'src/web/public/images';
const WEBP = { quality: 80, effort: 6 } as const;

type CoverStyle = Pick<ChartSpec, 'regime' | 'kind' | 'volume' | 'movingAverages' | 'grid'> & {
  seed: number;
  theme: string;
  symbol: string;
};

/** One look per article, chosen to match its subject (trend, levels, a range, overlays, patterns, a plain chart). */
const COVERS: Record<string, CoverStyle> = {
  'ai-forex-trading': {
    seed: 11,
    theme: 'tv-dark',
    symbol: 'EURUSD',
    regime: 'uptrend',
    kind: 'candles',
    volume: true,
    movingAverages: 2,
    grid: true,
  },
  'entry-exit-points': {
    seed: 12,
    theme: 'tv-light',
    symbol: 'GBPUSD',
    regime: 'downtrend',
    kind: 'candles',
    volume: false,
    movingAverages: 0,
    grid: true,
  },
  'risk-management': {
    seed: 13,
    theme: 'tv-dark',
    symbol: 'AUDUSD',
    regime: 'sideways',
    kind: 'candles',
    volume: false,
    movingAverages: 1,
    grid: true,
  },
  'ai-vs-manual': {
    seed: 14,
    theme: 'tv-light',
    symbol: 'USDJPY',
    regime: 'uptrend',
    kind: 'candles',
    volume: false,
    movingAverages: 3,
    grid: false,
  },
  'market-patterns': {
    seed: 15,
    theme: 'mt4-black',
    symbol: 'EURGBP',
    regime: 'uptrend',
    kind: 'ohlc',
    volume: false,
    movingAverages: 0,
    grid: true,
  },
  'beginner-guide': {
    seed: 16,
    theme: 'tv-light',
    symbol: 'EURUSD',
    regime: 'sideways',
    kind: 'candles',
    volume: false,
    movingAverages: 0,
    grid: true,
  },
};

async function writeWebp(source: Buffer, file: string, width: number, height: number): Promise<number> {
  const data = await sharp(source).resize(width, height, { fit: 'cover' }).webp(WEBP).toBuffer();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  return data.length;
}

async function makeCovers(): Promise<void> {
  for (const post of BLOG_POSTS) {
    const style = COVERS[post.id];
    if (!style) throw new Error(`no cover style for ${post.id}`);
    const [base] = chartSpecs(1, style.seed, [post.image.width, post.image.height, 1]);
    const theme = THEMES.find((t) => t.name === style.theme);
    const instrument = INSTRUMENTS.find((i) => i.symbol === style.symbol);
    if (!base || !theme || !instrument) throw new Error(`cannot build a chart spec for ${post.id}`);
    const spec: ChartSpec = {
      ...base,
      theme,
      regime: style.regime,
      kind: style.kind,
      volume: style.volume,
      movingAverages: style.movingAverages,
      grid: style.grid,
      instrument,
      count: 64,
      fontSize: 15,
      watermark: false,
      crosshair: false,
      toolbar: false,
      priceTag: true,
      format: 'png',
    };
    const { image } = await renderChart(spec);
    const file = path.join(OUT, post.image.src.replace(/^\/images\//, ''));
    const large = await writeWebp(image, file, post.image.width, post.image.height);
    const small = await writeWebp(
      image,
      file.replace(/\.webp$/, '-600.webp'),
      600,
      Math.round((600 * post.image.height) / post.image.width),
    );
    console.log(`${post.id}: ${file} ${(large / 1024).toFixed(1)} KB, 600 px copy ${(small / 1024).toFixed(1)} KB`);
  }
}

/** The confirmation link mailed to `email` (the outbox of the server's DATA_DIR), as a path. */
async function confirmationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const mail = readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = /https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail.includes(email) ? mail : '')?.[0];
      if (link) {
        const url = new URL(link.replace(/&amp;/g, '&'));
        return url.pathname + url.search;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

/** The dashboard of a new trial account after the offline engine analysed a EURUSD chart. */
async function makeScreenshot(): Promise<void> {
  if (!existsSync('dist/server/index.js')) throw new Error('run `npm run build` first');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-shot-'));
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: 'screenshot-secret-screenshot-secret-0123',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      GEMINI_API_KEY: '',
      OPENROUTER_API_KEY: '',
    },
  });
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_FLAGS,
  });
  try {
    await waitForHealth(baseUrl, server);
    const [base] = chartSpecs(1, 21, [1280, 800, 1]);
    const theme = THEMES.find((t) => t.name === 'tv-dark');
    const instrument = INSTRUMENTS.find((i) => i.symbol === 'EURUSD');
    if (!base || !theme || !instrument) throw new Error('no chart spec');
    const { image } = await renderChart({
      ...base,
      theme,
      regime: 'uptrend',
      kind: 'candles',
      instrument,
      count: 80,
      grid: true,
      volume: false,
      movingAverages: 1,
      watermark: false,
      crosshair: false,
      toolbar: false,
      priceTag: true,
      format: 'png',
    });
    const chartFile = path.join(dataDir, 'eurusd-1h.png');
    writeFileSync(chartFile, image);

    // A tall window: nothing scrolls, so the fixed header stays at the top of the page, away from the framed area.
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 2000 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto('/');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Demo Trader', email: 'demo.trader@example.com', password: 'correct-horse-battery' },
      headers: { origin: baseUrl },
    });
    if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()}`);
    // Analyses start once the address is confirmed: open the link the app wrote to its outbox.
    await page.goto(await confirmationLink(dataDir, 'demo.trader@example.com'));
    await page.waitForURL(/\/dashboard$/);
    await page.locator('input[type=file]').setInputFiles(chartFile);
    await page.getByText('PipLens framed the chart it found').waitFor();
    await page.getByRole('button', { name: /^Analyze Chart/ }).click();
    await page.getByRole('heading', { name: 'Analysis result' }).waitFor({ timeout: 60_000 });
    // Let the toast leave, then frame the chart with its levels drawn on it, the result below and the settings beside it.
    await page.waitForTimeout(6000);
    // The dashboard scrolls a new result into view: back to the top, so the fixed header stays there.
    await page.evaluate(() => window.scrollTo(0, 0));
    const overlay = await page.getByRole('img', { name: /Entry, stop loss, take profit/ }).boundingBox();
    if (!overlay) throw new Error('the analysed chart is not on the page');
    const full = await page.screenshot({ type: 'png', fullPage: true });
    const { height = 0 } = await sharp(full).metadata();
    const top = Math.max(0, Math.min(Math.round(overlay.y) - 24, height - 800));
    const shot = await sharp(full).extract({ left: 0, top, width: 1280, height: 800 }).toBuffer();
    const file = path.join(OUT, 'home/dashboard.webp');
    const large = await writeWebp(shot, file, 1280, 800);
    const small = await writeWebp(shot, file.replace(/\.webp$/, '-640.webp'), 640, 400);
    console.log(`dashboard: ${file} ${(large / 1024).toFixed(1)} KB, 640 px copy ${(small / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = new Set(process.argv.slice(2));
const all = !args.has('--covers') && !args.has('--screenshot');
if (all || args.has('--covers')) await makeCovers();
if (all || args.has('--screenshot')) await makeScreenshot();
