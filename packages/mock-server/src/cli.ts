#!/usr/bin/env node
import { listenFailureText, UsageError, usageErrorText } from '@shiptrack/ops';
/**
 * `shiptrack-mock`: runs the mock service on a local port.
 *
 * Contract: on start it prints exactly one line of JSON to stdout,
 * `{"url": "<REST base ending in /v2>", "apiKeys": [...]}`, so scripts can
 * read the URL and the (demo) keys (`--ready-file` also writes it to a file);
 * everything else goes to stderr. It stops cleanly on SIGINT and SIGTERM
 * (writing the request journal first with `--journal-file`).
 *
 * `shiptrack-mock proxy --target <url>` runs the validating proxy instead
 * (`cli/proxy-command.ts`).
 */
import { type RunningMockServer, startMockServer } from './adapters/node.js';
import { writeJournalFile } from './cli/journal-file.js';
import { type CliOptions, type MockCommandLine, parseMockCommandLine } from './cli/options.js';
import { runProxyCommand } from './cli/proxy-command.js';
import { clearReadyFile, removeReadyFile, writeReadyFile } from './cli/ready-file.js';
import type { Logger } from './engine/context.js';
import { escapeControlCharacters } from './engine/log-lines.js';
import { CONTROL_TOKEN_HEADER } from './http/network-guard.js';

function stderrLogger(verbose: boolean): Logger {
  const write = (line: string) =>
    process.stderr.write(`[shiptrack-mock] ${escapeControlCharacters(line)}\n`);
  return {
    ...(verbose ? { debug: (message: string) => write(`debug: ${message}`) } : {}),
    info: (message) => write(message),
    warn: (message) => write(`warning: ${message}`),
    error: (message, error) =>
      write(
        `error: ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}`,
      ),
  };
}

function describeRateLimits(options: CliOptions): string {
  if (options.rateLimits === false) return 'rate limits off';
  if (options.rateLimits === true) return "the spec's rate limits";
  return 'rate limits with overrides (GET /_mock/rate_limits shows them)';
}

/**
 * How to reach the control API, and which hosts are served when that is
 * more than loopback. A generated control token is printed here, once: it
 * is in no log line, and never on stdout (whose one JSON line scripts keep).
 */
function controlApiLines(server: RunningMockServer, options: CliOptions): string[] {
  const example = `${server.origin}/_mock/clock, POST ${server.origin}/_mock/clock/advance {"seconds": 86400}`;
  const lines: string[] = [];
  if (server.controlToken === undefined) {
    lines.push(`Control API (no key or token on loopback; local use only): ${example}`);
  } else if (typeof options.controlToken === 'string') {
    lines.push(
      `Control API: ${example}, with the token given by --control-token or SVC_MOCK_CONTROL_TOKEN in the header ${CONTROL_TOKEN_HEADER}.`,
    );
  } else {
    lines.push(
      `Control API: ${example}, with the header ${CONTROL_TOKEN_HEADER}: ${server.controlToken}`,
      '  (a token made for this run and shown only here; set your own with --control-token or SVC_MOCK_CONTROL_TOKEN)',
    );
  }
  if (server.allowedHosts.length > 0) {
    lines.push(
      `Answers for the Host names localhost, *.localhost, 127.0.0.1, [::1] and ${server.allowedHosts.join(', ')} (--allowed-host adds more).`,
    );
  }
  return lines;
}

/** Writes the journal file on the way out; says what it wrote, and what fell off the bounds. */
async function saveJournal(
  path: string,
  server: RunningMockServer,
  logger: Logger,
): Promise<boolean> {
  try {
    const report = await writeJournalFile(path, server.mock);
    logger.info(`wrote ${report.entries} journal entries to ${path}`);
    for (const { account, dropped } of report.dropped) {
      logger.warn(
        `the journal of ${account} dropped its ${dropped} oldest entries (raise --journal-max-entries or --journal-max-bytes to keep them)`,
      );
    }
    return true;
  } catch (error) {
    logger.error(`could not write the journal file ${path}`, error);
    return false;
  }
}

async function main(): Promise<void> {
  let command: MockCommandLine;
  try {
    command = parseMockCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(usageErrorText('shiptrack-mock', error.message));
    process.exitCode = error.exitCode;
    return;
  }
  if (command.kind === 'help') {
    // stdout keeps its one JSON line for scripts: the help goes to stderr.
    process.stderr.write(command.text);
    return;
  }
  if (command.kind === 'proxy') {
    await runProxyCommand(command.options);
    return;
  }
  const { options } = command;
  for (const { legacy, current } of command.legacyNames) {
    process.stderr.write(
      `[shiptrack-mock] warning: ${legacy} is the old name of ${current}; it is read until the next minor release: rename it to ${current}.\n`,
    );
  }
  const logger = stderrLogger(options.verbose);
  const { readyFile } = options;
  if (readyFile !== undefined) await clearReadyFile(readyFile);
  let server: RunningMockServer;
  try {
    server = await startMockServer({
      port: options.port,
      host: options.host,
      allowedHosts: options.allowedHosts,
      ...(options.controlToken === undefined ? {} : { controlToken: options.controlToken }),
      apiKeys: options.apiKeys,
      clock: { mode: options.clock },
      dataset: options.seed,
      rateLimits: options.rateLimits,
      journal: options.journal,
      requestTimeoutMs: options.requestTimeoutMs,
      logger,
    });
  } catch (error) {
    const explained = listenFailureText(error);
    if (explained) logger.error(`could not start: ${explained}`);
    else logger.error('could not start', error);
    process.exitCode = 1;
    return;
  }
  // Ready to stop before saying it is ready: a CI script may send SIGTERM the moment it reads the line.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[shiptrack-mock] ${signal}: shutting down\n`);
    if (readyFile !== undefined) removeReadyFile(readyFile);
    const { journalFile } = options;
    const saved =
      journalFile === undefined ? Promise.resolve(true) : saveJournal(journalFile, server, logger);
    saved
      .then(async (ok) => {
        await server.close();
        process.exit(ok ? 0 : 1);
      })
      .catch((error: unknown) => {
        logger.error('shutdown failed', error);
        process.exit(1);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const apiKeys = server.mock.apiKeys();
  const line = `${JSON.stringify({ url: server.url, apiKeys })}\n`;
  if (readyFile !== undefined) {
    try {
      await writeReadyFile(readyFile, line);
    } catch (error) {
      logger.error(
        `could not write the ready file ${readyFile} (${(error as { code?: string }).code ?? 'error'}); check that its folder exists and is writable`,
      );
      await server.close();
      process.exitCode = 1;
      return;
    }
  }
  process.stdout.write(line);
  process.stderr.write(
    [
      `shiptrack mock server listening on ${server.url} (${options.clock} clock, ${options.seed} data, ${describeRateLimits(options)})`,
      `Try: curl -H "Authorization: Token ${apiKeys[0] ?? '<API_KEY>'}" ${server.url}/shipments`,
      ...controlApiLines(server, options),
      'Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[shiptrack-mock] error: ${String(error)}\n`);
  process.exitCode = 1;
});
