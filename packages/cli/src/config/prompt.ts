import { createInterface } from 'node:readline';
import { CliError } from '../errors/cli-error.js';

/**
 * Asks for a secret on the terminal without echoing it. Reads one line
 * from stdin when it is not a terminal (`echo "$KEY" | shiptrack login`).
 */
export async function askSecret(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line.trim();
    }
    return '';
  }
  // Raw mode (no echo) before the question: whatever is typed once it shows is never echoed.
  input.setRawMode(true);
  process.stderr.write(question);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: CliError) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
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
