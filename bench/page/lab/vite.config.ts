// The bench lab page (bench/page/lab/): built on demand by lab.ts into a temporary folder.
// No React: the page imports the real event-log writer and chart modules directly.
// LAB_NO_MINIFY=1 keeps names readable in CPU profiles.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  base: '/',
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    emptyOutDir: true,
    reportCompressedSize: false,
    minify: process.env['LAB_NO_MINIFY'] === undefined,
  },
});
