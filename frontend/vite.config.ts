import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: { '#domain': path.resolve(root, '../lambdas/domain') },
  },
  build: {
    outDir: path.resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    // The console chunk carries Cloudscape (about 190 kB gzip); it loads only under /admin.
    chunkSizeWarningLimit: 1000,
  },
});
