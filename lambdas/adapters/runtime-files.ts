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

/** A shipped JSON file, parsed once per instance. */
export function runtimeJson<T>(repositoryPath: string): T {
  if (!parsed.has(repositoryPath)) {
    let text: string;
    try {
      text = readFileSync(path.join(root(), repositoryPath), 'utf8');
    } catch (error) {
      throw new Error(`${repositoryPath} is not shipped with this function (list it in the function's files in lib/stack-description.ts)`, { cause: error });
    }
    parsed.set(repositoryPath, JSON.parse(text) as unknown);
  }
  return parsed.get(repositoryPath) as T;
}
