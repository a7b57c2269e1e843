import type { ShiptrackClient } from '../client.js';
import type { MappedContainer } from '../mapped/container.js';
import type { MappedShipment } from '../mapped/shipment.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import { looksLikeContainerNumber, normalizeContainerNumber } from '../numbers/iso6346.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many records a number lookup reads: an exact number matches few. */
const LOOKUP_PAGE = 25;

/** Whether a value is a record id (a UUID) rather than a number a person types. */
export function isRecordId(value: string): boolean {
  return UUID.test(value.trim());
}

/** A container number as carriers write it (`maeu 400215-9` is `MAEU4002159`); other numbers trimmed. */
export function canonicalNumber(value: string): string {
  const trimmed = value.trim();
  const asContainer = normalizeContainerNumber(trimmed);
  return looksLikeContainerNumber(asContainer) ? asContainer : trimmed;
}

/** Compares numbers the way carriers write them: case, spaces and dashes aside. */
export function sameNumber(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && normalizeContainerNumber(a) === normalizeContainerNumber(b);
}

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/** The account's container whose number is exactly `number`, if any. */
export async function findContainerByNumber(
  client: AnyClient,
  number: string,
  signal?: AbortSignal,
): Promise<MappedContainer | undefined> {
  const page = await client.containers.list({
    format: 'mapped',
    pageSize: LOOKUP_PAGE,
    q: number,
    signal,
  });
  return page.data.find((container) => sameNumber(container.number, number));
}

/** The shipment whose bill of lading (or booking) number is exactly `number`, with its containers. */
export async function findShipmentByNumber(
  client: AnyClient,
  number: string,
  signal?: AbortSignal,
): Promise<MappedShipment | undefined> {
  const page = await client.shipments.list({
    format: 'mapped',
    pageSize: LOOKUP_PAGE,
    number,
    include: ['containers'],
    signal,
  });
  return page.data.find((shipment) => sameNumber(shipment.billOfLading, number));
}

/** The tracking requests for exactly `number` (any carrier), newest first. */
export async function findRequestsByNumber(
  client: AnyClient,
  number: string,
  signal?: AbortSignal,
): Promise<MappedTrackingRequest[]> {
  const page = await client.trackingRequests.list({
    format: 'mapped',
    pageSize: LOOKUP_PAGE,
    filter: { requestNumber: number },
    signal,
  });
  return page.data.filter((request) => sameNumber(request.requestNumber, number));
}
