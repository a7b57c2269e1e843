import type { AnyToolDefinition } from '../core/define-tool.js';
import { getContainerRoute } from './container-route.js';
import { getContainer } from './get-container.js';
import { listContainersAtRisk } from './list-at-risk.js';
import { listContainers } from './list-containers.js';
import { listShipments } from './list-shipments.js';
import { listTrackingRequests } from './list-tracking-requests.js';
import { needsAttention } from './needs-attention.js';
import { searchContainer } from './search-container.js';
import { getShipmentDetails } from './shipment-details.js';
import { getSupportedShippingLines } from './shipping-lines.js';
import { trackContainer } from './track-container.js';
import { getContainerTransportEvents } from './transport-events.js';

/** Every tool of the server, in the order `tools/list` shows them. */
export const TOOLS: readonly AnyToolDefinition[] = [
  searchContainer,
  trackContainer,
  getContainer,
  getContainerTransportEvents,
  getShipmentDetails,
  getSupportedShippingLines,
  getContainerRoute,
  listShipments,
  listContainers,
  needsAttention,
  listTrackingRequests,
];

/**
 * Tools still served but left out of `tools/list`, for one release:
 * `list_containers_at_risk`, folded into `needs_attention` (its holds and
 * last free days are among that tool's items).
 */
export const UNLISTED_TOOLS: readonly AnyToolDefinition[] = [listContainersAtRisk];
