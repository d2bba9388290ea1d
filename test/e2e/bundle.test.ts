import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtSiteDir, HOME_JS_GOAL_KB, homeInitialLoad } from '../bench/bundle.ts';
import { OUR_DOMAINS } from '../support/our-domains.ts';

/** On the build the e2e runtime serves (npm test builds it first): a size check, not a timing. */
describe('the reader\'s initial JavaScript', () => {
  it(`stays within ${HOME_JS_GOAL_KB} KB gzip and carries nothing of the console (Cloudscape)`, () => {
    const { js, totalJsKb } = homeInitialLoad();
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter((entry) => entry.cloudscape).map((entry) => entry.file)).toEqual([]);
    expect(totalJsKb).toBeLessThanOrEqual(HOME_JS_GOAL_KB);
  });
});

/**
 * The same build is what the stack deploys to an owner's bucket: its addresses come from /config.json
 * (contactEmail, siteUrl), so no file of it names the project's own domain. This project's runtime serves
 * that build and cannot start without it, so the check cannot pass by finding nothing.
 */
describe('the production build of the site', () => {
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

  it('names nothing of the project\'s own domains in any file (HTML, scripts, styles, service worker, manifest)', () => {
    const dist = builtSiteDir();
    const files = filesUnder(dist);
    expect(files.map((file) => path.relative(dist, file))).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'manifest.webmanifest']));
    expect(files.filter((file) => /\.js$/.test(file)).length).toBeGreaterThan(5);
    expect(files.filter((file) => OUR_DOMAINS.test(readFileSync(file, 'latin1'))).map((file) => path.relative(dist, file))).toEqual([]);
  });
});
