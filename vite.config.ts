import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerender } from './scripts/vite-prerender';

/** The web client: built into dist/client (served by the API server); the dev server proxies the API. */
const apiPort = Number(process.env.PORT ?? 3000);
const api = `http://127.0.0.1:${apiPort}`;

/**
 * Writes .br and .gz beside every text asset of the build, for a static server that serves
 * precompressed files (@hono/node-server's serveStatic with `precompressed: true`).
 */
function precompress(): Plugin {
  let outDir = 'dist/client';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), prerender(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // bench/web.ts reads which chunks each page loads from .vite/manifest.json.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: api, changeOrigin: false },
      '/api': { target: api, changeOrigin: false },
    },
  },
});
