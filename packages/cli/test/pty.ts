import { spawn, spawnSync } from 'node:child_process';
import { BIN } from './built-bin.js';
import { captured, cleanEnv } from './helpers.js';

/** Whether util-linux `script` is here to give the bin a real pseudo-terminal. */
export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The bin running on a real pseudo-terminal of a given width. */
export interface PtyRun {
  /** Everything the terminal showed so far (stdout and stderr, as a terminal merges them). */
  output(): string;
  /** Resolves once the output matches. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Types on the terminal (`\u0003` is Ctrl-C). */
  type(text: string): void;
  /** The exit code of the bin. */
  exited: Promise<number | null>;
}

/** Runs the bin under `script -q -e` with `stty cols`, as a user at a terminal would. */
export function onTerminal(
  args: readonly string[],
  env: Record<string, string | undefined>,
  columns = 100,
): PtyRun {
  const command = `stty cols ${columns} rows 40; exec ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: cleanEnv({ TERM: 'xterm-256color', ...env }),
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(output)) {
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
      resolve(code);
    }),
  );
  return {
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        if (pattern.test(output)) resolve(output);
        else {
          waiters.push({ pattern, resolve });
          void exited.then(() => {
            if (!pattern.test(output))
              reject(new Error(`exited before ${pattern}; output:\n${output}`));
          });
        }
      }),
    type: (text) => child.stdin.write(text),
    exited,
  };
}
