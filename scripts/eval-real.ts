/**
 * `npm run eval:real`: scores the engine on the real-screenshot corpus in ../shared/real-charts
 * (its labels.json, scored as its README says) and prints the figures per kind: for the `work` and
 * `check` halves side by side (scripts/real-charts-halves.json: rules are designed from `work`'s
 * failures, `check` says whether they generalize), then for the whole corpus. An evaluation, not a
 * test: nothing here asserts. The images are read where they are; none is copied.
 *
 * Usage: npm run eval:real -- [--dir ../shared/real-charts] [--only rc012,rc040] [--verbose]
 *                             [--json out.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnalysisSettingsSchema } from '../src/shared/analysis.js';
import { analyzeChart, EngineError, shutdownEngine, useLayoutReader, warmEngine } from '../src/engine/index.js';
import { inBand, priceBand, pricesShown } from '../src/shared/price-check.js';
import type { ReadingTrace } from '../src/shared/engine-trace.js';
import { relaunchWithFewArenas } from './lib/malloc-arenas.mjs';
import { halfOf, type Half } from './lib/real-charts-halves.js';

// Memory is measured as the server and the command line run the engine: with two malloc arenas.
await relaunchWithFewArenas();

interface Label {
  file: string;
  kind: string;
  source: { repo: string };
  isChart: boolean;
  trend: 'uptrend' | 'downtrend' | 'sideways' | 'unclear' | null;
  lastPrice: number | null;
  lastPriceUncertainty: number | null;
  lastVisibleClose?: number | null;
  axisTop: number | null;
  axisBottom: number | null;
  /** Panes the chart shows (price pane, sub-windows, volume pane). */
  panes?: number;
}

interface Outcome {
  label: Label;
  ms: number;
  answered: boolean;
  code?: string;
  /** The rule id of the decision that refused. */
  rule?: string;
  message?: string;
  lastPrice?: number;
  trend?: string;
  /** Error as % of the readable axis span, the estimate band taken off; null when not scored. */
  errPct: number | null;
  evidence?: unknown;
  /** Panes with a scale of their own the engine reported. */
  panes?: number;
  /** Levels outside the pane's visible prices, and shown prices outside it with its margin. */
  offChart?: string[];
  /** The engine's record of the reading: its attempts and decisions. */
  trace?: ReadingTrace;
  /** A refusal that kept the bars it found: the trader can set the scale (issue 37). */
  correctable?: boolean;
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve('../shared/real-charts') },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    /** `learned`: the learned layout reader leads; `fallback`: it follows the rules (docs/engine.md). */
    layout: { type: 'string', default: 'rules' },
  },
});
if (values.layout !== 'rules' && values.layout !== 'learned' && values.layout !== 'fallback')
  throw new Error('--layout is rules, learned or fallback');
useLayoutReader(values.layout);
const dir = values.dir as string;
let labels = JSON.parse(readFileSync(path.join(dir, 'labels.json'), 'utf8')) as Label[];
if (values.only) {
  const wanted = values.only.split(',');
  labels = labels.filter((l) => wanted.some((w) => l.file.startsWith(w)));
}
const settings = AnalysisSettingsSchema.parse({});

/** A person can read this chart's axis: the truth for the last price is known. */
const readable = (l: Label) => l.isChart && l.lastPrice !== null && l.axisTop !== null && l.axisBottom !== null;

