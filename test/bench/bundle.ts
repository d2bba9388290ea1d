/**
 * Initial JavaScript of the home route: the production build's entry script and the chunks
 * index.html preloads, gzipped (level 9, as CDNs serve), and whether any of it carries Cloudscape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { repoRoot } from '../support/local-runtime.ts';

const DIST = path.join(repoRoot, 'frontend/dist');
const GOAL_KB = 120;

/** Builds the site as `npm run build:web` does. */
export async function buildSite(): Promise<void> {
  await build({ configFile: path.join(repoRoot, 'frontend/vite.config.ts'), logLevel: 'error' });
}

export async function runHomeBundleBench(): Promise<void> {
  await buildSite();
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1] as string);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1] as string);
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;
  const js = scripts.map((file) => ({ file, kb: gzipKb(file), cloudscape: /awsui|@cloudscape-design/.test(readFileSync(path.join(DIST, file), 'utf8')) }));
  const totalJs = js.reduce((sum, entry) => sum + entry.kb, 0);
  const totalCss = styles.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log('\nHome route, initial load of the production build (gzip -9)');
  for (const entry of js) console.log(`  ${entry.file.padEnd(40)} ${entry.kb.toFixed(1)} KB${entry.cloudscape ? '  (Cloudscape!)' : ''}`);
  console.log(`  JavaScript ${totalJs.toFixed(1)} KB (goal <= ${GOAL_KB}), CSS ${totalCss.toFixed(1)} KB, Cloudscape in it: ${js.some((entry) => entry.cloudscape) ? 'yes' : 'no'}`);
}
