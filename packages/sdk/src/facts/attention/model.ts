/** What needs attention: the items every surface lists, as named models. */
import type { TerminalFee, TerminalHold } from '../../mapped/container.js';
import type { FeeTotal } from '../fees.js';
import type { LastFreeDay } from '../last-free-day.js';

/**
 * How soon a person must act: `critical` now (storage is charged, pickup is
 * blocked, tracking failed), `warning` soon, `info` good to know.
 */
export type AttentionSeverity = 'critical' | 'warning' | 'info';

/** Each severity's rank, the most urgent first: how attention items and changes are sorted. */
export const SEVERITY_ORDER: Readonly<Record<AttentionSeverity, number>> = {
  critical: 0,
  warning: 1,
  info: 2,
};

/** The record an item or a piece of evidence is about. */
export type AttentionRecordType = 'container' | 'shipment' | 'tracking_request';

/** What an attention item is about: a container, its shipment, or a tracking request. */
export interface AttentionSubject {
  readonly type: AttentionRecordType;
  readonly id: string;
  /** The container number, the bill of lading (or booking) number, or the request's number; `null` when not sent. */
  readonly number: string | null;
  /** The shipment (a container's, or the shipment itself); `null` when not known. */
  readonly shipmentId: string | null;
  /** That shipment's bill of lading (or booking) number; `null` when not known. */
  readonly billOfLading: string | null;
}

/** A time of the evidence: the calendar day where it happens, with the instant in UTC beside it. */
export interface EvidenceTime {
  /** The instant, ISO 8601 in UTC. */
  readonly utc: string;
  /** Its calendar day `YYYY-MM-DD` in `timeZone`. */
  readonly localDate: string;
  /** The place's zone (`UTC` when the place has none, or its zone was not reported). */
  readonly timeZone: string;
}

/** One value an item rests on, as the service sent it. */
export interface AttentionEvidence {
  readonly record: AttentionRecordType;
  /** The attribute as the service names it: `pod_eta_at`, `import_deadlines.pickup_lfd_terminal`, ... */
  readonly field: string;
  /** The value as read (camelCased members for objects, times as sent). */
  readonly value: unknown;
  /** For a time: its local day and zone, UTC beside it; `null` for other values. */
  readonly time: EvidenceTime | null;
}

/** What every attention item has. */
export interface AttentionItemBase {
  readonly severity: AttentionSeverity;
  readonly subject: AttentionSubject;
  /** One line for a person: what happened and what it means. */
  readonly reason: string;
  readonly evidence: readonly AttentionEvidence[];
}

/** The estimated arrival is later than the first one the carrier reported, and the box has not arrived. */
export interface EtaSlippedItem extends AttentionItemBase {
  readonly kind: 'eta_slipped';
  /** Which arrival: at the port of discharge, or at the inland destination. */
  readonly place: 'port_of_discharge' | 'destination';
  /** Calendar days, at that place, from the first estimate to the current one. */
  readonly days: number;
}

/** The last free day (the first that still applies) is within the window. */
export interface LastFreeDaySoonItem extends AttentionItemBase {
  readonly kind: 'last_free_day_soon';
  readonly lastFreeDay: LastFreeDay;
}

/** The last free day passed and the box, not yet available, is still there: storage is charged. */
export interface DemurrageRunningItem extends AttentionItemBase {
  readonly kind: 'demurrage_running';
  readonly lastFreeDay: LastFreeDay;
  /** Calendar days since the last free day, at its place. */
  readonly daysPast: number;
}

/** The box is available for pickup but was not picked up by its last free day: storage is charged. */
export interface NotPickedUpItem extends AttentionItemBase {
  readonly kind: 'not_picked_up';
  readonly lastFreeDay: LastFreeDay;
  /** Calendar days since the last free day, at its place. */
  readonly daysPast: number;
}

/** A hold in force at the terminal (status `hold`), whatever its type. */
export interface HoldItem extends AttentionItemBase {
  readonly kind: 'hold';
  /** The hold's name as sent (`customs`, `freight`, or one added since); `null` when not sent. */
  readonly holdType: string | null;
  readonly hold: TerminalHold;
}

/** The terminal reports fees on a box still there. */
export interface FeesDueItem extends AttentionItemBase {
  readonly kind: 'fees_due';
  readonly fees: readonly TerminalFee[];
  /** Added up per currency (the SDK's `feeTotals`), amounts above zero only. */
  readonly totals: readonly FeeTotal[];
}

/** Discharged, still at the terminal and not available for pickup for longer than the threshold. */
export interface NotAvailableItem extends AttentionItemBase {
  readonly kind: 'discharged_not_available';
  /** Whole hours since the discharge. */
  readonly hoursSinceDischarge: number;
}

/** The service stopped tracking the shipment for a reason other than its normal end. */
export interface TrackingStoppedItem extends AttentionItemBase {
  readonly kind: 'tracking_stopped';
  /** `line_tracking_stopped_reason` as sent (one added since too); `null` when not sent. */
  readonly stoppedReason: string | null;
}

/** A tracking request failed: the number is not tracked. */
export interface TrackingFailedItem extends AttentionItemBase {
  readonly kind: 'tracking_failed';
  /** `failed_reason` as sent (one added since too); `null` when not sent. */
  readonly failedReason: string | null;
}

/** In transit, and the service has not heard from the carrier for longer than the threshold. */
export interface NoRecentUpdateItem extends AttentionItemBase {
  readonly kind: 'no_recent_update';
  /** Whole days since the last successful check at the carrier. */
  readonly daysSinceUpdate: number;
}

/** Something a person must act on, with its evidence; `kind` says which. */
export type AttentionItem =
  | EtaSlippedItem
  | LastFreeDaySoonItem
  | DemurrageRunningItem
  | NotPickedUpItem
  | HoldItem
  | FeesDueItem
  | NotAvailableItem
  | TrackingStoppedItem
  | TrackingFailedItem
  | NoRecentUpdateItem;

/** The kinds of attention item. */
export type AttentionKind = AttentionItem['kind'];
