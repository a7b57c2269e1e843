/**
 * What needs attention about a container (with its shipment and tracking
 * request) or about an account's records: the rules of `container.ts`,
 * `shipment.ts` and `tracking-request.ts`, ranked by what to act on first.
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { MappedContainer } from '../../mapped/container.js';
import type { MappedShipment } from '../../mapped/shipment.js';
import type { MappedTrackingRequest } from '../../mapped/tracking.js';
import { containerItems } from './container.js';
import {
  type AttentionItem,
  type AttentionKind,
  type AttentionSubject,
  SEVERITY_ORDER,
} from './model.js';
import { isInTransit, shipmentItems } from './shipment.js';
import { type AttentionThresholds, resolveThresholds } from './thresholds.js';
import { trackingRequestItems } from './tracking-request.js';

/** Options of {@link attentionOf}. */
export interface AttentionOptions {
  /** Today, in each place's zone, is counted from this instant. */
  readonly now: Date;
  /** The container's shipment; default its included `shipment`. Without one, no shipment items. */
  readonly shipment?: MappedShipment | null;
  /** The tracking request that tracks it, when known: a failed one is an item. */
  readonly trackingRequest?: MappedTrackingRequest | null;
  /** Thresholds to change (see `DEFAULT_ATTENTION_THRESHOLDS`); an unknown name is an error. */
  readonly thresholds?: Partial<AttentionThresholds>;
}

/** Options of {@link accountAttention}. */
export interface AccountAttentionOptions {
  /** Today, in each place's zone, is counted from this instant. */
  readonly now: Date;
  /** Thresholds to change (see `DEFAULT_ATTENTION_THRESHOLDS`); an unknown name is an error. */
  readonly thresholds?: Partial<AttentionThresholds>;
}

/** The records of {@link accountAttention}. */
export interface AccountRecords {
  /** Containers, mapped, each with its `shipment` included (else its shipment's items are left out). */
  readonly containers: Iterable<MappedContainer>;
  /** Tracking requests (the failed ones are items); none when left out. */
  readonly trackingRequests?: Iterable<MappedTrackingRequest>;
}

/** Checked options: the instant and the thresholds. */
export interface CheckedOptions {
  readonly now: Date;
  readonly thresholds: AttentionThresholds;
}

/** An `InvalidArgumentError` naming the first key of `options` that is not one of `keys`. */
export function refuseUnknownOptions(options: object, keys: readonly string[]): void {
  const unknown = Object.keys(options).find((key) => !keys.includes(key));
  if (unknown !== undefined) {
    throw new InvalidArgumentError(
      unknown,
      `Unknown option "${unknown}"; the options are ${keys.join(', ')}.`,
    );
  }
}

/**
 * Checks the options of an attention call: a known key each, `now` a valid
 * `Date`, thresholds as `resolveThresholds` takes them. Throws
 * `InvalidArgumentError` naming what is wrong.
 */
export function checkOptions(options: unknown, keys: readonly string[]): CheckedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('options', 'Pass options with `now` (a Date).');
  }
  refuseUnknownOptions(options, keys);
  // Safe: only read, and each member is checked below.
  const { now, thresholds } = options as { now?: unknown; thresholds?: unknown };
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new InvalidArgumentError('now', `now must be a valid Date; got ${String(now)}.`);
  }
  return { now, thresholds: resolveThresholds(thresholds) };
}

/** What to act on first, among items of one severity. */
const KIND_ORDER: Readonly<Record<AttentionKind, number>> = {
  demurrage_running: 0,
  not_picked_up: 1,
  hold: 2,
  last_free_day_soon: 3,
  tracking_failed: 4,
  discharged_not_available: 5,
  fees_due: 6,
  eta_slipped: 7,
  tracking_stopped: 8,
  no_recent_update: 9,
};

/** Within a kind, the more urgent first: fewer days left, more days late or past. */
function urgency(item: AttentionItem): number {
  switch (item.kind) {
    case 'last_free_day_soon':
      return item.lastFreeDay.daysLeft;
    case 'demurrage_running':
    case 'not_picked_up':
      return -item.daysPast;
    case 'eta_slipped':
      return -item.days;
    case 'discharged_not_available':
      return -item.hoursSinceDischarge;
    case 'no_recent_update':
      return -item.daysSinceUpdate;
    default:
      return 0;
  }
}

/**
 * Orders items by what to act on first: severity, then kind (storage
 * charged, holds, last free days, failed tracking, ... silence last), then
 * urgency within the kind, then number and id.
 */
