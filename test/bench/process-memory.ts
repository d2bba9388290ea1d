/**
 * Resident memory of a process and every process under it, read from /proc (Linux): VmRSS of
 * /proc/<pid>/status, children from /proc/<pid>/task/<tid>/children. For the soak bench, which watches
 * the local runtime's node process and the stand-ins it started (DynamoDB Local's java, the SES stand-in).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  /** What it is: the executable and the script or jar it runs. */
  name: string;
  rssMb: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process has gone
  }
}

function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => (read(`/proc/${pid}/task/${task}/children`) ?? '').split(/\s+/).filter(Boolean).map(Number));
}

/** The process and all its descendants, parents first. */
export function processTree(root: number): number[] {
  const seen: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    if (seen.includes(pid)) continue;
    seen.push(pid);
    queue.push(...childrenOf(pid));
  }
  return seen;
}

/** A short name: the command and the first argument that says what it runs (a .ts/.js/.mjs/.jar file). */
function nameOf(pid: number): string {
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  const command = (args[0] ?? '?').split('/').at(-1) as string;
  // The last such argument: node's own --require/--import hooks (tsx) come before the script.
  const what = args.slice(1).findLast((arg) => /\.(ts|js|mjs|cjs|jar)$/.test(arg));
  return what ? `${command} ${what.split('/').slice(-3).join('/')}` : command;
}

/** The resident memory of each process of the tree under root (those that have gone are left out). */
export function treeMemory(root: number): ProcessMemory[] {
  return processTree(root).flatMap((pid) => {
    const rssKb = /VmRSS:\s+(\d+)\s+kB/.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
    return rssKb ? [{ pid, name: nameOf(pid), rssMb: Number(rssKb) / 1024 }] : [];
  });
}
