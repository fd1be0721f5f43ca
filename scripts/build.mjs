// Builds the web app (Vite), prerenders the public pages to static HTML and bundles the server (esbuild)
// into dist/: dist/web (assets and the SPA shell), dist/prerendered (one HTML file per public page),
// dist/server/index.js.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';

const PRERENDER_BUNDLE = 'dist/.prerender';
const PRERENDERED = 'dist/prerendered';
/** Vite's record of the chunks and what imports what, read by the service worker's build and removed. */
const CHUNK_MANIFEST = '.chunks.json';

/** The file a prerendered path is written to, relative to dist/prerendered ('/' -> index.html). */
export const prerenderedFile = (pathname) => (pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);

async function prerender() {
  await buildWeb({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: {
      ssr: 'prerender.tsx',
      outDir: `../../${PRERENDER_BUNDLE}`,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        // The page metadata is imported eagerly here and lazily in the browser bundle, as intended.
        onwarn(warning, warn) {
          if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
        },
      },
    },
  });
  const { renderPage, prerenderedPaths } = await import(
    pathToFileURL(path.resolve(PRERENDER_BUNDLE, 'prerender.js')).href
  );
  const shell = await readFile('dist/web/index.html', 'utf8');
  if (!shell.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(shell)) {
    throw new Error('dist/web/index.html lacks <title> or an empty <div id="root"></div>');
  }
  // The stylesheet goes inline: the page paints without waiting for another request (it is ~7 KB gzip).
  const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/.exec(shell);
  if (!stylesheet) throw new Error('dist/web/index.html has no stylesheet link');
  const css = await readFile(path.join('dist/web', stylesheet[1]), 'utf8');
  if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined');
  const pageShell = shell.replace(stylesheet[0], () => `<style>${css}</style>`);
  await rm(PRERENDERED, { recursive: true, force: true });
  for (const pathname of prerenderedPaths()) {
    const page = await renderPage(pathname);
    if (page.status !== 200) throw new Error(`prerender ${pathname}: status ${page.status}`);
    const html = pageShell
      .replace(/<title>[^<]*<\/title>/, () => page.head)
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
    const file = path.join(PRERENDERED, prerenderedFile(pathname));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  await rm(PRERENDER_BUNDLE, { recursive: true, force: true });
  return prerenderedPaths().length;
}

/** Brotli and gzip copies of the text assets, served to browsers that take them (no work per request). */
async function precompress(dir) {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (await readdir(dir)).filter((name) => /\.(js|css|svg|json|txt|xml)$/.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const content = await readFile(file);
      if (content.length < 1024) return;
      await writeFile(`${file}.br`, await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
    }),
  );
}

/**
 * The API reference's browser bundle, from the installed npm package, goes beside the app's assets
 * under a name with its version: /api/docs loads it from PipLens's own origin, never a CDN.
 */
async function copyApiReference() {
  const { createRequire } = await import('node:module');
  const bundle = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
  // The package's own package.json is not exported; its version is read from the file beside dist/.
  const pkg = JSON.parse(await readFile(path.join(path.dirname(bundle), '../../package.json'), 'utf8'));
  // The server finds it by this name (src/server/features/content/api-docs.routes.ts).
  await writeFile(`dist/web/assets/api-reference-${pkg.version}.js`, await readFile(bundle));
}

/**
 * The app shell's build files: what the entry imports, and what it (or those) can load on demand (the
 * pages, menus, toasts), each with its imports and CSS. A page's own on-demand libraries (the PDF export)
 * are not: the service worker keeps them the first time they are used.
 */
function shellFiles(chunks) {
  const closure = (key, into) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of chunks[key]?.imports ?? []) closure(imported, into);
  };
  const core = new Set();
  for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry) closure(key, core);
  const shell = new Set(core);
  for (const key of core) for (const loaded of chunks[key].dynamicImports ?? []) closure(loaded, shell);
  return [...shell].flatMap((key) => [chunks[key].file, ...(chunks[key].css ?? [])]).map((file) => `/${file}`);
}

/** The service worker (src/web/service-worker/sw.ts) as dist/web/sw.js, with the pages and files it keeps. */
async function buildServiceWorker() {
  const chunkFile = path.join('dist/web', CHUNK_MANIFEST);
  const chunks = JSON.parse(await readFile(chunkFile, 'utf8'));
  await rm(chunkFile);
  const prerendered = (await readdir(PRERENDERED, { recursive: true }))
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.split(path.sep).join('/'));
  const pages = [
    ...prerendered.map((name) => (name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`)),
    '/dashboard',
  ].sort();
  // The icons of the installed app, and the public pages' pictures, so those pages open whole offline.
  const pictures = [];
  for (const dir of ['icons', 'images']) {
    for (const entry of await readdir(path.join('dist/web', dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        pictures.push(
          `/${path.relative('dist/web', path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
        );
    }
  }
  const files = [...new Set([...shellFiles(chunks), '/favicon.svg', '/manifest.webmanifest', ...pictures])].sort();
  // The version follows the content: the build files' hashed names, the other files' and the pages' bytes.
  const version = createHash('sha256');
  for (const file of files)
    version.update(file.startsWith('/assets/') ? file : await readFile(path.join('dist/web', file)));
  for (const name of ['dist/web/index.html', ...prerendered.sort().map((name) => path.join(PRERENDERED, name))]) {
    version.update(await readFile(name));
  }
  await buildServer({
    entryPoints: ['src/web/service-worker/sw.ts'],
    outfile: 'dist/web/sw.js',
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: {
      __PRECACHE__: JSON.stringify({ pages, files }),
      __PRECACHE_VERSION__: JSON.stringify(version.digest('hex').slice(0, 16)),
    },
  });
  return pages.length + files.length;
}

export async function build() {
  const started = Date.now();
  await buildWeb({ configFile: 'vite.config.ts', logLevel: 'warn', build: { manifest: CHUNK_MANIFEST } });
  const pages = await prerender();
  const kept = await buildServiceWorker();
  await copyApiReference();
  await precompress('dist/web/assets');
  await buildServer({
    // The engine's worker pool loads its thread from beside the server (engine-pool.ts).
    entryPoints: {
      'server/index': 'src/server/index.ts',
      'server/engine-worker': 'src/server/features/analysis/engine-worker.ts',
    },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The learned layout reader's models, found beside the bundle (src/engine/layout/learned/reader.ts).
  for (const model of ['layout.onnx', 'strip.onnx'])
    await copyFile(`src/engine/layout/learned/${model}`, `dist/server/${model}`);
  await mkdir('dist', { recursive: true });
  await writeFile('dist/.build-stamp', new Date().toISOString());
  console.log(`built in ${Date.now() - started} ms (${pages} pages prerendered, ${kept} kept by the service worker)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build();
}
