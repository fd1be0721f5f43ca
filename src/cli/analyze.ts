/**
 * Analyse chart screenshots offline and print one JSON line per file (DESIGN.md contract):
 *   npm run --silent analyze -- [--time-frame 1h] [--risk-reward 2] [--capital 100]
 *                               [--lot-size 0.01] [--strategy auto] [--debug DIR] [--trace]
 *                               [--symbol XAUUSD | --symbol other --pip-size 0.01 --contract-size 1000] FILE...
 * With --debug, each FILE also gets one picture per attempt and engine stage in DIR
 * (FILE.01-label-column-1.1-axis.png ...) and an overview page (FILE.html). With --trace, each line
 * has a `trace` field: the attempts, each stage's summary and the decisions with their rule ids.
 * Only result lines go to stdout; everything else goes to stderr.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnalysisSettingsSchema, ANALYSIS_DEFAULTS } from '../shared/analysis.js';
import type { ReadingTrace } from '../shared/engine-trace.js';
import {
  analyzeChart,
  EngineError,
  overviewPage,
  ReadingRecorder,
  renderAttempts,
  shutdownEngine,
  warmEngine,
} from '../engine/index.js';
import { debugFileName } from '../engine/debug.js';

function fail(message: string): never {
  process.stderr.write(`analyze: ${message}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'time-frame': { type: 'string', default: ANALYSIS_DEFAULTS.timeFrame },
      'risk-reward': { type: 'string', default: String(ANALYSIS_DEFAULTS.riskReward) },
      capital: { type: 'string', default: String(ANALYSIS_DEFAULTS.capitalSize) },
      'lot-size': { type: 'string', default: String(ANALYSIS_DEFAULTS.lotSize) },
      strategy: { type: 'string', default: ANALYSIS_DEFAULTS.tradingStrategy },
      debug: { type: 'string' },
      trace: { type: 'boolean', default: false },
      symbol: { type: 'string' },
      'pip-size': { type: 'string' },
      'contract-size': { type: 'string' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals: files } = parsed;
if (files.length === 0) fail('give at least one image file');

const settingsResult = AnalysisSettingsSchema.safeParse({
  timeFrame: values['time-frame'],
  riskReward: values['risk-reward'],
  capitalSize: values.capital,
  lotSize: values['lot-size'],
  tradingStrategy: values.strategy,
  symbol: values.symbol,
  pipSize: values['pip-size'],
  contractSize: values['contract-size'],
});
if (!settingsResult.success) {
  fail(settingsResult.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
}
const settings = settingsResult.data;

/** Every attempt's stage pictures of one file, in pipeline order, and the overview page. */
async function writeDebug(
  dir: string,
  file: string,
  image: Buffer,
  rec: ReadingRecorder,
  reading: ReadingTrace,
  trend?: string,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const base = path.basename(file);
  const rendered = await renderAttempts(image, rec.pictures, reading, trend);
  const names = new Map<number, string[]>();
  for (const [i, stages] of rendered) {
    const attempt = reading.attempts[i]?.name ?? 'attempt';
    for (const [stage, picture] of stages) {
      const name = debugFileName(base, i, attempt, stage);
      await writeFile(path.join(dir, name), picture);
      names.set(i, [...(names.get(i) ?? []), name]);
    }
  }
  await writeFile(path.join(dir, `${base}.html`), overviewPage(base, reading, names));
}

const print = (line: unknown): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

try {
  await warmEngine();
  for (const file of files) {
    const started = performance.now();
    const rec = new ReadingRecorder(Boolean(values.debug));
    let image: Buffer | null = null;
    let reading: ReadingTrace | undefined;
    let trend: string | undefined;
    try {
      image = await readFile(file);
      const { result, chart, evidence, trace } = await analyzeChart(image, settings, { recorder: rec });
      reading = trace;
      // `reading`: what the answer rests on (axis side, labels read and fitted, last-price source).
      const line = { file, ...result, timingMs: Math.round(performance.now() - started), chart, reading: evidence };
      print(values.trace ? { ...line, trace } : line);
    } catch (error) {
      if (error instanceof EngineError) {
        reading = error.trace;
        trend = error.trend;
        // A refusal of the prices still says the trend of the bars it saw, where it saw them.
        const line = {
          file,
          error: { code: error.code, message: error.message, rule: error.rule },
          ...(error.trend ? { trend: error.trend } : {}),
        };
        print(values.trace && error.trace ? { ...line, trace: error.trace } : line);
      } else if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR')) {
        print({
          file,
          error: { code: 'INVALID_IMAGE', message: `Cannot read file: ${error.message}`, rule: 'decode/unreadable' },
        });
      } else {
        process.stderr.write(
          `analyze: ${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
        print({
          file,
          error: { code: 'INTERNAL', message: 'Something went wrong while analysing this chart.', rule: 'internal' },
        });
      }
    }
    if (values.debug && image && reading) await writeDebug(values.debug, file, image, rec, reading, trend);
  }
} finally {
  await shutdownEngine();
}
