import type {
  MappedInferNumberResult,
  MappedTrackingRequest,
  ShiptrackClient,
  TrackingRequestFilter,
  TrackingRequestType,
} from '@shiptrack/sdk';
import { type PageRequest, type ServicePage, servicePage } from './lists.js';

/** Parameters of {@link listTrackingRequests}. */
export interface TrackingRequestListRequest extends PageRequest {
  q?: string;
  filter?: TrackingRequestFilter;
  /** Embed the tracked shipment (`include=tracked_object`). */
  includeTrackedObject?: boolean;
}

/** `GET /tracking_requests`, one page, newest first, mapped. */
export async function listTrackingRequests(
  client: ShiptrackClient,
  request: TrackingRequestListRequest,
): Promise<ServicePage<MappedTrackingRequest>> {
  const page = await client.trackingRequests.list({
    format: 'mapped',
    page: request.page,
    pageSize: request.pageSize,
    q: request.q,
    filter: request.filter,
    include: request.includeTrackedObject ? ['tracked_object'] : [],
  });
  return servicePage(page);
}

/** `POST /tracking_requests/infer_number`: the kind of number and its likely carrier. */
export function inferNumber(
  client: ShiptrackClient,
  number: string,
): Promise<MappedInferNumberResult> {
  return client.trackingRequests.inferNumber(number, { format: 'mapped' });
}

/** What {@link createTrackingRequest} sends. */
export interface NewTrackingRequest {
  requestType: TrackingRequestType;
  requestNumber: string;
  scac: string;
  refNumbers?: string[];
}

/** `POST /tracking_requests`: starts tracking (never retried blindly by the SDK). */
export function createTrackingRequest(
  client: ShiptrackClient,
  request: NewTrackingRequest,
): Promise<MappedTrackingRequest> {
  return client.trackingRequests.create(request, { format: 'mapped' });
}
