#!/usr/bin/env node
/**
 * `shiptrack-mcp-http`: the hosted MCP endpoint as a command.
 *
 * Contract: on start it prints exactly one JSON line to stdout
 * (`{"url", "health", "oauth"}`); log records, one JSON object per line
 * (`log.ts`), go to stderr. SIGINT and SIGTERM drain it (readiness goes
 * false, requests in flight finish) and it exits 0. `--print-config`
 * prints the effective configuration and exits.
 */
import { describeMirrorDatabase, type OpenedMirror } from '@shiptrack/mcp';
import {
  configRows,
  formatConfig,
  listenFailureText,
  MASKED,
  startTelemetry,
  telemetryVariables,
  UsageError,
  usageErrorText,
} from '@shiptrack/ops';
import packageJson from '../../package.json' with { type: 'json' };
import { startMcpHttpServer } from '../node/server.js';
import { parseCommand } from './args.js';
import { type CliLogger, cliLogger } from './log.js';
import { openCliMirror } from './mirror.js';

/** The configuration table of `--print-config`: the settings, then the `OTEL_*` variables set. */
function printedConfig(command: ReturnType<typeof parseCommand>): string {
  const otel = telemetryVariables(process.env).map((variable) => ({
    setting: variable.name,
    value: variable.secret ? MASKED : variable.value,
    source: `env ${variable.name}`,
  }));
  return formatConfig([...configRows(command.settings), ...otel]);
}

async function serve(command: ReturnType<typeof parseCommand>, log: CliLogger): Promise<void> {
  const telemetry = await startTelemetry({
    serviceName: 'shiptrack-mcp-http',
    serviceVersion: packageJson.version,
    metrics: command.metrics,
  });
  const mirror: OpenedMirror | undefined = command.mirror
    ? await openCliMirror(command.mirror, command.options.baseUrl, log.say)
    : undefined;
  let server: Awaited<ReturnType<typeof startMcpHttpServer>>;
  try {
    server = await startMcpHttpServer({
      ...command.options,
      telemetry,
      ...(mirror && command.mirror
        ? {
            mirror: {
              mirror: mirror.mirror,
              apiKey: command.mirror.apiKey,
              maxAgeMs: command.mirror.maxAgeMs,
            },
          }
        : {}),
      log: command.logging.requests ? log.request : false,
      onError: log.error,
      onReadinessChange: log.readiness,
      logger: log.messages,
    });
  } catch (error) {
    await mirror?.close();
    await telemetry.shutdown();
    throw error;
  }
  // Ready to stop before saying it is ready: a script may send SIGTERM the moment it reads the line.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.say(`${signal}: not ready any more; finishing requests in flight, then stopping`, {
      signal,
    });
    server
      .drain()
      .then(() => mirror?.close())
      .then(() => telemetry.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error(error, 'shutdown');
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
  log.say(`serving MCP at ${server.url} (${auth}; ${limits}). Stop with Ctrl+C.`, {
    url: server.url,
    ...(server.metricsUrl ? { metrics: server.metricsUrl } : {}),
    traces: telemetry.traces,
  });
  if (command.mirror) {
    log.say(
      `answering the lists and searches of SVC_API_TOKEN's account from the mirror in ${describeMirrorDatabase(command.mirror.database)}${command.mirror.sync ? ', synced here every 15 min' : ''}`,
    );
  }
}

async function main(): Promise<void> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(usageErrorText('shiptrack-mcp-http', error.message));
    process.exitCode = error.exitCode;
    return;
  }
  if (command.kind === 'help' || command.kind === 'version') {
    process.stdout.write(command.text ?? '');
    return;
  }
  const log = cliLogger(command.logging);
  for (const { legacy, current } of command.settings.legacyNames) {
    log.messages.warn(
      `${legacy} is the old name of ${current}; it is read until the next minor release: rename it to ${current}.`,
      { legacy, current },
    );
  }
  if (command.kind === 'print-config') {
    process.stdout.write(printedConfig(command));
    return;
  }
  try {
    await serve(command, log);
  } catch (error) {
    const explained = listenFailureText(error);
    log.fatal(
      `could not start: ${explained ?? (error instanceof Error ? error.message : String(error))}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[shiptrack-mcp-http] could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
