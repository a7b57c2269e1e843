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

/** A one-line description of a failure for the log: its name and message, never a stack. */
export function describeFailure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
