/** Search results: shipments, containers and tracking requests matching a number. */
import * as z from 'zod';
import { SEARCH_ENTITY_TYPE_VALUES } from '../generated/enums.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type { OpenEnum, SearchEntityType } from './enums.js';

/**
 * A shipment, container (`cargo`) or tracking request matching a search,
 * flattened into one record; `id` is the id of the record it stands for.
 */
export interface MappedSearchResult extends MappedResourceBase {
  type: 'search_result';
  /** What the result stands for: `shipment`, `cargo` (a container) or `tracking_request`. */
  entityType: OpenEnum<SearchEntityType> | null;
  /** The bill of lading, container or request number. */
  number?: string | null;
  shipmentId?: string | null;
  scac?: string | null;
  portOfLadingName?: string | null;
  portOfDischargeName?: string | null;
  containersCount?: number | null;
  trackingStopped?: boolean | null;
  trackingStoppedReason?: string | null;
  /** The container's `current_status` or the tracking request's `status`. */
  status?: string | null;
  failedReason?: string | null;
  refNumbers?: string[] | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** Schema of {@link MappedSearchResult}. */
export const MappedSearchResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('search_result'),
    entityType: built(openEnum(SEARCH_ENTITY_TYPE_VALUES)),
    number: sentText(),
    shipmentId: sentText(),
    scac: sentText(),
    portOfLadingName: sentText(),
    portOfDischargeName: sentText(),
    containersCount: sent(z.number()),
    trackingStopped: sent(z.boolean()),
    trackingStoppedReason: sentText(),
    status: sentText(),
    failedReason: sentText(),
    refNumbers: sent(z.array(z.string())),
    createdAt: sentText(),
    updatedAt: sentText(),
  }),
);

type _SearchAgrees = Assert<Agrees<MappedSearchResult, typeof MappedSearchResultSchema>>;
