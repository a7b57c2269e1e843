/**
 * `pnpm start` spawned as a user runs it: in its own process group (what a
 * terminal gives a command), stopped with SIGINT sent to the whole group
 * (what Ctrl-C does), ports chosen through the documented variables.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A spawned `pnpm start` and what it printed so far. */
export interface SpawnedStart {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the pnpm process ended. */
  readonly exited: Promise<number | string>;
}

/**
 * The pnpm running this test (`npm_execpath`, set by pnpm for its scripts),
 * else `pnpm` from the PATH.
 */
function pnpmCommand(): { command: string; args: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath?.includes('pnpm')) {
    return /\.c?js$/.test(execPath)
      ? { command: process.execPath, args: [execPath] }
      : { command: execPath, args: [] };
  }
  return { command: 'pnpm', args: [] };
}

/** Spawns `pnpm start` at the repository root with `env` added. */
export function spawnStart(env: Record<string, string>): SpawnedStart {
  const pnpm = pnpmCommand();
  const child = spawn(pnpm.command, [...pnpm.args, 'start'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves once `done()` holds, checking on every output chunk; rejects after `timeoutMs`. */
export function waitForOutput(
  started: SpawnedStart,
  done: () => boolean,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new Error(
          `pnpm start did not print what was expected in ${timeoutMs} ms\nstdout:\n${started.stdout()}\nstderr:\n${started.stderr()}`,
        ),
      );
    }, timeoutMs);
    const ended = () => {
      cleanup();
      reject(new Error(`pnpm start exited early\nstderr:\n${started.stderr()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      started.child.stdout?.off('data', check);
      started.child.stderr?.off('data', check);
      started.child.off('exit', ended);
    };
    started.child.stdout?.on('data', check);
    started.child.stderr?.on('data', check);
    started.child.on('exit', ended);
    check();
  });
}

/** Whether any process of the group `pgid` is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Resolves once no process of the group is left; rejects after `timeoutMs`. */
export async function groupGone(pgid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) throw new Error(`process group ${pgid} still has processes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends whatever is left of the group (after a failed test), quietly. */
export function killGroup(pgid: number | undefined): void {
  if (pgid === undefined || !groupAlive(pgid)) return;
  process.kill(-pgid, 'SIGKILL');
}
