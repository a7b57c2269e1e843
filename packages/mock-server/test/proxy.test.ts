/**
 * `shiptrack-mock proxy`: the bin, as a process, in front of a mock on a
 * real port (the "real service" here), whose stub sends a deliberately
 * broken answer. Each mismatch is a record on stdout, in the answer's
 * `Shiptrack-Validation` header when asked, and in the summary on exit;
 * the callers' keys reach the service and no report.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningMockServer, startMockServer } from '../src/adapters/node.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { startCli } from './cli-process.js';

let service: RunningMockServer | undefined;
let running: ChildProcess | undefined;
afterEach(async () => {
  if (running !== undefined && running.exitCode === null && running.signalCode === null) {
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }
  running = undefined;
  await service?.close();
});

/** The JSON lines of a stdout. */
function records(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Starts the proxy in front of `service`; resolves with its REST base. */
async function startProxy(target: string, ...flags: string[]) {
  const cli = startCli(['proxy', '--target', target, '--port', '0', ...flags]);
  running = cli.child;
  const first = JSON.parse(await cli.firstLine) as { url: string; target: string };
  expect(first.target).toBe(target);
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${first.url}${path}`, {
      headers: { authorization: `Token ${DEMO_API_KEY}`, ...headers },
    });
  return { cli, get };
}

describe('shiptrack-mock proxy', () => {
  it('reports the one answer that breaks the spec, with its pointer, and nothing for the good ones', async () => {
    service = await startMockServer({ clock: { mode: 'manual' } });
    const stubs = service.mock.stubs(DEMO_API_KEY);
    const listed = await service.mock.fetch(
      new Request(`${service.url}/containers?page[size]=2`, {
        headers: { authorization: `Token ${DEMO_API_KEY}` },
      }),
    );
    const [first, second] = ((await listed.json()) as { data: Array<{ id: string }> }).data;
    if (first === undefined || second === undefined)
      throw new Error('the demo data has containers');
    const container = (id: string, attributes: Record<string, unknown>) => ({
      data: { id, type: 'container', attributes: { number: 'MSCU1234566', ...attributes } },
    });
    // current_status is not nullable: a broken answer, sent on purpose. Leaving it out is
    // allowed (the spec requires only `number`), so that answer is a good one.
    await stubs.add({
      request: { method: 'GET', path: `/v2/containers/${first.id}` },
      response: { status: 200, body: container(first.id, { current_status: null }) },
      invalid: true,
    });
    await stubs.add({
      request: { method: 'GET', path: `/v2/containers/${second.id}` },
      response: { status: 200, body: container(second.id, {}) },
    });

    service.mock.journal(DEMO_API_KEY).clear();
    const { cli, get } = await startProxy(service.url);
    expect((await get('/containers?page[size]=2')).status).toBe(200);
    const missing = await get(`/containers/${second.id}`, { 'Shiptrack-Validation': 'on' });
    expect(JSON.parse(missing.headers.get('shiptrack-validation') ?? '')).toEqual({
      operation: 'getContainer',
      mismatches: [],
    });
    const broken = await get(`/containers/${first.id}`, { 'Shiptrack-Validation': 'on' });
    expect(await broken.json()).toEqual(container(first.id, { current_status: null }));
    const mismatch = {
      kind: 'response_body',
      pointer: '/data/attributes/current_status',
      message: 'must be string',
    };
    expect(JSON.parse(broken.headers.get('shiptrack-validation') ?? '')).toEqual({
      operation: 'getContainer',
      mismatches: [mismatch],
    });
    const unasked = await get(`/containers/${first.id}`);
    expect(unasked.headers.get('shiptrack-validation')).toBeNull();

    // The service got each caller's key (it answered) and never the opt-in header.
    const seen = service.mock.journal(DEMO_API_KEY).entries();
    expect(seen.map((entry) => entry.status)).toEqual([200, 200, 200, 200]);
    expect(seen.every((entry) => entry.headers['shiptrack-validation'] === undefined)).toBe(true);

    cli.child.kill('SIGTERM');
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(0);
    const { stdout, stderr } = cli.output();
    const [, ...reported] = records(stdout);
    const path = `/v2/containers/${first.id}`;
    const record = {
      type: 'mismatch',
      method: 'GET',
      path,
      operation: 'getContainer',
      status: 200,
      ...mismatch,
    };
    expect(reported).toEqual([
      record,
      record,
      {
        type: 'summary',
        exchanges: 4,
        failures: 0,
        operations: { listContainers: 1, getContainer: 3 },
        mismatches: { response_body: { count: 2, pointers: ['/data/attributes/current_status'] } },
      },
    ]);
    expect(stderr).toContain('response_body: 2 at /data/attributes/current_status');
    expect(`${stdout}${stderr}`).not.toContain(DEMO_API_KEY);
  });

  it('reports a request the spec does not describe with its secrets redacted, and exits 1 on --fail-on-mismatch', async () => {
    service = await startMockServer({ clock: { mode: 'manual' } });
    const { cli, get } = await startProxy(service.url, '--fail-on-mismatch');
    const refused = await get('/shipments?api_key=sk_query_secret', {
      'x-api-key': 'sk_header_secret',
    });
    expect(refused.status).toBe(400);
    expect((await get('/cargo')).status).toBe(404);

    cli.child.kill('SIGTERM');
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(1);
    const { stdout, stderr } = cli.output();
    const [, query, unknown] = records(stdout);
    expect(query).toMatchObject({
      kind: 'request_query',
      path: '/v2/shipments?api_key=[redacted]',
      operation: 'listShipments',
      status: 400,
      pointer: null,
    });
    expect(unknown).toMatchObject({
      kind: 'unknown_operation',
      path: '/v2/cargo',
      operation: null,
    });
    for (const secret of [DEMO_API_KEY, 'sk_query_secret', 'sk_header_secret']) {
      expect(`${stdout}${stderr}`).not.toContain(secret);
    }
  });
});
