import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A temp folder per test run, removed at its end: a CDK `App` without an outdir synthesises into a new folder
 * under the system temp folder (about 24 MB with its assets) and never removes it; thousands of runs filled
 * this machine's disk. The workers inherit TMPDIR, which os.tmpdir() reads.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-run-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
