import { writeSync } from 'node:fs';

/** The standard error stream's file descriptor. */
const STDERR = 2;

/**
 * Writes a log line to stderr (stdout carries only the protocol), with the
 * secrets blanked out. The line goes straight to the file descriptor, as
 * `process.stderr` does synchronously for files and pipes: building that
 * stream object (and the modules behind it) would cost the command's start
 * more than a millisecond for its first line. When a full non-blocking pipe
 * cannot take the line now, `process.stderr` queues it; on a closed stderr
 * the line is dropped, as a log line is never worth failing the server.
 */
export function createLog(secrets: readonly string[]): (message: string) => void {
  return (message) => {
    let line = message;
    for (const secret of secrets) {
      if (secret.length > 0) line = line.split(secret).join('[redacted]');
    }
    const text = `[shiptrack-mcp] ${line}\n`;
    try {
      writeSync(STDERR, text);
    } catch (error) {
      if (Reflect.get(Object(error), 'code') === 'EAGAIN') process.stderr.write(text);
    }
  };
}

/** Longest message kept in a log line. */
const MESSAGE_LIMIT = 300;

/**
 * A one-line description of a failure for the log: its name and the first
 * line of its message, never a stack. A validation error's message is its
 * whole issue tree as JSON, so it is summarised by its number of issues.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return firstLine(String(error));
  const issues: unknown = Reflect.get(error, 'issues');
  if (Array.isArray(issues)) return `${error.name}: ${issues.length} validation issue(s)`;
  return `${error.name}: ${firstLine(error.message)}`;
}

function firstLine(text: string): string {
  const [line = ''] = text.split('\n', 1);
  return line.length > MESSAGE_LIMIT ? `${line.slice(0, MESSAGE_LIMIT)}...` : line;
}
