/**
 * A server that could not listen, explained in a bin's own terms
 * (`--port`, `--host`) rather than as a stack: the same words from every
 * bin that listens.
 */

/**
 * What to do about the common failures to listen (a port in use, one
 * below 1024 without permission, a host that is not this machine's), or
 * `undefined` for another error.
 */
export function listenFailureText(error: unknown): string | undefined {
  const { code, address, port } = (error ?? {}) as {
    code?: unknown;
    address?: unknown;
    port?: unknown;
  };
  const where = `${String(address ?? '')}:${String(port ?? '')}`;
  if (code === 'EADDRINUSE') {
    return `${where} is already in use: stop what holds it, or pick another port with --port <n> (--port 0 picks a free one).`;
  }
  if (code === 'EACCES') return `no permission to listen on ${where}: use a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${where} is not an address of this machine: check --host.`;
  return undefined;
}
