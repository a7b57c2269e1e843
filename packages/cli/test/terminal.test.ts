/**
 * The built bin on a real pseudo-terminal (util-linux `script`): what
 * only a terminal shows (colours, sizes, redraws, hidden input, Ctrl-C
 * typed). Needs `pnpm build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT } from '../src/program.js';
import { requireBuilt } from './built-bin.js';
import {
  captured,
  control,
  startTestMock,
  TEST_API_KEY,
  type TestMock,
  tempConfigHome,
} from './helpers.js';
import { HAS_SCRIPT, occurs, onTerminal, type PtyRun } from './pty.js';
import { screenOf } from './screen.js';

/** The escape character that starts every terminal control sequence. */
const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`);
const ALL_ANSI = new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]|\\r`, 'g');
/** Where log-update starts and ends each draw on a terminal (a synchronized update). */
const DRAW_START = `${ESC}[?2026h`;
const DRAW_END = `${ESC}[?2026l`;
/** A status the watched container reaches once the clock has moved on. */
const LATER_STATUS = /available|picked_up|empty_returned|grounded|on_rail/;

let mock: TestMock;
let env: Record<string, string>;

beforeAll(async () => {
  if (!HAS_SCRIPT) return;
  requireBuilt();
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url, COLUMNS: '' };
});

afterAll(async () => {
  await mock?.close();
});

