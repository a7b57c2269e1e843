import { describe, expect, it } from 'vitest';
import { changesSince } from './changes-since.js';
import { cannotTell, type HistoryEntry } from './history.js';

const since = '2025-03-10T00:00:00Z';

/** A row as the mirror's `history()` gives it (with its `notificationId`). */
function mirrorRow(
  entityType: string,
  entityId: string,
  attribute: string,
  oldValue: unknown,
  newValue: unknown,
  changedAt: string,
): HistoryEntry & { notificationId: string | null } {
  return {
    entityType,
    entityId,
    attribute,
    oldValue,
    newValue,
    changedAt,
    source: 'webhook',
    notificationId: 'n1',
  };
}

describe('changesSince', () => {
  it('compares the ETA with its value at since, however many times it moved since', () => {
    const result = changesSince(
      [
        mirrorRow(
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-05T00:00:00Z',
          '2025-03-06T00:00:00Z',
          '2025-03-01T00:00:00Z',
        ),
        mirrorRow(
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-06T00:00:00Z',
          '2025-03-09T00:00:00Z',
          '2025-03-11T00:00:00Z',
        ),
        mirrorRow(
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-09T00:00:00Z',
          '2025-03-08T12:00:00Z',
          '2025-03-12T00:00:00Z',
        ),
      ],
      since,
    );
    expect(result.since).toBe('2025-03-10T00:00:00.000Z');
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]?.changes).toEqual([
      expect.objectContaining({
        kind: 'eta_changed',
        severity: 'warning',
        field: 'pod_eta_at',
        from: { known: true, value: '2025-03-06T00:00:00Z' },
        to: '2025-03-08T12:00:00Z',
        shiftDays: 2.5,
        steps: 2,
        changedAt: '2025-03-12T00:00:00.000Z',
        source: 'webhook',
      }),
    ]);
  });

  it('leaves out what changed before since, and a value set and set back since', () => {
    const result = changesSince(
      [
        mirrorRow(
          'container',
          'c1',
          'current_status',
          'on_ship',
          'not_available',
          '2025-03-09T00:00:00Z',
        ),
        mirrorRow(
          'container',
          'c1',
          'holds_at_pod_terminal',
          [],
          [{ name: 'customs', status: 'hold' }],
          '2025-03-10T06:00:00Z',
        ),
        mirrorRow(
          'container',
          'c1',
          'holds_at_pod_terminal',
          [{ name: 'customs', status: 'hold' }],
          [],
          '2025-03-11T06:00:00Z',
        ),
      ],
      since,
    );
    expect(result.groups).toEqual([]);
  });

  it('calls a vessel change a roll, once for the name and the IMO', () => {
    const result = changesSince(
      [
        mirrorRow(
          'shipment',
          's1',
          'pod_vessel_name',
          'CMA CGM JACQUES SAADE',
          'HMM ALGECIRAS',
          '2025-03-10T12:00:00Z',
        ),
        mirrorRow('shipment', 's1', 'pod_vessel_imo', '9839131', '9863297', '2025-03-10T12:00:00Z'),
      ],
      since,
    );
    expect(result.groups[0]?.changes).toEqual([
      expect.objectContaining({
        kind: 'vessel_changed',
        severity: 'warning',
        from: { known: true, value: 'CMA CGM JACQUES SAADE' },
        to: 'HMM ALGECIRAS',
        reason:
          'Rolled to another vessel: CMA CGM JACQUES SAADE to HMM ALGECIRAS; check the new arrival.',
      }),
    ]);
  });

  it('gives a change per hold placed or released, by type, an unknown type too', () => {
    const result = changesSince(
      [
        mirrorRow(
          'container',
          'c1',
          'holds_at_pod_terminal',
          [
            { name: 'customs', status: 'hold' },
            { name: 'freight', status: 'pending' },
          ],
          [
            { name: 'usda_fumigation', status: 'hold' },
            { name: 'freight', status: 'pending' },
          ],
          '2025-03-10T06:00:00Z',
        ),
      ],
      since,
    );
    const changes = result.groups[0]?.changes ?? [];
    expect(changes.map((c) => [c.kind, c.holdType, c.severity])).toEqual([
      ['hold_placed', 'usda_fumigation', 'critical'],
      ['hold_released', 'customs', 'info'],
    ]);
  });

  it('reads a last free day moved earlier as critical, a member of import_deadlines by its name', () => {
    const result = changesSince(
      [
        mirrorRow(
          'container',
          'c1',
          'import_deadlines',
          { pickup_lfd_terminal: '2025-03-14T12:00:00Z', pickup_lfd_line: null },
          { pickup_lfd_terminal: '2025-03-12T12:00:00Z', pickup_lfd_line: null },
          '2025-03-10T06:00:00Z',
        ),
        mirrorRow(
          'container',
          'c1',
          'pickup_lfd',
          '2025-03-14T12:00:00Z',
          '2025-03-12T12:00:00Z',
          '2025-03-10T06:00:00Z',
        ),
      ],
      since,
    );
    expect(result.groups[0]?.changes).toEqual([
      expect.objectContaining({
        kind: 'last_free_day_changed',
        severity: 'critical',
        field: 'import_deadlines.pickup_lfd_terminal',
        shiftDays: -2,
      }),
    ]);
  });

  it('keeps a CannotTell old value as it is, unless a row before since tells the value then', () => {
    const unknown = cannotTell('REST keeps no earlier value.');
    const told = changesSince(
      [
        {
          entityType: 'container',
          entityId: 'c1',
          attribute: 'pickup_lfd',
          oldValue: unknown,
          newValue: '2025-03-14T12:00:00Z',
          changedAt: '2025-03-08T00:00:00Z',
          source: 'rest',
        },
        {
          entityType: 'container',
          entityId: 'c1',
          attribute: 'pickup_lfd',
          oldValue: unknown,
          newValue: '2025-03-16T12:00:00Z',
          changedAt: '2025-03-11T00:00:00Z',
          source: 'rest',
        },
      ],
      since,
    );
    expect(told.groups[0]?.changes[0]).toMatchObject({
      from: { known: true, value: '2025-03-14T12:00:00Z' },
      shiftDays: 2,
      reason: 'Last free day extended 2 day(s), to 2025-03-16T12:00:00Z.',
    });
    const untold = changesSince(
      [
        {
          entityType: 'container',
          entityId: 'c1',
          attribute: 'pickup_lfd',
          oldValue: unknown,
          newValue: '2025-03-16T12:00:00Z',
          changedAt: '2025-03-11T00:00:00Z',
          source: 'rest',
        },
      ],
      since,
    );
    expect(untold.groups[0]?.changes[0]).toMatchObject({
      from: unknown,
      shiftDays: null,
      severity: 'warning',
    });
  });

  it('folds the failure reason into a failed tracking request, and ranks records by what to act on', () => {
    const result = changesSince(
      [
        mirrorRow(
          'container',
          'c1',
          'current_status',
          'on_ship',
          'not_available',
          '2025-03-11T00:00:00Z',
        ),
        mirrorRow(
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-09T00:00:00Z',
          '2025-03-12T00:00:00Z',
          '2025-03-10T02:00:00Z',
        ),
        mirrorRow('tracking_request', 'r1', 'status', 'pending', 'failed', '2025-03-10T01:00:00Z'),
        mirrorRow(
          'tracking_request',
          'r1',
          'failed_reason',
          null,
          'not_found',
          '2025-03-10T01:00:00Z',
        ),
      ],
      since,
    );
    expect(result.groups.map((g) => [g.entityType, g.severity])).toEqual([
      ['tracking_request', 'critical'],
      ['shipment', 'warning'],
      ['container', 'info'],
    ]);
    expect(result.groups[0]?.changes).toEqual([
      expect.objectContaining({
        kind: 'tracking_failed',
        reason: 'Tracking failed (not_found): the number is not tracked.',
      }),
    ]);
  });

  it('lists each milestone REST tells, with the one before it', () => {
    const row = (newValue: string, oldValue: string | null, changedAt: string): HistoryEntry => ({
      entityType: 'container',
      entityId: 'c1',
      attribute: 'transport_event',
      oldValue,
      newValue,
      changedAt,
      source: 'rest',
      timeZone: 'America/Los_Angeles',
    });
    const result = changesSince(
      [
        row('container.transport.vessel_arrived', null, '2025-03-09T00:00:00Z'),
        row(
          'container.transport.vessel_discharged',
          'container.transport.vessel_arrived',
          '2025-03-10T12:00:00Z',
        ),
        row(
          'container.transport.available',
          'container.transport.vessel_discharged',
          '2025-03-11T12:00:00Z',
        ),
      ],
      since,
    );
    expect(result.groups[0]?.changes.map((c) => [c.kind, c.severity, c.to, c.timeZone])).toEqual([
      ['milestone', 'warning', 'container.transport.available', 'America/Los_Angeles'],
      ['milestone', 'info', 'container.transport.vessel_discharged', 'America/Los_Angeles'],
    ]);
    // The day at the place (12:00 UTC is 05:00 in Los Angeles), UTC beside it.
    expect(result.groups[0]?.changes[1]?.changedOn).toEqual({
      utc: '2025-03-10T12:00:00.000Z',
      localDate: '2025-03-10',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('ranks records whose first changes tie by their latest change, newest first', () => {
    const at = '2025-03-11T00:00:00Z';
    const result = changesSince(
      [
        mirrorRow('container', 'c1', 'current_status', 'on_ship', 'available', at),
        mirrorRow('container', 'c2', 'current_status', 'on_ship', 'available', at),
        mirrorRow('container', 'c2', 'a_note_added_since', null, 'late', '2025-03-12T00:00:00Z'),
      ],
      since,
    );
    expect(result.groups.map((group) => [group.entityId, group.changes[0]?.kind])).toEqual([
      ['c2', 'status_changed'],
      ['c1', 'status_changed'],
    ]);
  });

  it('counts a change told twice (the mirror and REST, keys in another order) once', () => {
    const at = '2025-03-11T00:00:00Z';
    const result = changesSince(
      [
        mirrorRow('container', 'c1', 'a_note_added_since', null, { a: 1, b: [2] }, at),
        mirrorRow('container', 'c1', 'a_note_added_since', null, { b: [2], a: 1 }, at),
      ],
      since,
    );
    expect(result.groups[0]?.changes.map((change) => change.steps)).toEqual([1]);
  });

  it('nets a value set back whatever the order of its keys, and keeps one that gained a member', () => {
    const result = changesSince(
      [
        mirrorRow('container', 'c1', 'a_note', null, { a: 1, b: [2] }, '2025-03-09T00:00:00Z'),
        mirrorRow('container', 'c1', 'a_note', { a: 1, b: [2] }, { a: 1 }, '2025-03-11T00:00:00Z'),
        mirrorRow('container', 'c1', 'a_note', { a: 1 }, { b: [2], a: 1 }, '2025-03-12T00:00:00Z'),
        mirrorRow('container', 'c2', 'a_note', null, { a: 1 }, '2025-03-09T00:00:00Z'),
        mirrorRow('container', 'c2', 'a_note', { a: 1 }, { a: 1, b: null }, '2025-03-11T00:00:00Z'),
      ],
      since,
    );
    expect(result.groups.map((group) => group.entityId)).toEqual(['c2']);
  });

  it('refuses a since that is no time', () => {
    expect(() => changesSince([], 'yesterday')).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', argument: 'since' }),
    );
  });
});
