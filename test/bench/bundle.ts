/**
 * Initial JavaScript of the home route: the production build's entry script and the chunks
 * index.html preloads, gzipped (level 9, as CDNs serve), and whether any of it carries Cloudscape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { repoRoot } from '../support/local-runtime.ts';

export const HOME_JS_GOAL_KB = 120;

/** The build the local runtime serves: CNH_WEB_OUT when set, else frontend/dist. */
export const builtSiteDir = () => (process.env.CNH_WEB_OUT ? path.resolve(process.env.CNH_WEB_OUT) : path.join(repoRoot, 'frontend/dist'));

/** Builds the site as `npm run build:web` does. */
export async function buildSite(): Promise<void> {
  await build({ configFile: path.join(repoRoot, 'frontend/vite.config.ts'), logLevel: 'error' });
}

/** What the home page loads before any lazy chunk: each script's gzip size and whether it holds Cloudscape. */
export function homeInitialLoad(dist = builtSiteDir()) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1] as string);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1] as string);
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  const js = scripts.map((file) => ({ file, kb: gzipKb(file), cloudscape: /awsui|@cloudscape-design/.test(readFileSync(path.join(dist, file), 'utf8')) }));
  // The entry's stylesheet is inlined into index.html at build (frontend/vite.config.ts).
  const inlineCssKb = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, match) => sum + gzipSync(match[1] as string, { level: 9 }).length / 1024, 0);
  return { js, totalJsKb: js.reduce((sum, entry) => sum + entry.kb, 0), totalCssKb: styles.reduce((sum, file) => sum + gzipKb(file), 0) + inlineCssKb };
}

export async function runHomeBundleBench(): Promise<void> {
  await buildSite();
  const { js, totalJsKb, totalCssKb } = homeInitialLoad(path.join(repoRoot, 'frontend/dist'));
  console.log('\nHome route, initial load of the production build (gzip -9)');
  for (const entry of js) console.log(`  ${entry.file.padEnd(40)} ${entry.kb.toFixed(1)} KB${entry.cloudscape ? '  (Cloudscape!)' : ''}`);
  console.log(`  JavaScript ${totalJsKb.toFixed(1)} KB (goal <= ${HOME_JS_GOAL_KB}), CSS ${totalCssKb.toFixed(1)} KB, Cloudscape in it: ${js.some((entry) => entry.cloudscape) ? 'yes' : 'no'}`);
}
