/**
 * `shiptrack-mcp`: the MCP server over stdio. Reads `SVC_API_TOKEN` and
 * `SVC_API_BASE_URL`; `--mock` serves an embedded mock with demo data.
 * Only protocol goes to stdout; logs go to stderr. `--print-config`
 * prints the effective configuration to stdout and exits without serving.
 */
// First: zod's setting must be in place before any schema is built.
import './zod-jitless.js';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
// The settings part of @shiptrack/ops only (see args.ts).
import { configRows, formatConfig, UsageError, usageErrorText } from '@shiptrack/ops';
import { ConfigurationError, createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { toolsSelected } from '../tools/selection.js';
import { SERVER_VERSION } from '../version.js';
import { parseCli } from './args.js';
import { JsonRpcLineGuard } from './line-guard.js';
import { createLog, describeFailure } from './log.js';
import { describeMirrorDatabase, mirrorSecrets, type OpenedMirror, openMirror } from './mirror.js';
import { serveConnection } from './serve.js';

/**
 * A client from the environment (and `--base-url`), made on first use; a
 * missing key stays an error per call.
 */
function environmentClient(baseUrl: string | undefined): () => ShiptrackClient {
  let client: ShiptrackClient | undefined;
  return () => {
    client ??= createClient(baseUrl === undefined ? {} : { baseUrl });
    return client;
  };
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2), process.env);
  // --help or --version: nothing is served, so their text may go to stdout.
  if (options.text !== undefined) {
    process.stdout.write(options.text);
    return;
  }
  const log = createLog([process.env.SVC_API_TOKEN ?? '', ...mirrorSecrets(options.mirror)]);
  for (const { legacy, current } of options.settings.legacyNames) {
    log(
      `warning: ${legacy} is the old name of ${current}; it is read until the next minor release: rename it to ${current}.`,
    );
  }
  if (options.printConfig) {
    // A command that serves nothing: its table may go to stdout.
    process.stdout.write(formatConfig(configRows(options.settings)));
    return;
  }
  let client: ShiptrackClient | (() => ShiptrackClient);
  let dispose = () => {};
  if (options.mock) {
    // Loaded only with --mock: the bin's bundle keeps it in a file of its own (see tsup.config.ts).
    const { EMBEDDED_BASE_URL, startEmbeddedMockService } = await import(
      '@shiptrack/mock-server/embedded'
    );
    const embedded = startEmbeddedMockService();
    client = createClient({
      apiKey: embedded.apiKey,
      baseUrl: EMBEDDED_BASE_URL,
      fetch: embedded.fetch,
    });
    dispose = embedded.dispose;
    log(
      `${SERVER_VERSION} serving the embedded mock service (demo data; no API key or network used)`,
    );
  } else {
    client = environmentClient(options.baseUrl);
    if (!process.env.SVC_API_TOKEN) {
      log(
        `${SERVER_VERSION} started without SVC_API_TOKEN: every tool will explain how to set it (or run with --mock to try the demo data)`,
      );
    } else {
      log(`${SERVER_VERSION} started`);
    }
  }
  let mirror: OpenedMirror | undefined;
  if (options.mirror !== undefined) {
    const syncClient =
      typeof client === 'function' ? (process.env.SVC_API_TOKEN ? client() : undefined) : client;
    if (options.mirrorSync && syncClient === undefined) {
      throw new UsageError('--mirror-sync reads REST: set SVC_API_TOKEN to your API key.');
    }
    mirror = await openMirror({
      database: options.mirror,
      client: syncClient,
      sync: options.mirrorSync,
      log,
    });
    log(
      `answering lists and searches from the mirror in ${describeMirrorDatabase(options.mirror)}${options.mirrorSync ? ', synced here every 15 min' : ''}`,
    );
  }
  const served = toolsSelected(options.selection);
  const all = toolsSelected();
  if (served.length < all.length) {
    log(
      `serving ${served.length} of ${all.length} tools${options.selection.readOnly ? ' (read-only: no tool writes)' : ''}: ${served.join(', ')}`,
    );
  }
  // Lines that are not one JSON-RPC message are answered here; the SDK's transport reads the rest.
  const input = new JsonRpcLineGuard({
    reply: (line) => process.stdout.write(line),
    log,
  });
  process.stdin.on('error', (error) => input.destroy(error));
  process.stdin.pipe(input);
  const handle = serveConnection(
    {
      client,
      mirror: mirror?.mirror,
      mirrorMaxAgeMs: options.mirrorMaxAgeMs,
      confirmTrackingRequests: options.confirmTrackingRequests,
      ...options.selection,
      onError: (error, where) => {
        if (!(error instanceof ConfigurationError))
          log(`${where} failed: ${describeFailure(error)}`);
      },
    },
    {
      transport: new StdioServerTransport(input, process.stdout),
      onerror: (error) => log(`protocol error: ${describeFailure(error)}`),
    },
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    dispose();
    void handle
      .close()
      .then(() => mirror?.close())
      .catch((error: unknown) => log(`shutdown: ${describeFailure(error)}`))
      .finally(() => process.exit(0));
  };
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof UsageError
      ? usageErrorText('shiptrack-mcp', error.message)
      : `[shiptrack-mcp] ${describeFailure(error)}\n`,
  );
  process.exit(error instanceof UsageError ? error.exitCode : 1);
});
