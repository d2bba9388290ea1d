import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const lines = readme.trimEnd().split('\n');

/** Relative link targets of Markdown links, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the README, the front page', () => {
  it('stays a front page: at most 250 lines, none over 120 characters (depth goes to docs/)', () => {
    expect(lines.length).toBeLessThanOrEqual(250);
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
  });

  it('opens with the two commands', () => {
    const commands = lines.slice(3, 5).map((line) => line.split('#')[0]?.trim());
    expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  });

  it('links only to files a clone has', () => {
    const targets = relativeLinks(readme);
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter((target) => target.startsWith('../') || !existsSync(path.join(repoRoot, target)));
    expect(missing).toEqual([]);
    // A path above the repository, linked or quoted, is one a clone lacks.
    expect(readme.match(/`\.\.\/[^`]*`/g) ?? []).toEqual([]);
  });
});
