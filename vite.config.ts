import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web client: built into dist/client (served by the API server); the dev server proxies the API. */
const apiPort = Number(process.env.PORT ?? 3000);
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react()],
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
