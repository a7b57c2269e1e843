#!/usr/bin/env node
/**
 * `shiptrack-mock`: runs the mock service on a local port.
 *
 * Contract: on start it prints exactly one line of JSON to stdout,
 * `{"url": "<REST base ending in /v2>", "apiKeys": [...]}`, so scripts can
 * read the URL and the (demo) keys; everything else goes to stderr. It stops
 * cleanly on SIGINT and SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startMockServer } from './adapters/node.js';
import type { ClockMode } from './engine/clock.js';
import type { Logger } from './engine/context.js';
import { isDatasetName } from './engine/datasets.js';

const USAGE = `Usage: shiptrack-mock [options]

  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <addr>       interface to bind (default 127.0.0.1; never expose the mock publicly)
  --api-key <key>     also accept this API key for the demo account (repeatable)
  --clock real|manual real time (default) or time that only moves with POST /_mock/clock/advance
  --seed demo|empty   start with the demo data (default) or accounts only
  --help              show this help
`;

/** Thrown for a bad command line; the message says how to fix it. */
class UsageError extends Error {
  override name = 'UsageError';
}

const stderrLogger: Logger = {
  info: (message) => process.stderr.write(`[shiptrack-mock] ${message}\n`),
  warn: (message) => process.stderr.write(`[shiptrack-mock] warning: ${message}\n`),
  error: (message, error) =>
    process.stderr.write(
      `[shiptrack-mock] error: ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}\n`,
    ),
};

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string', multiple: true, default: [] },
      clock: { type: 'string', default: 'real' },
      seed: { type: 'string', default: 'demo' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be an integer from 0 to 65535; got "${values.port}".`);
  }
  if (values.clock !== 'real' && values.clock !== 'manual') {
    throw new UsageError(`--clock must be "real" or "manual"; got "${values.clock}".`);
  }
  if (!isDatasetName(values.seed)) {
    throw new UsageError(`--seed must be "demo" or "empty"; got "${values.seed}".`);
  }
  for (const key of values['api-key']) {
    if (!/^\S+$/.test(key))
      throw new UsageError('--api-key values must not be empty or contain spaces.');
  }
  const clock: ClockMode = values.clock === 'manual' ? 'manual' : 'real';
  return {
    clock,
    port,
    host: values.host,
    apiKeys: values['api-key'],
    seed: values.seed,
    help: values.help,
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stderr.write(USAGE);
    return;
  }
  const server = await startMockServer({
    port: options.port,
    host: options.host,
    apiKeys: options.apiKeys,
    clock: { mode: options.clock },
    dataset: options.seed,
    logger: stderrLogger,
  });
  const apiKeys = server.mock.apiKeys();
  process.stdout.write(`${JSON.stringify({ url: server.url, apiKeys })}\n`);
  process.stderr.write(
    [
      `shiptrack mock server listening on ${server.url} (${options.clock} clock, ${options.seed} data)`,
      `Try: curl -H "Authorization: Token ${apiKeys[0] ?? '<API_KEY>'}" ${server.url}/shipments`,
      `Control API (no key; local use only): ${server.origin}/_mock/clock, POST ${server.origin}/_mock/clock/advance {"seconds": 86400}`,
      'Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[shiptrack-mock] ${signal}: shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        stderrLogger.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** Explains a failure to listen in the terms of the CLI's options, when it is a common one. */
function listenFailure(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const where = `${(error as { address?: unknown }).address ?? ''}:${(error as { port?: unknown }).port ?? ''}`;
  if (code === 'EADDRINUSE') {
    return `could not start: ${where} is already in use (another shiptrack-mock or \`pnpm start\`?). Stop that process, or pick another port with --port <n> (--port 0 picks a free one).`;
  }
  if (code === 'EACCES') {
    return `could not start: no permission to listen on ${where}. Use a port above 1023 with --port <n>.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `could not start: ${where} is not an address of this machine. Check --host (default 127.0.0.1).`;
  }
  return undefined;
}

main().catch((error: unknown) => {
  const explained = listenFailure(error);
  if (explained) stderrLogger.error(explained);
  else stderrLogger.error('could not start', error);
  process.exitCode = 1;
});
