/** The parts of a `node:http` or `node:https` server that {@link closeServer} uses. */
export interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections(): void;
  closeAllConnections(): void;
}

/**
 * Stops a Node HTTP server with a deadline: it takes no new connections and
 * closes the idle ones at once, lets the requests in flight finish for up
 * to `graceMs`, then closes every connection left. Node no longer enforces
 * `requestTimeout` once `close()` was called, so without the deadline a
 * client holding a request half sent holds the process. Resolves once the
 * server closed (at once when it was not running).
 *
 * ```ts fragment
 * process.once('SIGTERM', () => void closeServer(server, 10_000).then(() => process.exit(0)));
 * ```
 */
export async function closeServer(server: ClosableServer, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearTimeout(deadline);
  }
}
