import type { ShiptrackClient } from '../client.js';
import type { MappedContainer } from '../mapped/container.js';
import type { TrackingRequestType } from '../mapped/enums.js';
import type { MappedShipment } from '../mapped/shipment.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import { findContainerByNumber, findRequestsByNumber, findShipmentByNumber } from './by-number.js';

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/**
 * How a number is already tracked by the account: as a container (whatever
 * request brought it: its own, or its bill of lading's), as a shipment
 * (bill of lading or booking number), or by a request still live (pending,
 * awaiting the manifest, or created).
 */
export type TrackedNumber =
  | { readonly via: 'container'; readonly container: MappedContainer }
  | { readonly via: 'shipment'; readonly shipment: MappedShipment }
  | { readonly via: 'tracking_request'; readonly trackingRequest: MappedTrackingRequest };

/** Options of {@link findTracked}. */
export interface FindTrackedOptions {
  /** The kind of number, when known: a container number is not looked for among shipments. */
  readonly type?: TrackingRequestType;
  /** The carrier: only its live requests count. */
  readonly scac?: string;
  readonly signal?: AbortSignal;
}

const LIVE = new Set(['pending', 'awaiting_manifest', 'created']);

/**
 * Whether the account already tracks `number`, and through what; `null`
 * when a new tracking request is needed. The service refuses a duplicate
 * request only for the same number and carrier, so a container tracked
 * through its bill of lading would get a second request: `track` in the
 * CLI and `track_container` in MCP ask this first.
 */
export async function findTracked(
  client: AnyClient,
  number: string,
  options: FindTrackedOptions = {},
): Promise<TrackedNumber | null> {
  const { type, scac, signal } = options;
  if (type !== 'bill_of_lading' && type !== 'booking_number') {
    const container = await findContainerByNumber(client, number, signal);
    if (container) return { via: 'container', container };
  }
  if (type !== 'container') {
    const shipment = await findShipmentByNumber(client, number, signal);
    if (shipment) return { via: 'shipment', shipment };
  }
  const live = (await findRequestsByNumber(client, number, signal)).find(
    (request) =>
      typeof request.status === 'string' &&
      LIVE.has(request.status) &&
      (scac === undefined || request.scac === scac),
  );
  return live ? { via: 'tracking_request', trackingRequest: live } : null;
}
