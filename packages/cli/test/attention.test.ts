/**
 * `shiptrack attention` and `shiptrack changes` against the mock's demo
 * account over real HTTP, on its manual clock: what needs attention at
 * start (grouped by kind at 80 columns, JSON with UTC beside each local
 * day, NDJSON, exit 10), thresholds checked by the SDK, and what changed
 * in the day after moving the clock by a day, as text, JSON and Markdown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror } from '@shiptrack/mirror';
import { createMockServer, startMockServer } from '@shiptrack/mock-server';
import { type AttentionItem, createClient, type RestChanges } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellWidth } from '../src/output/cell-width.js';
import {
  control,
  envelopeOf,
  errorOf,
  MOCK_START,
  shiptrack,
  startTestMock,
  TEST_API_KEY,
  type TestMock,
} from './helpers.js';

let mock: TestMock;
let env: Record<string, string>;
/** A mirror's database (PGlite on disk), synced from the mock at start and again later. */
const MIRROR_DIR = mkdtempSync(join(tmpdir(), 'shiptrack-cli-mirror-'));

/** Syncs the mirror at {@link MIRROR_DIR} from the mock, and closes it for the CLI to open. */
async function syncMirror(): Promise<void> {
  const mirror = await createMirror({
    client: createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url, format: 'raw' }),
    database: MIRROR_DIR,
  });
  try {
    await mirror.sync({ reconcileEveryMs: 0 });
  } finally {
    await mirror.close();
  }
}

async function mockNow(): Promise<string> {
  return ((await control(mock, 'GET', 'clock')) as { now: string }).now;
}

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
  await syncMirror();
}, 60_000);
afterAll(async () => {
  await mock?.close();
  rmSync(MIRROR_DIR, { recursive: true, force: true });
});

describe('shiptrack attention', () => {
  it('lists the items as JSON, ranked, each local day with UTC beside it, and exits 10', async () => {
    const run = await shiptrack(['attention', '--json', '--at', MOCK_START], { env });
    expect(run.code).toBe(10);
    const items = envelopeOf(run).data as AttentionItem[];
    expect(items.map((item) => [item.kind, item.subject.number, item.severity])).toEqual([
      ['hold', 'MAEU4002159', 'critical'],
      ['hold', 'MAEU9890495', 'critical'],
      ['tracking_failed', 'TGHU8812349', 'critical'],
      ['fees_due', 'MAEU4002159', 'warning'],
      ['fees_due', 'MAEU9890495', 'warning'],
      ['eta_slipped', 'MEDUQ4821563', 'warning'],
    ]);
    const slipped = items.find((item) => item.kind === 'eta_slipped');
    expect(slipped?.evidence.map((evidence) => evidence.time)).toEqual([
      { utc: '2025-03-09T00:00:00.000Z', localDate: '2025-03-08', timeZone: 'America/New_York' },
      { utc: '2025-03-07T00:00:00.000Z', localDate: '2025-03-06', timeZone: 'America/New_York' },
    ]);
  });

  it('groups the items by kind within 80 columns, each reason whole', async () => {
    const run = await shiptrack(['attention', '--at', MOCK_START], {
      env: { ...env, NO_COLOR: '1' },
      terminal: { columns: 80 },
    });
    expect(run.code).toBe(10);
    const lines = run.stdout.split('\n');
    for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.filter((line) => /^\S/.test(line))).toEqual([
      'Holds (2)',
      'Tracking failed (1)',
      'Fees due (2)',
      'ETA slipped (1)',
    ]);
    const text = lines.map((line) => line.trim()).join(' ');
    expect(text).toContain(
      'Arrival at the port of discharge slipped 2 day(s): now 2025-03-08 (America/New_York), first reported 2025-03-06 (America/New_York).',
    );
  });

  it('writes one item a line with --ndjson, the same items as --json', async () => {
    const json = await shiptrack(['attention', '--json', '--at', MOCK_START], { env });
    const ndjson = await shiptrack(['attention', '--ndjson', '--at', MOCK_START], { env });
    expect(ndjson.code).toBe(10);
    const lines = ndjson.stdout.trim().split('\n');
    const items = lines.map((line) => JSON.parse(line) as AttentionItem);
    const key = (item: AttentionItem) => `${item.kind} ${item.subject.id}`;
    expect(items.map(key).sort()).toEqual(
      (envelopeOf(json).data as AttentionItem[]).map(key).sort(),
    );
  });

  it('passes thresholds to the SDK, which refuses one it does not know', async () => {
    const later = await shiptrack(
      ['attention', '--json', '--at', MOCK_START, '--threshold', 'etaSlippedDays=3'],
      { env },
    );
    const kinds = (envelopeOf(later).data as AttentionItem[]).map((item) => item.kind);
    expect(kinds).not.toContain('eta_slipped');
    expect(kinds).toContain('hold');

    const unknown = await shiptrack(['attention', '--json', '--threshold', 'holdDays=2'], { env });
    expect(unknown.code).toBe(5);
    expect(errorOf(unknown).error.message).toMatch(/Unknown threshold "holdDays"/);

    const shapeless = await shiptrack(['attention', '--threshold', 'three'], { env });
    expect(shapeless.code).toBe(2);
    expect(shapeless.stderr).toMatch(/pass name=number/);
  });

  it('exits 0 and says so when nothing needs attention', async () => {
    const inner = createMockServer({ dataset: 'empty', apiKeys: [TEST_API_KEY] });
    const empty = await startMockServer({ port: 0, mock: inner });
    try {
      const emptyEnv = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: empty.url };
      const table = await shiptrack(['attention', '--table'], { env: emptyEnv });
      expect(table.code).toBe(0);
      expect(table.stderr).toContain('Nothing needs attention.');
      const json = await shiptrack(['attention', '--json'], { env: emptyEnv });
      expect(envelopeOf(json).data).toEqual([]);
    } finally {
      await empty.close();
      inner.dispose();
    }
  });
});

