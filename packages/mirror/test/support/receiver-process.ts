/**
 * `shiptrack-mirror` run from its sources in a child process, as an operator
 * runs it: its JSON log lines collected, its URL read from the first one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** A running `shiptrack-mirror` process. */
export interface MirrorProcess {
  readonly child: ChildProcess;
  /** JSON lines of stdout so far. */
  readonly lines: Array<Record<string, unknown>>;
  /** Everything written so far (stdout and stderr), to check nothing secret was. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  readonly exited: Promise<number | NodeJS.Signals>;
}

/** Spawns `shiptrack-mirror <args>`. */
export function runMirrorCli(args: string[], env: Record<string, string> = {}): MirrorProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=shiptrack-source', '--import', 'tsx', MAIN, ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: Array<Record<string, unknown>> = [];
  let all = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.trim() !== '') lines.push(JSON.parse(line));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, lines, output: () => all, exited };
}

/** Waits for a stdout line matching `test` (the process's own output paces this, no fixed sleep). */
export function waitForLine(
  process: MirrorProcess,
  test: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = process.lines.find(test);
      if (found !== undefined) {
        process.child.stdout?.off('data', onData);
        resolve(found);
      }
    };
    const onData = () => setImmediate(check);
    process.child.stdout?.on('data', onData);
    process.exited.then((code) =>
      reject(new Error(`shiptrack-mirror exited (${code}):\n${process.output()}`)),
    );
    check();
  });
}