export function byAttention(a: AttentionItem, b: AttentionItem): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    urgency(a) - urgency(b) ||
    (a.subject.number ?? '').localeCompare(b.subject.number ?? '') ||
    a.subject.id.localeCompare(b.subject.id)
  );
}

function containerSubject(
  container: MappedContainer,
  shipment: MappedShipment | null,
): AttentionSubject {
  return {
    type: 'container',
    id: container.id,
    number: container.number,
    shipmentId: shipment?.id ?? container.shipmentId ?? null,
    billOfLading: shipment?.billOfLading ?? null,
  };
}

function shipmentSubject(shipment: MappedShipment): AttentionSubject {
  return {
    type: 'shipment',
    id: shipment.id,
    number: shipment.billOfLading,
    shipmentId: shipment.id,
    billOfLading: shipment.billOfLading,
  };
}

/** The key that makes a shipment's or a request's item count once across its containers. */
function onceKey(item: AttentionItem): string {
  const place = item.kind === 'eta_slipped' ? item.place : '';
  return `${item.kind}|${item.subject.type}|${item.subject.id}|${place}`;
}

/**
 * Gathers the items of many records, each shipment's and request's once
 * however many containers name it (a scan feeds it page by page).
 */
export class AttentionCollector {
  readonly #options: CheckedOptions;
  readonly #seen = new Set<string>();

  constructor(options: CheckedOptions) {
    this.#options = options;
  }

  /** The new items of a container, its shipment (given, or its included one) and its request. */
  container(
    container: MappedContainer,
    related: {
      shipment?: MappedShipment | null;
      trackingRequest?: MappedTrackingRequest | null;
    } = {},
  ): AttentionItem[] {
    const shipment = related.shipment ?? container.shipment ?? null;
    const withShipment =
      container.shipment || shipment === null ? container : { ...container, shipment };
    const { now, thresholds } = this.#options;
    const items = containerItems(withShipment, {
      now,
      thresholds,
      subject: containerSubject(container, shipment),
    });
    if (shipment !== null) {
      this.#addOnce(
        items,
        shipmentItems(shipment, {
          now,
          thresholds,
          subject: shipmentSubject(shipment),
          inTransit: isInTransit(container, shipment),
        }),
      );
    }
    if (related.trackingRequest) {
      this.#addOnce(items, trackingRequestItems(related.trackingRequest));
    }
    return items;
  }

  /** The new items of a tracking request (a failed one). */
  trackingRequest(request: MappedTrackingRequest): AttentionItem[] {
    return this.#once(trackingRequestItems(request));
  }

  #once(items: AttentionItem[]): AttentionItem[] {
    const added: AttentionItem[] = [];
    this.#addOnce(added, items);
    return added;
  }

  /** Adds to `into` the items not added before (by their {@link onceKey}). */
  #addOnce(into: AttentionItem[], items: readonly AttentionItem[]): void {
    for (const item of items) {
      const key = onceKey(item);
      if (this.#seen.has(key)) continue;
      this.#seen.add(key);
      into.push(item);
    }
  }
}

/**
 * What needs attention about one container, most urgent first: its last
 * free day soon or passed with the box still there (storage charged, split
 * by whether it could be picked up), its holds by type, fees due, a
 * discharge not followed by availability; its shipment's slipped ETA,
 * stopped tracking or silence in transit; a failed tracking request. Each
 * item has a kind, a severity, a one-line reason and its evidence (the
 * field, its value, a time's local day in its place's zone with UTC
 * beside it). The last free day and the holds are `containerRisk`'s.
 */
export function attentionOf(
  container: MappedContainer,
  options: AttentionOptions,
): AttentionItem[] {
  const checked = checkOptions(options, ['now', 'shipment', 'trackingRequest', 'thresholds']);
  const items = new AttentionCollector(checked).container(container, {
    shipment: options.shipment ?? null,
    trackingRequest: options.trackingRequest ?? null,
  });
  return items.sort(byAttention);
}

/**
 * What needs attention across many records (an account read from REST or a
 * mirror), most urgent first; a shipment's items come once however many of
 * its containers are given.
 */
export function accountAttention(
  records: AccountRecords,
  options: AccountAttentionOptions,
): AttentionItem[] {
  const collector = new AttentionCollector(checkOptions(options, ['now', 'thresholds']));
  const items: AttentionItem[] = [];
  for (const container of records.containers) items.push(...collector.container(container));
  for (const request of records.trackingRequests ?? []) {
    items.push(...collector.trackingRequest(request));
  }
  return items.sort(byAttention);
}
