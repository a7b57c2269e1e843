import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListShippingLinesParams } from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import type { MappedShippingLine } from '../mapped/tracking.js';
import { Resource } from './shared.js';

/** Parameters of `shippingLines.list`. */
export interface ShippingLineListParams<F extends ResponseFormat>
  extends ListShippingLinesParams<F> {}

/** `client.shippingLines`: the carriers the service can track. */
export class ShippingLines<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists supported carriers (`GET /shipping_lines`); `for await` walks all pages. */
  list<F extends ResponseFormat = DF>(
    params: ShippingLineListParams<F> = {},
    ...extra: never[]
  ): PagePromise<
    Formatted<F, raw.RawShippingLine, MappedShippingLine>,
    raw.RawShippingLineListDocument
  > {
    return this.core.list('listShippingLines', { options: params, extra });
  }

  /** Gets one carrier (`GET /shipping_lines/{id}`). */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawShippingLineDocument, MappedShippingLine>> {
    return this.core.one('getShippingLine', { path: { id }, options, extra });
  }
}
