import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type DateTimeInput, isoDate, knownFilter, requireText } from '../core/arguments.js';
import { InvalidArgumentError } from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { SpecSchema } from '../core/operation.js';
import type { PagePromise } from '../core/pagination.js';
import type { ContainerStatus } from '../mapped/enums.js';
import type { MappedShipment } from '../mapped/shipment.js';
import { filterNames, type IncludeOf, type PageParams, pageQuery, Resource } from './shared.js';

/** A shipment resource as the service sends it. */
export interface RawShipment extends SpecSchema<'Shipment'> {}
/** `GET /shipments/{id}` (and the edit operations) as received. */
export interface RawShipmentDocument extends SpecSchema<'ShipmentDocument'> {}
/** `GET /shipments` as received. */
export interface RawShipmentListDocument extends SpecSchema<'ShipmentListDocument'> {}

/** What `include` accepts on shipments. */
export type ShipmentInclude = IncludeOf<'listShipments'>;

/** Filters of `shipments.list`, sent as `filter[...]`; an unknown one is an error, never dropped. */
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
  containerStatus?: ContainerStatus;
}

const FILTERS = filterNames<ShipmentFilter>({
  trackingStopped: true,
  port: true,
  carrier: true,
  updatedAfter: true,
  containerStatus: true,
});

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

const ID = "the shipment's id (from shipments.list or a tracking request's trackedObjectId)";

/** `client.shipments`: shipments, their edits, and stopping or resuming tracking. */
export class Shipments<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists shipments (`GET /shipments`); await for a page, or `for await` over all. */
  list<F extends ResponseFormat = DF>(
    params: ShipmentListParams<F> = {},
  ): PagePromise<Formatted<F, RawShipment, MappedShipment>, RawShipmentListDocument> {
    return this.core.list('listShipments', params, () => {
      const call = 'shipments.list';
      const filter = knownFilter(call, params.filter, FILTERS);
      return {
        params: {
          query: {
            ...pageQuery(call, params),
            include: params.include,
            q: params.q,
            number: params.number,
            'filter[tracking_stopped]': filter.trackingStopped,
            'filter[port]': filter.port,
            'filter[carrier]': filter.carrier,
            'filter[updated_after]': isoDate(call, 'filter.updatedAfter', filter.updatedAfter),
            'filter[container_status]': filter.containerStatus,
          },
        },
      };
    });
  }

  /** Gets one shipment (`GET /shipments/{id}`); `include: ['containers']` adds its containers. */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: ShipmentGetOptions<F> = {},
  ): APIPromise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.core.one('getShipment', options, () => ({
      params: {
        path: { id: requireText('shipments.get', 'id', id, ID) },
        query: { include: options.include },
      },
    }));
  }

  /** Replaces the reference numbers and/or tags of a shipment (`PATCH /shipments/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: ShipmentUpdate,
    options: CallOptions<F> = {},
  ): APIPromise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.core.one('updateShipment', options, () => {
      const shipmentId = requireText('shipments.update', 'id', id, ID);
      const { refNumbers, tags } = changes ?? {};
      if (refNumbers === undefined && tags === undefined) {
        throw new InvalidArgumentError(
          'changes',
          'shipments.update needs `changes` with `refNumbers` and/or `tags`. Nothing was sent.',
        );
      }
      return {
        params: { path: { id: shipmentId } },
        body: {
          data: { type: 'shipment', id: shipmentId, attributes: { ref_numbers: refNumbers, tags } },
        },
      };
    });
  }

  /** Stops checking the carrier for a shipment (`PATCH /shipments/{id}/stop_tracking`). */
  stopTracking<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): APIPromise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.core.one('stopTrackingShipment', options, () => {
      const shipmentId = requireText('shipments.stopTracking', 'id', id, ID);
      return {
        params: { path: { id: shipmentId } },
        body: { data: { type: 'shipment', id: shipmentId } },
      };
    });
  }

  /** Starts checking the carrier again (`PATCH /shipments/{id}/resume_tracking`). */
  resumeTracking<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): APIPromise<Formatted<F, RawShipmentDocument, MappedShipment>> {
    return this.core.one('resumeTrackingShipment', options, () => {
      const shipmentId = requireText('shipments.resumeTracking', 'id', id, ID);
      return {
        params: { path: { id: shipmentId } },
        body: { data: { type: 'shipment', id: shipmentId } },
      };
    });
  }
}
