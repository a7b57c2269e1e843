import type { ShiptrackClient } from '../client.js';
import { requireText } from '../core/arguments.js';
import type { MappedShipment } from '../mapped/shipment.js';
import {
  canonicalNumber,
  findContainerByNumber,
  findRequestsByNumber,
  findShipmentByNumber,
  isRecordId,
} from './by-number.js';
import { AmbiguousNumberError, RecordNotFoundError, type ResolvedKind } from './errors.js';

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/** How a value was matched to a record. */
export type MatchedBy =
  | 'id'
  | 'container_number'
  | 'bill_of_lading'
  | 'request_number'
  | 'shipment_of_container'
  | 'only_container_of_shipment';

/** The record a person or model meant. */
export interface ResolvedRecord {
  readonly kind: ResolvedKind;
  readonly id: string;
  readonly matchedBy: MatchedBy;
}

/** Options of the resolvers. */
export interface ResolveOptions {
  readonly signal?: AbortSignal;
}

const PENDING = new Set(['pending', 'awaiting_manifest']);

async function notFound(
  client: AnyClient,
  kind: ResolvedKind,
  value: string,
  signal: AbortSignal | undefined,
): Promise<RecordNotFoundError> {
  const pending = (await findRequestsByNumber(client, value, signal)).find(
    (request) => typeof request.status === 'string' && PENDING.has(request.status),
  );
  return new RecordNotFoundError({
    kind,
    value,
    pending: pending ? { id: pending.id, status: String(pending.status) } : null,
  });
}

function onlyContainer(shipment: MappedShipment, number: string): ResolvedRecord {
  const containers = shipment.containers ?? [];
  const [first] = containers;
  if (containers.length === 1 && first) {
    return { kind: 'container', id: first.id, matchedBy: 'only_container_of_shipment' };
  }
  if (containers.length === 0) {
    throw new RecordNotFoundError({ kind: 'container', value: number, pending: null });
  }
  throw new AmbiguousNumberError(
    number,
    containers.map((container) => ({
      kind: 'container' as const,
      id: container.id,
      number: container.number ?? null,
    })),
  );
}

/** A record's "id or number" as read once: a record id, or an exact number as carriers write it. */
export type RecordKey =
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'number'; readonly number: string };

/** A container's "id or number" as read once (a {@link RecordKey}). */
export type ContainerKey = RecordKey;

/** Each kind's resolver, named in the error of an empty value, and what its value may be. */
const KEY_OF: Readonly<Record<ResolvedKind, readonly [resolver: string, expected: string]>> = {
  container: [
    'resolveContainer',
    'an id, container number, or the bill of lading or booking number of its shipment',
  ],
  shipment: [
    'resolveShipment',
    'an id, bill of lading or booking number, or one of its container numbers',
  ],
  tracking_request: ['resolveTrackingRequest', 'an id or the request number'],
};

/**
 * Reads an "id or number" of a `kind` of record the one way the SDK, the
 * CLI, MCP and the mirror read it: trimmed, a UUID as the record's id,
 * anything else as a number canonicalised (`maeu 400215-9` is
 * `MAEU4002159`). An empty value is an `InvalidArgumentError` that names
 * the kind's resolver and what its value may be.
 */
export function readRecordKey(kind: ResolvedKind, value: string): RecordKey {
  const [resolver, expected] = KEY_OF[kind];
  const given = canonicalNumber(requireText(resolver, 'value', value, expected));
  return isRecordId(given) ? { kind: 'id', id: given } : { kind: 'number', number: given };
}

/** A container's "id or number" read by {@link readRecordKey}. */
export function readContainerKey(value: string): ContainerKey {
  return readRecordKey('container', value);
}

/** Whether a value is a {@link RecordKey} (anything else is read as text, and refused if it is none). */
function isRecordKey(value: unknown): value is RecordKey {
  if (typeof value !== 'object' || value === null) return false;
  const kind: unknown = Reflect.get(value, 'kind');
  const text: unknown = kind === 'id' || kind === 'number' ? Reflect.get(value, kind) : undefined;
  return typeof text === 'string' && text !== '';
}

/** A value as a key of `kind`: a key read already as it is, a text read by {@link readRecordKey}. */
function keyOf(kind: ResolvedKind, value: string | RecordKey): RecordKey {
  return isRecordKey(value) ? value : readRecordKey(kind, value);
}

/**
 * The container a value means (a text, read by {@link readContainerKey},
 * or a key read already): its id, the container of that number, or the
 * only container of the shipment with that bill of lading or booking
 * number (several: {@link AmbiguousNumberError} listing them). Exact
 * numbers only; none: {@link RecordNotFoundError}, naming a request for
 * the number that is still pending. The CLI and MCP resolve through this.
 */
export async function resolveContainer(
  client: AnyClient,
  value: string | RecordKey,
  options: ResolveOptions = {},
): Promise<ResolvedRecord> {
  const key = keyOf('container', value);
  if (key.kind === 'id') return { kind: 'container', id: key.id, matchedBy: 'id' };
  const given = key.number;
  const container = await findContainerByNumber(client, given, options.signal);
  if (container) return { kind: 'container', id: container.id, matchedBy: 'container_number' };
  const shipment = await findShipmentByNumber(client, given, options.signal);
  if (shipment) return onlyContainer(shipment, given);
  throw await notFound(client, 'container', given, options.signal);
}

/**
 * The shipment a value means (a text, read by {@link readRecordKey}, or a
 * key read already): its id, the shipment with that bill of lading or
 * booking number, or the shipment of the container with that number.
 */
export async function resolveShipment(
  client: AnyClient,
  value: string | RecordKey,
  options: ResolveOptions = {},
): Promise<ResolvedRecord> {
  const key = keyOf('shipment', value);
  if (key.kind === 'id') return { kind: 'shipment', id: key.id, matchedBy: 'id' };
  const given = key.number;
  const shipment = await findShipmentByNumber(client, given, options.signal);
  if (shipment) return { kind: 'shipment', id: shipment.id, matchedBy: 'bill_of_lading' };
  const container = await findContainerByNumber(client, given, options.signal);
  if (container?.shipmentId) {
    return { kind: 'shipment', id: container.shipmentId, matchedBy: 'shipment_of_container' };
  }
  throw await notFound(client, 'shipment', given, options.signal);
}

/**
 * The tracking request a value means (a text, read by
 * {@link readRecordKey}, or a key read already): its id, or the request
 * for that number (the newest; several carriers: {@link AmbiguousNumberError}).
 */
export async function resolveTrackingRequest(
  client: AnyClient,
  value: string | RecordKey,
  options: ResolveOptions = {},
): Promise<ResolvedRecord> {
  const key = keyOf('tracking_request', value);
  if (key.kind === 'id') return { kind: 'tracking_request', id: key.id, matchedBy: 'id' };
  const given = key.number;
  const requests = await findRequestsByNumber(client, given, options.signal);
  const carriers = new Set(requests.map((request) => request.scac));
  const [newest] = requests;
  if (newest === undefined) {
    throw new RecordNotFoundError({ kind: 'tracking_request', value: given, pending: null });
  }
  if (carriers.size > 1) {
    throw new AmbiguousNumberError(
      given,
      requests.map((request) => ({
        kind: 'tracking_request' as const,
        id: request.id,
        number: `${request.requestNumber ?? given} (${request.scac ?? '?'}, ${String(request.status)})`,
      })),
    );
  }
  return { kind: 'tracking_request', id: newest.id, matchedBy: 'request_number' };
}
