import type { MappedTrackingRequest } from '../../mapped/tracking.js';
import { dayAt, timeEvidence, valueEvidence } from './evidence.js';
import type { AttentionEvidence, AttentionItem, AttentionSubject } from './model.js';

/** Who a tracking request is about: itself, with the shipment it tracks when there is one. */
export function requestSubject(request: MappedTrackingRequest): AttentionSubject {
  return {
    type: 'tracking_request',
    id: request.id,
    number: request.requestNumber,
    shipmentId: request.trackedObject?.id ?? request.trackedObjectId ?? null,
    billOfLading: request.trackedObject?.billOfLading ?? null,
  };
}

/**
 * A failed tracking request, with its `failed_reason` as sent (a reason
 * added since passes through): the number is not tracked until someone
 * fixes it and tracks it again.
 */
export function trackingRequestItems(request: MappedTrackingRequest): AttentionItem[] {
  if (request.status !== 'failed') return [];
  const failedReason = request.failedReason ?? null;
  const evidence: AttentionEvidence[] = [
    valueEvidence('tracking_request', 'status', request.status),
    valueEvidence('tracking_request', 'failed_reason', failedReason),
  ];
  const updatedAt = request.updatedAt;
  const failed = updatedAt ? timeEvidence('tracking_request', 'updated_at', updatedAt, null) : null;
  if (failed !== null) evidence.push(failed);
  const number = request.requestNumber ?? 'a number';
  const carrier = request.scac ? ` at ${request.scac}` : '';
  const since = failed === null ? '' : ` ${dayAt(failed.time, updatedAt ?? '')}`;
  return [
    {
      kind: 'tracking_failed',
      severity: 'critical',
      subject: requestSubject(request),
      failedReason,
      evidence,
      reason: `Tracking ${number}${carrier} failed${since} (${failedReason ?? 'no reason given'}): it is not tracked; check the number and carrier, then track it again.`,
    },
  ];
}
