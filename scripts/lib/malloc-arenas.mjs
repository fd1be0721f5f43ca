// glibc gives each thread that allocates its own malloc arena (up to 8 per core) and keeps the
// arenas' memory after use. libvips (sharp) decodes on several threads, so a process that runs
// the chart engine for a while holds ~55 MB more than it needs: over 100 charts in a row, peak
// RSS was 286 MB with glibc's default and 232 MB with two arenas (`npm run bench:engine`), the
// setting sharp recommends for glibc. glibc reads MALLOC_ARENA_MAX only when a process starts,
// so an entry point that has not got it starts itself again with it and waits.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';

const FORWARDED = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * glibc's malloc settings the engine runs with: two arenas, and blocks of 128 KB and more mapped
 * on their own, so that freeing one gives its memory back. Without the fixed threshold glibc raises
 * it after each large block is freed, up to 32 MB, and keeps the freed blocks in its heap: the
 * learned layout reader's activations (tens of MB a reading) then stayed, and `npm run eval:real
 * -- --layout learned` peaked at 455 MB RSS against 373 MB with it.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * On Linux without MALLOC_ARENA_MAX, runs this same script again with `MALLOC_ENV` and exits with
 * its status; the child gets the signals this process gets. Otherwise returns at once.
 */
export async function relaunchWithFewArenas() {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX) return;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...MALLOC_ENV },
  });
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  const [code, signal] = await once(child, 'exit');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
}
