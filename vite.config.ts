import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * zod/mini gets a copy of zod's files of its own in the build. The bundler places each module in
 * one chunk, so zod's core, which classic zod (the app's forms and answers) and zod/mini (what
 * every page reads: the session and the error answers) share, carried every schema type the app
 * uses into the chunk the public pages load: / grew from 144 to 154 KB of JavaScript gzip. With
 * its own copy, a public page loads only what zod/mini's users need; an app page loads both
 * copies (a few KB more). Schemas of either copy parse with the other (zod reads a schema through
 * its `_zod` interface, not by identity).
 */
function zodMiniOwnCopy(): Plugin {
  const COPY = '?zod-mini';
  return {
    name: 'piplens:zod-mini-own-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(COPY) ?? false;
      if (source !== 'zod/mini' && !inCopy) return null;
      const from = inCopy ? importer!.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
    load(id) {
      return id.endsWith(COPY) ? readFileSync(id.slice(0, -COPY.length), 'utf8') : null;
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [zodMiniOwnCopy(), react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