describe.skipIf(!HAS_SCRIPT)('on a real terminal (script)', () => {
  it('breaks the top-level help only where it was written, on 60 columns', async () => {
    const run = onTerminal(['--help'], {}, 60);
    expect(await run.exited).toBe(0);
    expect(run.output().replace(/\r/g, '')).toContain(ABOUT);
  });

  it('draws a coloured table sized to the terminal', async () => {
    const run = onTerminal(['containers', 'list', '--page-size', '5'], env, 60);
    expect(await run.exited).toBe(0);
    const output = run.output();
    expect(output).toMatch(ANSI);
    const [footer, dropped, ...table] = output
      .replace(ALL_ANSI, '')
      .split('\n')
      .filter(Boolean)
      .reverse();
    expect(footer).toContain('5 shown of');
    expect(dropped).toMatch(/^Left out at 60 columns: /);
    const lines = table.reverse();
    expect(lines[0]).toMatch(/^NUMBER\s+(STATUS\s+)?LAST FREE DAY/);
    expect(lines).toHaveLength(6);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
  });

  it('indents the GeoJSON of containers map for reading, and tables custom field definitions', async () => {
    const [container] = (
      await createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url }).containers.list()
    ).data;
    const map = onTerminal(['containers', 'map', String(container?.id)], env, 80);
    expect(await map.exited).toBe(0);
    const geojson = map.output().replace(ALL_ANSI, '');
    expect(geojson).toMatch(/^\{\n {2}"type": "FeatureCollection",/);
    expect(JSON.parse(geojson).features.length).toBeGreaterThan(0);
    const fields = onTerminal(['custom-field-definitions', 'list'], env, 100);
    expect(await fields.exited).toBe(0);
    expect(fields.output().replace(ALL_ANSI, '')).toMatch(/^id\s+type\s+entityType\s+apiSlug/);
  });

  it('writes no colours with NO_COLOR', async () => {
    const run = onTerminal(['containers', 'list', '--page-size', '2'], { ...env, NO_COLOR: '1' });
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toMatch(ANSI);
    expect(run.output()).toMatch(/NUMBER\s+STATUS/);
  });

  it('leaves the request in place on Ctrl-C and says how to look later', async () => {
    const run = onTerminal(
      ['track', 'MSCU0005035', '--scac', 'MSCU', '--wait', '--interval', '0.2'],
      env,
    );
    await run.waitFor(/waiting for the carrier/);
    run.type('\u0003');
    expect(await run.exited).toBe(130);
    const shown = run.output().replace(ALL_ANSI, '');
    const id = /Tracking request ([0-9a-f-]{36}) stays in place/.exec(shown)?.[1];
    expect(shown).toContain(`shiptrack tracking-requests get ${id}`);
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    expect((await client.trackingRequests.get(String(id))).status).toBe('pending');
  });

  it('redraws the watch table in place: one table on the screen as the container moves', async () => {
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    const [ship] = (await client.containers.list({ filter: { status: 'on_ship' }, pageSize: 1 }))
      .data;
    const run = onTerminal(
      ['watch', String(ship?.number), '--share', '1', '--interval', '0.3'],
      env,
      { columns: 80, rows: 24 },
    );
    await run.waitFor(/on_ship/);
    await control(mock, 'POST', 'clock/advance', { seconds: 40 * 86_400 });
    await run.waitFor(LATER_STATUS);
    const screen = await screenOf([{ text: run.output(), columns: 80 }], 24);
    expect(screen.filter((row) => row.startsWith('NUMBER'))).toHaveLength(1);
    expect(screen.filter((row) => row.startsWith('checked '))).toHaveLength(1);
    const rows = screen.filter((row) => row.startsWith(String(ship?.number)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(LATER_STATUS);
    run.type('\u0003');
    expect(await run.exited).toBe(130);
  });
});

/** `track --wait` on the terminal until the carrier answers: the output, and the exit code. */
async function trackUntilCreated(
  number: string,
  size: { columns: number; rows: number; resizeTo?: number },
  whileWaiting: (run: PtyRun) => Promise<void>,
): Promise<{ output: string; code: number | null }> {
  const created = mock.answered('POST', '/v2/tracking_requests');
  const run = onTerminal(
    ['track', number, '--scac', 'MSCU', '--wait', '--interval', '0.2'],
    env,
    size,
  );
  // A run that ends before its request fails here at once, not at vitest's time-out.
  await Promise.race([
    created,
    run.exited.then(() => Promise.reject(new Error(`ended first:\n${run.output()}`))),
  ]);
  await whileWaiting(run);
  await control(mock, 'POST', 'clock/advance', { seconds: 2 * 86_400 });
  const code = await run.exited;
  return { output: run.output(), code };
}

/** The rows that are not blank. */
function shown(screen: readonly string[]): string[] {
  return screen.filter((row) => row.trim() !== '');
}

describe.skipIf(!HAS_SCRIPT)('track --wait on the screen of a real terminal (xterm)', () => {
  it.each([
    [60, 'MSCU0005014'],
    [80, 'MSCU0006026'],
    [120, 'MSCU0007038'],
  ])(
    'at %i columns: one status row while it waits, a readable result after',
    async (columns, number) => {
      let waiting: string[] = [];
      const { output, code } = await trackUntilCreated(
        number,
        { columns, rows: 24 },
        async (run) => {
          // Several redraws: each one must erase the last.
          await run.waitFor(occurs(number, 5));
          waiting = await screenOf([{ text: run.output(), columns }], 24);
        },
      );
      expect(shown(waiting), waiting.join('\n')).toHaveLength(1);
      expect(shown(waiting)[0]).toMatch(new RegExp(`^. ${number} \\(MSCU\\): request \\w+`));
      expect(code).toBe(0);
      const done = await screenOf([{ text: output, columns }], 24);
      expect(done[0]).toBe(`Tracking ${number}`);
      expect(done.join('\n')).not.toMatch(/elapsed|waiting for the carrier/);
      expect(done).toContain(`Tracking request ${number}`);
      expect(done.join('')).toMatch(/Next: shiptrack shipments get \S+ --include containers/);
    },
  );

  it('keeps the status on one row when the terminal is narrowed from 120 to 60 columns', async () => {
    const number = 'MSCU0008040';
    let narrowed: string[] = [];
    const { code } = await trackUntilCreated(
      number,
      { columns: 120, rows: 24, resizeTo: 60 },
      async (run) => {
        await run.waitFor(/waiting for the carrier/);
        run.resize();
        // The first draw made at the new width, and one more.
        await run.waitFor((output) => {
          const first = firstNarrowDraw(drawsOf(output), 60);
          return first >= 0 && drawsOf(output).length > first + 1;
        });
        const output = run.output();
        const draws = drawsOf(output);
        const first = firstNarrowDraw(draws, 60);
        // The terminal narrows where the bin learnt of it: after the last draw made at 120.
        const at = first === 0 ? 0 : (draws[first - 1]?.end ?? 0);
        narrowed = await screenOf(
          [
            { text: output.slice(0, at), columns: 120 },
            { text: output.slice(at), columns: 60 },
          ],
          24,
        );
      },
    );
    // The line drawn at 120 columns, reflowed onto two rows at 60, is gone: one row remains.
    expect(shown(narrowed), narrowed.join('\n')).toHaveLength(1);
    expect(shown(narrowed)[0]).toContain(number);
    expect(code).toBe(0);
  });
});

/** log-update's draws on a terminal, each a synchronized update: where it ends, its widest row. */
function drawsOf(output: string): { end: number; widest: number }[] {
  const draws: { end: number; widest: number }[] = [];
  for (let at = output.indexOf(DRAW_START); at >= 0; at = output.indexOf(DRAW_START, at + 1)) {
    const end = output.indexOf(DRAW_END, at);
    if (end < 0) break;
    const rows = output.slice(at, end).replace(ALL_ANSI, '').split('\n');
    draws.push({
      end: end + DRAW_END.length,
      widest: Math.max(...rows.map((row) => [...row].length)),
    });
  }
  return draws;
}

/** The first draw that fits a terminal of `columns` (one cell spare, as a live view draws). */
function firstNarrowDraw(draws: readonly { widest: number }[], columns: number): number {
  return draws.findIndex((draw) => draw.widest < columns);
}

describe.skipIf(!HAS_SCRIPT)('webhooks listen on a terminal', () => {
  it('prints each delivery as one line: verified, or refused', async () => {
    const secret = 'whsec_terminal_test_81c4d2';
    const run = onTerminal(['webhooks', 'listen', '--port', '0'], {
      ...env,
      SHIPTRACK_WEBHOOK_SECRET: secret,
    });
    const url = /Listening on (http:\/\/\S+\/)/.exec(
      await run.waitFor(/Listening on http:\/\/\S+\//),
    )?.[1];
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    await client.webhooks.trigger({ url: String(url), event: 'container.updated', secret });
    // The event, what it changed, its id.
    await run.waitFor(/✓\S* \d\d:\d\d:\d\d \S*container\.updated\S* .+ \S+ verified, answered 200/);
    const forged = await fetch(String(url), {
      method: 'POST',
      headers: { 'X-SVC-Webhook-Signature': '0'.repeat(64) },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    await run.waitFor(/✗ refused\S* \d\d:\d\d:\d\d answered 401/);
    run.type('\u0003');
    expect(await run.exited).toBe(130);
    expect(run.output()).not.toContain(secret);
  });
});

describe.skipIf(!HAS_SCRIPT)('login on a terminal', () => {
  it('reads the key without echoing it and stores it', async () => {
    const home = tempConfigHome();
    try {
      const run = onTerminal(['login'], { XDG_CONFIG_HOME: home.dir, SVC_API_BASE_URL: mock.url });
      await run.waitFor(/API key \(input hidden\): /);
      run.type(`${TEST_API_KEY}\r`);
      expect(await run.exited).toBe(0);
      expect(run.output()).not.toContain(TEST_API_KEY);
      const stored = JSON.parse(readFileSync(join(home.dir, 'shiptrack', 'config.json'), 'utf8'));
      expect(stored.apiKey).toBe(TEST_API_KEY);
    } finally {
      home.remove();
    }
  });
});

it('prints no API key on the terminal', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
