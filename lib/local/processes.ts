import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** Children of the local runtime; stopped together on exit or Ctrl-C. */
const children = new Set<ChildProcess>();

export function startChild(name: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  const tail: string[] = [];
  const remember = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0 && signal === null) {
      process.stderr.write(`[${name}] exited with code ${code}\n${tail.join('')}\n`);
    }
  });
  return child;
}

let stopping = false;

// Whatever way the runtime exits, its stand-ins go with it (a Java DynamoDB left behind holds the port).
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function stopChildren(): Promise<void> {
  stopping = true;
  const exits = [...children].map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  );
  await Promise.all(exits);
}

/** Resolves once something accepts TCP connections on the port, or rejects after the timeout. */
export async function waitForPort(port: number, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs / 1000} s`);
}

export async function assertPortFree(port: number, name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () =>
      reject(new Error(`Port ${port} for ${name} is in use: another instance running? Set CNH_PORT_BASE to move all ports.`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
