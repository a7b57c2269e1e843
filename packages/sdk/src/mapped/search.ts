/** Search results: shipments, containers and tracking requests matching a number. */
import type { SearchResultSentMembers } from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
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
