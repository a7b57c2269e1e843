import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { refNumberList } from '../core/arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type {
  GetContainerParams,
  ListContainerRawEventsParams,
  ListContainersFilter,
  ListContainersParams,
  ListContainerTransportEventsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { ContainersBase } from '../generated/resources/containers.js';
import type { MappedContainer } from '../mapped/container.js';
import { EntityCustomFields } from './custom-fields.js';
import type { IncludeOf } from './shared.js';

/** What `include` accepts on containers: `shipment`, `pod_terminal`, `transport_events`. */
export type ContainerInclude = IncludeOf<'listContainers'>;

/** Filters of `containers.list`, sent as `filter[...]`; an unknown one is an error, never dropped. */
export interface ContainerFilter extends ListContainersFilter {}

/** Parameters of `containers.list`. */
export interface ContainerListParams<F extends ResponseFormat> extends ListContainersParams<F> {}

/** Options of `containers.get`. */
export interface ContainerGetOptions<F extends ResponseFormat> extends GetContainerParams<F> {}

/** Parameters of `containers.transportEvents`. */
export interface TransportEventListParams<F extends ResponseFormat>
  extends ListContainerTransportEventsParams<F> {}

/** Parameters of `containers.rawEvents`. */
export interface RawEventListParams<F extends ResponseFormat>
  extends ListContainerRawEventsParams<F> {}

/** What `containers.update` changes. */
export interface ContainerUpdate {
  /** Replaces the container's reference numbers. */
  refNumbers: string[];
}

/** `client.containers`: containers, their events, refresh, route, map, edits and custom fields. */
export class Containers<DF extends ResponseFormat> extends ContainersBase<DF> {
  /** Replaces the reference numbers of a container (`PATCH /containers/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: ContainerUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawContainerDocument, MappedContainer>> {
    return this.core.one('updateContainer', {
      path: { id },
      options,
      extra,
      body: () => {
        const refNumbers = refNumberList('containers.update', changes?.refNumbers);
        return {
          data: { type: 'container', id: id.trim(), attributes: { ref_numbers: refNumbers } },
        };
      },
    });
  }

  /** The custom fields of one container, by `apiSlug`: list, create, update, delete. */
  customFields(id: string): EntityCustomFields<'container', DF> {
    return new EntityCustomFields(this.core, 'container', id);
  }
}
