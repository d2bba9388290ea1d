import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyFiles } from '../../lib/constructs/functions.ts';
import { CLASSIFIER_FILES, stack, TOPIC_FILES } from '../../lib/stack-description.ts';
import { repoRoot } from '../support/local-runtime.ts';

/** Files a function reads at run time: listed in the description, copied into its asset, read from there on Lambda. */
describe('runtime files', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists only files that exist, and ships the classifier data with the functions that read it', () => {
    for (const fn of stack.functions) for (const file of fn.files ?? []) expect(existsSync(path.join(repoRoot, file)), `${fn.name}: ${file}`).toBe(true);
    expect(stack.functions.find((fn) => fn.name === 'ingest')?.files).toContain(CLASSIFIER_FILES.model);
    expect(stack.functions.find((fn) => fn.name === 'retrain')?.files).toEqual(expect.arrayContaining(Object.values(CLASSIFIER_FILES)));
    // The reader functions name topics from the catalogue (services/topic-catalogue.ts).
    for (const name of ['articles', 'me']) expect(stack.functions.find((fn) => fn.name === name)?.files, name).toContain(TOPIC_FILES.catalogue);
  });

  it('copies them into the asset at their repository path, where a Lambda instance reads them', async () => {
    const asset = mkdtempSync(path.join(os.tmpdir(), 'cnh-asset-'));
    try {
      for (const command of copyFiles(Object.values(CLASSIFIER_FILES)).afterBundling(repoRoot, asset)) execSync(command);
      vi.stubEnv('LAMBDA_TASK_ROOT', asset);
      vi.resetModules();
      const { runtimeJson } = await import('#adapters/runtime-files.ts');
      expect(runtimeJson(CLASSIFIER_FILES.model)).toEqual(JSON.parse(readFileSync(path.join(repoRoot, CLASSIFIER_FILES.model), 'utf8')));
      rmSync(path.join(asset, CLASSIFIER_FILES.heldout));
      expect(() => runtimeJson(CLASSIFIER_FILES.heldout)).toThrow(/data\/classifier\/heldout.json is not shipped with this function/);
    } finally {
      rmSync(asset, { recursive: true, force: true });
    }
  });
});
