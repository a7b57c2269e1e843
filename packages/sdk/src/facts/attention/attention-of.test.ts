import { describe, expect, it } from 'vitest';
import { mappedContainer } from '../../../test/container-fixture.js';
import { InvalidArgumentError } from '../../core/errors.js';
import type { MappedContainer } from '../../mapped/container.js';
import type { MappedShipment } from '../../mapped/shipment.js';
import type { MappedTrackingRequest } from '../../mapped/tracking.js';
import { accountAttention, attentionOf, byAttention } from './attention-of.js';
import type { AttentionItem } from './model.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
// 18:00 UTC on March 10 is 11:00 on March 10 in Los Angeles.
const now = new Date('2025-03-10T18:00:00Z');

function shipment(extra: Partial<MappedShipment> = {}): MappedShipment {
  return {
    id: 's1',
    type: 'shipment',
    billOfLading: 'MEDUQ4821563',
    podTimezone: LA,
    podEtaAt: '2025-03-09T00:00:00Z',
    podOriginalEtaAt: '2025-03-09T00:00:00Z',
    podAtaAt: '2025-03-09T02:00:00Z',
    lineTrackingLastSucceededAt: '2025-03-10T06:00:00Z',
    lineTrackingStoppedAt: null,
    lineTrackingStoppedReason: null,
    ...extra,
  };
}

/** A container at the terminal, available, nothing wrong; `extra` makes it wrong. */
function container(extra: Partial<MappedContainer> = {}): MappedContainer {
  return mappedContainer(
    { number: 'MAEU4002159', podTimezone: LA, availabilityKnown: true, ...extra },
    null,
  );
}

function kinds(items: readonly AttentionItem[]): string[] {
  return items.map((item) => item.kind);
}

function only<K extends AttentionItem['kind']>(
  items: readonly AttentionItem[],
  kind: K,
): Extract<AttentionItem, { kind: K }> {
  const found = items.filter(
    (item): item is Extract<AttentionItem, { kind: K }> => item.kind === kind,
  );
  expect(found, `one ${kind}`).toHaveLength(1);
  // Safe: the length was checked just above.
  return found[0] as Extract<AttentionItem, { kind: K }>;
}

