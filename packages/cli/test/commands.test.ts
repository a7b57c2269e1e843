import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import {
  MappedContainerSchema,
  MappedShipmentSchema,
  MappedTrackingRequestSchema,
  MappedWebhookSchema,
} from '@shiptrack/sdk/mapped';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validError, validSuccess } from './envelopes.js';
import {
  type CliRun,
  captured,
  control,
  envelopeOf,
  errorOf,
  shiptrack,
  startTestMock,
  TEST_API_KEY,
  type TestMock,
} from './helpers.js';

const fishInstalled = spawnSync('fish', ['--version']).status === 0;

let mock: TestMock;
let env: Record<string, string>;

/** Runs the bin against the test mock and checks the envelope of a success. */
async function ok(args: string[]): Promise<{ data: unknown; page?: unknown; run: CliRun }> {
  const run = await shiptrack(args, { env });
  expect(run.stderr, run.stderr).toBe('');
  expect(run.code).toBe(0);
  const envelope = envelopeOf(run);
  expect(validSuccess(envelope), JSON.stringify(validSuccess.errors)).toBe(true);
  return { data: envelope.data, page: envelope.page, run };
}

/** Runs the bin and checks the one-line error envelope and exit code of a failure. */
async function fails(args: string[], exitCode: number, extraEnv: Record<string, string> = {}) {
  const run = await shiptrack(args, { env: { ...env, ...extraEnv } });
  expect(run.stdout).toBe('');
  expect(run.code).toBe(exitCode);
  const envelope = errorOf(run);
  expect(validError(envelope), JSON.stringify(validError.errors)).toBe(true);
  expect(envelope.error.exitCode).toBe(exitCode);
  return envelope.error;
}

function ids(data: unknown): string[] {
  return (data as { id: string }[]).map((row) => row.id);
}

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
});

afterAll(async () => {
  await mock?.close();
});

