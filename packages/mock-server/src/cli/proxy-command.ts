/**
 * `shiptrack-mock proxy --target <url>`: the validating proxy as a
 * command. Its stdout is NDJSON: first `{"url", "target"}` once it
 * listens (also written to `--ready-file`), then one record per mismatch,
 * and the summary when it stops (SIGINT, SIGTERM). Everything else goes to
 * stderr. No API key is printed: callers' keys pass through to the service
 * and are never kept.
 */
import { usageErrorText } from '@shiptrack/ops';
import { escapeControlCharacters } from '../engine/log-lines.js';
import type { ProxySummary } from '../proxy/report.js';
import { startValidatingProxy } from '../proxy/validating-proxy.js';
import type { ProxyCliOptions } from './proxy-options.js';
import { clearReadyFile, removeReadyFile, writeReadyFile } from './ready-file.js';

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

/** Runs the proxy command with its options (`parseMockCommandLine`'s). */
export async function runProxyCommand(options: ProxyCliOptions): Promise<void> {
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
    if (error instanceof TypeError) {
      process.stderr.write(usageErrorText('shiptrack-mock proxy', `--target: ${error.message}`));
      process.exitCode = 2;
      return;
    }
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
