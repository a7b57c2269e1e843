/**
 * The `shiptrack-mock` bin as a process, from its sources: its first
 * stdout line, its output, and a wait for a line on stderr.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Starts `shiptrack-mock <args>` (node with tsx, from the sources), with `env` over this process's. */
export function startCli(args: string[], env: Readonly<Record<string, string>> = {}) {
  const child = spawn(
    // node itself, not the tsx command: tsx relays a signal only if its child answers within
    // 30 ms, and exits 143 itself on a loaded machine, so the child's shutdown went untested.
    process.execPath,
    [
      '--import',
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      '--conditions=shiptrack-source',
      cli,
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const end = stdout.indexOf('\n');
      if (end !== -1) resolve(stdout.slice(0, end));
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`CLI exited (${code}) before printing: ${stderr}`)),
    );
  });
  // A test that expects the CLI to exit early never awaits the line.
  firstLine.catch(() => {});
  /** Resolves once stderr contains `text`. */
  const stderrShows = (text: string) =>
    new Promise<void>((resolve) => {
      const look = () => {
        if (!stderr.includes(text)) return;
        child.stderr.off('data', look);
        resolve();
      };
      child.stderr.on('data', look);
      look();
    });
  return { child, firstLine, stderrShows, output: () => ({ stdout, stderr }) };
}