describe('every command group against the mock over HTTP', () => {
  it('lists and reads containers, their events, raw events, refresh and route', async () => {
    const list = await ok(['containers', 'list', '--page-size', '5']);
    expect(list.page).toMatchObject({ page: 1, pageSize: 5, count: 5, hasMore: true });
    // The records are the SDK's mapped models, as its schemas define them.
    for (const row of list.data as unknown[]) MappedContainerSchema.parse(row);
    const [id] = ids(list.data);
    const one = await ok(['containers', 'get', String(id), '--include', 'shipment']);
    expect(one.data).toMatchObject({ id, type: 'container' });
    const events = await ok(['containers', 'events', String(id)]);
    expect(Array.isArray(events.data)).toBe(true);
    await ok(['containers', 'raw-events', String(id)]);
    const timeline = await ok(['containers', 'timeline', String(id)]);
    expect(timeline.data).toHaveProperty('milestones');
    const refreshed = await ok(['containers', 'refresh', String(id)]);
    expect(refreshed.data).toBeTypeOf('object');
    // The test account has the route feature: its route, not a 403.
    const route = await ok(['containers', 'route', String(id)]);
    expect(route.data).toMatchObject({ type: 'route' });
  });

  it('lists, reads and updates shipments, and stops and resumes their tracking', async () => {
    const list = await ok(['shipments', 'list', '--page-size', '2']);
    for (const row of list.data as unknown[]) MappedShipmentSchema.parse(row);
    const [id] = ids(list.data);
    await ok(['shipments', 'get', String(id), '--include', 'containers']);
    const updated = await ok(['shipments', 'update', String(id), '--tags', 'cli,test']);
    expect(updated.data).toMatchObject({ tags: ['cli', 'test'] });
    await ok(['shipments', 'stop-tracking', String(id)]);
    await ok(['shipments', 'resume-tracking', String(id)]);
  });

  it('creates, lists, reads and updates tracking requests, and infers a number', async () => {
    const inferred = await ok(['tracking-requests', 'infer', 'MAEU240511987']);
    expect(inferred.data).toMatchObject({ numberType: 'bill_of_lading' });
    const created = await ok([
      'tracking-requests',
      'create',
      '--type',
      'container',
      '--number',
      'CSQU3054383',
      '--scac',
      'CMDU',
    ]);
    const id = (created.data as { id: string }).id;
    MappedTrackingRequestSchema.parse((await ok(['tracking-requests', 'get', id])).data);
    const updated = await ok(['tracking-requests', 'update', id, '--ref-numbers', 'PO-9']);
    expect(updated.data).toMatchObject({ refNumbers: ['PO-9'] });
    const list = await ok(['tracking-requests', 'list', '--request-number', 'CSQU3054383']);
    expect(ids(list.data)).toContain(id);
    const existing = await ok([
      'tracking-requests',
      'find-existing',
      '--number',
      'CSQU3054383',
      '--scac',
      'CMDU',
    ]);
    expect(existing.data).toMatchObject({ id });
    const none = await ok([
      'tracking-requests',
      'find-existing',
      '--number',
      'CSQU3054383',
      '--scac',
      'MAEU',
    ]);
    expect(none.data).toBeNull();
    await control(mock, 'POST', 'clock/advance', { seconds: 600 });
    const settled = await ok(['tracking-requests', 'wait', id, '--timeout', '60']);
    expect(settled.data).toMatchObject({ id, status: 'created' });
  });

  it('manages webhooks and reads their notifications', async () => {
    const created = await ok([
      'webhooks',
      'create',
      '--url',
      'https://example.com/hooks',
      '--events',
      'container.updated,tracking_request.succeeded',
    ]);
    const id = (created.data as { id: string }).id;
    MappedWebhookSchema.parse((await ok(['webhooks', 'get', id])).data);
    const updated = await ok(['webhooks', 'update', id, '--active', 'false']);
    expect(updated.data).toMatchObject({ active: false });
    expect(ids((await ok(['webhooks', 'list'])).data)).toContain(id);
    await ok(['webhooks', 'events']);
    await ok(['webhooks', 'ips']);
    const deleted = await ok(['webhooks', 'delete', id]);
    expect(deleted.data).toEqual({ id, deleted: true });
    await ok(['webhook-notifications', 'list']);
    const examples = await ok(['webhook-notifications', 'examples', 'container.updated']);
    expect(Array.isArray(examples.data)).toBe(true);
  });

  it('reads shipping lines, ports, terminals, vessels and metro areas, and searches', async () => {
    const lines = await ok(['shipping-lines', 'list', '--q', 'maersk']);
    const [line] = ids(lines.data);
    await ok(['shipping-lines', 'get', String(line)]);
    const port = await ok(['ports', 'get', 'NLRTM']);
    expect(port.data).toMatchObject({ type: 'port' });
    const container =
      // Boxes at the terminal: none is `available` yet at the mock's start, these are.
      (await ok(['containers', 'list', '--include', 'pod_terminal', '--status', 'not_available']))
        .data as {
        podTerminalId?: string | null;
      }[];
    const terminalId = container.find((c) => c.podTerminalId)?.podTerminalId;
    expect(terminalId, 'a container at its terminal').toBeTypeOf('string');
    await ok(['terminals', 'get', String(terminalId)]);
    const search = await ok(['search', 'MSCU']);
    expect((search.data as unknown[]).length).toBeGreaterThan(0);
    // Duisburg is a port, not a metro area (an inland destination's UN/LOCODE is one).
    const metro = await fails(['metro-areas', 'get', 'DEDUI'], 4);
    expect(metro).toMatchObject({ code: 'not_found', status: 404 });
    expect((await ok(['metro-areas', 'get', 'USCHI'])).data).toMatchObject({ type: 'metro_area' });
    const vessel = await ok(['vessels', 'get', '9811000']);
    expect(vessel.data).toMatchObject({ type: 'vessel' });
  });
});

