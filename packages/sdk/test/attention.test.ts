/**
 * What needs attention and what changed, read through the SDK from REST
 * (the mock's demo account over real HTTP), at three points of the mock's
 * clock, checked against what a person reads off the demo data by hand
 * (the mock README's "Demo data"): at start two boxes on customs hold with
 * an exam fee, a failed request and a shipment rolled to a later vessel;
 * the next evening the holds released and the last free day three days
 * off, the new request's shipment rolled; two weeks on, that shipment late
 * and a week without news from its carrier.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttentionItem,
  byAttention,
  type ChangeGroup,
  changesFromRest,
  containerRisk,
  createClient,
  InvalidArgumentError,
  type ScanProgress,
  type ShiptrackClient,
  scanAttention,
} from '../src/index.js';

const START = '2025-03-01T00:00:00Z';
const HOUR = 3_600;
const DAY_MS = 86_400_000;

let server: RunningMockServer;
let client: ShiptrackClient;
let requests = 0;

beforeAll(async () => {
  server = await startMockServer({ port: 0, clock: { mode: 'manual', startAt: START } });
  client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: server.url,
    fetch: (url, init) => {
      requests++;
      return fetch(url, init);
    },
  });
});
afterAll(() => server.close());

function now(): Date {
  return new Date(server.mock.clock.now());
}

async function attention(progress?: ScanProgress[]): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  const onProgress = progress ? (p: ScanProgress) => progress.push(p) : undefined;
  for await (const item of scanAttention(client, {
    now: now(),
    ...(onProgress ? { onProgress } : {}),
  })) {
    items.push(item);
  }
  return items.sort(byAttention);
}

/** An item as a person would say it: kind, what, severity and its one telling detail. */
function said(item: AttentionItem): [string, string | null, string, unknown] {
  const detail =
    item.kind === 'hold'
      ? item.holdType
      : item.kind === 'eta_slipped'
        ? item.days
        : item.kind === 'last_free_day_soon'
          ? `${item.lastFreeDay.date} ${item.lastFreeDay.timeZone} in ${item.lastFreeDay.daysLeft}`
          : item.kind === 'fees_due'
            ? item.totals
            : item.kind === 'tracking_failed'
              ? item.failedReason
              : item.kind === 'no_recent_update'
                ? item.daysSinceUpdate
                : null;
  return [item.kind, item.subject.number, item.severity, detail];
}

function containerNumbers(items: readonly AttentionItem[], kinds: readonly string[]): string[] {
  return items
    .filter((item) => item.subject.type === 'container' && kinds.includes(item.kind))
    .map((item) => item.subject.number ?? '')
    .sort();
}

/** The containers `containerRisk` (what `list_containers_at_risk` lists) puts at risk. */
async function atRisk(): Promise<string[]> {
  const numbers: string[] = [];
  for await (const container of client.containers.list({
    format: 'mapped',
    include: ['shipment'],
  })) {
    if (containerRisk(container, { now: now(), withinDays: 3 }))
      numbers.push(container.number ?? '');
  }
  return numbers.sort();
}

async function changesOfLastDay(): Promise<readonly ChangeGroup[]> {
  return (await changesFromRest(client, { since: new Date(now().getTime() - DAY_MS) })).groups;
}

const USD_285 = [{ currencyCode: 'USD', amount: 285, source: 'service' }];
const AT_RISK_KINDS = ['hold', 'last_free_day_soon', 'demurrage_running', 'not_picked_up'];

