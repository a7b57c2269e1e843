import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { components } from '../generated/openapi.js';
import { asMapped, shapeList, shapeOne } from '../internal/shape.js';
import type { MappedInferNumberResult, MappedTrackingRequest } from '../mapped/tracking.js';
import {
  type CallOptions,
  type DateTimeInput,
  type IncludeOf,
  isoDate,
  JSON_API_BODY,
  JSON_BODY,
  type PageParams,
  pageQuery,
  type QueryOf,
  Resource,
  requestOptions,
} from './shared.js';
import {
  isDuplicate,
  type TrackOptions,
  type TrackResult,
  track,
  type WaitForOptions,
  waitFor,
} from './tracking-flow.js';

type Schemas = components['schemas'];

/** A tracking request resource as the service sends it. */
export type RawTrackingRequest = Schemas['TrackingRequest'];
/** `GET /tracking_requests/{id}` (and create, update) as received. */
export type RawTrackingRequestDocument = Schemas['TrackingRequestDocument'];
/** `GET /tracking_requests` as received. */
export type RawTrackingRequestListDocument = Schemas['TrackingRequestListDocument'];
/** `POST /tracking_requests/infer_number` as received. */
export type RawInferNumberResultDocument = Schemas['InferNumberResultDocument'];
/** Kind of number to track. */
export type TrackingRequestType = Schemas['TrackingRequestType'];

/** What `include` accepts on tracking requests. */
export type TrackingRequestInclude = IncludeOf<'listTrackingRequests'>;

/** A time range filter; either end may be left open. */
export interface TimeRange {
  start?: DateTimeInput;
  end?: DateTimeInput;
}

/** Filters of `trackingRequests.list`, sent as `filter[...]`. */
export interface TrackingRequestFilter {
  requestNumber?: string;
  status?: QueryOf<'listTrackingRequests'>['filter[status]'];
  requestType?: TrackingRequestType;
  scac?: string;
  createdAt?: TimeRange;
  updatedAt?: TimeRange;
}

/** Parameters of `trackingRequests.list`. */
export interface TrackingRequestListParams<F extends ResponseFormat>
  extends PageParams,
    CallOptions<F> {
  /** Free text over request and reference numbers. */
  q?: string;
  /** Related records to embed (lists embed `tracked_object` by default). */
  include?: TrackingRequestInclude[];
  filter?: TrackingRequestFilter;
}

/** What `trackingRequests.create` sends. */
export interface TrackingRequestCreate {
  requestType: TrackingRequestType;
  requestNumber: string;
  scac: string;
  refNumbers?: string[];
}

