import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { components } from '../generated/openapi.js';
import { asMapped, shapeList } from '../internal/shape.js';
import type { MappedShippingLine } from '../mapped/tracking.js';
import {
  type CallOptions,
  type PageParams,
  pageQuery,
  Resource,
  requestOptions,
} from './shared.js';

/** A shipping line resource as the service sends it. */
export type RawShippingLine = components['schemas']['ShippingLine'];
/** `GET /shipping_lines` as received. */
export type RawShippingLineListDocument = components['schemas']['ShippingLineListDocument'];

/** Parameters of `shippingLines.list`. */
export interface ShippingLineListParams<F extends ResponseFormat>
  extends PageParams,
    CallOptions<F> {
  /** Case-insensitive text matched against name, short name and SCAC. */
  q?: string;
}

/** `client.shippingLines`: the carriers the service can track. */
export class ShippingLines<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists supported carriers (`GET /shipping_lines`); `for await` walks all pages. */
  list<F extends ResponseFormat = DF>(
    params: ShippingLineListParams<F> = {},
  ): PagePromise<Formatted<F, RawShippingLine, MappedShippingLine>, RawShippingLineListDocument> {
    const format = this.formatOf(params);
    return this.core.list(
      'listShippingLines',
      (init) =>
        this.core.api.GET('/shipping_lines', {
          ...init,
          params: { query: { ...pageQuery(params), q: params.q } },
        }),
      requestOptions(params),
      (document: RawShippingLineListDocument) =>
        shapeList(format, document, asMapped<MappedShippingLine>),
    );
  }
}
