import type { CallOptions } from '../core/api-client.js';
import { APIPromise } from '../core/api-promise.js';
import { oneOf, refNumberList, requireText } from '../core/arguments.js';
import { CALL_OPTIONS, checkHelperOptions } from '../core/call-arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import { TRACKING_REQUEST_TYPE_VALUES } from '../generated/enums.js';
import type {
  ListTrackingRequestsFilter,
  ListTrackingRequestsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { TrackingRequestsBase } from '../generated/resources/tracking-requests.js';
import { formatted, mapPrimary } from '../internal/shape.js';
import type { TrackingRequestStatus, TrackingRequestType } from '../mapped/enums.js';
import type { MappedInferNumberResult, MappedTrackingRequest } from '../mapped/tracking.js';
import { EntityCustomFields } from './custom-fields.js';
import type { IncludeOf } from './shared.js';
import {
  isDuplicate,
  type TrackOptions,
  type TrackResult,
  track,
  type WaitForOptions,
  waitFor,
} from './tracking-flow.js';

/** What `include` accepts on tracking requests. */
export type TrackingRequestInclude = IncludeOf<'listTrackingRequests'>;

export type { TimeRange } from '../generated/parameters.js';

/** Filters of `trackingRequests.list`, sent as `filter[...]`; an unknown one is an error, never dropped. */
export interface TrackingRequestFilter extends ListTrackingRequestsFilter {}

/** Parameters of `trackingRequests.list` (lists embed `tracked_object` by default). */
export interface TrackingRequestListParams<F extends ResponseFormat>
  extends ListTrackingRequestsParams<F> {}

/** What `trackingRequests.create` sends. */
export interface TrackingRequestCreate {
  requestType: TrackingRequestType;
  requestNumber: string;
  scac: string;
  refNumbers?: string[];
}

/** `client.trackingRequests`: start tracking numbers and follow the requests. */
export class TrackingRequests<DF extends ResponseFormat> extends TrackingRequestsBase<DF> {
  /**
   * Creates a tracking request (`POST /tracking_requests`). It is retried
   * only when no request can have been created (a 429, or a connection
   * refused before sending); a `duplicate` answer to such a retry resolves
   * to the existing request. A `duplicate` on the first attempt throws
   * `UnprocessableEntityError` (use `track()` to treat it as success).
   */
  create<F extends ResponseFormat = DF>(
    request: TrackingRequestCreate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawTrackingRequestDocument, MappedTrackingRequest>> {
    const call = 'trackingRequests.create';
    const created = this.core.one('createTrackingRequest', {
      options,
      extra,
      idempotent: false,
      body: () => {
        const { requestType, requestNumber, scac, refNumbers } = request ?? {};
        return {
          data: {
            type: 'tracking_request',
            attributes: {
              request_type: oneOf(call, 'requestType', requestType, TRACKING_REQUEST_TYPE_VALUES),
              request_number: requireText(
                call,
                'requestNumber',
                requestNumber,
                'the number to track',
              ),
              scac: requireText(call, 'scac', scac, "the carrier's SCAC (see shippingLines.list)"),
              ref_numbers: refNumbers,
            },
          },
        };
      },
    });
    return new APIPromise(
      created.withResponse().catch(async (error: unknown) => {
        if (isDuplicate(error) && error.attempts > 1) {
          const existing = await this.findExisting(
            request.requestNumber,
            request.scac,
            options,
          ).withResponse();
          if (existing.data !== undefined) return { ...existing, data: existing.data };
        }
        throw error;
      }),
    );
  }

  /**
   * Finds the pending or created request for a number and carrier (the one a
   * `duplicate` answer refers to), newest first; resolves to undefined when
   * there is none.
   */
  findExisting<F extends ResponseFormat = DF>(
    requestNumber: string,
    scac: string,
    options: CallOptions<F> = {},
  ): APIPromise<Formatted<F, raw.RawTrackingRequestDocument, MappedTrackingRequest> | undefined> {
    const format = this.core.formatOf(options);
    const call = 'trackingRequests.findExisting';
    // Checked first: without both, the list would not be narrowed to one number and carrier.
    const found = Promise.resolve().then(() =>
      this.list({
        ...options,
        format: 'raw',
        pageSize: 10,
        filter: {
          requestNumber: requireText(call, 'requestNumber', requestNumber, 'the tracked number'),
          scac: requireText(call, 'scac', scac, "the carrier's SCAC"),
        },
      }).withResponse(),
    );
    return new APIPromise(
      found.then((result) => {
        const { data: items, document } = result.data;
        const match = items.find((item) => ACTIVE.has(item.attributes.status)) ?? items[0];
        const existing: raw.RawTrackingRequestDocument | undefined = match && {
          data: match,
          ...(document.included && { included: document.included }),
        };
        return {
          ...result,
          // Safe: `formatted` returns the branch that Formatted<F, ...> selects for `format`.
          data:
            existing &&
            (formatted(format, existing, mapPrimary) as Formatted<
              F,
              raw.RawTrackingRequestDocument,
              MappedTrackingRequest
            >),
        };
      }),
    );
  }

  /** Replaces the reference numbers of a tracking request (`PATCH /tracking_requests/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: { refNumbers: string[] },
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawTrackingRequestDocument, MappedTrackingRequest>> {
    return this.core.one('updateTrackingRequest', {
      path: { id },
      options,
      extra,
      body: () => {
        const refNumbers = refNumberList('trackingRequests.update', changes?.refNumbers);
        return {
          data: {
            type: 'tracking_request',
            id: id.trim(),
            attributes: { ref_numbers: refNumbers },
          },
        };
      },
    });
  }

  /**
   * Asks the service what a number is and which carrier it belongs to
   * (`POST /tracking_requests/infer_number`, its own bucket of 200/min).
   */
  inferNumber<F extends ResponseFormat = DF>(
    number: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawInferNumberResultDocument, MappedInferNumberResult>> {
    return this.core.one('inferTrackingNumber', {
      options,
      extra,
      idempotent: true,
      body: () => ({
        number: requireText(
          'trackingRequests.inferNumber',
          'number',
          number,
          'a container, bill of lading or booking number',
        ),
      }),
    });
  }

  /** The custom fields of one tracking request, by `apiSlug`: list, create, update, delete. */
  customFields(id: string): EntityCustomFields<'tracking_request', DF> {
    return new EntityCustomFields(this.core, 'tracking_request', id);
  }

  /**
   * Starts tracking a number, working out what is missing: the kind of
   * number (ISO 6346 check for containers, else the service's inference)
   * and the carrier (the service's inference, used only when it is sure;
   * otherwise {@link CarrierNotDeterminedError} lists the candidates). A
   * number the service calls invalid (a container number with a wrong
   * check digit, say) throws {@link InvalidTrackingNumberError}. A number
   * that is already tracked is not an error: the existing request is
   * returned with `alreadyTracking: true`, with `refNumbers` added to it
   * when it lacked some.
   */
  track<F extends ResponseFormat = DF>(
    number: string,
    options: TrackOptions<F> = {},
    ...extra: never[]
  ): Promise<TrackResult<Formatted<F, raw.RawTrackingRequestDocument, MappedTrackingRequest>>> {
    return Promise.resolve().then(() => {
      checkHelperOptions('trackingRequests.track', options, TRACK_OPTIONS, extra);
      return track(this, number, { ...options, format: this.core.formatOf(options) as F });
    });
  }

  /**
   * Polls a tracking request, backing off, until it is `created`, `failed`
   * or `tracking_stopped`, and returns it with its tracked shipment
   * (`include`, default `['tracked_object']`). `timeoutMs` bounds the whole
   * wait, a poll in flight included. Prefer webhooks
   * (`tracking_request.succeeded` / `.failed`) in servers: polling spends
   * the rate limit and reacts later.
   */
  waitFor<F extends ResponseFormat = DF>(
    id: string,
    options: WaitForOptions<F> = {},
    ...extra: never[]
  ): Promise<Formatted<F, raw.RawTrackingRequestDocument, MappedTrackingRequest>> {
    return Promise.resolve().then(() => {
      checkHelperOptions('trackingRequests.waitFor', options, WAIT_FOR_OPTIONS, extra);
      return waitFor(this, id, { ...options, format: this.core.formatOf(options) as F });
    });
  }
}

/** What `track` accepts: its own options and every call option. */
const TRACK_OPTIONS = ['scac', 'type', 'refNumbers', ...CALL_OPTIONS];
/** What `waitFor` accepts (keyed by its options type, so a new option must be listed). */
const WAIT_FOR_OPTIONS = Object.keys({
  format: true,
  signal: true,
  timeoutMs: true,
  intervalMs: true,
  include: true,
  onPoll: true,
} satisfies Record<keyof WaitForOptions<ResponseFormat>, true>);

/** Statuses of a request that a `duplicate` answer can refer to. */
const ACTIVE = new Set<string>([
  'pending',
  'awaiting_manifest',
  'created',
] satisfies TrackingRequestStatus[]);