/** `client.trackingRequests`: start tracking numbers and follow the requests. */
export class TrackingRequests<DF extends ResponseFormat> extends Resource<DF> {
  /**
   * Creates a tracking request (`POST /tracking_requests`). It is retried
   * only when no request can have been created (a 429, or a connection
   * refused before sending); a `duplicate` answer to such a retry resolves
   * to the existing request. A `duplicate` on the first attempt throws
   * `UnprocessableEntityError` (use `track()` to treat it as success).
   */
  async create<F extends ResponseFormat = DF>(
    request: TrackingRequestCreate,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest>> {
    const attributes: TrackingRequestCreateAttributes = {
      request_type: request.requestType,
      request_number: request.requestNumber,
      scac: request.scac,
    };
    if (request.refNumbers !== undefined) attributes.ref_numbers = request.refNumbers;
    try {
      const { body } = await this.core.call<RawTrackingRequestDocument>(
        'createTrackingRequest',
        (init) =>
          this.core.api.POST('/tracking_requests', {
            ...init,
            headers: JSON_API_BODY,
            body: { data: { type: 'tracking_request', attributes } },
          }),
        { ...requestOptions(options), idempotent: false },
      );
      return shapeOne(this.formatOf(options), body, asMapped<MappedTrackingRequest>);
    } catch (error) {
      if (isDuplicate(error) && error.attempts > 1) {
        const existing = await this.findExisting(request.requestNumber, request.scac, options);
        if (existing) return existing;
      }
      throw error;
    }
  }

  /**
   * Finds the pending or created request for a number and carrier (the one a
   * `duplicate` answer refers to), newest first; undefined when there is none.
   */
  async findExisting<F extends ResponseFormat = DF>(
    requestNumber: string,
    scac: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest> | undefined> {
    const page = await this.list({
      ...requestOptions(options),
      format: 'raw',
      pageSize: 10,
      filter: { requestNumber, scac },
    });
    const match =
      page.data.find((item) =>
        ['pending', 'awaiting_manifest', 'created'].includes(item.attributes.status),
      ) ?? page.data[0];
    if (!match) return undefined;
    const document: RawTrackingRequestDocument = { data: match };
    if (page.document.included) document.included = page.document.included;
    return shapeOne(this.formatOf(options), document, asMapped<MappedTrackingRequest>);
  }

  /** Lists tracking requests (`GET /tracking_requests`), newest first. */
  list<F extends ResponseFormat = DF>(
    params: TrackingRequestListParams<F> = {},
  ): PagePromise<
    Formatted<F, RawTrackingRequest, MappedTrackingRequest>,
    RawTrackingRequestListDocument
  > {
    const format = this.formatOf(params);
    const { filter = {} } = params;
    return this.core.list(
      'listTrackingRequests',
      (init) =>
        this.core.api.GET('/tracking_requests', {
          ...init,
          params: {
            query: {
              ...pageQuery(params),
              include: params.include,
              q: params.q,
              'filter[request_number]': filter.requestNumber,
              'filter[status]': filter.status,
              'filter[request_type]': filter.requestType,
              'filter[scac]': filter.scac,
              'filter[created_at][start]': isoDate(filter.createdAt?.start),
              'filter[created_at][end]': isoDate(filter.createdAt?.end),
              'filter[updated_at][start]': isoDate(filter.updatedAt?.start),
              'filter[updated_at][end]': isoDate(filter.updatedAt?.end),
            },
          },
        }),
      requestOptions(params),
      (document: RawTrackingRequestListDocument) =>
        shapeList(format, document, asMapped<MappedTrackingRequest>),
    );
  }

  /** Gets one tracking request (`GET /tracking_requests/{id}`). */
  async get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> & { include?: TrackingRequestInclude[] } = {},
  ): Promise<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest>> {
    return this.one<F, RawTrackingRequestDocument, MappedTrackingRequest>(
      'getTrackingRequest',
      (init) =>
        this.core.api.GET('/tracking_requests/{id}', {
          ...init,
          params: { path: { id }, query: { include: options.include } },
        }),
      options,
      asMapped<MappedTrackingRequest>,
    );
  }

  /** Replaces the reference numbers of a tracking request (`PATCH /tracking_requests/{id}`). */
  async update<F extends ResponseFormat = DF>(
    id: string,
    changes: { refNumbers: string[] },
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest>> {
    return this.one<F, RawTrackingRequestDocument, MappedTrackingRequest>(
      'updateTrackingRequest',
      (init) =>
        this.core.api.PATCH('/tracking_requests/{id}', {
          ...init,
          headers: JSON_API_BODY,
          params: { path: { id } },
          body: {
            data: { type: 'tracking_request', id, attributes: { ref_numbers: changes.refNumbers } },
          },
        }),
      options,
      asMapped<MappedTrackingRequest>,
    );
  }

  /**
   * Asks the service what a number is and which carrier it belongs to
   * (`POST /tracking_requests/infer_number`, its own bucket of 200/min).
   */
  async inferNumber<F extends ResponseFormat = DF>(
    number: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawInferNumberResultDocument, MappedInferNumberResult>> {
    return this.one<F, RawInferNumberResultDocument, MappedInferNumberResult>(
      'inferTrackingNumber',
      (init) =>
        this.core.api.POST('/tracking_requests/infer_number', {
          ...init,
          headers: JSON_BODY,
          body: { number },
        }),
      options,
      asMapped<MappedInferNumberResult>,
      true,
    );
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
  ): Promise<TrackResult<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest>>> {
    return track(this, number, { ...options, format: this.formatOf(options) });
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
  ): Promise<Formatted<F, RawTrackingRequestDocument, MappedTrackingRequest>> {
    return waitFor(this, id, { ...options, format: this.formatOf(options) });
  }
}

type TrackingRequestCreateAttributes =
  Schemas['TrackingRequestCreateRequest']['data']['attributes'];
