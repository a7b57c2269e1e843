/**
 * A loopback TCP port that was free a moment ago, for servers that cannot
 * pick their own (redis-server's `--port 0` turns TCP off; PostgreSQL needs
 * its port before it starts). The caller retries once when another process
 * took it meanwhile.
 */
import { createServer } from 'node:net';

/** Binds port 0 on 127.0.0.1, reads the port the system gave, and closes. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}
