// Builds the web app (Vite) and bundles the server (esbuild) into dist/.
import { mkdir, writeFile } from 'node:fs/promises';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';

export async function build() {
  const started = Date.now();
  await buildWeb({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildServer({
    entryPoints: { 'server/index': 'src/server/index.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await mkdir('dist', { recursive: true });
  await writeFile('dist/.build-stamp', new Date().toISOString());
  console.log(`built in ${Date.now() - started} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build();
}
