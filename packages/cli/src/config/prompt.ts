import { createInterface } from 'node:readline';
import type { Io } from '../context.js';
import { CliError } from '../errors/cli-error.js';

/**
 * Asks for a secret on the run's terminal (its input and stderr) without
 * echoing it. Reads one line from the input when it is not a terminal
 * (`echo "$KEY" | shiptrack login`).
 */
export async function askSecret(question: string, io: Pick<Io, 'in' | 'err'>): Promise<string> {
  const input = io.in;
  const setRawMode = input.setRawMode?.bind(input);
  if (!input.isTTY || setRawMode === undefined) {
    const lines = createInterface({ input, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line.trim();
    }
    return '';
  }
  // Raw mode (no echo) before the question: whatever is typed once it shows is never echoed.
  setRawMode(true);
  io.err.write(question);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: CliError) => {
      setRawMode(false);
      input.pause();
      input.off('data', onData);
      io.err.write('\n');
      if (error) reject(error);
      else resolve(typed.trim());
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') {
          return done(
            new CliError('interrupted', 'interrupted', 'Login cancelled; nothing was stored.'),
          );
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}
