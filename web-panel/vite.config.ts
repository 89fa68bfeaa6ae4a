// Vite config for the Reclaim web panel. Paths are resolved from this file's
// own location so `vite build --config web-panel/vite.config.ts` works from
// the repository root (see the panel:build / panel:dev scripts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadBudget } from './first-load-budget.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), firstLoadBudget(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // recharts is one large chunk, loaded only with the chart; the first load has its own budget.
    chunkSizeWarningLimit: 700,
  },
});