function errorPct(l: Label, price: number): number | null {
  if (l.lastPrice === null) return null;
  const span = (l.axisTop ?? 0) - (l.axisBottom ?? 0);
  const truths = [l.lastPrice, ...(l.lastVisibleClose != null ? [l.lastVisibleClose] : [])];
  const raw = Math.min(...truths.map((t) => Math.abs(price - t)));
  const banded = Math.max(0, raw - (l.lastPriceUncertainty ?? 0));
  return span > 0 ? (banded / span) * 100 : (banded / Math.abs(l.lastPrice)) * 100;
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

await warmEngine();
const outcomes: Outcome[] = [];
for (const label of labels) {
  const image = readFileSync(path.join(dir, 'images', label.file));
  const started = performance.now();
  try {
    const { result, chart, evidence, trace } = await analyzeChart(image, settings);
    const ms = performance.now() - started;
    // Support and resistance inside the prices the pane shows; every price shown within its margin.
    const band = priceBand(chart);
    const visible = priceBand(chart, 0);
    const offChart = [
      ...[...chart.levels.support, ...chart.levels.resistance]
        .filter((v) => !inBand(v, visible))
        .map((v) => `level ${v}`),
      ...pricesShown(result, chart.lastPrice)
        .filter(({ value }) => !inBand(value, band))
        .map(({ where, value }) => `${where} ${value}`),
    ];
    outcomes.push({
      label,
      ms,
      answered: true,
      lastPrice: chart.lastPrice,
      trend: result.trend,
      errPct: errorPct(label, chart.lastPrice),
      evidence,
      panes: evidence?.panes ?? 0,
      offChart,
      trace,
    });
  } catch (error) {
    const ms = performance.now() - started;
    if (!(error instanceof EngineError)) throw error;
    // A refusal of the prices still says the trend of the bars it saw, when it saw some.
    outcomes.push({
      label,
      ms,
      answered: false,
      code: error.code,
      rule: error.rule,
      trace: error.trace,
      message: error.message,
      errPct: null,
      trend: error.trend,
      correctable: error.bars !== undefined,
    });
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
clearInterval(sampler);
await shutdownEngine();

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(0).padStart(3)}% `);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

interface Figures {
  charts: number;
  readableCharts: number;
  answered: number;
  scored: number;
  within1: number;
  within3: number;
  wrong: number;
  trendLabelled: number;
  trendRight: number;
  nonCharts: number;
  nonChartsRefused: number;
}

/** A chart labelled with a clear trend: the ones trend is scored on. */
const clearTrend = (o: Outcome): boolean =>
  o.label.isChart && ['uptrend', 'downtrend', 'sideways'].includes(o.label.trend ?? '');

function figures(rows: Outcome[]): Figures {
  const readables = rows.filter((o) => readable(o.label));
  const answered = readables.filter((o) => o.answered);
  const scored = answered.filter((o) => o.errPct !== null);
  const trendRows = rows.filter(clearTrend);
  const nonCharts = rows.filter((o) => !o.label.isChart);
  return {
    charts: rows.filter((o) => o.label.isChart).length,
    readableCharts: readables.length,
    answered: answered.length,
    scored: scored.length,
    within1: scored.filter((o) => (o.errPct ?? 0) <= 1).length,
    within3: scored.filter((o) => (o.errPct ?? 0) <= 3).length,
    wrong: rows.filter((o) => o.answered && o.label.isChart && o.errPct !== null && o.errPct > 3).length,
    trendLabelled: trendRows.length,
    trendRight: trendRows.filter((o) => o.trend === o.label.trend).length,
    nonCharts: nonCharts.length,
    nonChartsRefused: nonCharts.filter((o) => !o.answered).length,
  };
}

function row(name: string, f: Figures): string {
  return [
    name.padEnd(18),
    `${String(f.charts).padStart(3)}`,
    `${pct(f.answered, f.readableCharts)}(${f.answered}/${f.readableCharts})`.padEnd(14),
    `${pct(f.within1, f.scored)}`.padEnd(6),
    `${pct(f.within3, f.scored)}`.padEnd(6),
    `${String(f.wrong).padStart(5)} `,
    `${pct(f.trendRight, f.trendLabelled)}(${f.trendRight}/${f.trendLabelled})`.padEnd(12),
    `${f.nonChartsRefused}/${f.nonCharts}`,
  ].join(' ');
}

if (values.verbose) {
  for (const o of outcomes) {
    const l = o.label;
    const what = o.answered
      ? `last ${o.lastPrice} (truth ${l.lastPrice ?? '-'}) err ${o.errPct === null ? '-' : `${o.errPct.toFixed(1)}%`} trend ${o.trend} (${l.trend ?? '-'}) panes ${o.panes ?? '-'} (${l.panes ?? '-'})`
      : `${o.code}${o.trend ? ` (trend ${o.trend}, label ${l.trend ?? '-'})` : ''}: ${o.message}`;
    console.log(
      `${l.file.padEnd(34)} ${l.kind.padEnd(18)} ${l.isChart ? 'chart' : 'other'} ${o.ms.toFixed(0).padStart(5)} ms  ${what}`,
    );
  }
  console.log('');
}

const half = halfOf();
const halfOfOutcome = (o: Outcome): Half => half(o.label.source.repo);
const halves = ['work', 'check'] as const;
const count = (h: Half) => outcomes.filter((o) => halfOfOutcome(o) === h).length;
console.log(
  `Real-screenshot corpus: ${dir} (${outcomes.length} images: work ${count('work')}, check ${count('check')})`,
);
const unsplit = outcomes.filter((o) => halfOfOutcome(o) === 'unsplit');
if (unsplit.length)
  console.log(`not in either half (run scripts/split-real-charts.ts): ${unsplit.map((o) => o.label.file).join(', ')}`);

/** One half's figures in a cell: answered, within 1%, wrong, trend right, non-charts refused. */
function cell(f: Figures): string {
  return [
    `${pct(f.answered, f.readableCharts)}(${f.answered}/${f.readableCharts})`.padEnd(13),
    pct(f.within1, f.scored).padEnd(5),
    String(f.wrong).padStart(2),
    `${pct(f.trendRight, f.trendLabelled)}(${f.trendRight}/${f.trendLabelled})`.padEnd(12),
    `${f.nonChartsRefused}/${f.nonCharts}`.padEnd(5),
  ].join(' ');
}
const header = 'answered      ≤1%  wr trend right  non-c';
console.log('');
console.log(`${'halves'.padEnd(18)} | ${'work'.padEnd(header.length)} | check`);
console.log(`${'kind'.padEnd(18)} | ${header} | ${header}`);
const byHalf = (rows: Outcome[], h: Half) => figures(rows.filter((o) => halfOfOutcome(o) === h));
for (const kind of [...new Set(outcomes.map((o) => o.label.kind))].sort()) {
  const rows = outcomes.filter((o) => o.label.kind === kind);
  console.log(`${kind.padEnd(18)} | ${halves.map((h) => cell(byHalf(rows, h))).join(' | ')}`);
}
console.log(`${'ALL'.padEnd(18)} | ${halves.map((h) => cell(byHalf(outcomes, h))).join(' | ')}`);
console.log('');
console.log('whole corpus');
console.log('kind               charts answered      ≤1%    ≤3%    wrong trend right  non-charts refused');
const kinds = [...new Set(outcomes.map((o) => o.label.kind))].sort();
for (const kind of kinds) console.log(row(kind, figures(outcomes.filter((o) => o.label.kind === kind))));
const all = figures(outcomes);
console.log(row('ALL', all));
console.log('');
console.log('answered: share of the charts whose axis a person can read; ≤1% / ≤3%: of the answered, last price');
console.log('within 1% / 3% of the readable axis span; wrong: answered charts more than 3% off (the confident');
console.log(
  `wrong answers: ${pct(all.wrong, all.charts).trim()} of the ${all.charts} charts); trend right: of charts labelled with a clear trend,`,
);
console.log('answered or refused: a refusal of the prices says the trend of the bars it saw.');
const refusedWithTrend = outcomes.filter((o) => !o.answered && o.trend);
const fromAnswers = outcomes.filter((o) => clearTrend(o) && o.answered && o.trend === o.label.trend).length;
console.log(
  `trend right from answers alone: ${fromAnswers}/${all.trendLabelled}; trend on refusals: said on ${refusedWithTrend.length}, right on ${refusedWithTrend.filter((o) => clearTrend(o) && o.trend === o.label.trend).length} of the ${refusedWithTrend.filter(clearTrend).length} with a clear trend; said on non-charts: ${refusedWithTrend.filter((o) => !o.label.isChart).length}`,
);
const times = outcomes.map((o) => o.ms);
console.log(
  `time per image: median ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
);
const refusals = new Map<string, number>();
for (const o of outcomes.filter((x) => !x.answered))
  refusals.set(o.code ?? '?', (refusals.get(o.code ?? '?') ?? 0) + 1);
