import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './built-bin.js';
import { captured, cleanEnv } from './helpers.js';

/** Whether util-linux `script` is here to give the bin a real pseudo-terminal. */
export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What a test waits for in the output: a pattern, or a check of the whole output. */
export type Expected = RegExp | ((output: string) => boolean);

/** A check that `text` occurs at least `times` times in the output. */
export function occurs(text: string, times: number): (output: string) => boolean {
  return (output) => output.split(text).length - 1 >= times;
}

/** The bin running on a real pseudo-terminal of a given width. */
export interface PtyRun {
  /** Everything the terminal showed so far (stdout and stderr, as a terminal merges them). */
  output(): string;
  /** Resolves once the output matches (or the check says so); rejects when the bin exits first. */
  waitFor(pattern: Expected): Promise<string>;
  /** Types on the terminal (`\u0003` is Ctrl-C). */
  type(text: string): void;
  /** The exit code of the bin. */
  exited: Promise<number | null>;
  /**
   * Narrows or widens the terminal to the width given to {@link onTerminal}
   * as `resizeTo`, as a user drags its window: the bin gets SIGWINCH, at
   * whatever point of its work it is.
   */
  resize(): void;
}

/** Options of {@link onTerminal}. */
export interface TerminalOptions {
  columns?: number;
  rows?: number;
  /** The width {@link PtyRun.resize} sets. */
  resizeTo?: number;
}

/**
 * Runs the bin under `script -q -e` with `stty cols`, as a user at a
 * terminal would. With `resizeTo`, the bin runs beside a shell that sets
 * the new size (and so sends SIGWINCH) when {@link PtyRun.resize} asks.
 */
export function onTerminal(
  args: readonly string[],
  env: Record<string, string | undefined>,
  size: number | TerminalOptions = 100,
): PtyRun {
  const {
    columns = 100,
    rows = 40,
    resizeTo,
  } = typeof size === 'number' ? { columns: size } : size;
  const bin = `${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`;
  const folder = resizeTo === undefined ? undefined : mkdtempSync(join(tmpdir(), 'shiptrack-pty-'));
  const signal = folder && join(folder, 'resize');
  // The shell waits for the test's word (a FIFO would block the test; a file it polls does not),
  // then resizes the terminal, which signals the bin.
  const command = signal
    ? `stty cols ${columns} rows ${rows}; ${bin} & pid=$!; while [ ! -e ${quote(signal)} ]; do sleep 0.05; done; stty cols ${resizeTo}; kill -WINCH $pid; wait $pid`
    : `stty cols ${columns} rows ${rows}; exec ${bin}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: cleanEnv({ TERM: 'xterm-256color', ...env }),
  });
  let output = '';
  const waiters: { pattern: Expected; resolve: (text: string) => void }[] = [];
  const met = (pattern: Expected) =>
    typeof pattern === 'function' ? pattern(output) : pattern.test(output);
  const check = () => {
    for (const waiter of [...waiters]) {
      if (met(waiter.pattern)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(output);
      }
    }
  };
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    check();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      captured.push(output);
      child.stdin.destroy();
      if (folder) rmSync(folder, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return {
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        if (met(pattern)) resolve(output);
        else {
          waiters.push({ pattern, resolve });
          void exited.then(() => {
            if (!met(pattern))
              reject(new Error(`exited before ${String(pattern)}; output:\n${output}`));
          });
        }
      }),
    type: (text) => child.stdin.write(text),
    exited,
    resize: () => {
      if (signal === undefined) throw new Error('onTerminal was given no resizeTo');
      writeFileSync(signal, '');
    },
  };
}
