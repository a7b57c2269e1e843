/**
 * `shiptrack-mock proxy --target <url>`: the validating proxy as a
 * command. Its stdout is NDJSON: first `{"url", "target"}` once it
 * listens (also written to `--ready-file`), then one record per mismatch,
 * and the summary when it stops (SIGINT, SIGTERM). Everything else goes to
 * stderr. No API key is printed: callers' keys pass through to the service
 * and are never kept.
 */
import { parseArgs } from 'node:util';
import { escapeControlCharacters } from '../engine/log-lines.js';
import type { ProxySummary } from '../proxy/report.js';
import { startValidatingProxy } from '../proxy/validating-proxy.js';
import { UsageError } from './options.js';
import { clearReadyFile, removeReadyFile, writeReadyFile } from './ready-file.js';

/** The usage text of `shiptrack-mock proxy`. */
export const PROXY_USAGE = `Usage: shiptrack-mock proxy --target <url> [options]

Passes every request to the real service with the caller's own API key and checks the
request and the answer against the spec the mock implements. Point your client at the
URL it prints instead of the service's.

  --target <url>         the service's REST base, ending in /v2 (required)
  --port <n>             port on 127.0.0.1 (default 4011; 0 picks a free one)
  --timeout <s>          seconds to wait for the service's answer (default 60; then 504)
  --ready-file <path>    once listening, write the first JSON line to this file
  --fail-on-mismatch     exit 1 at the end when any mismatch was found
  --help                 show this help

stdout (NDJSON): {"url","target"}, then {"type":"mismatch",...} per mismatch, then
{"type":"summary",...} on SIGINT or SIGTERM. Send the request header
Shiptrack-Validation (any value) to get the exchange's mismatches in that answer header.
`;

function fail(message: string): void {
  process.stderr.write(`${message}\n\n${PROXY_USAGE}`);
  process.exitCode = 2;
}

function summaryLines(summary: ProxySummary): string[] {
  const lines = [
    `${summary.exchanges} requests passed on (${summary.failures} without an answer); operations: ${
      Object.entries(summary.operations)
        .map(([operation, count]) => `${operation} ${count}`)
        .join(', ') || 'none'
    }`,
  ];
  const kinds = Object.entries(summary.mismatches);
  if (kinds.length === 0) lines.push('no mismatches with the spec');
  for (const [kind, { count, pointers }] of kinds) {
    lines.push(`${kind}: ${count}${pointers.length > 0 ? ` at ${pointers.join(', ')}` : ''}`);
  }
  return lines;
}

/** The parsed command line of `shiptrack-mock proxy`. */
export interface ProxyCliOptions {
  target: string;
  port: number;
  timeoutMs: number;
  readyFile: string | undefined;
  failOnMismatch: boolean;
  help: boolean;
}

/** Parses the arguments after `proxy`; throws a {@link UsageError} saying what to fix. */
export function parseProxyOptions(argv: readonly string[]): ProxyCliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      target: { type: 'string' },
      port: { type: 'string', default: '4011' },
      timeout: { type: 'string', default: '60' },
      'ready-file': { type: 'string' },
      'fail-on-mismatch': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  const timeoutMs = Math.round(Number(values.timeout) * 1000);
  if (values.help) {
    return { target: '', port, timeoutMs, readyFile: undefined, failOnMismatch: false, help: true };
  }
  if (values.target === undefined) {
    throw new UsageError(
      '--target is required: the REST base of the service, e.g. https://api.example.com/v2.',
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be an integer from 0 to 65535; got "${values.port}".`);
  }
  if (!/^\d+(\.\d+)?$/.test(values.timeout) || timeoutMs < 1) {
    throw new UsageError(`--timeout must be a number of seconds above 0; got "${values.timeout}".`);
  }
  if (values['ready-file'] === '') throw new UsageError('--ready-file needs a path.');
  return {
    target: values.target,
    port,
    timeoutMs,
    readyFile: values['ready-file'],
    failOnMismatch: values['fail-on-mismatch'],
    help: false,
  };
}

/** Runs the proxy command with the arguments after `proxy`. */
export async function runProxyCommand(argv: readonly string[]): Promise<void> {
  let options: ProxyCliOptions;
  try {
    options = parseProxyOptions(argv);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return;
  }
  if (options.help) {
    process.stderr.write(PROXY_USAGE);
    return;
  }
  const { readyFile, failOnMismatch } = options;
  if (readyFile !== undefined) await clearReadyFile(readyFile);
  const log = (line: string) =>
    process.stderr.write(`[shiptrack-mock proxy] ${escapeControlCharacters(line)}\n`);
  let proxy: Awaited<ReturnType<typeof startValidatingProxy>>;
  try {
    proxy = await startValidatingProxy({
      target: options.target,
      port: options.port,
      timeoutMs: options.timeoutMs,
      onMismatch: (record) => process.stdout.write(`${JSON.stringify(record)}\n`),
      onFailure: (message) => log(`warning: ${message}`),
    });
  } catch (error) {
    if (error instanceof TypeError) return fail(`--target: ${error.message}`);
    log(`error: could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (readyFile !== undefined) removeReadyFile(readyFile);
    const summary = proxy.summary();
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    for (const line of [`${signal}: shutting down`, ...summaryLines(summary)]) log(line);
    const mismatched = Object.keys(summary.mismatches).length > 0;
    proxy.close().then(
      () => process.exit(failOnMismatch && mismatched ? 1 : 0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const line = `${JSON.stringify({ url: proxy.url, target: proxy.target })}\n`;
  if (readyFile !== undefined) await writeReadyFile(readyFile, line);
  process.stdout.write(line);
  log(
    `validating proxy listening on ${proxy.url}, passing requests on to ${proxy.target}. Stop with Ctrl+C for the summary.`,
  );
}
