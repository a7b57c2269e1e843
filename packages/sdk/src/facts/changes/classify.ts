/**
 * What one net change of an attribute means: its kind, how pressing it is
 * and its reason, by the attribute's family (estimates, vessel, holds, last
 * free days, fees, availability, status, tracking).
 */
import { evidenceTime } from '../attention/evidence.js';
import type { AttentionSeverity } from '../attention/model.js';
import { feeTotals, type ReportedFee } from '../fees.js';
import { isCannotTell, type ValueAt } from './history.js';
import type { Change, ChangeKind } from './model.js';

/** A change of one attribute, netted over the rows since `since`. */
export interface NetChange {
  readonly entityType: string;
  readonly entityId: string;
  readonly attribute: string;
  readonly from: ValueAt;
  readonly to: unknown;
  readonly changedAt: string;
  readonly timeZone: string | null;
  readonly source: string;
  readonly steps: number;
}

const ESTIMATES: Readonly<Record<string, string>> = {
  pod_eta_at: 'Arrival at the port of discharge',
  destination_eta_at: 'Arrival at the destination',
  ind_eta_at: 'Arrival at the inland destination',
  pol_etd_at: 'Departure from the port of lading',
};

const VESSEL = new Set(['pod_vessel_name', 'pod_vessel_imo', 'pod_vessel_id']);
const DEADLINE = /^(pickup_lfd|import_deadlines\.pickup_lfd_(terminal|line|rail))$/;
const DAY_MS = 86_400_000;

/** An estimate a day or more later is worth a warning. */
const LATE_DAYS = 1;

