import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOCS_PATH, renderApiReference } from '../../bin/api-docs.ts';
import { stack } from '../../lib/stack-description.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('the API reference (docs/api.md)', () => {
  it('is what `npm run docs:api` renders from the stack description today', () => {
    const committed = readFileSync(path.join(repoRoot, API_DOCS_PATH), 'utf8');
    // On failure: run `npm run docs:api` and commit docs/api.md with the route change.
    expect(committed).toBe(renderApiReference());
  });

  it('lists every described route once, with its method, path, auth level and function', () => {
    const reference = renderApiReference();
    for (const route of stack.routes) {
      const row = `| ${route.method} | \`${route.path}\` | ${route.auth} |`;
      expect(reference.split(row).length - 1, `${route.method} ${route.path}`).toBe(1);
      const section = reference.slice(reference.lastIndexOf('\n## ', reference.indexOf(row)));
      expect(section.startsWith(`\n## ${route.fn}\n`), `${route.method} ${route.path} under ${route.fn}`).toBe(true);
    }
  });

  it('follows a change to the description: a new route appears, so the committed file goes out of date', () => {
    const changed = { ...stack, routes: [...stack.routes, { method: 'GET' as const, path: '/example', fn: 'articles', auth: 'public' as const }] };
    expect(renderApiReference(changed)).toContain('| GET | `/example` | public |');
    expect(renderApiReference(changed)).not.toBe(renderApiReference());
  });
});
