import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from '#core/config.ts';

/**
 * Repository files a function reads at run time (a function lists them in its description's `files`, and
 * the CDK copies them into its asset at the same path). On Lambda they sit under the task root; locally
 * the handlers run from the repository itself.
 */
const root = () => config.LAMBDA_TASK_ROOT ?? fileURLToPath(new URL('../../', import.meta.url));

const parsed = new Map<string, unknown>();

/** Where a shipped file sits (for one that is imported rather than read, a codec's JavaScript). */
export const runtimeFilePath = (repositoryPath: string) => path.join(root(), repositoryPath);

/** A shipped file's bytes (a WebAssembly codec, or JSON for runtimeJson). */
export function runtimeBytes(repositoryPath: string): Buffer {
  try {
    return readFileSync(runtimeFilePath(repositoryPath));
  } catch (error) {
    throw new Error(`${repositoryPath} is not shipped with this function (list it in the function's files in lib/stack-description.ts)`, { cause: error });
  }
}

/** A shipped JSON file, parsed once per instance. */
export function runtimeJson<T>(repositoryPath: string): T {
  if (!parsed.has(repositoryPath)) {
    parsed.set(repositoryPath, JSON.parse(runtimeBytes(repositoryPath).toString('utf8')) as unknown);
  }
  return parsed.get(repositoryPath) as T;
}
