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
    // CNH_WEB_OUT builds elsewhere; the local runtime serves from there when it is set too.
    outDir: process.env.CNH_WEB_OUT ? path.resolve(process.env.CNH_WEB_OUT) : path.resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    // The console chunk carries Cloudscape (about 190 kB gzip); it loads only under /admin.
    chunkSizeWarningLimit: 1000,
  },
});
