/**
 * The API key check fails closed: when the service cannot be reached (or
 * fails) to check a key, the answer is 503 with Retry-After, never a
 * session; a 401 from the service is a 401; a 429 says nothing of the key
 * and lets it in; a key the service refuses on a later call is refused at
 * the door from then on.
 */
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { describe, expect, it } from 'vitest';
import { MOCK_START, postRpc, startHost } from './support/host.js';
import { messageOf, sseOf } from './support/sse.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'key-check-test', version: '1' },
  },
};

describe('the API key check', () => {
  it('answers 503 with Retry-After, not a session, while the service is unreachable', async () => {
    const mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    const host = await startHost({}, mock);
    try {
      await mock.close();
      const response = await postRpc(host.url, INITIALIZE, {
        authorization: 'Token totally_wrong',
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('mcp-session-id')).toBeNull();
      const body = (await response.json()) as { error: string; error_description: string };
      expect(body.error).toBe('temporarily_unavailable');
      expect(body.error_description).toContain('could not be reached to check the API key');
      expect(host.logs.at(-1)).toMatchObject({ status: 503, auth: 'token' });
    } finally {
      await host.close();
    }
  });

  it('answers 503 while the service fails (5xx), and checks the key again once it answers', async () => {
    const host = await startHost();
    try {
      host.mock.mock.faults.add({
        id: 'down',
        method: 'GET',
        path: '/v2/containers',
        status: 503,
        count: 1,
      });
      const failing = await postRpc(host.url, INITIALIZE, {
        authorization: `Token ${DEMO_API_KEY}`,
      });
      expect(failing.status).toBe(503);
      // The unknown verdict was not remembered: the next request checks again, and is served.
      const served = await postRpc(host.url, INITIALIZE, {
        authorization: `Token ${DEMO_API_KEY}`,
      });
      expect(served.status).toBe(200);
      const wrong = await postRpc(host.url, INITIALIZE, { authorization: 'Token totally_wrong' });
      expect(wrong.status).toBe(401);
    } finally {
      await host.close();
    }
  });

  it('lets a key in when the check meets a 429 (the key was not refused)', async () => {
    const host = await startHost();
    try {
      host.mock.mock.faults.add({
        id: 'limited',
        method: 'GET',
        path: '/v2/containers',
        rateLimit: { retryAfter: 1 },
        count: 1,
      });
      const response = await postRpc(host.url, INITIALIZE, {
        authorization: `Token ${DEMO_API_KEY}`,
      });
      expect(response.status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('refuses a key at the door once the service refused one of its calls', async () => {
    let revoked = false;
    // The service stops accepting the key: its calls go out with a key the mock does not know.
    const host = await startHost({
      fetch: (input, init) =>
        fetch(
          input,
          revoked
            ? { ...init, headers: { ...init.headers, authorization: 'Token revoked' } }
            : init,
        ),
    });
    const auth = { authorization: `Token ${DEMO_API_KEY}` };
    try {
      expect((await postRpc(host.url, INITIALIZE, auth)).status).toBe(200);
      revoked = true;
      const call = await postRpc(
        host.url,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'list_containers', arguments: {} },
        },
        auth,
      );
      // A 2025 call that fails is answered as SSE (its log message goes first).
      const messages = (await sseOf(call).rest()).map(messageOf);
      expect(messages.at(-1)).toMatchObject({ id: 2, result: { isError: true } });
      // The service would take the key again, and the accepted verdict would let it in:
      // only the refusal remembered from the call keeps it out.
      revoked = false;
      const refused = await postRpc(host.url, INITIALIZE, auth);
      expect(refused.status).toBe(401);
    } finally {
      await host.close();
    }
  });
});
