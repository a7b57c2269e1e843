import type {
  MappedInferNumberResult,
  MappedTrackingRequest,
  ShiptrackClient,
  TrackingRequestListParams,
  TrackingRequestType,
  WaitPoll,
} from '@shiptrack/sdk';
import { type ServicePage, servicePage } from '../core/lists.js';

/** `GET /tracking_requests`, one page, newest first, mapped. */
export async function listTrackingRequests(
  client: ShiptrackClient,
  params: TrackingRequestListParams<'mapped'>,
): Promise<ServicePage<MappedTrackingRequest>> {
  return servicePage(await client.trackingRequests.list({ ...params, format: 'mapped' }));
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

/** What {@link waitForTrackingRequest} is told and tells. */
export interface TrackingRequestWait {
  /** The whole wait, in ms. */
  timeoutMs: number;
  /** The first pause between checks, in ms. */
  intervalMs: number;
  /** Stops waiting (the client cancelled). */
  signal?: AbortSignal;
  /** Told after each check that found the request not settled yet. */
  onPoll(poll: WaitPoll): void;
}

/**
 * Follows a tracking request until it settles (`created`, `failed`,
 * `tracking_stopped`), through the SDK's `waitFor`; throws its
 * `WaitTimeoutError` when `timeoutMs` is up first.
 */
export function waitForTrackingRequest(
  client: ShiptrackClient,
  id: string,
  wait: TrackingRequestWait,
): Promise<MappedTrackingRequest> {
  return client.trackingRequests.waitFor(id, {
    format: 'mapped',
    include: [],
    timeoutMs: wait.timeoutMs,
    intervalMs: wait.intervalMs,
    signal: wait.signal,
    onPoll: wait.onPoll,
  });
}
