/**
 * Search by number: which numbers each record is found by (shared with the
 * `q` filters of the lists), and `GET /search`: the account's shipments,
 * containers and tracking requests whose numbers contain the query, ranked
 * shipments first, then containers, then tracking requests, each newest
 * first, at most {@link SEARCH_LIMIT}, as `search_result` records.
 */
import type { ContainerRecord, ShipmentRecord, TrackingRequestRecord } from './records.js';
import type { AllAttributes, SpecResource } from './serialize/spec-resource.js';
import type { Store } from './store.js';
import { toIso } from './time.js';

/** The most results one search answers with. */
export const SEARCH_LIMIT = 25;

/** A tracking request is found by its request number and its reference numbers. */
export function trackingRequestNumbers(record: TrackingRequestRecord): string[] {
  return [record.requestNumber, ...record.refNumbers];
}

function requestNumberOf(store: Store, shipment: ShipmentRecord | undefined): string[] {
  const request =
    shipment?.trackingRequestId == null
      ? undefined
      : store.trackingRequests.get(shipment.trackingRequestId);
  return request === undefined ? [] : [request.requestNumber];
}

/**
 * A shipment is found by its bill of lading, the number it was requested
 * with (a booking number), its reference numbers and its containers' numbers.
 */
export function shipmentNumbers(store: Store, shipment: ShipmentRecord): string[] {
  return [
    shipment.billOfLadingNumber,
    ...requestNumberOf(store, shipment),
    ...shipment.refNumbers,
    ...shipment.containerIds.map((id) => store.containers.get(id)?.number ?? ''),
  ];
}

/**
 * A container is found by its number and reference numbers, and by its
 * shipment's bill of lading, request number and reference numbers.
 */
export function containerNumbers(store: Store, container: ContainerRecord): string[] {
  const shipment = store.shipments.get(container.shipmentId);
  return [
    container.number,
    ...container.refNumbers,
    shipment?.billOfLadingNumber ?? '',
    ...requestNumberOf(store, shipment),
    ...(shipment?.refNumbers ?? []),
  ];
}

/** True when one of `numbers` contains `upperCaseText` (compared in upper case). */
export function containsText(numbers: readonly string[], upperCaseText: string): boolean {
  return numbers.some((number) => number.toUpperCase().includes(upperCaseText));
}

const portName = (store: Store, id: string | null) =>
  id === null ? null : (store.ports.get(id)?.name ?? null);

type SearchResult = SpecResource<'SearchResult'>;

function result(id: string, attributes: AllAttributes<'SearchResult'>): SearchResult {
  return { id, type: 'search_result', attributes };
}

function shipmentResult(store: Store, shipment: ShipmentRecord): SearchResult {
  return result(shipment.id, {
    entity_type: 'shipment',
    number: shipment.billOfLadingNumber,
    shipment_id: shipment.id,
    scac: shipment.scac,
    port_of_lading_name: portName(store, shipment.polId),
    port_of_discharge_name: portName(store, shipment.podId),
    containers_count: shipment.containerIds.length,
    tracking_stopped: shipment.lineTrackingStoppedAt !== null,
    tracking_stopped_reason: shipment.lineTrackingStoppedReason,
    status: null,
    failed_reason: null,
    ref_numbers: [...shipment.refNumbers],
    created_at: toIso(shipment.createdAt),
    updated_at: toIso(shipment.updatedAt),
  });
}

function containerResult(store: Store, container: ContainerRecord): SearchResult {
  const shipment = store.shipments.get(container.shipmentId);
  return result(container.id, {
    entity_type: 'cargo',
    number: container.number,
    shipment_id: container.shipmentId,
    scac: shipment?.scac ?? null,
    port_of_lading_name: portName(store, shipment?.polId ?? null),
    port_of_discharge_name: portName(store, shipment?.podId ?? null),
    containers_count: null,
    tracking_stopped: null,
    tracking_stopped_reason: null,
    status: container.currentStatus,
    failed_reason: null,
    ref_numbers: [...container.refNumbers],
    created_at: toIso(container.createdAt),
    updated_at: toIso(container.updatedAt),
  });
}

function trackingRequestResult(record: TrackingRequestRecord): SearchResult {
  return result(record.id, {
    entity_type: 'tracking_request',
    number: record.requestNumber,
    shipment_id: record.shipmentId,
    scac: record.scac,
    port_of_lading_name: null,
    port_of_discharge_name: null,
    containers_count: null,
    tracking_stopped: null,
    tracking_stopped_reason: null,
    status: record.status,
    failed_reason: record.failedReason,
    ref_numbers: [...record.refNumbers],
    created_at: toIso(record.createdAt),
    updated_at: toIso(record.updatedAt),
  });
}

/** Up to `limit` matches of one table, newest first (its index is oldest first). */
function newestMatches<T>(
  ids: readonly string[],
  table: ReadonlyMap<string, T>,
  matches: (record: T) => boolean,
  limit: number,
): T[] {
  const found: T[] = [];
  for (let index = ids.length - 1; index >= 0 && found.length < limit; index -= 1) {
    const record = table.get(ids[index] as string);
    if (record !== undefined && matches(record)) found.push(record);
  }
  return found;
}

/** The `search_result` records of an account matching `query` (a number or part of one). */
export function searchAccount(store: Store, accountId: string, query: string): SearchResult[] {
  const text = query.trim().toUpperCase();
  const index = store.indexOf(accountId);
  const shipments = newestMatches(
    index.shipments,
    store.shipments,
    (shipment) => containsText(shipmentNumbers(store, shipment), text),
    SEARCH_LIMIT,
  );
  const containers = newestMatches(
    index.containers,
    store.containers,
    (container) => containsText(containerNumbers(store, container), text),
    SEARCH_LIMIT - shipments.length,
  );
  const requests = newestMatches(
    index.trackingRequests,
    store.trackingRequests,
    (record) => containsText(trackingRequestNumbers(record), text),
    SEARCH_LIMIT - shipments.length - containers.length,
  );
  return [
    ...shipments.map((shipment) => shipmentResult(store, shipment)),
    ...containers.map((container) => containerResult(store, container)),
    ...requests.map(trackingRequestResult),
  ];
}
