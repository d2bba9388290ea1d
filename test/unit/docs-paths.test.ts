import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name the code they describe by its path; a move that forgets a doc leaves a newcomer looking for a
 * file that is not there. Every repository path a document quotes (`lambdas/...`) or links to must exist.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const TOP_FOLDERS = ['lambdas', 'frontend', 'lib', 'bin', 'test', 'state-machines', 'data', 'docs', 'eslint-rules', '.ci'];
/** What a build writes (git ignores it): a doc may name it before it exists. */
const BUILD_OUTPUTS = /^(frontend\/dist|cdk\.out)(\/|$)/;
const quotedPath = new RegExp(`^(?:${TOP_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/[\\w./@-]*$`);

function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** Paths quoted in code spans (`lib/app-stack.ts`, `lambdas/store/`), a `:line` or `#symbol` suffix dropped. */
function quotedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((match) => (match[1] ?? '').replace(/[:#].*$/, ''))
    .filter((candidate) => quotedPath.test(candidate) && !BUILD_OUTPUTS.test(candidate) && !candidate.includes('*') && !candidate.includes('<'));
}

/** Relative link targets, without their #fragment, resolved against the document's folder. */
function linkedPaths(markdown: string, document: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => path.relative(repoRoot, path.resolve(repoRoot, path.dirname(document), target)));
}

const documents = ['README.md', ...markdownFiles('docs'), ...markdownFiles('data').filter((file) => !file.includes('/fixtures/'))];

describe('the docs', () => {
  it.each(documents)('%s names only paths a clone has', (document) => {
    const markdown = readFileSync(path.join(repoRoot, document), 'utf8');
    const named = [...new Set([...quotedPaths(markdown), ...linkedPaths(markdown, document)])];
    expect(named.filter((target) => !existsSync(path.join(repoRoot, target)))).toEqual([]);
  });
});
