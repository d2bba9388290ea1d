import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { repoRoot } from '../support/local-runtime.ts';

/** `npm run smoke -- <site>` as an owner runs it, here against the integration runtime (npm start's). */
async function smoke(site: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bin/smoke.ts', site], { cwd: repoRoot });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const CHECKS = ['home page', 'home page feed links', 'security headers and CSP', '/config.json', 'API: articles', 'API: categories', 'API: feeds', 'API: sitemap', 'share page', 'console route', "guest's 401 on a signed-in route"];

describe('npm run smoke', () => {
  it('checks the running site as a reader and an operator would, each check timed', async () => {
    const { code, stdout } = await smoke(local().urls.site);
    const lines = stdout.split('\n');
    for (const name of CHECKS) {
      const line = lines.find((candidate) => new RegExp(`^(PASS|FAIL) +\\d+ ms  ${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(:|$)`).test(candidate));
      expect(line, name).toBeDefined();
      expect(line, name).toMatch(/^PASS/);
    }
    expect(code).toBe(0);
  });

  it('fails, exiting 1, against a site that is not there, and says why per check', async () => {
    const { code, stdout } = await smoke('http://127.0.0.1:9');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL +\d+ ms {2}home page: request failed: /m);
    expect(stdout).toContain(`${CHECKS.length} of ${CHECKS.length} checks failed.`);
  });
});
