import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Latest modification time of a file or of anything under a directory; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `output` is missing or older than any of `inputs`. */
export const isStale = (output, inputs) => {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt === 0 || inputs.some((input) => newestMtime(input) > builtAt);
};
