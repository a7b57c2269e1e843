import type { MappedTrackingRequest } from '@shiptrack/sdk';
import { cellText, EMPTY_LIST } from './cell-text.js';
import { isRecord } from './fields.js';
import { atPlace } from './local-time.js';
import type { RecordSection } from './sections.js';

/** Whether a record is a mapped tracking request (the raw format has `attributes`). */
export function isMappedTrackingRequest(value: unknown): value is MappedTrackingRequest {
  return isRecord(value) && value.type === 'tracking_request' && !isRecord(value.attributes);
}

/** `created`, or `failed (not_found)` with the reason the service gave. */
function statusText(request: MappedTrackingRequest): string {
  const status = cellText(request.status);
  if (request.failedReason) return `${status} (${cellText(request.failedReason)})`;
  if (request.isRetrying)
    return `${status}, retrying at the carrier (${request.retryCount ?? 0} so far)`;
  return status;
}

/** The shipment a request created: its bill of lading when included, else its id. */
function shipmentText(request: MappedTrackingRequest): string {
  const shipment = request.trackedObject;
  if (shipment?.billOfLading) return cellText(`${shipment.billOfLading} (id ${shipment.id})`);
  return request.trackedObjectId
    ? cellText(request.trackedObjectId)
    : 'not yet (the carrier has not answered)';
}

/** A tracking request as a person reads it: what was asked, where it stands, what it made. */
export function trackingRequestSections(request: MappedTrackingRequest): RecordSection[] {
  return [
    {
      title: `Tracking request ${cellText(request.requestNumber)}`,
      lines: [
        ['Status', statusText(request)],
        ['Type', cellText(request.requestType)],
        ['Line', cellText(request.scac)],
        ['ID', cellText(request.id)],
        ['Shipment', shipmentText(request)],
        ['References', request.refNumbers?.length ? cellText(request.refNumbers) : EMPTY_LIST],
        ['Created', atPlace(request.createdAt ?? null, null)],
      ],
    },
  ];
}
