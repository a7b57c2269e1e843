#!/usr/bin/env node
/**
 * `shiptrack-mcp-http`: the hosted MCP endpoint as a command.
 *
 * Contract: on start it prints exactly one JSON line to stdout
 * (`{"url", "health", "oauth"}`); request log lines and messages go to
 * stderr. SIGINT and SIGTERM shut it down gracefully (requests in flight
 * finish) and it exits 0.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { startMcpHttpServer } from '../node/server.js';
import { parseCommand, USAGE, UsageError } from './args.js';
import { describeMirrorDatabase, type OpenedMirror, openCliMirror } from './mirror.js';

function say(message: string): void {
  process.stderr.write(`[shiptrack-mcp-http] ${message}\n`);
}

/** Explains the common failures to listen in the CLI's own terms. */
function listenFailure(error: unknown): string | undefined {
  const { code, address, port } = (error ?? {}) as {
    code?: unknown;
    address?: unknown;
    port?: unknown;
  };
  const where = `${String(address ?? '')}:${String(port ?? '')}`;
  if (code === 'EADDRINUSE')
    return `${where} is already in use. Pick another port with --port <n> (0 picks a free one).`;
  if (code === 'EACCES') return `no permission to listen on ${where}. Use a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${where} is not an address of this machine. Check --host.`;
  return undefined;
}

async function main(): Promise<void> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (command.kind === 'version') {
    process.stdout.write(`${packageJson.version}\n`);
    return;
  }
  const mirror: OpenedMirror | undefined = command.mirror
    ? await openCliMirror(command.mirror, command.options.baseUrl, say)
    : undefined;
  let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
  try {
    server = await startMcpHttpServer({
      ...command.options,
      ...(mirror && command.mirror
        ? {
            mirror: {
              mirror: mirror.mirror,
              apiKey: command.mirror.apiKey,
              maxAgeMs: command.mirror.maxAgeMs,
            },
          }
        : {}),
      log: command.log ? (entry) => process.stderr.write(`${JSON.stringify(entry)}\n`) : false,
    });
  } catch (error) {
    await mirror?.close();
    throw error;
  }
  // Ready to stop before saying it is ready: a script may send SIGTERM the moment it reads the line.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: finishing requests in flight, then stopping`);
    server
      .close()
      .then(() => mirror?.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          say(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const oauth = command.options.oauth?.issuer ?? null;
  process.stdout.write(
    `${JSON.stringify({ url: server.url, health: `${server.origin}/health`, oauth })}\n`,
  );
  const auth = command.options.localApiKey
    ? 'authentication off: requests without credentials use SVC_API_TOKEN'
    : oauth
      ? `OAuth via ${oauth}, and API keys`
      : 'API keys only: Authorization: Token <key>';
  const limits = command.options.redisUrl
    ? 'rate limits, tasks and subscriptions shared through Redis'
    : 'rate limits counted and tasks and subscriptions kept in this process only: give --redis-url to share them between instances';
  say(`serving MCP at ${server.url} (${auth}; ${limits}). Stop with Ctrl+C.`);
  if (command.mirror) {
    say(
      `answering the lists and searches of SVC_API_TOKEN's account from the mirror in ${describeMirrorDatabase(command.mirror.database)}${command.mirror.sync ? ', synced here every 15 min' : ''}`,
    );
  }
}

main().catch((error: unknown) => {
  const explained = listenFailure(error);
  say(`could not start: ${explained ?? (error instanceof Error ? error.message : String(error))}`);
  process.exitCode = 1;
});
