import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { describe, expect, it } from 'vitest';
import { connectWithHeader, startHost } from './support/host.js';

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then stops accepting connections', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let watching = false;
    const host = await startHost({
      fetch: (input, init) => {
        if (watching) arrived();
        return fetch(input, init);
      },
    });
    const client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
    // The tool's REST call is answered only after the shutdown has begun.
    host.mock.mock.faults.add({
      id: 'slow',
      method: 'GET',
      path: '/v2/containers',
      latencyMs: 300,
    });
    watching = true;
    const call = client.callTool({ name: 'list_containers', arguments: {} });
    await inFlight;
    const closed = host.close();
    const result = await call;
    await closed;
    expect(result.isError).toBeFalsy();
    expect(host.logs.at(-1)).toMatchObject({ target: 'list_containers', status: 200 });
    await client.close();
    await expect(fetch(new URL('/health', host.url))).rejects.toThrow();
  });
});
