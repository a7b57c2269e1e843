/** Writes a log line to stderr (stdout carries only the protocol), with the secrets blanked out. */
export function createLog(secrets: readonly string[]): (message: string) => void {
  return (message) => {
    let line = message;
    for (const secret of secrets) {
      if (secret.length > 0) line = line.split(secret).join('[redacted]');
    }
    process.stderr.write(`[shiptrack-mcp] ${line}\n`);
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
