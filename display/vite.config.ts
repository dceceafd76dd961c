/**
 * Vite config of the display SPA (plain Svelte 5, no SvelteKit).
 * Build: `npx vite build display` → display/dist (served by the hub with an index.html fallback).
 * Dev:   `npx vite display` → http://localhost:5173, proxying /api and /socket.io to the hub on :8080.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = fileURLToPath(new URL('.', import.meta.url));
const hub = process.env.MJHUB_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  plugins: [svelte()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: hub, changeOrigin: true },
      '/socket.io': { target: hub, ws: true, changeOrigin: true },
    },
  },
});