describe('what needs attention on the demo account, from REST, on the mock clock', () => {
  it('at start: the customs holds and exam fees at Los Angeles, the failed request, the rolled shipment late', async () => {
    const progress: ScanProgress[] = [];
    const items = await attention(progress);
    expect(items.map(said)).toEqual([
      ['hold', 'MAEU4002159', 'critical', 'customs'],
      ['hold', 'MAEU9890495', 'critical', 'customs'],
      ['tracking_failed', 'TGHU8812349', 'critical', 'invalid_number'],
      ['fees_due', 'MAEU4002159', 'warning', USD_285],
      ['fees_due', 'MAEU9890495', 'warning', USD_285],
      ['eta_slipped', 'MEDUQ4821563', 'warning', 2],
    ]);
    const slipped = items.find((item) => item.kind === 'eta_slipped');
    expect(slipped?.evidence).toEqual([
      {
        record: 'shipment',
        field: 'pod_eta_at',
        value: '2025-03-09T00:00:00Z',
        time: {
          utc: '2025-03-09T00:00:00.000Z',
          localDate: '2025-03-08',
          timeZone: 'America/New_York',
        },
      },
      {
        record: 'shipment',
        field: 'pod_original_eta_at',
        value: '2025-03-07T00:00:00Z',
        time: {
          utc: '2025-03-07T00:00:00.000Z',
          localDate: '2025-03-06',
          timeZone: 'America/New_York',
        },
      },
    ]);
    // The held boxes' last free day is four days off at the terminal: at risk for their holds only.
    expect(containerNumbers(items, AT_RISK_KINDS)).toEqual(await atRisk());
    expect(progress).toEqual([
      { phase: 'containers', read: 9, total: 9 },
      { phase: 'tracking_requests', read: 1, total: 1 },
    ]);
    const changes = await changesOfLastDay();
    expect(changes[0]).toMatchObject({
      entityType: 'tracking_request',
      number: 'TGHU8812349',
      severity: 'critical',
      changes: [{ kind: 'tracking_failed', from: { known: false }, to: 'failed' }],
    });
  });

  it('the next evening: holds released, the last free day three days off, the new shipment rolled and late', async () => {
    await server.mock.advance(18 * HOUR);
    const items = await attention();
    expect(items.map(said)).toEqual([
      ['tracking_failed', 'TGHU8812349', 'critical', 'invalid_number'],
      ['last_free_day_soon', 'MAEU4002159', 'warning', '2025-03-04 America/Los_Angeles in 3'],
      ['last_free_day_soon', 'MAEU9890495', 'warning', '2025-03-04 America/Los_Angeles in 3'],
      ['fees_due', 'MAEU4002159', 'warning', USD_285],
      ['fees_due', 'MAEU9890495', 'warning', USD_285],
      ['eta_slipped', 'MEDUQ4821563', 'warning', 2],
      ['eta_slipped', 'MSCU911025581', 'warning', 2],
    ]);
    expect(containerNumbers(items, AT_RISK_KINDS)).toEqual(await atRisk());
    const changes = await changesOfLastDay();
    const rolled = changes.find((group) => group.number === 'MSCU911025581');
    expect(rolled?.changes[0]).toMatchObject({
      kind: 'vessel_changed',
      field: 'pod_vessel_name',
      from: { known: true, value: 'CMA CGM JACQUES SAADE' },
      to: 'HMM ALGECIRAS',
      changedAt: '2025-03-01T12:01:00.000Z',
      source: 'rest',
    });
    const released = changes.filter((group) =>
      group.changes.some((c) => c.kind === 'milestone' && c.to === 'container.transport.available'),
    );
    expect(released.map((group) => group.number).sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
  });

  it('two weeks on: the rolled shipment three days late and a week without news from its carrier', async () => {
    await server.mock.advance(Date.parse('2025-03-16T06:30:00Z') / 1000 - now().getTime() / 1000);
    const items = await attention();
    expect(items.map(said)).toEqual([
      ['tracking_failed', 'TGHU8812349', 'critical', 'invalid_number'],
      ['eta_slipped', 'MSCU911025581', 'warning', 3],
      ['no_recent_update', 'MSCU911025581', 'warning', 7],
    ]);
    expect(containerNumbers(items, AT_RISK_KINDS)).toEqual(await atRisk());
    const changes = await changesOfLastDay();
    expect(
      changes.map((group) => [group.number, group.severity, group.changes.map((c) => c.kind)]),
    ).toEqual([
      ['MEDUQ4821563', 'warning', ['tracking_stopped']],
      ['MSCU1451670', 'info', ['milestone']],
      ['MSCU9350074', 'info', ['milestone']],
      ['MSCU9643832', 'info', ['milestone']],
      ['MEDUQ4821563', 'info', ['tracking_request_changed']],
    ]);
  });

  it('refuses a bad option before any request', async () => {
    const before = requests;
    // Safe: a threshold the SDK does not know, on purpose, as a JavaScript caller could pass it.
    const scan = scanAttention(client, { now: now(), thresholds: { holdDays: 2 } as never });
    await expect(scan.next()).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(changesFromRest(client, { since: 'last week' })).rejects.toMatchObject({
      argument: 'since',
    });
    // Safe: options the scans do not have, on purpose, as a JavaScript caller could pass them.
    const unknownScan = scanAttention(client, { now: now(), withinDays: 3 } as never);
    await expect(unknownScan.next()).rejects.toMatchObject({
      argument: 'withinDays',
      message: 'Unknown option "withinDays"; the options are now, thresholds, onProgress, signal.',
    });
    await expect(
      changesFromRest(client, { since: START, until: START } as never),
    ).rejects.toMatchObject({
      argument: 'until',
      message: 'Unknown option "until"; the options are since, onProgress, signal.',
    });
    expect(requests).toBe(before);
  });
});
