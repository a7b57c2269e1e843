/**
 * Errors of the engine's operations. The HTTP layer maps each to a JSON:API
 * error with the right status; their messages say what to do instead.
 */
import type { RequestType } from './records.js';

/** A tracking request for the same number and carrier is already pending or created. */
export class DuplicateTrackingRequestError extends Error {
  override name = 'DuplicateTrackingRequestError';

  constructor(
    readonly requestNumber: string,
    readonly scac: string,
    readonly existingId: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      `A tracking request for ${requestNumber} with ${scac} is already pending or created (id ${existingId}). Read that request instead of creating another.`,
      options,
    );
  }
}

/**
 * Resuming a shipment's tracking would track its number twice: another
 * tracking request for the same number and carrier is pending or created.
 */
export class ResumeConflictError extends Error {
  override name = 'ResumeConflictError';

  constructor(
    readonly requestNumber: string,
    readonly scac: string,
    readonly activeId: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      `Tracking request ${activeId} already tracks ${requestNumber} with ${scac} (pending or created), so this shipment cannot be tracked again beside it. Keep using that request, or stop tracking its shipment first (PATCH /shipments/{id}/stop_tracking) and then resume this one.`,
      options,
    );
  }
}

/** The carrier of a tracking request does not track that kind of number. */
export class UnsupportedRequestTypeError extends Error {
  override name = 'UnsupportedRequestTypeError';

  constructor(
    readonly scac: string,
    readonly lineName: string,
    readonly requestType: RequestType,
    readonly supported: readonly RequestType[],
    options: { cause?: unknown } = {},
  ) {
    super(
      `${lineName} (${scac}) does not support ${requestType} tracking requests; it supports ${supported.length === 0 ? 'none' : supported.join(', ')} (see GET /shipping_lines).`,
      options,
    );
  }
}

/** The SCAC of a tracking request is not in the shipping-line catalogue. */
export class UnknownShippingLineError extends Error {
  override name = 'UnknownShippingLineError';

  constructor(
    readonly scac: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      `${scac} is not a supported shipping line. List GET /shipping_lines for the SCACs you can track with, or infer one with POST /tracking_requests/infer_number.`,
      options,
    );
  }
}

/** The paid features an operation may need; maps and vessel positions come with routing. */
export type PaidFeature = 'route' | 'refresh' | 'map' | 'vessel_positions';

const FEATURE_MESSAGES: Record<PaidFeature, string> = {
  route:
    'Container routing is a paid feature that is not enabled for this account. Ask your account manager to enable it.',
  refresh:
    'Forced container refresh is not enabled for this account. Ask your account manager to enable it, or subscribe to webhooks for updates.',
  map: 'Container maps come with container routing, a paid feature that is not enabled for this account. Ask your account manager to enable it.',
  vessel_positions:
    'Vessel future positions come with container routing, a paid feature that is not enabled for this account. Ask your account manager to enable it.',
};

/** The account does not have a paid feature. */
export class FeatureNotEnabledError extends Error {
  override name = 'FeatureNotEnabledError';

  constructor(
    readonly feature: PaidFeature,
    options: { cause?: unknown } = {},
  ) {
    super(FEATURE_MESSAGES[feature], options);
  }
}
