/**
 * `shiptrack-mirror`'s commands run in this process, as the bin runs them
 * (`runMirrorCommand` with its arguments, streams and environment), with a
 * stop the test sends instead of a signal of the process.
 */
import { runMirrorCommand, type StopSignal } from '../../src/commands.js';

/** A command running in this process. */
export interface CommandRun {
  /** The exit code, once the command ended. */
  readonly exited: Promise<number>;
  /** JSON lines written to stdout so far. */
  lines(): Array<Record<string, unknown>>;
  /** Everything written (stdout and stderr), to check that nothing secret was. */
  output(): string;
  /** What SIGINT or SIGTERM would do to the bin. */
  stop(signal: StopSignal): void;
  /** The first stdout line matching `test`, once written (the command's own output paces this). */
  waitForLine(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/** Runs `argv` (a command and its options) with `env` as its whole environment. */
export function runCommand(argv: string[], env: Record<string, string>): CommandRun {
  let stdout = '';
  let all = '';
  const waiters = new Set<() => void>();
  const write = (stream: 'out' | 'err') => (text: string) => {
    if (stream === 'out') stdout += text;
    all += text;
    for (const wake of waiters) wake();
  };
  let stop: (signal: StopSignal) => void = () => {};
  const stopped = new Promise<StopSignal>((resolve) => {
    stop = resolve;
  });
  const exited = runMirrorCommand(argv, {
    out: { write: write('out') },
    err: { write: write('err') },
    env,
    stop: stopped,
  });
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    exited,
    lines,
    output: () => all,
    stop,
    waitForLine: (test) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines().find(test);
          if (found === undefined) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        exited.then((code) => {
          waiters.delete(check);
          reject(new Error(`the command ended (${code}) before the line:\n${all}`));
        });
        check();
      }),
  };
}
