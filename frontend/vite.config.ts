import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The modules the entry reaches through static imports alone: what every page loads before any lazy
 * chunk. Left to itself the bundler cut them into a dozen small chunks shared with the lazy routes (query
 * hooks, the API client, the toasts...), and each chunk compressed on its own cost the home route about
 * 5 KB gzip; grouped, they are one chunk that compresses as one.
 */
function initialModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'initial-modules',
    apply: 'build',
    buildEnd() {
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (initial.has(id)) continue;
        initial.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => initial.has(id) };
}

const initial = initialModules();

/**
 * The site's stylesheet inside index.html: render-blocking as a file, it cost the first paint a round trip
 * on a phone's network (about 5 KB gzip, so the page grows little). The file stays for anything that asks
 * for it; the CSP allows inline styles.
 */
const inlineEntryCss: Plugin = {
  name: 'inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = context.bundle?.[file];
        return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
      });
    },
  },
};

/**
 * react-router 7's package exports point every condition at its development build (dev warnings included;
 * remix-run/react-router#12532, #14102): a production bundle takes its production build by path instead.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(root, '../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.resolve(root, '../node_modules/react-router/dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), initial.plugin, inlineEntryCss],
  resolve: {
    alias: [{ find: '#domain', replacement: path.resolve(root, '../lambdas/domain') }, ...(command === 'build' ? reactRouterProduction : [])],
  },
  build: {
    // CNH_WEB_OUT builds elsewhere; the local runtime serves from there when it is set too.
    outDir: process.env.CNH_WEB_OUT ? path.resolve(process.env.CNH_WEB_OUT) : path.resolve(root, 'dist'),
    emptyOutDir: true,
    // Maps for our own debugging, never referenced from the bundles; the deploy leaves them out (lib/constructs/site.ts).
    sourcemap: 'hidden',
    // The console chunk carries Cloudscape (about 190 kB gzip); it loads only under /admin.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'reader', test: initial.has }] } } },
  },
}));