console.log(`refusals: ${[...refusals].map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}`);
const byRule = new Map<string, Record<Half, number>>();
for (const o of outcomes.filter((x) => !x.answered)) {
  const counts = byRule.get(o.rule ?? '?') ?? { work: 0, check: 0, unsplit: 0 };
  counts[halfOfOutcome(o)]++;
  byRule.set(o.rule ?? '?', counts);
}
console.log(
  `refusals by rule (work/check): ${[...byRule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rule, n]) => `${rule} ${n.work}/${n.check}`)
    .join(', ')}`,
);
printRuleEffects();
// Refused readable charts whose bars were kept: the dashboard offers "Set the price scale myself".
const refusedReadable = (h: Half) => outcomes.filter((o) => !o.answered && readable(o.label) && halfOfOutcome(o) === h);
console.log(
  `refused readable charts a trader can correct (work | check): ${halves
    .map((h) => `${refusedReadable(h).filter((o) => o.correctable).length} of ${refusedReadable(h).length}`)
    .join(' | ')}`,
);
const offChart = outcomes.filter((o) => o.offChart?.length);
console.log(
  `prices off the chart (answered): ${offChart.length} of ${outcomes.filter((o) => o.answered).length}` +
    (offChart.length ? ` (${offChart.map((o) => `${o.label.file}: ${o.offChart?.join(', ')}`).join('; ')})` : ''),
);
// The engine counts panes with a scale of their own; the labels count every pane (volume too).
const panesScored = outcomes.filter((o) => o.answered && o.label.isChart && o.label.panes != null);
const panesRight = panesScored.filter((o) => o.panes === o.label.panes).length;
const subWindowsSeen = panesScored.filter((o) => (o.label.panes ?? 1) > 1 && (o.panes ?? 1) > 1).length;
const subWindowCharts = panesScored.filter((o) => (o.label.panes ?? 1) > 1).length;
console.log(
  `panes (answered charts): count right ${panesRight} of ${panesScored.length}; sub-windows seen on ${subWindowsSeen} of the ${subWindowCharts} charts that have them`,
);

