/**
 * What a user of gh and the Stripe CLI reaches for: `--jq`, bare records
 * for a plain `jq`, `shiptrack api` with `--paginate`, colours as
 * FORCE_COLOR and NO_COLOR say. `main` in this process, against the mock
 * over HTTP.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captured,
  envelopeOf,
  errorOf,
  shiptrack,
  startShiptrack,
  startTestMock,
  TEST_API_KEY,
  type TestMock,
} from './helpers.js';

const CONTAINER_NUMBER = /^[A-Z]{4}\d{7}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour sequences are what is looked for.
const ANSI = /\u001b\[[0-9;]*m/;

let mock: TestMock;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
});

afterAll(async () => {
  await mock?.close();
});

describe('--jq', () => {
  it('runs jq over the records themselves: containers list --jq .[0].number prints a number', async () => {
    const run = await shiptrack(['containers', 'list', '--jq', '.[0].number'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(CONTAINER_NUMBER);
  });

  it('also on a terminal, and on each record of --all', async () => {
    const run = await shiptrack(['containers', 'list', '--jq', '.[].status'], {
      env,
      terminal: { columns: 80 },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(ANSI);
    const statuses = run.stdout.trim().split('\n');
    expect(statuses.length).toBeGreaterThan(1);
    const all = await shiptrack(['containers', 'list', '--all', '--jq', '.number'], { env });
    const numbers = all.stdout.trim().split('\n');
    expect(numbers.length).toBeGreaterThanOrEqual(statuses.length);
    for (const number of numbers) expect(number).toMatch(CONTAINER_NUMBER);
  });

  it('refuses a filter jq cannot compile before calling the service (exit 2)', async () => {
    const stopped = await startTestMock();
    await stopped.close();
    // The service is unreachable: a call would end in exit 8, not in the usage error.
    const run = await shiptrack(['containers', 'list', '--jq', '.[0'], {
      env: { ...env, SVC_API_BASE_URL: stopped.url },
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorOf(run).error).toMatchObject({ code: 'jq_error', exitCode: 2 });
    expect(errorOf(run).error.message).toMatch(/^--jq "\.\[0": syntax error/);
  });

  it('says what jq said when the filter fails on the records', async () => {
    const run = await shiptrack(['containers', 'list', '--jq', '.[0].number.x'], { env });
    expect(run.code).toBe(2);
    expect(errorOf(run).error.message).toBe('--jq: Cannot index string with string ("x")');
  });
});

describe('a flag the output cannot honour', () => {
  it('refuses --jq and --bare where a command writes text', async () => {
    for (const flag of [['--jq', '.'], ['--bare']]) {
      const run = await shiptrack(['completion', 'bash', ...flag], { env });
      expect(run.code, flag[0]).toBe(2);
      expect(run.stdout).toBe('');
      expect(errorOf(run).error.message).toContain('this command writes text');
    }
  });

  it('writes watch’s NDJSON records with --jq on a terminal, not its live table', async () => {
    const number = (
      await shiptrack(['containers', 'list', '--jq', '.[0].number'], { env })
    ).stdout.trim();
    const run = startShiptrack(
      ['watch', number, '--jq', '.state.number', '--interval', '0.3', '--share', '1'],
      { env, terminal: { columns: 80 } },
    );
    await run.waitFor('stdout', /\n/);
    run.kill('SIGINT');
    const { code, stdout } = await run.exited;
    expect(code).toBe(130);
    expect(stdout.trim().split('\n')[0]).toBe(number);
  });
});

describe('bare records', () => {
  it('keeps the envelope by default, and --bare writes what a plain jq .[0] reads', async () => {
    const enveloped = await shiptrack(['containers', 'list', '--page-size', '2'], { env });
    expect(envelopeOf(enveloped)).toMatchObject({ ok: true, page: { count: 2, hasMore: true } });
    const bare = await shiptrack(['containers', 'list', '--page-size', '2', '--bare'], { env });
    expect(bare.code, bare.stderr).toBe(0);
    const records = JSON.parse(bare.stdout);
    expect(Array.isArray(records)).toBe(true);
    expect(records[0].number).toMatch(CONTAINER_NUMBER);
    // Without the envelope, the next page is said on stderr.
    expect(bare.stderr).toMatch(/2 shown of \d+; next: --page 2/);
    const one = await shiptrack(['containers', 'get', records[0].id, '--bare'], { env });
    expect(JSON.parse(one.stdout)).toMatchObject({ id: records[0].id, type: 'container' });
  });
});

describe('shiptrack api', () => {
  it('GET /v2/shipments --paginate streams every page, one JSON document a line', async () => {
    const total = (await createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url }).shipments.list())
      .meta.total;
    const run = await shiptrack(
      ['api', 'GET', '/v2/shipments', '--paginate', '-F', 'page[size]=1'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const pages = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(pages).toHaveLength(Number(total));
    const ids = pages.flatMap((page) => page.data.map((record: { id: string }) => record.id));
    expect(new Set(ids).size).toBe(total);
    expect(pages.at(-1).links.next ?? null).toBeNull();
  });

  it('takes the path with or without /v2, and jq over each answer', async () => {
    for (const path of ['/v2/containers', '/containers', 'containers']) {
      const run = await shiptrack(
        ['api', 'get', path, '-F', 'page[size]=2', '--jq', '.data | length'],
        {
          env,
        },
      );
      expect(run.stdout.trim(), path).toBe('2');
    }
  });

  it('sends -F/-f fields as the JSON body of a write, nested by their keys', async () => {
    const list = await shiptrack(['containers', 'list', '--page-size', '1', '--bare'], { env });
    const [container] = JSON.parse(list.stdout);
    const run = await shiptrack(
      [
        'api',
        'PATCH',
        `/containers/${container.id}`,
        '-f',
        'data[type]=container',
        '-f',
        `data[id]=${container.id}`,
        '-f',
        'data[attributes][ref_numbers][]=PO-7',
        '-f',
        'data[attributes][ref_numbers][]=PO-8',
      ],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.attributes.ref_numbers).toEqual(['PO-7', 'PO-8']);
  });

  it('sends --input as the body', async () => {
    const list = await shiptrack(['containers', 'list', '--page-size', '1', '--bare'], { env });
    const [container] = JSON.parse(list.stdout);
    const file = join(mkdtempSync(join(tmpdir(), 'shiptrack-api-')), 'body.json');
    const body = {
      data: { type: 'container', id: container.id, attributes: { ref_numbers: ['X-1'] } },
    };
    writeFileSync(file, JSON.stringify(body));
    const run = await shiptrack(['api', 'PATCH', `containers/${container.id}`, '--input', file], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.attributes.ref_numbers).toEqual(['X-1']);
  });

  it('ends with the exit codes of every command', async () => {
    const missing = await shiptrack(
      ['api', 'GET', '/containers/00000000-0000-4000-8000-000000000000'],
      { env },
    );
    expect(missing.code).toBe(4);
    expect(errorOf(missing).error.code).toBe('not_found');
    const badKey = await shiptrack(['api', 'GET', '/shipments'], {
      env: { ...env, SVC_API_TOKEN: 'sk_test_not_a_key_000000' },
    });
    expect(badKey.code).toBe(3);
    for (const args of [
      ['api', 'FETCH', '/shipments'],
      ['api', 'POST', '/shipments', '--paginate'],
      ['api', 'GET', '/shipments', '--input', '-'],
      ['api', 'POST', '/webhooks', '-F', 'novalue'],
    ]) {
      const run = await shiptrack(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
    }
  });
});

describe('colours', () => {
  it('follows FORCE_COLOR in a pipe, NO_COLOR on a terminal, and --no-color over both', async () => {
    const table = ['containers', 'list', '--table', '--page-size', '2'];
    expect((await shiptrack(table, { env })).stdout).not.toMatch(ANSI);
    expect((await shiptrack(table, { env: { ...env, FORCE_COLOR: '1' } })).stdout).toMatch(ANSI);
    expect((await shiptrack(table, { env: { ...env, FORCE_COLOR: '0' } })).stdout).not.toMatch(
      ANSI,
    );
    const terminal = { columns: 100 };
    expect((await shiptrack(table, { env, terminal })).stdout).toMatch(ANSI);
    expect(
      (await shiptrack(table, { env: { ...env, NO_COLOR: '1' }, terminal })).stdout,
    ).not.toMatch(ANSI);
    expect(
      (await shiptrack([...table, '--no-color'], { env: { ...env, FORCE_COLOR: '1' } })).stdout,
    ).not.toMatch(ANSI);
    // JSON is never coloured.
    expect(
      (await shiptrack(['containers', 'list'], { env: { ...env, FORCE_COLOR: '1' } })).stdout,
    ).not.toMatch(ANSI);
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
