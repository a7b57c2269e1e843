import { describe, expect, it } from 'vitest';
import { mappedContainer } from '../../../test/container-fixture.js';
import type { MappedTransportEvent } from '../../mapped/events.js';
import type { MappedShipment } from '../../mapped/shipment.js';
import { changesSince } from './changes-since.js';
import { historyFromRest, historyFromTrackingRequest } from './from-rest.js';
import { isCannotTell } from './history.js';

const shipment: MappedShipment = {
  id: 's1',
  type: 'shipment',
  billOfLading: 'MEDUQ4821563',
  lineTrackingStoppedAt: null,
};

let next = 0;
function event(
  name: string,
  createdAt: string,
  extra: Partial<MappedTransportEvent> = {},
): MappedTransportEvent {
  next += 1;
  return {
    id: `e${next}`,
    type: 'transport_event',
    event: name,
    createdAt,
    timestamp: createdAt,
    timezone: 'America/New_York',
    ...extra,
  };
}

function withEvents(events: MappedTransportEvent[]) {
  return mappedContainer({ id: 'c1', number: 'MSCU1451670', shipment, transportEvents: events });
}

describe('historyFromRest', () => {
  it('tells an estimate against the one before it, and says it cannot tell the one before the oldest', () => {
    const rows = historyFromRest(
      withEvents([
        event('container.transport.estimated.vessel_arrived', '2025-02-26T12:00:00Z', {
          timestamp: '2025-03-09T00:00:00Z',
        }),
        event('container.transport.estimated.vessel_arrived', '2025-03-04T00:00:00Z', {
          timestamp: '2025-03-10T00:00:00Z',
        }),
      ]),
    );
    const eta = rows.filter((row) => row.attribute === 'pod_eta_at');
    expect(
      eta.map((row) => [row.entityType, row.entityId, row.newValue, row.entityNumber]),
    ).toEqual([
      ['shipment', 's1', '2025-03-09T00:00:00Z', 'MEDUQ4821563'],
      ['shipment', 's1', '2025-03-10T00:00:00Z', 'MEDUQ4821563'],
    ]);
    expect(isCannotTell(eta[0]?.oldValue)).toBe(true);
    expect(eta[1]?.oldValue).toBe('2025-03-09T00:00:00Z');
  });

  it('tells a roll from the vessels the events name, by name when given, and not a transshipment', () => {
    const rolled = [
      event('container.transport.estimated.vessel_departed', '2025-02-25T00:00:00Z', {
        vesselId: 'v-first',
      }),
      event('container.transport.estimated.vessel_departed', '2025-02-25T12:00:00Z', {
        vesselId: 'v-next',
      }),
      event('container.transport.vessel_loaded', '2025-02-26T00:00:00Z', { vesselId: 'v-next' }),
    ];
    const byId = historyFromRest(withEvents(rolled)).filter((r) =>
      r.attribute.startsWith('pod_vessel'),
    );
    expect(byId).toEqual([
      expect.objectContaining({
        attribute: 'pod_vessel_id',
        oldValue: 'v-first',
        newValue: 'v-next',
        changedAt: '2025-02-25T12:00:00Z',
        source: 'rest',
      }),
    ]);
    const named = historyFromRest(withEvents(rolled), {
      vesselNames: new Map([
        ['v-first', 'CMA CGM JACQUES SAADE'],
        ['v-next', 'OOCL HONG KONG'],
      ]),
    }).filter((r) => r.attribute.startsWith('pod_vessel'));
    expect(named).toEqual([
      expect.objectContaining({
        attribute: 'pod_vessel_name',
        oldValue: 'CMA CGM JACQUES SAADE',
        newValue: 'OOCL HONG KONG',
      }),
    ]);
    const transshipped = historyFromRest(
      withEvents([
        event('container.transport.vessel_departed', '2025-02-25T00:00:00Z', {
          vesselId: 'v-feeder',
        }),
        event('container.transport.transshipment_loaded', '2025-02-28T00:00:00Z', {
          vesselId: 'v-mother',
        }),
        event('container.transport.vessel_arrived', '2025-03-09T00:00:00Z', {
          vesselId: 'v-mother',
        }),
      ]),
    );
    expect(transshipped.filter((r) => r.attribute.startsWith('pod_vessel'))).toEqual([]);
  });

  it('tells last free days from their change events, milestones in order, and skips an invalidated event', () => {
    const rows = historyFromRest(
      withEvents([
        event('container.transport.vessel_discharged', '2025-03-10T12:00:00Z'),
        event('container.pickup_lfd_terminal.changed', '2025-03-10T12:00:00Z', {
          value: '2025-03-14T12:00:00Z',
        }),
        event('container.transport.available', '2025-03-11T12:00:00Z', {
          invalidatedAt: '2025-03-11T13:00:00Z',
        }),
        event('container.pickup_lfd_terminal.changed', '2025-03-11T14:00:00Z', {
          value: '2025-03-16T12:00:00Z',
        }),
      ]),
    );
    expect(rows.map((row) => [row.attribute, row.newValue])).toEqual([
      ['import_deadlines.pickup_lfd_terminal', '2025-03-14T12:00:00Z'],
      ['import_deadlines.pickup_lfd_terminal', '2025-03-16T12:00:00Z'],
      ['transport_event', 'container.transport.vessel_discharged'],
    ]);
    const changes = changesSince(rows, '2025-03-11T00:00:00Z');
    expect(changes.groups[0]?.changes).toEqual([
      expect.objectContaining({
        kind: 'last_free_day_changed',
        from: { known: true, value: '2025-03-14T12:00:00Z' },
        shiftDays: 2,
      }),
    ]);
  });

  it('says a stop of tracking happened, not what it was before', () => {
    const rows = historyFromRest(
      mappedContainer({
        id: 'c1',
        shipment: { ...shipment, lineTrackingStoppedAt: '2025-03-12T00:00:00Z' },
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        entityType: 'shipment',
        attribute: 'line_tracking_stopped_at',
        newValue: '2025-03-12T00:00:00Z',
        changedAt: '2025-03-12T00:00:00Z',
      }),
    ]);
    expect(isCannotTell(rows[0]?.oldValue)).toBe(true);
  });
});

describe('historyFromTrackingRequest', () => {
  it('tells a failed request with its reason, and not its status before', () => {
    const rows = historyFromTrackingRequest({
      id: 'r1',
      type: 'tracking_request',
      requestNumber: 'TGHU8812349',
      requestType: 'container',
      scac: 'MSCU',
      status: 'failed',
      failedReason: 'invalid_number',
      updatedAt: '2025-02-28T21:00:00Z',
    });
    expect(rows.map((row) => [row.attribute, row.newValue, isCannotTell(row.oldValue)])).toEqual([
      ['status', 'failed', true],
      ['failed_reason', 'invalid_number', true],
    ]);
  });
});
