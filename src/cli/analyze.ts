/**
 * Analyse chart screenshots offline and print one JSON line per file (DESIGN.md contract):
 *   npm run --silent analyze -- [--time-frame 1h] [--risk-reward 2] [--capital 100]
 *                               [--lot-size 0.01] [--strategy auto] [--debug DIR]
 *                               [--symbol XAUUSD | --symbol other --pip-size 0.01 --contract-size 1000] FILE...
 * With --debug, each FILE also gets one picture per engine stage in DIR (FILE.1-axis.png ...).
 * Only result lines go to stdout; everything else goes to stderr.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnalysisSettingsSchema, ANALYSIS_DEFAULTS } from '../shared/analysis.js';
import {
  analyzeChart,
  DEBUG_STAGES,
  EngineError,
  renderDebug,
  shutdownEngine,
  warmEngine,
  type DebugTrace,
} from '../engine/index.js';

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

/** The stage pictures of one file, numbered in pipeline order. */
async function writeDebug(dir: string, file: string, image: Buffer, trace: DebugTrace): Promise<void> {
  await mkdir(dir, { recursive: true });
  const pictures = await renderDebug(image, trace);
  for (const [i, stage] of DEBUG_STAGES.entries()) {
    const picture = pictures.get(stage);
    if (picture) await writeFile(path.join(dir, `${path.basename(file)}.${i + 1}-${stage}.png`), picture);
  }
}

const print = (line: unknown): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

try {
  await warmEngine();
  for (const file of files) {
    const started = performance.now();
    const trace: DebugTrace | undefined = values.debug ? {} : undefined;
    let image: Buffer | null = null;
    try {
      image = await readFile(file);
      const { result, chart, evidence } = await analyzeChart(image, settings, { trace });
      // `reading`: what the answer rests on (axis side, labels read and fitted, last-price source).
      print({ file, ...result, timingMs: Math.round(performance.now() - started), chart, reading: evidence });
    } catch (error) {
      if (error instanceof EngineError) {
        // A refusal of the prices still says the trend of the bars it saw, where it saw them.
        print({ file, error: { code: error.code, message: error.message }, ...(error.trend ? { trend: error.trend } : {}) });
      } else if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR')) {
        print({ file, error: { code: 'INVALID_IMAGE', message: `Cannot read file: ${error.message}` } });
      } else {
        process.stderr.write(`analyze: ${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        print({ file, error: { code: 'INTERNAL', message: 'Something went wrong while analysing this chart.' } });
      }
    }
    if (values.debug && trace && image && trace.image) await writeDebug(values.debug, file, image, trace);
  }
} finally {
  await shutdownEngine();
}
