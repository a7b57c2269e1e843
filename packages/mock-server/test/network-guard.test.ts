/**
 * The network guard of the Node server over real loopback HTTP: the control
 * token, the `allowedHosts` option, and what in-process calls skip.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import {
  type RunningMockServer,
  type StartMockServerOptions,
  startMockServer,
} from '../src/index.js';
import { rawRequest } from './raw-http.js';

let server: RunningMockServer | undefined;
const warnings: string[] = [];

afterEach(async () => {
  await server?.close();
  server = undefined;
  warnings.length = 0;
});

async function start(
  options: StartMockServerOptions = {},
): Promise<{ port: number; server: RunningMockServer }> {
  server = await startMockServer({
    clock: { mode: 'manual' },
    logger: { info: () => {}, warn: (line) => warnings.push(line), error: () => {} },
    ...options,
  });
  return { port: Number(new URL(server.url).port), server };
}

describe('the control token', () => {
  it('is required on the control API when asked for, in either header, and never on REST', async () => {
    const { port, server } = await start({ controlToken: true });
    const token = server.controlToken;
    expect(token).toMatch(/^[\w-]{32}$/);
    const control = (headers: Record<string, string>) =>
      rawRequest({
        port,
        method: 'GET',
        path: '/_mock/clock',
        headers: { host: `127.0.0.1:${port}`, ...headers },
      });

    const missing = await control({});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="shiptrack-mock-control"');
    expect(missing.body.errors[0]).toMatchObject({ code: 'control_token_required' });
    expect(missing.body.errors[0].detail).toContain('X-Mock-Control-Token');
    const wrong = await control({ 'x-mock-control-token': `${token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('control_token_invalid');
    expect(JSON.stringify(wrong.body)).not.toContain(token);
    expect((await control({ 'x-mock-control-token': token ?? '' })).status).toBe(200);
    expect((await control({ authorization: `Bearer ${token}` })).status).toBe(200);
    // Every spelling the router reads as /_mock is the control API too, and dot segments
    // (which the URL parser would resolve to /_mock) are refused before anything else.
    for (const [path, status] of [
      ['/%5Fmock/reset', 401],
      ['/_mock/reset/', 401],
      ['/v2/../_mock/reset', 400],
      ['/v2/%2e%2e/_mock/reset', 400],
      ['/v2/%2E%2E/_mock/reset', 400],
      ['/v2\\..\\_mock/reset', 400],
      ['/v2/./../_mock/reset', 400],
    ] as const) {
      const spelled = await rawRequest({
        port,
        method: 'POST',
        path,
        headers: { host: `127.0.0.1:${port}` },
      });
      expect(spelled.status, path).toBe(status);
    }
    const rest = await fetch(`${server.url}/shipments?page[size]=1`, {
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(rest.status).toBe(200);
    // Refusals are logged without the token.
    expect(
      warnings.some((line) => line.includes('control_token') || line.includes('control token')),
    ).toBe(true);
    expect(warnings.join('\n')).not.toContain(token);
  });

  it('is the one given, and none is asked on loopback by default', async () => {
    const given = 'ci-control-token-0123456789';
    const first = await start({ controlToken: given });
    expect(first.server.controlToken).toBe(given);
    const ok = await fetch(`${first.server.origin}/_mock/clock`, {
      headers: { 'X-Mock-Control-Token': given },
    });
    expect(ok.status).toBe(200);
    await first.server.close();
    server = undefined;

    const plain = await start();
    expect(plain.server.controlToken).toBeUndefined();
    expect((await fetch(`${plain.server.origin}/_mock/clock`)).status).toBe(200);
  });

  it('refuses a token too short to be one before listening', async () => {
    await expect(startMockServer({ controlToken: 'secret' })).rejects.toThrow(/16 or more/);
  });
});

describe('allowedHosts', () => {
  it('serves a name the mock is exposed under only when it is allowed', async () => {
    const refused = await start();
    const asMock = () =>
      rawRequest({
        port: Number(new URL(server?.url ?? '').port),
        method: 'GET',
        path: '/v2/shipments?page[size]=1',
        headers: { host: 'mock.internal:4010', authorization: `Token ${DEMO_API_KEY}` },
      });
    const before = await asMock();
    expect(before.status).toBe(403);
    expect(before.body.errors[0].detail).toContain('allowedHosts');
    expect(refused.port).toBeGreaterThan(0);
    await server?.close();

    await start({ allowedHosts: ['Mock.Internal'] });
    const after = await asMock();
    expect(after.status).toBe(200);
    // Links are written with the name the client used.
    expect(after.body.links?.self).toMatch(/^http:\/\/mock\.internal:4010\/v2\/shipments/);
  });

  it('serves *.localhost but not a name that merely ends in "localhost"', async () => {
    const { port } = await start();
    const asHost = (host: string) =>
      rawRequest({ port, method: 'GET', path: '/_mock/clock', headers: { host } });
    for (const host of [
      'evillocalhost',
      'evillocalhost:4010',
      'localhost.evil.example',
      'xlocalhost.',
    ]) {
      const refused = await asHost(host);
      expect(refused.status, host).toBe(403);
      expect(refused.body.errors[0].code).toBe('host_not_allowed');
    }
    for (const host of ['localhost', 'app.localhost:4010', 'localhost.']) {
      expect((await asHost(host)).status, host).toBe(200);
    }
  });

  it('with "*" serves any host', async () => {
    const { port } = await start({ allowedHosts: ['*'] });
    const response = await rawRequest({
      port,
      method: 'GET',
      path: '/_mock/clock',
      headers: { host: 'anything.example' },
    });
    expect(response.status).toBe(200);
  });
});

describe('in process', () => {
  it('checks no Host: msw and mock.fetch have no network', async () => {
    const { server } = await start({ controlToken: true });
    const response = await server.mock.fetch(new Request('https://api.example.test/_mock/clock'));
    expect(response.status).toBe(200);
  });
});
