/**
 * The engine command line as DESIGN.md fixes it: `npm run --silent analyze -- [options] FILE...`
 * prints one JSON line per file, in order, and exits 0 when every file got its line.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartSpecs, renderChart, renderNonChart } from '../../scripts/fixtures/render.js';
import { INSTRUMENTS } from '../../scripts/fixtures/styles.js';
import { chartWithoutAxis, testChart } from '../server/test/charts.js';
import type { ReadingTrace } from '../shared/engine-trace.js';

const run = promisify(execFile);
let dir = '';
let chartFile = '';
let lastPrice = 0;
let otherFile = '';
let goldFile = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'piplens-cli-'));
  const [spec] = chartSpecs(1, 3, [1280, 720, 1]);
  if (!spec) throw new Error('no chart spec');
  const chart = await renderChart({ ...spec, format: 'png' });
  chartFile = path.join(dir, 'chart.png');
  lastPrice = chart.truth.lastPrice;
  await writeFile(chartFile, chart.image);
  // A gold chart, for sizing with --symbol: an instrument is sized only on prices it trades at.
  const gold = INSTRUMENTS.find((i) => i.symbol === 'XAUUSD');
  if (!gold) throw new Error('no gold in the fixtures');
  goldFile = path.join(dir, 'gold.png');
  await writeFile(goldFile, (await renderChart({ ...spec, instrument: gold, format: 'png' })).image);
  otherFile = path.join(dir, 'document.png');
  await writeFile(otherFile, await renderNonChart('document', 7));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run analyze', () => {
  it('prints one line per file in the order given: a result, NOT_A_CHART, an unreadable file', async () => {
    const missing = path.join(dir, 'missing.png');
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'analyze', '--', '--risk-reward', '3', '--capital', '500', chartFile, otherFile, missing],
      { timeout: 120_000 },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.file)).toEqual([chartFile, otherFile, missing]);

    const [result, notChart, unreadable] = lines;
    expect(result).toMatchObject({
      trend: expect.any(String),
      recommendedAction: expect.stringMatching(/^(buy|sell|wait)$/),
    });
    expect(result?.timingMs).toEqual(expect.any(Number));
    const chart = result?.chart as { lastPrice: number; high: number; low: number; candles: number; levels: unknown };
    expect(Math.abs(chart.lastPrice - lastPrice) / (chart.high - chart.low)).toBeLessThan(0.01);
    expect(chart.candles).toBeGreaterThan(12);
    const entry = Number(result?.entryPoint);
    const ratio = Math.abs(Number(result?.takeProfit) - entry) / Math.abs(entry - Number(result?.stopLoss));
    expect(ratio).toBeCloseTo(3, 1);

    // Every error line names the rule that refused: a page of text's numbers make no scale, and
    // no series stands beside them.
    expect(notChart).toEqual({
      file: otherFile,
      error: { code: 'NOT_A_CHART', message: expect.any(String), rule: 'bars/no-series' },
    });
    expect(unreadable).toMatchObject({ file: missing, error: { code: 'INVALID_IMAGE', rule: 'decode/unreadable' } });
    expect(result).not.toHaveProperty('trace');
  }, 130_000);

  it('says with a refusal of the prices the trend of the bars it saw', async () => {
    const cut = path.join(dir, 'no-axis.png');
    await writeFile(cut, await chartWithoutAxis());
    const { stdout } = await run('npm', ['run', '--silent', 'analyze', '--', cut], { timeout: 120_000 });
    const line = JSON.parse(stdout.trim()) as Record<string, unknown>;
    expect(line).toEqual({
      file: cut,
      error: { code: 'AXIS_UNREADABLE', message: expect.any(String), rule: 'layout/no-label-column' },
      trend: (await testChart()).truth.regime,
    });
  }, 130_000);

  it('prints with --trace every attempt, its stages and the decisions under their rule ids', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'analyze', '--', '--trace', chartFile, otherFile], {
      timeout: 120_000,
    });
    const [answer, refusal] = stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { error?: { rule: string }; trace: ReadingTrace; chart?: { lastPrice: number } },
      );
    expect(answer?.trace).toMatchObject({ rule: null, attempt: 0, confidence: expect.any(Number) });
    const stages = answer?.trace.attempts[0]?.stages ?? [];
    expect(stages.map((s) => s.stage)).toEqual(['decode', 'layout', 'bars', 'last-price', 'axis', 'last-price']);
    // After the scale, the price printed on the chart's tag: the last price (the trace keeps four decimals).
    expect(stages[5]?.summary.printed).toBeCloseTo(answer?.chart?.lastPrice ?? NaN, 4);
    // The refusal's trace ends in its rule, decided in the attempt it names, with the figures weighed.
    const ended = refusal?.trace.attempts[refusal.trace.attempt ?? -1];
    expect(refusal?.trace.rule).toBe(refusal?.error?.rule);
    expect(ended?.decisions).toContainEqual(
      expect.objectContaining({
        rule: 'bars/no-series',
        stage: 'bars',
        outcome: 'refused',
        weighed: expect.any(Object),
      }),
    );
  }, 130_000);

  it('writes one picture per attempt and stage with --debug, and an overview page, for an answer and a refusal alike', async () => {
    const out = path.join(dir, 'debug');
    const { stdout } = await run('npm', ['run', '--silent', 'analyze', '--', '--debug', out, chartFile, otherFile], {
      timeout: 120_000,
    });
    const [answer] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reading?: { axisSide: string; inliers: unknown[] } });
    expect(answer?.reading?.axisSide).toBe('right');
    expect(answer?.reading?.inliers.length).toBeGreaterThanOrEqual(3);
    const files = (await readdir(out)).sort();
    const stages = ['1-axis', '2-plot', '3-bars', '4-last-price'];
    // The page of text is tried as a chart at its first label column; no second column is found.
    expect(files).toEqual([
      'chart.png.01-label-column-1.1-axis.png',
      'chart.png.01-label-column-1.2-plot.png',
      'chart.png.01-label-column-1.3-bars.png',
      'chart.png.01-label-column-1.4-last-price.png',
      'chart.png.html',
      ...stages.map((stage) => `document.png.01-label-column-1.${stage}.png`),
      'document.png.html',
    ]);
    const meta = await sharp(path.join(out, 'chart.png.01-label-column-1.3-bars.png')).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    const overview = await readFile(path.join(out, 'document.png.html'), 'utf8');
    expect(overview).toContain('refused: <code>bars/no-series</code>');
    expect(overview).toContain('src="document.png.01-label-column-1.3-bars.png"');
  }, 130_000);

  it('writes the pictures of every attempt with --debug: a chart without its axis, at its size and at twice it', async () => {
    const out = path.join(dir, 'debug-attempts');
    const cut = path.join(dir, 'no-axis-debug.png');
    await writeFile(cut, await chartWithoutAxis());
    await run('npm', ['run', '--silent', 'analyze', '--', '--debug', out, cut], { timeout: 120_000 });
    const attempts = new Set((await readdir(out)).filter((f) => f.endsWith('.png')).map((f) => f.split('.')[2]));
    // No label column is found at either size, so each look ends in the whole picture's bars.
    expect([...attempts].sort()).toEqual(['02-without-axis', '04-twice-the-size_without-axis']);
    const overview = await readFile(path.join(out, 'no-axis-debug.png.html'), 'utf8');
    expect(overview).toContain('refused: <code>layout/no-label-column</code>');
    expect(overview.indexOf('2. without-axis (the result)')).toBeGreaterThan(overview.indexOf('1. label-column-1'));
  }, 130_000);

  it('sizes for the instrument given with --symbol, and states its contract size', async () => {
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'analyze', '--', '--symbol', 'xauusd', goldFile, chartFile],
      {
        timeout: 120_000,
      },
    );
    const [onGold, onOther] = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { symbol?: string; positionSizing: string });
    expect(onGold?.symbol).toBe('XAUUSD');
    expect(onGold?.positionSizing).toContain('XAUUSD: 1 lot = 100 troy ounces, 1 pip = 0.1');
    // Gold's sizes on a chart whose prices cannot be gold's: no lot size, and why.
    expect(onOther?.positionSizing).toMatch(/do not fit XAUUSD/);
  }, 130_000);

  it('refuses bad options with exit status 2 and prints nothing on stdout', async () => {
    const error = await run('npm', ['run', '--silent', 'analyze', '--', '--risk-reward', 'lots', chartFile]).catch(
      (e: unknown) => e as { code: number; stdout: string; stderr: string },
    );
    expect(error).toMatchObject({ code: 2, stdout: '' });
    expect((error as { stderr: string }).stderr).toMatch(/riskReward/);
  }, 60_000);
});
