/**
 * The CLI against a service that answers garbage, slowly, or too much: a
 * real node:http server plays each case; the CLI's `main` runs in this
 * process (`bin.test.ts` stops the built bin with real signals).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validError } from './envelopes.js';
import { captured, errorOf, shiptrack, startShiptrack, TEST_API_KEY } from './helpers.js';

/** A record id: `get` sends it as it is (a number would be looked up first). */
const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

const MB = 1024 * 1024;
/** More rows than a function call takes arguments (`Math.max(...widths)` overflows the stack). */
const HUGE_PAGE = 200_000;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** How the server answers the requests of one case. */
type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A body that never ends: 64 KB every few milliseconds, as long as the client reads. */
function endless(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/vnd.api+json' });
  response.write('{"data":["');
  const timer = setInterval(() => response.write(CHUNK), 5);
  response.on('close', () => clearInterval(timer));
}

const ANSWERS: Record<string, Answer> = {
  html200: (_q, r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end('<html><head><title>Sign in</title></head><body>\u001b[2J Portal</body></html>');
  },
  echo: (q, r) => {
    // A proxy page that quotes the request, credentials included.
    r.writeHead(200, { 'content-type': 'text/html' });
    r.end(`<html>Denied: ${q.headers.authorization ?? ''}</html>`);
  },
  html502: (_q, r) => {
    r.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
    r.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  },
  html429: (_q, r) => {
    r.writeHead(429, { 'content-type': 'text/html', 'retry-after': '120' });
    r.end('<html>Slow down</html>');
  },
  errorsWithoutType: (_q, r) => {
    r.writeHead(404);
    r.end('{"errors":[{"status":"404","title":"Not Found","detail":"No such container."}]}');
  },
  json503: (_q, r) => {
    r.writeHead(503, { 'content-type': 'application/vnd.api+json' });
    r.end('{}');
  },
  arrays: (_q, r) => {
    // A list whose members are arrays, not records.
    r.writeHead(200, { 'content-type': 'application/vnd.api+json' });
    r.end('{"data":[[1,2],[3]]}');
  },
  wrongContent: (_q, r) => {
    r.writeHead(200, { 'content-type': 'application/vnd.api+json' });
    r.end('{"data":[1,2,3]}');
  },
  truncated: (_q, r) => {
    r.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': '5000' });
    r.write('{"data":[');
    setTimeout(() => r.destroy(), 20);
  },
  declaredTooLarge: (_q, r) => {
    r.writeHead(200, {
      'content-type': 'application/vnd.api+json',
      'content-length': String(3 * MB),
    });
    r.write('{"data":[');
  },
  endless: (_q, r) => endless(r),
  hugePage: (_q, r) => {
    // One page of 200 000 parties: a page size no service should send, yet valid JSON:API.
    const parties = Array.from({ length: HUGE_PAGE }, (_, i) => ({
      id: `p${i}`,
      type: 'party',
      attributes: { company_name: `Party ${i}` },
    }));
    r.writeHead(200, { 'content-type': 'application/vnd.api+json' });
    r.end(JSON.stringify({ data: parties }));
  },
  silent: () => {
    // Never answers: the request stays in flight.
  },
};

