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
 * The home page's first list, asked for with the HTML: the first card's picture (the phone's largest paint)
 * waited for the script, then /config.json, then this request. The address is the one the home page asks
 * for with no filter in its own address (frontend/src/features/reader/components/filters.ts defaults, HOME_PAGE_SIZE); the
 * browser test in test/e2e/cards.test.ts fails if the page asks for it a second time.
 */
export const HOME_LIST_PRELOAD = '/api/articles?quality=all&market=indian&page=1&limit=15';
const preloadHomeList: Plugin = {
  name: 'preload-home-list',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace('</title>', `</title>\n    <link rel="preload" as="fetch" crossorigin="anonymous" href="${HOME_LIST_PRELOAD.replaceAll('&', '&amp;')}">`),
  },
};

export default defineConfig({
  root,
  plugins: [react(), initial.plugin, inlineEntryCss, preloadHomeList],
  resolve: {
    alias: { '#domain': path.resolve(root, '../lambdas/domain') },
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
});
