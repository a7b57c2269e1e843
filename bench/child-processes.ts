/**
 * The servers a benchmark runs in processes of their own: started from the
 * repository root, each awaited until it prints its ready line, and all
 * stopped when the benchmark ends, however it ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

/** Starts a child process and resolves with the first stdout line that `ready` accepts. */
export function startChild(
  command: string,
  args: string[],
  ready: (line: string) => boolean,
): Promise<string> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffer = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) if (ready(line)) resolve(line);
    });
    child.once('exit', (code) =>
      reject(new Error(`${command} exited (${code}): ${errors.slice(-2000)}`)),
    );
  });
}

/** Runs a benchmark's `main`, then stops every child it started. */
export async function withChildren(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}
