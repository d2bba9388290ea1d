import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { STYLESHEET_ATTRIBUTE } from '../lambdas/domain/reader/first-screen-style.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The app itself, which the small entry (src/main.tsx) imports once the written page is painted. */
const APP_START = path.join(root, 'src', 'app', 'start.tsx');
/** The chunk that holds it and everything it imports statically (its name in the build). */
const APP_CHUNK = 'reader';

/**
 * The modules the app's start reaches through static imports alone: what every page loads before any lazy
 * chunk. Left to itself the bundler cut them into a dozen small chunks shared with the lazy routes (query
 * hooks, the API client, the toasts...), and each chunk compressed on its own cost the home route about
 * 5 KB gzip; grouped, they are one chunk that compresses as one. The entry stays out of it, so the chunk is
 * evaluated when the entry imports it, not with the entry.
 */
function initialModules(): { plugin: Plugin; has: (id: string) => boolean; bootShared: (id: string) => boolean } {
  const initial = new Set<string>();
  const bootShared = new Set<string>();
  const plugin: Plugin = {
    name: 'initial-modules',
    apply: 'build',
    buildEnd() {
      const staticClosure = (roots: string[]) => {
        const reached = new Set<string>();
        for (let id = roots.pop(); id !== undefined; id = roots.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          roots.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return reached;
      };
      if (!this.getModuleInfo(APP_START)) this.error(`${APP_START} is not in the build`);
      // What the entry itself imports (the build's preload helper, say) stays with the entry: in the app's chunk
      // it would make the entry import that chunk, and evaluate it, at once.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entry = staticClosure([...entries]);
      for (const id of staticClosure([APP_START])) if (!entry.has(id)) initial.add(id);
      // And a chunk of its own for them, or the bundler puts those the app shares (that helper) into the app's chunk.
      for (const id of entry) if (!entries.includes(id) && !id.endsWith('.css') && !id.endsWith('.html')) bootShared.add(id);
    },
  };
  return { plugin, has: (id) => initial.has(id), bootShared: (id) => bootShared.has(id) };
}

const initial = initialModules();

/**
 * The site's stylesheet inside index.html: render-blocking as a file, it cost the first paint a round trip
 * on a phone's network. The file stays, named by the `<style>`: a written page keeps inline only the rules its
 * markup uses, and loads the file once painted (lambdas/services/first-screen-css.ts). The CSP allows inline styles.
 */
const inlineEntryCss: Plugin = {
  name: 'inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = context.bundle?.[file];
        return asset?.type === 'asset' ? `<style ${STYLESHEET_ATTRIBUTE}="/${file}">${String(asset.source)}</style>` : tag;
      });
    },
  },
};

/**
 * The app's chunk is fetched and evaluated only once the entry asks for it, after the first paint (src/app/first-paint.ts):
 * a build where the entry imports it statically (so it loads and runs with the entry) fails here.
 */
const appChunkLoadsLate: Plugin = {
  name: 'app-chunk-loads-late',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const app = chunks.filter((chunk) => chunk.name === APP_CHUNK);
    if (app.length !== 1) this.error(`Expected one ${APP_CHUNK} chunk, found ${app.length}`);
    for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
      if (entry.imports.includes(app[0]!.fileName)) this.error(`The entry ${entry.fileName} imports ${app[0]!.fileName} statically: it would load and run before the first paint`);
    }
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
  plugins: [react(), initial.plugin, inlineEntryCss, appChunkLoadsLate],
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'boot', test: initial.bootShared }, { name: APP_CHUNK, test: initial.has }] } } },
  },
}));