describe('output', () => {
  it('projects --fields, nested members included', async () => {
    const { data } = await ok([
      'containers',
      'list',
      '--page-size',
      '3',
      '--fields',
      'id,number,demurrage.pickupLfd',
    ]);
    for (const row of data as Record<string, unknown>[]) {
      expect(Object.keys(row).sort()).toEqual(['demurrage', 'id', 'number']);
      expect(Object.keys(row.demurrage as object)).toEqual(['pickupLfd']);
    }
  });

  it('refuses a field no record has, naming the ones they have', async () => {
    const error = await fails(['containers', 'list', '--fields', 'id,numbr'], 2);
    expect(error.message).toContain('numbr');
    expect(error.message).toContain('number');
  });

  it('streams every page as NDJSON with --all, up to --max-items', async () => {
    const run = await shiptrack(
      ['containers', 'list', '--all', '--page-size', '2', '--max-items', '5'],
      { env },
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    const rows = lines.map((line) => JSON.parse(line) as { type: string; id: string });
    expect(new Set(rows.map((row) => row.id)).size).toBe(5);
    expect(rows.every((row) => row.type === 'container')).toBe(true);
  });

  it('passes --format raw and both through to the SDK', async () => {
    const raw = await ok(['containers', 'list', '--page-size', '1', '--format', 'raw']);
    expect((raw.data as { attributes: object }[])[0]).toHaveProperty('attributes');
    const both = await ok(['containers', 'list', '--page-size', '1', '--format', 'both']);
    expect((both.data as object[])[0]).toHaveProperty('raw');
    expect((both.data as object[])[0]).toHaveProperty('mapped');
  });

  it('writes a table in a pipe with --table, without colours', async () => {
    const run = await shiptrack(['containers', 'list', '--page-size', '3', '--table'], {
      env: { ...env, COLUMNS: undefined },
    });
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^NUMBER\s+STATUS\s+LAST FREE DAY/);
    expect(rows).toHaveLength(3);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('refuses --json with --table', async () => {
    const run = await shiptrack(['containers', 'list', '--json', '--table'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json and --table');
  });

  it('prints a completion script for each shell', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const run = await shiptrack(['completion', shell]);
      expect(run.code).toBe(0);
      for (const group of [
        'containers',
        'tracking-requests',
        'documents',
        'document-schemas',
        'email-submissions',
        'custom-field-definitions',
        'custom-fields',
        'parties',
        're-classify',
        'future-positions',
      ]) {
        expect(run.stdout, `${shell}: ${group}`).toContain(group);
      }
    }
  });

  it('completes commands, verbs and options in bash', async () => {
    const script = (await shiptrack(['completion', 'bash'])).stdout;
    const complete = async (words: string[]) => {
      const line = words.map((word) => `'${word}'`).join(' ');
      const { stdout } = await promisify(execFile)('bash', [
        '-c',
        `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _shiptrack; echo "\${COMPREPLY[@]}"`,
      ]);
      return stdout.trim().split(' ');
    };
    expect(await complete(['shiptrack', 'cont'])).toEqual(['containers']);
    expect(await complete(['shiptrack', '--json', 'webhooks', 'li'])).toEqual(['list', 'listen']);
    expect(
      await complete(['shiptrack', 'containers', 'list', '--status', 'available', '--pa']),
    ).toEqual(['--page', '--page-size']);
    expect(await complete(['shiptrack', 'containers', 'custom-fields', 's'])).toEqual(['set']);
    expect(await complete(['shiptrack', 'documents', 'rotate', '--d'])).toEqual(['--degrees']);
  });

  // fish is not on every machine: the test says so in its name and skips without it.
  it.skipIf(!fishInstalled)(
    'completes the command path in fish, nested groups apart (skipped when fish is not installed)',
    async () => {
      const script = (await shiptrack(['completion', 'fish'])).stdout;
      const complete = async (line: string) => {
        const { stdout } = await promisify(execFile)('fish', [
          '--no-config',
          '-c',
          `${script}\ncomplete -C '${line}'`,
        ]);
        return stdout
          .trim()
          .split('\n')
          .map((row) => row.split('\t')[0]);
      };
      expect(await complete('shiptrack containers custom-fields ')).toEqual([
        'delete',
        'list',
        'set',
        'update',
      ]);
      expect(await complete('shiptrack custom-fields ')).toEqual([
        'create',
        'delete',
        'get',
        'list',
        'update',
      ]);
      expect(await complete('shiptrack --json documents rotate --d')).toEqual(['--degrees']);
      expect(await complete('shiptrack containers list --status available --pa')).toEqual([
        '--page',
        '--page-size',
      ]);
    },
  );

  it('has an example in the help of every command', async () => {
    const run = await shiptrack(['completion', 'bash']);
    const paths = [...run.stdout.matchAll(/^ {4}"([a-z -]+)"\)/gm)].map((m) => m[1] ?? '');
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const help = await shiptrack([...path.split(' ').filter(Boolean), '--help']);
      expect(help.code).toBe(0);
      // A group lists its commands; every command that runs something ends with an example.
      if (!help.stdout.includes('\nCommands:\n')) {
        expect(help.stdout, path).toMatch(/Example:\n {2}\$ .*shiptrack/);
      }
    }
  });
});

