/**
 * The built bin on a real pseudo-terminal (util-linux `script`): what
 * only a terminal shows (colours, sizes, redraws, hidden input, Ctrl-C
 * typed). Needs `pnpm build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT } from '../src/program.js';
import { requireBuilt } from './built-bin.js';
import { captured, control, startTestMock, TEST_API_KEY, tempConfigHome } from './helpers.js';
import { HAS_SCRIPT, onTerminal } from './pty.js';

/** The escape character that starts every terminal control sequence. */
const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`);
const ALL_ANSI = new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]|\\r`, 'g');
/** The cursor-up and clear of a redraw, then a status the container reaches later. */
const REDRAWN = new RegExp(
  `${ESC}\\[\\d+A\\r${ESC}\\[J[\\s\\S]*(available|picked_up|empty_returned|grounded|on_rail)`,
);

let mock: RunningMockServer;
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

  it('shows a live status line with track --wait until the shipment exists', async () => {
    const run = onTerminal(
      ['track', 'MSCU0002020', '--scac', 'MSCU', '--wait', '--interval', '0.2'],
      env,
    );
    // The request is made: the carrier answers on the mock's clock (a day of awaiting_manifest).
    await run.waitFor(/waiting for the carrier · \d+:\d\d elapsed · next check in \d+s/);
    await control(mock, 'POST', 'clock/advance', { seconds: 2 * 86_400 });
    expect(await run.exited).toBe(0);
    const shown = run.output().replace(ALL_ANSI, '');
    expect(shown).toMatch(/trackingRequest\.status\s+created/);
    expect(shown).toMatch(/shipment\.id\s+[0-9a-f-]{36}/);
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

  it('redraws the watch view in place as the container moves', async () => {
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    const [ship] = (await client.containers.list({ filter: { status: 'on_ship' }, pageSize: 1 }))
      .data;
    const run = onTerminal(
      ['watch', String(ship?.number), '--share', '1', '--interval', '0.3'],
      env,
    );
    await run.waitFor(/on_ship/);
    await control(mock, 'POST', 'clock/advance', { seconds: 40 * 86_400 });
    await run.waitFor(REDRAWN);
    run.type('\u0003');
    expect(await run.exited).toBe(130);
  });
});

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
