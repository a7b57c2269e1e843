import {
  APIError,
  APIUserAbortError,
  type MappedTrackingRequest,
  type ShiptrackClient,
  WaitTimeoutError,
} from '@shiptrack/sdk';
import type { ToolRunContext } from '../../core/define-tool.js';
import { fetchTrackedShipment } from '../../service/shipments.js';
import { waitForTrackingRequest } from '../../service/tracking.js';
import { requestFacts, type TrackOutcome, trackedShipment, WAIT_ADVICE } from './outcome.js';

/** Reports one step of following a request. */
export type Step = (message: string) => void;

/**
 * Follows a request that `track_container` created or found pending while
 * the client watches progress (it sent a progress token), one
 * `notifications/progress` a step: the request created (or pending), each
 * check while waiting for the carrier, the shipment found, the containers
 * linked. The answer is then the settled request with its shipment and
 * containers. The wait is bounded by `context.trackingWait`; when it is up,
 * or a check fails, the answer is the request as it was last seen (it
 * stays in place: calling again is safe). The client cancelling stops the
 * wait. Without a progress token, a wait of 0, or nothing pending, the
 * outcome is returned as it is.
 */
export async function followRequest(
  client: ShiptrackClient,
  outcome: TrackOutcome,
  context: ToolRunContext,
): Promise<TrackOutcome> {
  const request = outcome.trackingRequest;
  const { timeoutMs, intervalMs } = context.trackingWait;
  if (!context.progressRequested || timeoutMs === 0) return outcome;
  if (request === null || outcome.shipment !== null) return outcome;
  let step = 0;
  const report: Step = (message) =>
    context.progress({
      progress: ++step,
      message: `track_container ${outcome.number}: ${message}`,
    });
  report(
    outcome.outcome === 'request_created'
      ? `tracking request created at ${request.scac}`
      : `tracking request at ${request.scac} already ${request.status}`,
  );
  let settled: MappedTrackingRequest;
  try {
    settled = await waitForTrackingRequest(client, request.id, {
      timeoutMs,
      intervalMs,
      signal: context.request.mcpReq.signal,
      onPoll: (poll) => report(`waiting for the carrier (${poll.status}, check ${poll.polls})`),
    });
  } catch (error) {
    if (error instanceof WaitTimeoutError) {
      const status = error.lastStatus ?? request.status ?? null;
      const waited = `${Math.round(timeoutMs / 1000)} s`;
      const still = `still ${status ?? 'not answered'} after ${waited}`;
      report(`${still}; the request stays`);
      return {
        ...outcome,
        trackingRequest: { ...request, status },
        next: `S${still.slice(1)}. ${WAIT_ADVICE}`,
      };
    }
    return unfinished(outcome, error, report);
  }
  try {
    return await settledOutcome(client, outcome, settled, report);
  } catch (error) {
    return unfinished({ ...outcome, trackingRequest: requestFacts(settled) }, error, report);
  }
}

/** The answer when a check failed: the request as last seen (the request stays), or the failure. */
function unfinished(outcome: TrackOutcome, error: unknown, report: Step): TrackOutcome {
  if (error instanceof APIUserAbortError || !(error instanceof APIError)) throw error;
  report('a check failed; the request stays');
  return { ...outcome, next: `A check of the request failed just now. ${WAIT_ADVICE}` };
}

/**
 * The answer for a request that settled: its shipment and containers, or
 * why it failed; each step found is told to `report`. Shared by the wait
 * of a call with a progress token and by a `track_container` task.
 */
export async function settledOutcome(
  client: ShiptrackClient,
  outcome: TrackOutcome,
  settled: MappedTrackingRequest,
  report: Step,
): Promise<TrackOutcome> {
  const withRequest: TrackOutcome = { ...outcome, trackingRequest: requestFacts(settled) };
  if (settled.status === 'created' && !settled.trackedObjectId) {
    report('the carrier answered; no shipment linked yet');
    return {
      ...withRequest,
      next: 'The carrier answered but the shipment is not linked yet. Call track_container again shortly (no duplicate is made).',
    };
  }
  if (settled.status === 'created' && settled.trackedObjectId) {
    const shipment = await fetchTrackedShipment(client, settled.trackedObjectId);
    report(`shipment found (bill of lading ${shipment.billOfLading ?? shipment.id})`);
    const tracked = trackedShipment(withRequest, shipment);
    const linked = tracked.containers.length + tracked.containersOmitted;
    report(linked > 0 ? `${linked} container(s) linked` : 'no containers reported yet');
    return {
      ...tracked,
      outcome: outcome.outcome,
      next:
        linked > 0
          ? 'The carrier answered: call get_container with a container id for its status.'
          : 'The carrier answered but has not reported containers yet. Call get_shipment_details later.',
    };
  }
  const reason = settled.failedReason ? ` (${settled.failedReason})` : '';
  report(`tracking ${settled.status}${reason}`);
  return {
    ...withRequest,
    next: `The carrier could not track ${outcome.number}: the request ended ${settled.status}${reason}. Check the number and the carrier (get_supported_shipping_lines), then call track_container again; a new request is made.`,
  };
}