describe('exit codes from real conditions', () => {
  it('3 for a wrong key', async () => {
    const error = await fails(['containers', 'list'], 3, {
      SVC_API_TOKEN: 'sk_wrong_key_0000000000',
    });
    expect(error).toMatchObject({ code: 'bad_api_key', status: 401 });
    expect(error.message).toContain('SVC_API_TOKEN');
  });

  it('3 for no key at all, saying what to pass', async () => {
    const run = await shiptrack(['containers', 'list'], { env: { SVC_API_BASE_URL: mock.url } });
    expect(run.code).toBe(3);
    expect(errorOf(run).error.message).toMatch(/--api-key.*SVC_API_TOKEN.*shiptrack login/);
  });

  it('4 for an unknown id', async () => {
    const error = await fails(['containers', 'get', '00000000-0000-4000-8000-000000000000'], 4);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.requestId).toBeTypeOf('string');
  });

  it('5 for a number whose check digit is wrong, before any request', async () => {
    const error = await fails(['track', 'MSCU1234567'], 5);
    expect(error.message).toContain('check digit');
  });

  it('5 for an argument the SDK refuses before sending', async () => {
    const error = await fails(['containers', 'get', ' '], 5);
    expect(error.code).toBe('invalid_argument');
    expect(error.status).toBeNull();
  });

  it('2 for a page size the service cannot give', async () => {
    const error = await fails(['containers', 'list', '--page-size', '500'], 2);
    expect(error.message).toContain('1 to 100');
  });

  it('2 for a bad command line, with a suggestion', async () => {
    const error = await fails(['containers', 'lst'], 2);
    expect(error.message).toContain('list');
    await fails(['containers', 'list', '--status', 'floating'], 2);
  });

  it('6 for a 429 from the mock rate limit', async () => {
    await control(mock, 'PATCH', 'rate_limits', {
      buckets: { default: { limit: 1, window_seconds: 60 } },
    });
    try {
      await ok(['shipping-lines', 'list', '--page-size', '1']);
      const error = await fails(
        ['shipping-lines', 'list', '--page-size', '1', '--max-wait', '0'],
        6,
      );
      expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryable: true });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await control(mock, 'PATCH', 'rate_limits', {
        buckets: { default: { limit: 100, window_seconds: 60 } },
      });
    }
  });

  it('7 when the service fails', async () => {
    await control(mock, 'POST', 'faults', {
      method: 'GET',
      path: '/v2/shipping_lines',
      status: 503,
      count: 1,
    });
    const error = await fails(['shipping-lines', 'list', '--max-retries', '0'], 7);
    expect(error).toMatchObject({ code: 'service_error', status: 503, retryable: true });
  });

  it('8 when the server is stopped', async () => {
    const stopped = await startTestMock();
    await stopped.close();
    const error = await fails(['containers', 'list', '--max-retries', '0'], 8, {
      SVC_API_BASE_URL: stopped.url,
    });
    expect(error.code).toBe('unreachable');
  });
});

describe('--mock', () => {
  it('lists the demo containers with no key and no base URL', async () => {
    const run = await shiptrack(['--mock', 'containers', 'list']);
    expect(run.code).toBe(0);
    expect((envelopeOf(run).data as unknown[]).length).toBeGreaterThan(0);
  });

  it('works on every kind of command (track included)', async () => {
    const run = await shiptrack(['track', 'MSCU1234566', '--mock']);
    expect(run.code).toBe(0);
    expect(envelopeOf(run).data).toMatchObject({ numberType: 'container', scac: 'MSCU' });
  });
  it('reads the demo documents and custom field definitions', async () => {
    for (const group of ['documents', 'custom-field-definitions']) {
      const run = await shiptrack(['--mock', group, 'list']);
      expect(run.code, run.stderr).toBe(0);
      expect((envelopeOf(run).data as unknown[]).length).toBeGreaterThan(0);
    }
  });
});

describe('track', () => {
  it('infers the type and carrier, and never creates a duplicate', async () => {
    const first = await ok(['track', 'MSCU1234566']);
    expect(first.data).toMatchObject({
      numberType: 'container',
      scac: 'MSCU',
      alreadyTracking: false,
    });
    const again = await ok(['track', 'mscu 123456 6']);
    expect(again.data).toMatchObject({ alreadyTracking: true });
    const requests = await ok(['tracking-requests', 'list', '--request-number', 'MSCU1234566']);
    expect(requests.data as unknown[]).toHaveLength(1);
  });

  it('names the candidates and --scac when the carrier is uncertain', async () => {
    const error = await fails(['track', '240511987'], 5);
    expect(error.code).toBe('carrier_not_determined');
    expect(error.message).toContain('--scac MAEU');
  });

  it('prints only the final JSON with --wait in a pipe', async () => {
    const created = mock.answered('POST', '/v2/tracking_requests');
    const pending = shiptrack(
      ['track', 'MSCU0002020', '--scac', 'MSCU', '--wait', '--interval', '0.2'],
      { env },
    );
    // Once the CLI has made its request, the carrier answers on the mock's clock: a day of
    // awaiting_manifest, then created. One advance, so the clock does not race ahead of the CLI.
    await created;
    await control(mock, 'POST', 'clock/advance', { seconds: 2 * 86_400 });
    const run = await pending;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const data = envelopeOf(run).data as {
      trackingRequest: { status: string };
      shipment: { containers: unknown[] };
    };
    expect(data.trackingRequest.status).toBe('created');
    expect(data.shipment.containers.length).toBeGreaterThan(0);
  });
});

it('prints no API key in any captured output', () => {
  expect(captured.length).toBeGreaterThan(50);
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
