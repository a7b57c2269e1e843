import type { ResponseFormat } from '../core/format.js';
import type { ListShippingLinesParams } from '../generated/parameters.js';

/** `client.shippingLines`: every method is generated from the spec. */
export { ShippingLines } from '../generated/resources/shipping-lines.js';

/** Parameters of `shippingLines.list`. */
export interface ShippingLineListParams<F extends ResponseFormat>
  extends ListShippingLinesParams<F> {}