describe('attentionOf', () => {
  it('finds nothing on a box that is fine', () => {
    expect(attentionOf(container(), { now, shipment: shipment() })).toEqual([]);
  });

  it('says the last free day is soon, as a local date of the terminal with UTC beside it', () => {
    // 06:00 UTC on March 13 is still March 12 in Los Angeles: two days from March 10 there.
    const items = attentionOf(
      container({ importDeadlines: { pickupLfdTerminal: '2025-03-13T06:00:00Z' } }),
      { now },
    );
    const soon = only(items, 'last_free_day_soon');
    expect(soon).toMatchObject({
      severity: 'warning',
      lastFreeDay: { date: '2025-03-12', daysLeft: 2, timeZone: LA, source: 'terminal' },
      evidence: [
        {
          record: 'container',
          field: 'import_deadlines.pickup_lfd_terminal',
          value: '2025-03-13T06:00:00Z',
          time: { utc: '2025-03-13T06:00:00.000Z', localDate: '2025-03-12', timeZone: LA },
        },
      ],
    });
    expect(soon.reason).toContain('2025-03-12 (America/Los_Angeles) is in 2 days');
  });

  it('counts the days in the zone of the place, so a deadline at the same instant differs by port', () => {
    const lfd = '2025-03-11T06:00:00Z'; // March 10 in Los Angeles (today), March 11 in New York
    const west = only(
      attentionOf(container({ importDeadlines: { pickupLfdTerminal: lfd } }), { now }),
      'last_free_day_soon',
    );
    const east = only(
      attentionOf(container({ importDeadlines: { pickupLfdTerminal: lfd }, podTimezone: NY }), {
        now,
      }),
      'last_free_day_soon',
    );
    expect([west.lastFreeDay.daysLeft, west.severity, west.reason]).toEqual([
      0,
      'critical',
      expect.stringContaining('is today'),
    ]);
    expect([east.lastFreeDay.daysLeft, east.lastFreeDay.date]).toEqual([1, '2025-03-11']);
    // Without the container's zone, the shipment's port zone is the terminal's.
    const viaShipment = only(
      attentionOf(container({ importDeadlines: { pickupLfdTerminal: lfd }, podTimezone: null }), {
        now,
        shipment: shipment({ podTimezone: NY }),
      }),
      'last_free_day_soon',
    );
    expect(viaShipment.lastFreeDay).toMatchObject({ timeZone: NY, daysLeft: 1 });
  });

  it('leaves a last free day beyond the window out, and takes a wider window when asked', () => {
    const far = container({ importDeadlines: { pickupLfdTerminal: '2025-03-20T20:00:00Z' } });
    expect(attentionOf(far, { now })).toEqual([]);
    expect(kinds(attentionOf(far, { now, thresholds: { lastFreeDayWithinDays: 10 } }))).toEqual([
      'last_free_day_soon',
    ]);
  });

  it('says storage is charged once the last free day passed, split by whether the box could be picked up', () => {
    const passed = { importDeadlines: { pickupLfdTerminal: '2025-03-08T20:00:00Z' } };
    const waiting = only(
      attentionOf(
        container({
          ...passed,
          location: {
            currentLocation: null,
            availableForPickup: false,
            podArrivedAt: null,
            podDischargedAt: null,
          },
        }),
        { now },
      ),
      'demurrage_running',
    );
    expect(waiting).toMatchObject({ severity: 'critical', daysPast: 2 });
    expect(waiting.reason).toContain('passed 2 day(s) ago');
    const notPickedUp = only(attentionOf(container(passed), { now }), 'not_picked_up');
    expect(notPickedUp).toMatchObject({ severity: 'critical', daysPast: 2 });
    expect(kinds(attentionOf(container(passed), { now }))).not.toContain('demurrage_running');
    // Once the box has left, its last free day no longer applies.
    expect(
      attentionOf(container({ ...passed, podFullOutAt: '2025-03-09T10:00:00Z' }), { now }),
    ).toEqual([]);
  });

  it('lists each hold in force by its type, an unknown type too, and not a pending one', () => {
    const items = attentionOf(
      container({
        demurrage: {
          pickupLfd: null,
          holds: [
            { name: 'customs', status: 'hold', description: 'CBP hold' },
            { name: 'usda_fumigation', status: 'hold' },
            { name: null, status: 'hold' },
            { name: 'freight', status: 'pending' },
          ],
          fees: [],
        },
      }),
      { now },
    );
    const holds = items.filter((item) => item.kind === 'hold');
    expect(holds.map((item) => item.kind === 'hold' && item.holdType)).toEqual([
      'customs',
      'usda_fumigation',
      null,
    ]);
    expect(holds.every((item) => item.severity === 'critical')).toBe(true);
    expect(holds[0]?.reason).toContain('customs hold at the terminal (CBP hold)');
    expect(holds[0]?.evidence[0]).toMatchObject({ field: 'holds_at_pod_terminal', time: null });
  });

  it('counts fees due per currency while the box is at the terminal', () => {
    const fees = {
      pickupLfd: null,
      holds: [],
      fees: [
        { type: 'exam', amount: 285, currencyCode: 'USD' },
        { type: 'demurrage', amount: 150, currencyCode: 'USD' },
        { type: 'storage', amount: 40, currencyCode: 'CAD' },
      ],
    };
    const due = only(attentionOf(container({ demurrage: fees }), { now }), 'fees_due');
    expect(due.totals).toEqual([
      { currencyCode: 'USD', amount: 435, source: 'sum' },
      { currencyCode: 'CAD', amount: 40, source: 'sum' },
    ]);
    expect(due.reason).toContain('435 USD, 40 CAD');
    const gone = container({ demurrage: fees, podFullOutAt: '2025-03-09T10:00:00Z' });
    expect(attentionOf(gone, { now })).toEqual([]);
    const zero = { ...fees, fees: [{ type: 'total', amount: 0, currencyCode: 'USD' }] };
    expect(attentionOf(container({ demurrage: zero }), { now })).toEqual([]);
  });

  it('flags a box discharged and still not available after the threshold, in hours', () => {
    const discharged = (at: string) =>
      container({
        status: 'not_available',
        location: {
          currentLocation: null,
          availableForPickup: false,
          podArrivedAt: null,
          podDischargedAt: at,
        },
      });
    const item = only(
      attentionOf(discharged('2025-03-09T12:00:00Z'), { now }),
      'discharged_not_available',
    );
    expect(item).toMatchObject({
      hoursSinceDischarge: 30,
      evidence: [
        { field: 'pod_discharged_at', time: { localDate: '2025-03-09', timeZone: LA } },
        { field: 'available_for_pickup', value: false },
      ],
    });
    expect(attentionOf(discharged('2025-03-10T00:00:00Z'), { now })).toEqual([]);
    expect(
      kinds(
        attentionOf(discharged('2025-03-10T00:00:00Z'), {
          now,
          thresholds: { notAvailableAfterHours: 12 },
        }),
      ),
    ).toEqual(['discharged_not_available']);
  });

  it('says an arrival slipped against the first estimate, in days at the port, until it arrives', () => {
    const late = shipment({
      podTimezone: NY,
      podAtaAt: null,
      podOriginalEtaAt: '2025-03-12T03:00:00Z', // March 11 in New York
      podEtaAt: '2025-03-14T02:00:00Z', // March 13 in New York (47 hours later: 2 days there)
    });
    const slipped = only(attentionOf(container(), { now, shipment: late }), 'eta_slipped');
    expect(slipped).toMatchObject({
      severity: 'warning',
      place: 'port_of_discharge',
      days: 2,
      subject: { type: 'shipment', id: 's1', number: 'MEDUQ4821563' },
      evidence: [
        { field: 'pod_eta_at', time: { localDate: '2025-03-13', timeZone: NY } },
        { field: 'pod_original_eta_at', time: { localDate: '2025-03-11', timeZone: NY } },
      ],
    });
    expect(
      attentionOf(container(), { now, shipment: { ...late, podAtaAt: '2025-03-14T02:00:00Z' } }),
    ).toEqual([]);
    expect(
      attentionOf(container(), { now, shipment: late, thresholds: { etaSlippedDays: 3 } }),
    ).toEqual([]);
    const inland = shipment({
      destinationTimezone: 'America/Chicago',
      destinationEtaAt: '2025-03-20T12:00:00Z',
      destinationOriginalEtaAt: '2025-03-18T12:00:00Z',
      destinationAtaAt: null,
    });
    expect(only(attentionOf(container(), { now, shipment: inland }), 'eta_slipped')).toMatchObject({
      place: 'destination',
      days: 2,
    });
  });

  it('says tracking stopped with its reason, an unknown reason too, but not at the end of the journey', () => {
    const stopped = (reason: string | null) =>
      attentionOf(container(), {
        now,
        shipment: shipment({
          lineTrackingStoppedAt: '2025-03-10T00:00:00Z',
          lineTrackingStoppedReason: reason,
        }),
      });
    expect(only(stopped('booking_cancelled'), 'tracking_stopped')).toMatchObject({
      severity: 'critical',
      stoppedReason: 'booking_cancelled',
    });
    expect(only(stopped('no_updates_at_line'), 'tracking_stopped').reason).toContain(
      'the carrier stopped sending updates',
    );
    expect(only(stopped('carrier_merged'), 'tracking_stopped')).toMatchObject({
      severity: 'warning',
      stoppedReason: 'carrier_merged',
      reason: expect.stringContaining('reason "carrier_merged"'),
    });
    expect(stopped('all_containers_terminated')).toEqual([]);
    expect(stopped('cancelled_by_user')).toEqual([]);
  });

  it('says a tracking request failed, with its reason as sent', () => {
    const request: MappedTrackingRequest = {
      id: 'r1',
      type: 'tracking_request',
      requestNumber: 'TGHU8812349',
      requestType: 'container',
      scac: 'MSCU',
      status: 'failed',
      failedReason: 'carrier_gone_quiet',
      updatedAt: '2025-03-09T21:00:00Z',
    };
    const failed = only(
      attentionOf(container(), { now, trackingRequest: request }),
      'tracking_failed',
    );
    expect(failed).toMatchObject({
      severity: 'critical',
      failedReason: 'carrier_gone_quiet',
      subject: { type: 'tracking_request', id: 'r1', number: 'TGHU8812349' },
    });
    expect(failed.reason).toContain(
      'TGHU8812349 at MSCU failed 2025-03-09 (UTC) (carrier_gone_quiet)',
    );
    expect(
      attentionOf(container(), { now, trackingRequest: { ...request, status: 'created' } }),
    ).toEqual([]);
  });

  it('says the carrier went quiet while the box is in transit, and only then', () => {
    const quiet = shipment({ podAtaAt: null, lineTrackingLastSucceededAt: '2025-03-02T12:00:00Z' });
    const item = only(
      attentionOf(container({ status: 'on_ship' }), { now, shipment: quiet }),
      'no_recent_update',
    );
    expect(item).toMatchObject({
      daysSinceUpdate: 8,
      evidence: [{ field: 'line_tracking_last_succeeded_at', time: { timeZone: 'UTC' } }],
    });
    expect(attentionOf(container({ status: 'available' }), { now, shipment: quiet })).toEqual([]);
    // A status the SDK does not know: in transit while the shipment left and has not arrived.
    const unknownStatus = container({ status: 'at_sea_somewhere' });
    expect(
      kinds(
        attentionOf(unknownStatus, {
          now,
          shipment: { ...quiet, polAtdAt: '2025-03-01T00:00:00Z' },
        }),
      ),
    ).toEqual(['no_recent_update']);
    expect(attentionOf(unknownStatus, { now, shipment: quiet })).toEqual([]);
    expect(
      attentionOf(container({ status: 'on_ship' }), {
        now,
        shipment: quiet,
        thresholds: { noUpdateDays: 9 },
      }),
    ).toEqual([]);
  });

  it('refuses an unknown threshold or option and a bad value, naming it', () => {
    const call = (options: unknown) => () =>
      // Safe: the test hands bad options on purpose, as JavaScript callers could.
      attentionOf(container(), options as Parameters<typeof attentionOf>[1]);
    expect(call({ now, thresholds: { lastFreeDayWithin: 3 } })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        argument: 'thresholds.lastFreeDayWithin',
      }),
    );
    expect(call({ now, thresholds: { noUpdateDays: -1 } })).toThrow(InvalidArgumentError);
    expect(call({ now, thresholds: { noUpdateDays: Number.NaN } })).toThrow(/0 or more/);
    expect(call({ now, withinDays: 3 })).toThrow(/Unknown option "withinDays"/);
    expect(call({ now: 'today' })).toThrow(/now must be a valid Date/);
  });
});

describe('accountAttention and byAttention', () => {
  it('gives a shipment item once for all its containers and puts what to act on first', () => {
    const late = shipment({
      podAtaAt: null,
      podEtaAt: '2025-03-15T00:00:00Z',
      podOriginalEtaAt: '2025-03-13T00:00:00Z',
    });
    const held = container({
      id: 'c2',
      number: 'MAEU0000002',
      demurrage: { pickupLfd: null, holds: [{ name: 'customs', status: 'hold' }], fees: [] },
      shipment: late,
    });
    const soon = container({
      id: 'c3',
      number: 'MAEU0000003',
      importDeadlines: { pickupLfdTerminal: '2025-03-12T20:00:00Z' },
      shipment: late,
    });
    const items = accountAttention(
      { containers: [container({ shipment: late }), held, soon] },
      { now },
    );
    expect(items.map((item) => [item.kind, item.subject.number])).toEqual([
      ['hold', 'MAEU0000002'],
      ['last_free_day_soon', 'MAEU0000003'],
      ['eta_slipped', 'MEDUQ4821563'],
    ]);
    expect([...items].reverse().sort(byAttention)).toEqual(items);
  });
});