let server: Server;
let origin: string;
/** Requests received, by case. */
const received: Record<string, number> = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    const name = request.url?.split('/')[1] ?? '';
    received[name] = (received[name] ?? 0) + 1;
    server.emit(`request:${name}`);
    ANSWERS[name]?.(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function envFor(name: string): Record<string, string> {
  return {
    SVC_API_TOKEN: TEST_API_KEY,
    SVC_API_BASE_URL: `${origin}/${name}/v2`,
    SHIPTRACK_MAX_RESPONSE_MB: '1',
  };
}

interface FailureCase {
  name: keyof typeof ANSWERS;
  args: string[];
  exitCode: number;
  code: string;
  status: number | null;
  says: RegExp[];
}

const FAILURES: FailureCase[] = [
  {
    name: 'html200',
    args: ['containers', 'get', ID],
    exitCode: 9,
    code: 'upstream_error',
    status: 200,
    says: [/200 OK and text\/html/, /"<html><head><title>Sign in.*\\x1b\[2J Portal/, /--base-url/],
  },
  {
    name: 'echo',
    args: ['containers', 'list'],
    exitCode: 9,
    code: 'upstream_error',
    status: 200,
    says: [/"<html>Denied: Token \[redacted\]<\/html>"/],
  },
  {
    name: 'html502',
    args: ['containers', 'list'],
    exitCode: 9,
    code: 'upstream_error',
    status: 502,
    says: [/502 Bad Gateway and text\/html/, /"<html><body><h1>502 Bad Gateway/],
  },
  {
    name: 'wrongContent',
    args: ['containers', 'get', ID],
    exitCode: 9,
    code: 'upstream_error',
    status: 200,
    says: [/not with what the interface promises/],
  },
  ...[
    ['containers', 'list'],
    ['containers', 'list', '--all'],
    ['--format', 'raw', 'parties', 'list'],
  ].map(
    (args): FailureCase => ({
      name: 'arrays',
      args,
      exitCode: 9,
      code: 'upstream_error',
      status: 200,
      says: [/not with what the interface promises/, /item 1 of 2 is an array, not a record/],
    }),
  ),
  {
    name: 'truncated',
    args: ['containers', 'list'],
    exitCode: 9,
    code: 'upstream_error',
    status: 200,
    says: [/cut off/],
  },
  {
    name: 'declaredTooLarge',
    args: ['containers', 'list'],
    exitCode: 9,
    code: 'response_too_large',
    status: null,
    says: [/more than 1 MB/, /--page-size/],
  },
  {
    name: 'endless',
    args: ['containers', 'list', '--all'],
    exitCode: 9,
    code: 'response_too_large',
    status: null,
    says: [/GET \/endless\/v2\/containers with more than 1 MB/, /SHIPTRACK_MAX_RESPONSE_MB/],
  },
  // What the SDK's typed errors say keeps its meaning, whatever the content type.
  {
    name: 'html429',
    args: ['--max-wait', '0', 'containers', 'list'],
    exitCode: 6,
    code: 'rate_limited',
    status: 429,
    says: [/Retry-After|wait/i],
  },
  {
    name: 'errorsWithoutType',
    args: ['containers', 'get', ID],
    exitCode: 4,
    code: 'not_found',
    status: 404,
    says: [/No such container/],
  },
  {
    name: 'json503',
    args: ['containers', 'list'],
    exitCode: 7,
    code: 'service_error',
    status: 503,
    says: [/503/],
  },
];

describe('a service that answers garbage or too much', () => {
  it.each(FAILURES.map((failure) => ({ ...failure, command: failure.args.join(' ') })))(
    '$name, $command: exit $exitCode, $code, saying whose fault it is',
    async (failure) => {
      const run = await shiptrack(['--max-retries', '0', ...failure.args], {
        env: envFor(failure.name),
      });
      expect(run.stdout).toBe('');
      expect(run.code, run.stderr).toBe(failure.exitCode);
      const envelope = errorOf(run);
      expect(validError(envelope), JSON.stringify(validError.errors)).toBe(true);
      expect(envelope.error).toMatchObject({ code: failure.code, status: failure.status });
      // A broken answer may come right next time; a page too large will not come smaller.
      if (failure.exitCode === 9) {
        expect(envelope.error.retryable).toBe(failure.code === 'upstream_error');
      }
      for (const pattern of failure.says) expect(envelope.error.message).toMatch(pattern);
      expect(envelope.error.message).not.toMatch(/report it/);
    },
  );

  it('reads a too large answer once: the run ends, the SDK does not retry it', async () => {
    const before = received.endless ?? 0;
    const run = await shiptrack(['--max-retries', '2', 'containers', 'list'], {
      env: envFor('endless'),
    });
    expect(run.code).toBe(9);
    expect(errorOf(run).error.code).toBe('response_too_large');
    expect((received.endless ?? 0) - before).toBe(1);
  });

  it('says the same on a terminal-style line, control characters escaped', async () => {
    const run = await shiptrack(['--max-retries', '0', '--table', 'containers', 'get', ID], {
      env: envFor('html200'),
    });
    expect(run.code).toBe(9);
    expect(run.stderr).toMatch(/^shiptrack: error: The service answered GET \/html200\/v2/);
    expect(run.stderr).not.toContain('\u001b');
  });

  it('draws a table of a page of 200 000 records', async () => {
    const run = await shiptrack(['--table', 'parties', 'list', '--fields', 'id,companyName'], {
      env: { ...envFor('hugePage'), SHIPTRACK_MAX_RESPONSE_MB: '32' },
    });
    expect(run.stderr).not.toMatch(/Maximum call stack/);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(HUGE_PAGE + 1);
    // --fields columns are headed in capitals, as every table's are.
    expect(lines[0]).toMatch(/^ID\s+COMPANY NAME$/);
    expect(lines.at(-1)).toMatch(/^p199999\s+Party 199999$/);
    // The columns picked from the rows themselves, too.
    const picked = await shiptrack(['--table', 'parties', 'list'], {
      env: { ...envFor('hugePage'), SHIPTRACK_MAX_RESPONSE_MB: '32' },
    });
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.stdout.trimEnd().split('\n')).toHaveLength(HUGE_PAGE + 1);
  });

  it('refuses a SHIPTRACK_MAX_RESPONSE_MB that is not a number of megabytes', async () => {
    const run = await shiptrack(['containers', 'list'], {
      env: { ...envFor('html200'), SHIPTRACK_MAX_RESPONSE_MB: 'lots' },
    });
    expect(run.code).toBe(2);
    expect(errorOf(run).error.message).toContain('SHIPTRACK_MAX_RESPONSE_MB');
  });
});

interface SignalCase {
  name: keyof typeof ANSWERS;
  signal: 'SIGINT' | 'SIGTERM';
  args: string[];
  exitCode: number;
  code: string;
}

const SIGNALS: SignalCase[] = [
  {
    name: 'silent',
    signal: 'SIGTERM',
    args: ['containers', 'list'],
    exitCode: 143,
    code: 'terminated',
  },
  {
    name: 'silent',
    signal: 'SIGINT',
    args: ['containers', 'list'],
    exitCode: 130,
    code: 'interrupted',
  },
  {
    name: 'endless',
    signal: 'SIGTERM',
    args: ['containers', 'list', '--all'],
    exitCode: 143,
    code: 'terminated',
  },
];

describe('a service that answers slowly', () => {
  it.each(SIGNALS)(
    '$name, $signal: the request is aborted and the run ends $exitCode',
    async ({ name, signal, args, exitCode, code }) => {
      const env = { ...envFor(name), SHIPTRACK_MAX_RESPONSE_MB: '100000' };
      const requested = once(server, `request:${name}`);
      const run = startShiptrack(args, { env });
      // In flight: the server has the request (and, for `endless`, is sending its body).
      await requested;
      run.kill(signal);
      const result = await run.exited;
      // The abort ended the run, not the exit forced when a stop takes too long.
      expect(run.forced()).toBe(false);
      expect(result.code).toBe(exitCode);
      expect(errorOf(result).error.code).toBe(code);
    },
  );
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
