import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captured, errorOf, shiptrack, startTestMock, TEST_API_KEY } from './helpers.js';

/** A window title set and a screen clear, as an attacker would put them in data. */
const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
/** What JSON.stringify leaves raw: a C1 CSI, the line separator, a right-to-left override. */
const RAW_IN_JSON = '\u009b\u2028\u202e';
const NAME = `Acme${TITLE}${CLEAR}${RAW_IN_JSON}Imports`;
/** Any character a terminal would act on. */
const ACTED_ON =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Every bidi control of Unicode (Bidi_Control): each reorders what a terminal shows. */
const BIDI_CONTROLS = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

let mock: RunningMockServer;
let env: Record<string, string>;
let partyId: string;
let bidiPartyId: string;
let failing: Server;
let failingUrl: string;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
  const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
  partyId = (await client.parties.create({ companyName: NAME })).id;
  bidiPartyId = (await client.parties.create({ companyName: `Bidi${BIDI_CONTROLS.join('')}` })).id;
  // A service whose error detail carries the same sequences.
  failing = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path === '/v2/parties' || path === '/v2/parties/evil') {
      // Member names are data too: a table shows them as column names and record lines.
      const record = { id: 'evil', type: 'party', attributes: { [`name${CLEAR}`]: 'x' } };
      const list = path === '/v2/parties';
      response.writeHead(200, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify({ data: list ? [record] : record }));
      return;
    }
    response.writeHead(422, { 'content-type': 'application/vnd.api+json' });
    response.end(
      JSON.stringify({
        errors: [{ status: '422', title: 'Invalid', detail: `Bad ${TITLE}${CLEAR}` }],
      }),
    );
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/v2`;
});

afterAll(async () => {
  await mock?.close();
  await new Promise((resolve) => failing?.close(resolve));
});

describe('control characters from data', () => {
  it('are shown escaped in a table', async () => {
    const run = await shiptrack(['parties', 'list', '--table', '--fields', 'id,companyName'], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(ACTED_ON);
    expect(run.stdout).toContain('Acme\\x1b]0;pwned\\x07\\x1b[2J\\x9b \\u202eImp');
  });

  it('are shown escaped in one record', async () => {
    const run = await shiptrack(['parties', 'get', partyId, '--table'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(ACTED_ON);
    expect(run.stdout).toContain('\\x1b]0;pwned\\x07');
  });

  it('are shown escaped in a human error message from the service', async () => {
    const run = await shiptrack(['parties', 'get', 'x', '--table'], {
      env: { ...env, SVC_API_BASE_URL: failingUrl },
    });
    expect(run.code).toBe(5);
    expect(run.stderr).not.toMatch(ACTED_ON);
    expect(run.stderr).toContain('Bad \\x1b]0;pwned\\x07\\x1b[2J');
  });

  it('are shown escaped in member names, as column names and record lines', async () => {
    const failingEnv = { ...env, SVC_API_BASE_URL: failingUrl };
    for (const args of [
      ['parties', 'list'],
      ['parties', 'get', 'evil'],
    ]) {
      const run = await shiptrack([...args, '--table', '--format', 'raw'], { env: failingEnv });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(ACTED_ON);
      // A list's column is the --fields path; a record's line, the member within its section.
      expect(run.stdout).toContain(args[1] === 'list' ? 'attributes.name\\x1b[2J' : 'name\\x1b[2J');
    }
  });

  it('are shown escaped in usage errors that quote the command line', async () => {
    for (const args of [
      ['--table', `containers${CLEAR}`],
      ['parties', 'list', '--fields', `a,,${CLEAR}`],
    ]) {
      const run = await shiptrack(args, { env });
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(ACTED_ON);
      expect(run.stderr).toContain('\\x1b[2J');
    }
  });

  it('escape every bidi control, the Arabic letter mark (U+061C) among them', async () => {
    const shown = `Bidi${BIDI_CONTROLS.map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}`;
    const table = await shiptrack(['parties', 'get', bidiPartyId, '--table'], {
      env: { ...env, COLUMNS: '200' },
    });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(ACTED_ON);
    expect(table.stdout).toContain(shown);
    const json = await shiptrack(['parties', 'get', bidiPartyId, '--json'], { env });
    expect(json.stdout).not.toMatch(ACTED_ON);
    expect(JSON.parse(json.stdout).data.companyName).toBe(`Bidi${BIDI_CONTROLS.join('')}`);
  });

  it('stay exact in JSON, written as escapes a terminal does not act on', async () => {
    const run = await shiptrack(['parties', 'get', partyId, '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(ACTED_ON);
    expect(JSON.parse(run.stdout).data.companyName).toBe(NAME);
    const error = await shiptrack(['parties', 'get', 'x', '--json'], {
      env: { ...env, SVC_API_BASE_URL: failingUrl },
    });
    expect(error.stderr).not.toMatch(ACTED_ON);
    expect(errorOf(error).error.message).toContain(`Bad ${TITLE}${CLEAR}`);
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
