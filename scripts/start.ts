/**
 * `pnpm start`: the main job. The mock tracking service with demo data, the
 * demo OAuth authorization server and the MCP HTTP server over them, in this
 * one process, on 127.0.0.1 (ports in `start/options.ts`). Prints the banner
 * to stdout and log lines to stderr; Ctrl-C (SIGINT) or SIGTERM stops all
 * three and exits 0.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestLogEntry } from '@shiptrack/mcp-http';
import type { Logger } from '@shiptrack/mock-server';
import { bannerLines, type StdioCommand } from './start/banner.js';
import { parseStartOptions, StartUsageError, USAGE } from './start/options.js';
import { type RunningStack, StackStartError, startStack } from './start/stack.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * What the demo authorization server's library (oidc-provider) prints in
 * red at start: its in-memory store, and on Node 20 a runtime it does not
 * list. Both are what a demo on one machine wants; said once, dim.
 */
const OIDC_WARNINGS_NOTE =
  '(The oidc-provider WARNING lines are expected: the demo sign-in server keeps its data in memory, and runs on Node 20 though oidc-provider lists 22+.)';

/** Dim on a terminal that takes colours; as it is otherwise. */
function dim(text: string): string {
  return process.stderr.isTTY && !process.env.NO_COLOR ? `\u001b[2m${text}\u001b[22m` : text;
}

const mockLogger: Logger = {
  info: (message) => say(`[mock] ${message}`),
  warn: (message) => say(`[mock] warning: ${message}`),
  error: (message, error) =>
    say(`[mock] error: ${message}${error instanceof Error ? `: ${error.message}` : ''}`),
};

function logRequest(entry: RequestLogEntry): void {
  const what = [entry.rpcMethod, entry.target].filter(Boolean).join(' ');
  const note = entry.note ? ` (${entry.note})` : '';
  say(
    `[mcp] ${entry.method} ${entry.path} ${what} -> ${entry.status} in ${Math.round(entry.durationMs)} ms${note}`,
  );
}

/** A command that runs an entry point of this checkout from its sources (`packages/<path>`). */
function sourceCommand(path: string, ...args: string[]): StdioCommand {
  const entry = join(repoRoot, 'packages', ...path.split('/'));
  return {
    command: process.execPath,
    args: ['--conditions=shiptrack-source', '--import', import.meta.resolve('tsx'), entry, ...args],
  };
}

function stopOnSignals(stack: RunningStack): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    say(`${signal}: stopping the MCP server, the OAuth server and the mock`);
    // pnpm gets Ctrl-C too, and reports its script failed however the script ends (pnpm/pnpm#9945).
    if (signal === 'SIGINT' && process.env.npm_config_user_agent?.startsWith('pnpm/')) {
      say(
        '(pnpm may add "ELIFECYCLE Command failed.": its own answer to Ctrl-C; this stop is clean.)',
      );
    }
    stack.close().then(
      () => process.exit(0),
      (error: unknown) => {
        say(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const options = parseStartOptions(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const stack = await startStack({
    ports: options.ports,
    mockLogger,
    requestLog: options.logRequests ? logRequest : false,
    onError: (error, where) =>
      say(`[mcp] error in ${where}: ${error instanceof Error ? error.message : String(error)}`),
  });
  stopOnSignals(stack);
  say(dim(OIDC_WARNINGS_NOTE));
  // `shiptrack-mcp --mock` (what Claude Desktop starts) and the CLI, from this checkout's sources.
  const mcp = sourceCommand('mcp/src/cli/main.ts', '--mock');
  process.stdout.write(bannerLines(stack, mcp, sourceCommand('cli/src/bin.ts')).join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof StartUsageError) {
    say(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof StackStartError) {
    say(`Could not start: ${error.message}`);
    process.exitCode = 1;
  } else {
    say(
      `Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  }
});