/**
 * What each rule did in each half: the readings it refused (of them, charts a person can read:
 * the refusals that cost a trader a retry), the answers whose confidence it lowered (of them, more
 * than 3% off), and the retries it started. A rule that helps neither half is a rule to retire.
 */
function printRuleEffects(): void {
  type Effect = {
    refused: number;
    refusedReadable: number;
    attempts: number;
    lowered: number;
    loweredWrong: number;
    retried: number;
  };
  const effects = new Map<string, Record<'work' | 'check', Effect>>();
  const none = (): Effect => ({ refused: 0, refusedReadable: 0, attempts: 0, lowered: 0, loweredWrong: 0, retried: 0 });
  for (const o of outcomes) {
    const h = halfOfOutcome(o);
    if (h === 'unsplit' || !o.trace) continue;
    const seen = new Set<string>();
    for (const d of o.trace.attempts.flatMap((a) => a.decisions)) {
      const key = `${d.rule} ${d.outcome}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const byHalf = effects.get(d.rule) ?? { work: none(), check: none() };
      const e = byHalf[h];
      if (d.outcome === 'retried') e.retried++;
      if (d.outcome === 'refused') e.attempts++;
      if (d.outcome === 'lowered') {
        e.lowered++;
        if (o.errPct !== null && o.errPct > 3) e.loweredWrong++;
      }
      effects.set(d.rule, byHalf);
    }
    if (!o.answered && o.rule) {
      const byHalf = effects.get(o.rule) ?? { work: none(), check: none() };
      byHalf[h].refused++;
      if (readable(o.label)) byHalf[h].refusedReadable++;
      effects.set(o.rule, byHalf);
    }
  }
  const show = (e: Effect) =>
    `${`${e.refused}/${e.refusedReadable}`.padStart(5)} ${String(e.attempts).padStart(4)} ${`${e.lowered}/${e.loweredWrong}`.padStart(6)} ${String(e.retried).padStart(4)}`;
  console.log('');
  console.log('rules, per half: readings refused / of them charts a person can read; attempts it ended; answers it');
  console.log('lowered / of them more than 3% off; retries it started');
  console.log(`${''.padEnd(36)} ${'work: ref  att  low/wr  ret'} | ${'check: ref  att  low/wr  ret'}`);
  for (const [rule, byHalf] of [...effects].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${rule.padEnd(36)}       ${show(byHalf.work)} |        ${show(byHalf.check)}`);
  }
}

if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      outcomes.map((o) => ({ file: o.label.file, kind: o.label.kind, half: halfOfOutcome(o), ...o, label: undefined })),
      null,
      1,
    ),
  );
}
