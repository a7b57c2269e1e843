/** Search results: shipments, containers and tracking requests matching a number. */
import * as z from 'zod';
import { SEARCH_ENTITY_TYPE_VALUES } from '../generated/enums.js';
import type { SearchResultSentMembers } from '../generated/mapped-members.js';
import { searchResultSentShape } from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  resourceMembers,
} from './common.js';
import type { OpenEnum, SearchEntityType } from './enums.js';

/**
 * A shipment, container (`cargo`) or tracking request matching a search,
 * flattened into one record; `id` is the id of the record it stands for.
 */
export interface MappedSearchResult extends MappedResourceBase, SearchResultSentMembers {
  type: 'search_result';
  /** What the result stands for: `shipment`, `cargo` (a container) or `tracking_request`. */
  entityType: OpenEnum<SearchEntityType> | null;
}

/** Schema of {@link MappedSearchResult}. */
export const MappedSearchResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('search_result'),
    entityType: built(openEnum(SEARCH_ENTITY_TYPE_VALUES)),
    ...searchResultSentShape,
  }),
);

type _SearchAgrees = Assert<Agrees<MappedSearchResult, typeof MappedSearchResultSchema>>;
