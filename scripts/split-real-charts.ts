/**
 * Splits the real-screenshot corpus into two fixed halves by repository, `work` and `check`,
 * balanced by kind, and writes the list `npm run eval:real` reads (scripts/real-charts-halves.json).
 * Rules are designed from the `work` half's failures only; the `check` half says whether they
 * generalize. Pictures of one repository share an author's setup, so they stay in one half.
 * Deterministic: repositories are placed largest first, each in the half that holds fewer pictures
 * of its kinds (then fewer pictures, then `work`). Repositories already in the list keep their
 * half; only new ones are placed. Usage: npx tsx scripts/split-real-charts.ts [--dir DIR]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HALVES_FILE, type Halves } from './lib/real-charts-halves.js';

const { values } = parseArgs({ options: { dir: { type: 'string', default: path.resolve('../shared/real-charts') } } });
const labels = JSON.parse(readFileSync(path.join(values.dir, 'labels.json'), 'utf8')) as {
  kind: string;
  isChart: boolean;
  source: { repo: string };
}[];

/** Each repository's pictures, counted by kind (charts and non-charts apart). */
const repos = new Map<string, Map<string, number>>();
for (const l of labels) {
  const kinds = repos.get(l.source.repo) ?? new Map<string, number>();
  const kind = `${l.kind}${l.isChart ? '' : ' (not a chart)'}`;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  repos.set(l.source.repo, kinds);
}

const previous: Halves = existsSync(HALVES_FILE)
  ? (JSON.parse(readFileSync(HALVES_FILE, 'utf8')) as Halves)
  : { work: [], check: [] };
const half = { work: new Set(previous.work), check: new Set(previous.check) };
const size = (kinds: Map<string, number>) => [...kinds.values()].reduce((a, b) => a + b, 0);
const held = (name: 'work' | 'check', kind?: string) =>
  [...half[name]].reduce((n, repo) => {
    const kinds = repos.get(repo);
    return n + (kinds ? (kind ? (kinds.get(kind) ?? 0) : size(kinds)) : 0);
  }, 0);

const unplaced = [...repos.entries()]
  .filter(([repo]) => !half.work.has(repo) && !half.check.has(repo))
  .sort(([a, ka], [b, kb]) => size(kb) - size(ka) || a.localeCompare(b));
for (const [repo, kinds] of unplaced) {
  const ofKinds = (name: 'work' | 'check') => [...kinds].reduce((n, [kind, count]) => n + held(name, kind) * count, 0);
  const toCheck =
    ofKinds('check') < ofKinds('work') || (ofKinds('check') === ofKinds('work') && held('check') < held('work'));
  half[toCheck ? 'check' : 'work'].add(repo);
}

const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
writeFileSync(HALVES_FILE, `${JSON.stringify({ work: sorted(half.work), check: sorted(half.check) }, null, 1)}\n`);
process.stderr.write(
  `placed ${unplaced.length} repositories: work ${half.work.size} (${held('work')} pictures), check ${half.check.size} (${held('check')} pictures)\n`,
);
