import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { components } from '../generated/openapi.js';
import { asMapped, shapeList } from '../internal/shape.js';
import type { MappedContainer } from '../mapped/cargo.js';
import type { MappedRawEvent, MappedTransportEvent } from '../mapped/events.js';
import { mapRefreshResult } from '../mapped/plain.js';
import type { MappedRoute } from '../mapped/route.js';
import type { MappedRefreshResult } from '../mapped/webhooks.js';
import {
  type CallOptions,
  type DateTimeInput,
  type IncludeOf,
  isoDate,
  type PageParams,
  pageQuery,
  type QueryOf,
  Resource,
  requestOptions,
} from './shared.js';

type Schemas = components['schemas'];

/** A container resource as the service sends it. */
export type RawContainer = Schemas['Container'];
/** `GET /containers/{id}` as received. */
export type RawContainerDocument = Schemas['ContainerDocument'];
/** `GET /containers` as received. */
export type RawContainerListDocument = Schemas['ContainerListDocument'];
/** A transport event resource as received. */
export type RawTransportEvent = Schemas['TransportEvent'];
/** `GET /containers/{id}/transport_events` as received. */
export type RawTransportEventListDocument = Schemas['TransportEventListDocument'];
/** A raw (carrier) event resource as received. */
export type RawEventResource = Schemas['RawEvent'];
/** `GET /containers/{id}/raw_events` as received. */
export type RawEventListDocument = Schemas['RawEventListDocument'];
/** `GET /containers/{id}/route` as received. */
export type RawRouteDocument = Schemas['RouteDocument'];
/** `PATCH /containers/{id}/refresh` as received. */
export type RawRefreshResult = Schemas['RefreshContainerResult'];

/** What `include` accepts on containers. */
export type ContainerInclude = IncludeOf<'listContainers'>;

/** Filters of `containers.list`, sent as `filter[...]`. */
export interface ContainerFilter {
  /** Only containers in this `current_status`. */
  status?: QueryOf<'listContainers'>['filter[status]'];
  /** UN/LOCODE of the port of discharge of the container's shipment. */
  port?: string;
  /** SCAC of the shipping line. */
  carrier?: string;
  /** Only containers changed after this time. */
  updatedAfter?: DateTimeInput;
}

/** Parameters of `containers.list`. */
export interface ContainerListParams<F extends ResponseFormat> extends PageParams, CallOptions<F> {
  /** Container number, bill of lading, booking or reference number. */
  q?: string;
  include?: ContainerInclude[];
  filter?: ContainerFilter;
}

/** Options of `containers.get`. */
export interface ContainerGetOptions<F extends ResponseFormat> extends CallOptions<F> {
  include?: ContainerInclude[];
}

/** Parameters of `containers.transportEvents`. */
export interface TransportEventListParams<F extends ResponseFormat>
  extends PageParams,
    CallOptions<F> {
  include?: IncludeOf<'listContainerTransportEvents'>[];
}

/** Parameters of `containers.rawEvents`. */
export interface RawEventListParams<F extends ResponseFormat> extends PageParams, CallOptions<F> {
  include?: IncludeOf<'listContainerRawEvents'>[];
}

/** `client.containers`: containers, their events, refresh and route. */
export class Containers<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists containers (`GET /containers`); await for a page, or `for await` over all. */
  list<F extends ResponseFormat = DF>(
    params: ContainerListParams<F> = {},
  ): PagePromise<Formatted<F, RawContainer, MappedContainer>, RawContainerListDocument> {
    const format = this.formatOf(params);
    const { filter = {} } = params;
    return this.core.list(
      'listContainers',
      (init) =>
        this.core.api.GET('/containers', {
          ...init,
          params: {
            query: {
              ...pageQuery(params),
              include: params.include,
              q: params.q,
              'filter[status]': filter.status,
              'filter[port]': filter.port,
              'filter[carrier]': filter.carrier,
              'filter[updated_after]': isoDate(filter.updatedAfter),
            },
          },
        }),
      requestOptions(params),
      (document: RawContainerListDocument) =>
        shapeList(format, document, asMapped<MappedContainer>),
    );
  }

  /** Gets one container (`GET /containers/{id}`); `include: ['shipment']` adds its shipment. */
  async get<F extends ResponseFormat = DF>(
    id: string,
    options: ContainerGetOptions<F> = {},
  ): Promise<Formatted<F, RawContainerDocument, MappedContainer>> {
    return this.one<F, RawContainerDocument, MappedContainer>(
      'getContainer',
      (init) =>
        this.core.api.GET('/containers/{id}', {
          ...init,
          params: { path: { id }, query: { include: options.include } },
        }),
      options,
      asMapped<MappedContainer>,
    );
  }

  /** Lists a container's transport events (`GET /containers/{id}/transport_events`). */
  transportEvents<F extends ResponseFormat = DF>(
    id: string,
    params: TransportEventListParams<F> = {},
  ): PagePromise<
    Formatted<F, RawTransportEvent, MappedTransportEvent>,
    RawTransportEventListDocument
  > {
    const format = this.formatOf(params);
    return this.core.list(
      'listContainerTransportEvents',
      (init) =>
        this.core.api.GET('/containers/{id}/transport_events', {
          ...init,
          params: { path: { id }, query: { ...pageQuery(params), include: params.include } },
        }),
      requestOptions(params),
      (document: RawTransportEventListDocument) =>
        shapeList(format, document, asMapped<MappedTransportEvent>),
    );
  }

  /** Lists a container's raw carrier events (`GET /containers/{id}/raw_events`). */
  rawEvents<F extends ResponseFormat = DF>(
    id: string,
    params: RawEventListParams<F> = {},
  ): PagePromise<Formatted<F, RawEventResource, MappedRawEvent>, RawEventListDocument> {
    const format = this.formatOf(params);
    return this.core.list(
      'listContainerRawEvents',
      (init) =>
        this.core.api.GET('/containers/{id}/raw_events', {
          ...init,
          params: { path: { id }, query: { ...pageQuery(params), include: params.include } },
        }),
      requestOptions(params),
      (document: RawEventListDocument) => shapeList(format, document, asMapped<MappedRawEvent>),
    );
  }

  /**
   * Asks the service to check the terminal now (`PATCH /containers/{id}/refresh`).
   * Its bucket allows 10 per minute; 403 when the account lacks the feature.
   */
  async refresh<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawRefreshResult, MappedRefreshResult>> {
    return this.plain<F, RawRefreshResult, MappedRefreshResult>(
      'refreshContainer',
      (init) =>
        this.core.api.PATCH('/containers/{id}/refresh', { ...init, params: { path: { id } } }),
      options,
      mapRefreshResult,
    );
  }

  /** Gets a container's route with its stops (`GET /containers/{id}/route`); a paid feature. */
  async route<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawRouteDocument, MappedRoute>> {
    return this.one<F, RawRouteDocument, MappedRoute>(
      'getContainerRoute',
      (init) => this.core.api.GET('/containers/{id}/route', { ...init, params: { path: { id } } }),
      options,
      asMapped<MappedRoute>,
    );
  }
}
