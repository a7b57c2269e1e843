import type { AddressInfo, Server } from 'node:net';

/**
 * Starts a Node server (`node:http`, `node:https` or `node:net`) listening
 * on `host` and `port` (0: a free port) and resolves with the address it
 * took; rejects with the listen error (`EADDRINUSE`, `EACCES`, ...), which
 * is then no longer listened for. The counterpart of `closeServer`.
 *
 * ```ts fragment
 * const { port } = await listenServer(createServer(handler), 0, '127.0.0.1');
 * ```
 */
export async function listenServer(
  server: Server,
  port: number,
  host: string,
): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // listen() on a TCP port always yields an AddressInfo object.
  return server.address() as AddressInfo;
}