function text(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fromText(from: ValueAt): string {
  return from.known ? text(from.value) : 'not known';
}

/** Days from one time to another, to a tenth; `null` when either is not a time. */
function shiftOf(from: ValueAt, to: unknown): number | null {
  if (!from.known || typeof from.value !== 'string' || typeof to !== 'string') return null;
  const ms = Date.parse(to) - Date.parse(from.value);
  return Number.isNaN(ms) ? null : Math.round((ms / DAY_MS) * 10) / 10;
}

function change(
  net: NetChange,
  kind: ChangeKind,
  severity: AttentionSeverity,
  reason: string,
  extra: { shiftDays?: number | null; holdType?: string | null } = {},
): Change {
  return {
    kind,
    severity,
    entityType: net.entityType,
    entityId: net.entityId,
    field: net.attribute,
    from: net.from,
    to: net.to,
    changedAt: net.changedAt,
    timeZone: net.timeZone,
    changedOn: evidenceTime(net.changedAt, net.timeZone),
    source: net.source,
    steps: net.steps,
    shiftDays: extra.shiftDays ?? null,
    holdType: extra.holdType ?? null,
    reason,
  };
}

function estimate(net: NetChange, what: string): Change {
  const shift = shiftOf(net.from, net.to);
  const moved =
    shift === null
      ? `is now ${text(net.to)} (before: ${fromText(net.from)})`
      : `moved ${Math.abs(shift)} day(s) ${shift >= 0 ? 'later' : 'earlier'}, from ${fromText(net.from)} to ${text(net.to)}`;
  const severity = shift !== null && shift >= LATE_DAYS ? 'warning' : 'info';
  return change(net, 'eta_changed', severity, `${what} ${moved}.`, { shiftDays: shift });
}

function deadline(net: NetChange): Change {
  const shift = shiftOf(net.from, net.to);
  const which =
    net.attribute === 'pickup_lfd' ? 'Last free day' : `Last free day (${net.attribute})`;
  if (net.to === null) return change(net, 'last_free_day_changed', 'info', `${which} cleared.`);
  if (net.from.known && net.from.value === null) {
    return change(
      net,
      'last_free_day_changed',
      'warning',
      `${which} set: ${text(net.to)}; plan the pickup.`,
    );
  }
  if (shift === null) {
    return change(
      net,
      'last_free_day_changed',
      'warning',
      `${which} is now ${text(net.to)} (before: ${fromText(net.from)}).`,
    );
  }
  return shift < 0
    ? change(
        net,
        'last_free_day_changed',
        'critical',
        `${which} moved ${-shift} day(s) earlier, to ${text(net.to)}: pick up sooner.`,
        { shiftDays: shift },
      )
    : change(
        net,
        'last_free_day_changed',
        'info',
        `${which} extended ${shift} day(s), to ${text(net.to)}.`,
        { shiftDays: shift },
      );
}

/** The names of the holds in force (status `hold`, the rule of `containerRisk`) in a wire list. */
function heldNames(value: unknown): Set<string | null> {
  const held = new Set<string | null>();
  if (!Array.isArray(value)) return held;
  for (const hold of value) {
    if (typeof hold !== 'object' || hold === null) continue;
    // Safe: only read, each member checked before use.
    const { name, status } = hold as { name?: unknown; status?: unknown };
    if (status === 'hold') held.add(typeof name === 'string' ? name : null);
  }
  return held;
}

function holds(net: NetChange): Change[] {
  const now = heldNames(net.to);
  if (!net.from.known) {
    return [...now].map((name) =>
      change(
        net,
        'hold_placed',
        'critical',
        `On ${name ?? 'an unnamed'} hold (since when is not known).`,
        { holdType: name },
      ),
    );
  }
  const before = heldNames(net.from.value);
  const placed = [...now].filter((name) => !before.has(name));
  const released = [...before].filter((name) => !now.has(name));
  const changes = [
    ...placed.map((name) =>
      change(
        net,
        'hold_placed',
        'critical',
        `${name ?? 'An unnamed'} hold placed: the box cannot be picked up until it is released.`,
        { holdType: name },
      ),
    ),
    ...released.map((name) =>
      change(net, 'hold_released', 'info', `${name ?? 'Unnamed'} hold released.`, {
        holdType: name,
      }),
    ),
  ];
  return changes.length > 0
    ? changes
    : [change(net, 'other', 'info', 'Holds changed (none placed or released).')];
}

/** Wire fees (`{ type, amount, currency_code }`) as the SDK's fee totals read them. */
function reportedFees(value: unknown): ReportedFee[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((fee) => {
    if (typeof fee !== 'object' || fee === null) return [];
    // Safe: only read, each member checked before use.
    const { type, amount, currency_code } = fee as Record<string, unknown>;
    return [
      {
        type: typeof type === 'string' ? type : null,
        amount: typeof amount === 'number' ? amount : null,
        currencyCode: typeof currency_code === 'string' ? currency_code : null,
      },
    ];
  });
}

function fees(net: NetChange): Change {
  const now = feeTotals(reportedFees(net.to));
  const words = now.map((t) => `${t.amount} ${t.currencyCode ?? ''}`.trim()).join(', ') || 'none';
  const before = net.from.known ? feeTotals(reportedFees(net.from.value)) : null;
  const rose =
    before === null ||
    now.some(
      (t) => t.amount > (before.find((b) => b.currencyCode === t.currencyCode)?.amount ?? 0),
    );
  return change(
    net,
    'fees_changed',
    rose ? 'warning' : 'info',
    `Fees at the terminal now ${words}.`,
  );
}

function trackingRequest(net: NetChange, failedReason: unknown): Change {
  if (net.to === 'failed') {
    return change(
      net,
      'tracking_failed',
      'critical',
      `Tracking failed (${text(failedReason)}): the number is not tracked.`,
    );
  }
  return change(
    net,
    'tracking_request_changed',
    'info',
    `Tracking request is now ${text(net.to)} (before: ${fromText(net.from)}).`,
  );
}

/** Transport events REST tells that call for a step from a person. */
const PRESSING_MILESTONES = new Set([
  'container.transport.available',
  'container.transport.not_available',
]);

/**
 * The changes one net change stands for (a hold list can place one hold and
 * release another); `context` has the request's `failed_reason` for a
 * status change to `failed`.
 */
export function classify(net: NetChange, context: { failedReason?: unknown } = {}): Change[] {
  const { attribute, entityType } = net;
  const what = ESTIMATES[attribute];
  if (what !== undefined) return [estimate(net, what)];
  if (VESSEL.has(attribute)) {
    return [
      change(
        net,
        'vessel_changed',
        'warning',
        `Rolled to another vessel: ${fromText(net.from)} to ${text(net.to)}; check the new arrival.`,
      ),
    ];
  }
  if (DEADLINE.test(attribute)) return [deadline(net)];
  if (attribute === 'holds_at_pod_terminal') return holds(net);
  if (attribute === 'fees_at_pod_terminal') return [fees(net)];
  if (attribute === 'available_for_pickup') {
    return [
      net.to === true
        ? change(
            net,
            'availability_changed',
            'warning',
            'Now available for pickup: book the pickup.',
          )
        : change(
            net,
            'availability_changed',
            'warning',
            `No longer available for pickup (${text(net.to)}).`,
          ),
    ];
  }
  if (attribute === 'current_status') {
    return [
      change(net, 'status_changed', 'info', `Status ${fromText(net.from)} to ${text(net.to)}.`),
    ];
  }
  if (attribute === 'pickup_appointment_at') {
    return [
      change(
        net,
        'appointment_changed',
        'info',
        `Pickup appointment now ${text(net.to)} (before: ${fromText(net.from)}).`,
      ),
    ];
  }
  if (attribute === 'line_tracking_stopped_at') {
    return [
      net.to === null
        ? change(net, 'tracking_resumed', 'info', 'Tracking resumed.')
        : change(
            net,
            'tracking_stopped',
            'warning',
            `Tracking stopped ${text(net.to)}: no further updates will come.`,
          ),
    ];
  }
  if (entityType === 'tracking_request' && attribute === 'status') {
    return [trackingRequest(net, context.failedReason)];
  }
  if (attribute === 'transport_event') {
    const name = text(net.to);
    return [
      change(
        net,
        'milestone',
        PRESSING_MILESTONES.has(name) ? 'warning' : 'info',
        `${name.replace(/^container\.transport\./, '')} reported.`,
      ),
    ];
  }
  return [
    change(
      net,
      'other',
      'info',
      `${attribute} now ${text(net.to)} (before: ${fromText(net.from)}).`,
    ),
  ];
}

/** Whether a value is the marker, for rows whose old value is not a {@link ValueAt}. */
export function valueAt(old: unknown): ValueAt {
  return isCannotTell(old) ? old : { known: true, value: old };
}