describe('shiptrack changes --since', () => {
  it('after a day on the clock, lists what changed in that day: the roll, the releases, the request', async () => {
    await control(mock, 'POST', 'clock/advance', { seconds: 86_400 });
    const now = await mockNow();
    const run = await shiptrack(['changes', '--since', '1d', '--at', now, '--json'], { env });
    expect(run.code).toBe(0);
    const result = envelopeOf(run).data as RestChanges;
    expect(result.since).toBe('2025-03-01T00:00:00.000Z');
    const changed = result.groups.map((group) => [
      group.number,
      group.changes.map((change) => change.kind),
    ]);
    expect(changed).toContainEqual(['MSCU911025581', expect.arrayContaining(['vessel_changed'])]);
    for (const group of result.groups) {
      for (const change of group.changes) {
        expect(Date.parse(change.changedAt)).toBeGreaterThan(Date.parse(result.since));
        expect(change.changedOn?.utc).toBe(change.changedAt);
      }
    }
    expect(result.cannotTell.map((note) => note.field)).toContain('holds_at_pod_terminal');
  });

  it('writes each record and its changes within 80 columns, the time at the place with UTC beside it', async () => {
    const now = await mockNow();
    const run = await shiptrack(['changes', '--since', '1d', '--at', now], {
      env: { ...env, NO_COLOR: '1' },
      terminal: { columns: 80 },
    });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(80);
    expect(lines).toContain('MSCU911025581 (shipment): warning');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}vessel_changed {2}2025-03-01 20:01 Asia\/Shanghai \(UTC 2025-03-01T12:01:00\.000Z\)$/,
      ),
    );
    expect(run.stderr).toContain('REST cannot tell holds_at_pod_terminal');
  });

  it('writes Markdown for a chat, the local time with UTC beside it', async () => {
    const now = await mockNow();
    const run = await shiptrack(['changes', '--since', '1d', '--at', now, '--markdown'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^## What changed since 2025-03-01T00:00:00.000Z\n/);
    expect(run.stdout).toContain('### MSCU911025581 (shipment)');
    expect(run.stdout).toMatch(
      /- \*\*vessel_changed\*\* .*HMM ALGECIRAS.* \(2025-03-01 \d\d:\d\d \S+ \(UTC 2025-03-01T12:01:00\.000Z\); `rest`\)/,
    );
    expect(run.stdout).toContain('REST cannot tell:');
  });

  it('refuses a --since it cannot read, or one after now, saying the forms it takes', async () => {
    const now = await mockNow();
    const vague = await shiptrack(['changes', '--since', 'yesterday', '--at', now], { env });
    expect(vague.code).toBe(2);
    expect(vague.stderr).toMatch(/24h or 1d|ISO 8601/);
    const future = await shiptrack(['changes', '--since', '2030-01-01', '--at', now], { env });
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/is after now/);
    const both = await shiptrack(['changes', '--since', '1d', '--markdown', '--json'], { env });
    expect(both.code).toBe(2);
  });
});

describe('shiptrack attention and changes --mirror', () => {
  it("answer from the mirror's database: the items REST gives, and the old values REST cannot tell", async () => {
    // A day on (or more, after the tests above): the holds at Los Angeles are released.
    await control(mock, 'POST', 'clock/advance', { seconds: 86_400 });
    await syncMirror();
    const now = await mockNow();
    const fromRest = await shiptrack(['attention', '--json', '--at', now], { env });
    // No key and no service: the mirror alone answers.
    const fromMirror = await shiptrack([
      'attention',
      '--json',
      '--at',
      now,
      '--mirror',
      MIRROR_DIR,
    ]);
    expect(fromMirror.code, fromMirror.stderr).toBe(fromRest.code);
    expect(envelopeOf(fromMirror).data).toEqual(envelopeOf(fromRest).data);

    const changes = await shiptrack([
      'changes',
      '--since',
      MOCK_START,
      '--at',
      now,
      '--json',
      '--mirror',
      MIRROR_DIR,
    ]);
    expect(changes.code, changes.stderr).toBe(0);
    const result = envelopeOf(changes).data as RestChanges;
    const released = result.groups.filter((group) =>
      group.changes.some((change) => change.kind === 'hold_released'),
    );
    expect(released.map((group) => group.number).sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
    expect(result.cannotTell).toEqual([]);

    const both = await shiptrack(['--mock', 'attention', '--mirror', MIRROR_DIR]);
    expect(both.code).toBe(2);
  }, 60_000);
});
