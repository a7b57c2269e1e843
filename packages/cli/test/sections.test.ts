/**
 * Results a person reads at 80 columns: sections rather than flattened
 * `key value` rows, the next step last, long values summarised with the
 * flag that shows them whole, events named in full, widths in terminal
 * cells. `main` in this process, against the mock over HTTP.
 */
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captured,
  control,
  envelopeOf,
  shiptrack,
  startShiptrack,
  startTestMock,
  TEST_API_KEY,
  type TestMock,
} from './helpers.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal sequences are what is stripped.
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\r/g;
const AT_80 = { COLUMNS: '80' };

let mock: TestMock;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url, ...AT_80 };
});

afterAll(async () => {
  await mock?.close();
});

/** The lines of a table run's stdout, none wider than 80 cells. */
function linesAt80(stdout: string): string[] {
  const lines = stdout.replace(ESCAPES, '').trimEnd().split('\n');
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
  return lines;
}

/** A container number of the mock, and its id. */
async function someContainer(): Promise<{ id: string; number: string }> {
  const run = await shiptrack(['containers', 'list', '--page-size', '1', '--bare'], { env });
  const [container] = JSON.parse(run.stdout);
  return container;
}

describe('track --wait at 80 columns', () => {
  it('draws one status line while it waits, then the result in sections, the next step last', async () => {
    const created = mock.answered('POST', '/v2/tracking_requests');
    const run = startShiptrack(
      ['track', 'MSCU0007779', '--scac', 'MSCU', '--wait', '--interval', '0.2'],
      { env, terminal: { columns: 80 } },
    );
    // A run that ends before it made its request fails here at once, not at vitest's time-out.
    await Promise.race([
      created,
      run.exited.then((ended) => Promise.reject(new Error(`ended first: ${ended.stderr}`))),
    ]);
    await run.waitFor('stderr', /waiting for the carrier/);
    await control(mock, 'POST', 'clock/advance', { seconds: 2 * 86_400 });
    const { code, stdout, stderr } = await run.exited;
    expect(code, stderr).toBe(0);
    // Every status line drawn fits 79 cells: it never wraps onto a second row.
    for (const drawn of stderr.replace(ESCAPES, '').split('\n').filter(Boolean)) {
      expect(stringWidth(drawn), drawn).toBeLessThan(80);
    }
    const lines = linesAt80(stdout);
    expect(lines[0]).toBe('Tracking MSCU0007779');
    for (const title of ['Tracking request MSCU0007779', 'Route', 'Containers (1)']) {
      expect(lines, title).toContain(title);
    }
    expect(lines.some((line) => /^Shipment \S+$/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Next: shiptrack shipments get \S+ --include containers$/);
    // Sections, not a dump: far from the 170 flattened rows, and no name cut.
    expect(lines.length).toBeLessThan(50);
    expect(stdout).not.toContain('…');
  });
});

describe('sections of other results', () => {
  it('names every event of the timeline in full, at its place', async () => {
    const { number } = await someContainer();
    const run = await shiptrack(['containers', 'timeline', number, '--table'], { env });
    expect(run.code, run.stderr).toBe(0);
    const lines = linesAt80(run.stdout);
    expect(lines).toEqual(expect.arrayContaining(['Events', 'Milestones']));
    const timeline = lines.slice(lines.findIndex((line) => line.startsWith('Timeline')) + 1);
    expect(timeline.length).toBeGreaterThan(0);
    for (const line of timeline) {
      expect(line).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}[a-z_.]+( at .+)?$/);
      expect(line).not.toContain('container.transport.');
    }
  });

  it('summarises the request body of webhooks trigger in a line, naming the --jq that shows it', async () => {
    const run = await shiptrack(
      ['webhooks', 'trigger', '--url', 'http://127.0.0.1:9/hooks', '--table'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = linesAt80(run.stdout);
    expect(lines.length).toBeLessThan(30);
    const body = lines.filter(
      (line) => line.includes('requestBody') || line.includes("--jq '.requestBody'"),
    );
    expect(body.length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/\(\d+ characters; whole: --jq\s+'\.requestBody'\)/);
    const whole = await shiptrack(
      ['webhooks', 'trigger', '--url', 'http://127.0.0.1:9/hooks', '--jq', '.requestBody'],
      { env },
    );
    expect(JSON.parse(whole.stdout)).toMatchObject({ data: expect.any(Object) });
  });

  it('names the terminal of a container, not its id', async () => {
    const events = await shiptrack(
      ['containers', 'list', '--all', '--jq', 'select(.podTerminalId != null) | .number'],
      { env },
    );
    const number = events.stdout.trim().split('\n')[0];
    const run = await shiptrack(['containers', 'get', String(number), '--table'], { env });
    const terminal = linesAt80(run.stdout).find((line) => line.startsWith('  Terminal'));
    expect(terminal).toMatch(/^ {2}Terminal +[A-Z][a-z]/);
    expect(terminal).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});

describe('the events table', () => {
  it('tells each event apart and shows the place’s local time, UTC in JSON', async () => {
    const { number } = await someContainer();
    const json = await shiptrack(['containers', 'events', number], { env });
    const events = envelopeOf(json).data as {
      event: string;
      timestamp: string;
      timezone: string | null;
    }[];
    const table = await shiptrack(['containers', 'events', number, '--table'], { env });
    const [header, ...rows] = linesAt80(table.stdout);
    expect(header).toMatch(/^TIME \(LOCAL\) +EVENT +PLACE/);
    expect(rows).toHaveLength(events.length);
    events.forEach((event, i) => {
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: event.timezone ?? 'UTC',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(event.timestamp));
      expect(rows[i], event.event).toContain(local);
      expect(rows[i]).toContain(event.event.replace(/^container\.transport\./, ''));
      // The UTC time stays in JSON.
      expect(event.timestamp).toMatch(/Z$/);
    });
    expect(table.stdout).not.toContain('container.transport.');
  });
});

describe('widths in terminal cells', () => {
  it('keeps the columns in line after a reference number of wide characters', async () => {
    const { id } = await someContainer();
    await shiptrack(['containers', 'update', id, '--ref-numbers', '注文番号-12345'], { env });
    const run = await shiptrack(
      ['containers', 'list', '--table', '--fields', 'number,refNumbers,status'],
      { env },
    );
    const [header = '', ...rows] = linesAt80(run.stdout);
    expect(header).toMatch(/^NUMBER +REF NUMBERS +STATUS$/);
    const statusAt = header.indexOf('STATUS');
    const wide = rows.find((row) => row.includes('注文番号'));
    expect(wide).toBeDefined();
    for (const row of rows) {
      // Everything before the status takes as many cells as the header before STATUS.
      const [before] = row.split(/ {2}(?=\S+$)/);
      expect(stringWidth(`${before}  `), row).toBe(statusAt);
    }
    // An empty list is `none`, not `[]`.
    expect(rows.some((row) => /\bnone\b/.test(row))).toBe(true);
    expect(run.stdout).not.toContain('[]');
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
