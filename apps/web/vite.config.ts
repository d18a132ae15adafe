import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/** In development the API runs on its own port; in production the server serves this build itself. */
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/v1': { target: API_TARGET, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  // The manifest lets bench/bundle-size.ts follow each route's chunks (the bundle budgets CI checks).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
});
