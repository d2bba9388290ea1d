import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reading and inspecting the ASL files, shared by the CDK constructs, the local runtime and the tests. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AslState {
  Type: string;
  Resource?: string;
  Iterator?: AslDefinition;
  ItemProcessor?: AslDefinition;
  Branches?: AslDefinition[];
  [field: string]: unknown;
}

export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
  [field: string]: unknown;
}

export function readAsl(file: string): AslDefinition {
  return JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as AslDefinition;
}

/** Every Task state, nested Map and Parallel states included. */
export function taskStates(definition: AslDefinition): Array<{ name: string; resource: string }> {
  const found: Array<{ name: string; resource: string }> = [];
  for (const [name, state] of Object.entries(definition.States)) {
    if (state.Type === 'Task' && state.Resource) found.push({ name, resource: state.Resource });
    const nested = [state.Iterator, state.ItemProcessor, ...(state.Branches ?? [])].filter((d): d is AslDefinition => Boolean(d));
    for (const child of nested) found.push(...taskStates(child));
  }
  return found;
}

/** Names of the Map states run as Distributed Maps (their children are executions of the same state machine). */
export function distributedMapStates(definition: AslDefinition): string[] {
  return Object.entries(definition.States)
    .filter(([, state]) => state.Type === 'Map' && (state.ItemProcessor?.ProcessorConfig as { Mode?: string } | undefined)?.Mode === 'DISTRIBUTED')
    .map(([name]) => name);
}

/** `${Name}` placeholders the definition uses (CDK's DefinitionSubstitutions fill them). */
export function placeholdersOf(definition: AslDefinition): string[] {
  return [...new Set([...JSON.stringify(definition).matchAll(/\$\{(\w+)\}/g)].map((match) => match[1] as string))];
}

export function substitutePlaceholders(definition: AslDefinition, values: Record<string, string>): AslDefinition {
  const text = JSON.stringify(definition).replace(/\$\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return JSON.parse(text) as AslDefinition;
}
