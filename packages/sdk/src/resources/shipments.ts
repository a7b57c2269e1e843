import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { InvalidArgumentError } from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type {
  GetShipmentParams,
  ListShipmentsFilter,
  ListShipmentsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { ShipmentsBase } from '../generated/resources/shipments.js';
import type { MappedShipment } from '../mapped/shipment.js';
import { EntityCustomFields } from './custom-fields.js';
import type { IncludeOf } from './shared.js';

/** What `include` accepts on shipments. */
export type ShipmentInclude = IncludeOf<'listShipments'>;

/** Filters of `shipments.list`, sent as `filter[...]`; an unknown one is an error, never dropped. */
export interface ShipmentFilter extends ListShipmentsFilter {}

/** Parameters of `shipments.list`. */
export interface ShipmentListParams<F extends ResponseFormat> extends ListShipmentsParams<F> {}

/** Options of `shipments.get`. */
export interface ShipmentGetOptions<F extends ResponseFormat> extends GetShipmentParams<F> {}

/** What `shipments.update` changes; members left out are not changed. */
export interface ShipmentUpdate {
  refNumbers?: string[];
  tags?: string[];
}

/** `client.shipments`: shipments, their edits, and stopping or resuming tracking. */
export class Shipments<DF extends ResponseFormat> extends ShipmentsBase<DF> {
  /** Replaces the reference numbers and/or tags of a shipment (`PATCH /shipments/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: ShipmentUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawShipmentDocument, MappedShipment>> {
    return this.core.one('updateShipment', {
      path: { id },
      options,
      extra,
      body: () => {
        const { refNumbers, tags } = changes ?? {};
        if (refNumbers === undefined && tags === undefined) {
          throw new InvalidArgumentError(
            'changes',
            'shipments.update needs `changes` with `refNumbers` and/or `tags`. Nothing was sent.',
          );
        }
        return {
          data: { type: 'shipment', id: id.trim(), attributes: { ref_numbers: refNumbers, tags } },
        };
      },
    });
  }

  /** The custom fields of one shipment, by `apiSlug`: list, create, update, delete. */
  customFields(id: string): EntityCustomFields<'shipment', DF> {
    return new EntityCustomFields(this.core, 'shipment', id);
  }
}
