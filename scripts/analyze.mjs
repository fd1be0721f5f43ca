// `npm run analyze -- ... FILE...`, the engine's command line (src/cli/analyze.ts, DESIGN.md
// contract), run as plain node on an esbuild bundle of it, as the server runs the engine: no
// TypeScript loader in the process (tsx costs ~40 MB and compile time), and glibc limited to two
// malloc arenas (see lib/malloc-arenas.mjs). The bundle is rebuilt when the sources change.
import { copyFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './lib/freshness.mjs';
import { relaunchWithFewArenas } from './lib/malloc-arenas.mjs';

await relaunchWithFewArenas();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, '.tmp/cli/analyze.mjs');
const MODELS = ['layout.onnx', 'strip.onnx'];
const inputs = ['src/cli', 'src/engine', 'src/shared', 'package-lock.json'].map((input) => path.join(root, input));

if (isStale(bundle, inputs)) {
  const { build } = await import('esbuild');
  // Written beside and renamed into place, so two runs building at once never load half a file.
  const partial = `${bundle}.${process.pid}`;
  await build({
    entryPoints: [path.join(root, 'src/cli/analyze.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // The learned layout reader finds its models beside the code that loads them.
  for (const model of MODELS)
    await copyFile(path.join(root, 'src/engine/layout/learned', model), path.join(path.dirname(bundle), model));
  await rename(partial, bundle);
}
await import(pathToFileURL(bundle).href);
