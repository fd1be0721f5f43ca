/**
 * The real-screenshot corpus's two halves by repository (scripts/real-charts-halves.json, made by
 * scripts/split-real-charts.ts): rules are designed from `work`; `check` says whether they hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Halves {
  work: string[];
  check: string[];
}

export type Half = 'work' | 'check' | 'unsplit';

export const HALVES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'real-charts-halves.json');

/** The half of a picture from `repo`; `unsplit` for a repository the list does not hold yet. */
export function halfOf(): (repo: string) => Half {
  const halves = JSON.parse(readFileSync(HALVES_FILE, 'utf8')) as Halves;
  const work = new Set(halves.work);
  const check = new Set(halves.check);
  return (repo) => (work.has(repo) ? 'work' : check.has(repo) ? 'check' : 'unsplit');
}
