/**
 * Checks a running site as a reader and an operator would, over HTTP only:
 *
 *   npm run smoke -- https://news.example.in        a deployed site (the stack's SiteUrl output)
 *   npm run smoke -- http://localhost:4700          npm start's
 *
 * Prints each check with its time and exits 1 if any failed (2 on a bad argument).
 */
import { CONTENT_SECURITY_DIRECTIVES_REQUIRED, runSmokeChecks } from '../lib/smoke-checks.ts';

const [siteArgument, ...rest] = process.argv.slice(2);
if (!siteArgument || rest.length || !/^https?:\/\/[^/]+/.test(siteArgument)) {
  console.error('Usage: npm run smoke -- <site-url>   (e.g. https://news.example.in, or http://localhost:4700 for npm start)');
  process.exit(2);
}
const site = new URL(siteArgument).origin;
console.log(`Smoke test of ${site} (CSP must hold: ${CONTENT_SECURITY_DIRECTIVES_REQUIRED.join('; ')})`);
const results = await runSmokeChecks(site, (result) => {
  const time = `${String(result.ms).padStart(5)} ms`;
  console.log(`${result.ok ? 'PASS' : 'FAIL'} ${time}  ${result.name}${result.detail ? `: ${result.detail}` : ''}`);
});
const failed = results.filter((result) => !result.ok);
console.log(failed.length ? `${failed.length} of ${results.length} checks failed.` : `All ${results.length} checks passed.`);
process.exitCode = failed.length ? 1 : 0;
