import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { components } from '../generated/openapi.js';
import { asMapped, shapeList } from '../internal/shape.js';
import type { MappedShipment } from '../mapped/cargo.js';
import {
  type CallOptions,
  type DateTimeInput,
  type IncludeOf,
  isoDate,
  JSON_API_BODY,
  type PageParams,
  pageQuery,
  type QueryOf,
  Resource,
  requestOptions,
} from './shared.js';

type Schemas = components['schemas'];

/** A shipment resource as the service sends it. */
export type RawShipment = Schemas['Shipment'];
/** `GET /shipments/{id}` (and the edit operations) as received. */
export type RawShipmentDocument = Schemas['ShipmentDocument'];
/** `GET /shipments` as received. */
export type RawShipmentListDocument = Schemas['ShipmentListDocument'];

/** What `include` accepts on shipments. */
export type ShipmentInclude = IncludeOf<'listShipments'>;

/** Filters of `shipments.list`, sent as `filter[...]`. */
export interface ShipmentFilter {
  /** `true` for shipments no longer tracked at the carrier, `false` for tracked ones. */
  trackingStopped?: boolean;
  /** UN/LOCODE of the port of lading, port of discharge or destination. */
  port?: string;
  /** SCAC of the shipping line. */
  carrier?: string;
  /** Only shipments changed after this time. */
  updatedAfter?: DateTimeInput;
  /** Only shipments with a container in this `current_status`. */
  containerStatus?: QueryOf<'listShipments'>['filter[container_status]'];
}

/** Parameters of `shipments.list`. */
export interface ShipmentListParams<F extends ResponseFormat> extends PageParams, CallOptions<F> {
  /** Free text over bill of lading, reference and container numbers. */
  q?: string;
  /** Exact bill of lading number. */
  number?: string;
  include?: ShipmentInclude[];
  filter?: ShipmentFilter;
}

/** Options of `shipments.get`. */
export interface ShipmentGetOptions<F extends ResponseFormat> extends CallOptions<F> {
  include?: ShipmentInclude[];
}

/** What `shipments.update` changes; members left out are not changed. */
export interface ShipmentUpdate {
  refNumbers?: string[];
  tags?: string[];
}

/** `client.shipments`: shipments, their edits, and stopping or resuming tracking. */
export class Shipments<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists shipments (`GET /shipments`); await for a page, or `for await` over all. */
  list<F extends ResponseFormat = DF>(
    params: ShipmentListParams<F> = {},
  ): PagePromise<Formatted<F, RawShipment, MappedShipment>, RawShipmentListDocument> {
    const format = this.formatOf(params);
    const { filter = {} } = params;
    return this.core.list(
      'listShipments',
      (init) =>
        this.core.api.GET('/shipments', {
          ...init,
          params: {
            query: {
              ...pageQuery(params),
              include: params.include,
              q: params.q,
              number: params.number,
              'filter[tracking_stopped]': filter.trackingStopped,
              'filter[port]': filter.port,
              'filter[carrier]': filter.carrier,
              'filter[updated_after]': isoDate(filter.updatedAfter),
              'filter[container_status]': filter.containerStatus,
            },
          },
        }),
      requestOptions(params),
      (document: RawShipmentListDocument) => shapeList(format, document, asMapped<MappedShipment>),
    );
  }

  /** Gets one shipment (`GET /shipments/{id}`); `include: ['containers']` adds its containers. */
  async get<F extends ResponseFormat = DF>(
    id: string,
    options: ShipmentGetOptions<F> = {},
  ): Promise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.one<F, RawShipmentDocument, MappedShipment>(
      'getShipment',
      (init) =>
        this.core.api.GET('/shipments/{id}', {
          ...init,
          params: { path: { id }, query: { include: options.include } },
        }),
      options,
      asMapped<MappedShipment>,
    );
  }

  /** Replaces the reference numbers and/or tags of a shipment (`PATCH /shipments/{id}`). */
  async update<F extends ResponseFormat = DF>(
    id: string,
    changes: ShipmentUpdate,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    const attributes: { ref_numbers?: string[]; tags?: string[] } = {};
    if (changes.refNumbers !== undefined) attributes.ref_numbers = changes.refNumbers;
    if (changes.tags !== undefined) attributes.tags = changes.tags;
    return this.one<F, RawShipmentDocument, MappedShipment>(
      'updateShipment',
      (init) =>
        this.core.api.PATCH('/shipments/{id}', {
          ...init,
          headers: JSON_API_BODY,
          params: { path: { id } },
          body: { data: { type: 'shipment', id, attributes } },
        }),
      options,
      asMapped<MappedShipment>,
    );
  }

  /** Stops checking the carrier for a shipment (`PATCH /shipments/{id}/stop_tracking`). */
  async stopTracking<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.one<F, RawShipmentDocument, MappedShipment>(
      'stopTrackingShipment',
      (init) =>
        this.core.api.PATCH('/shipments/{id}/stop_tracking', {
          ...init,
          headers: JSON_API_BODY,
          params: { path: { id } },
          body: { data: { type: 'shipment', id } },
        }),
      options,
      asMapped<MappedShipment>,
    );
  }

  /** Starts checking the carrier again (`PATCH /shipments/{id}/resume_tracking`). */
  async resumeTracking<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.one<F, RawShipmentDocument, MappedShipment>(
      'resumeTrackingShipment',
      (init) =>
        this.core.api.PATCH('/shipments/{id}/resume_tracking', {
          ...init,
          headers: JSON_API_BODY,
          params: { path: { id } },
          body: { data: { type: 'shipment', id } },
        }),
      options,
      asMapped<MappedShipment>,
    );
  }
}
