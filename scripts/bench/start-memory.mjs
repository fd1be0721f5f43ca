// `npm run bench:memory`: `npm start` on a fresh data directory, then again on the same one; the
// server's resident memory once it answers and has sat idle, and the whole process tree's (the
// start script relaunches node with fewer malloc arenas and waits for it). Linux only (/proc).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 3987);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-memory-'));

const rssKb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const childrenOf = (pid) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
const tree = (pid) => [pid, ...childrenOf(pid).flatMap(tree)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(label) {
  const began = Date.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${PORT}`, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  for (;;) {
    const pids = tree(child.pid);
    peak = Math.max(peak, Math.max(...pids.map(rssKb)));
    const up = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() - began > 180_000) throw new Error('the server did not answer in 3 minutes');
    await sleep(100);
  }
  const ready = Date.now() - began;
  await sleep(IDLE_MS);
  const pids = tree(child.pid);
  const server = Math.max(...pids.map(rssKb));
  const total = pids.reduce((sum, pid) => sum + rssKb(pid), 0);
  console.log(`${label.padEnd(12)} answered in ${(ready / 1000).toFixed(1)} s  peak while starting ${(peak / 1024).toFixed(0)} MB  idle: server ${(server / 1024).toFixed(0)} MB, all processes ${(total / 1024).toFixed(0)} MB`);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

try {
  await start('first start');
  await start('later start');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
