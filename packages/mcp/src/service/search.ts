import {
  APIError,
  type MappedContainer,
  type MappedSearchResult,
  type SearchEntityType,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { SEARCH_ENTITY_TYPE_VALUES } from '@shiptrack/sdk/spec';
import { isKnownValue } from '../core/known-values.js';
import { fetchContainer } from './containers.js';

/** What `GET /search` returned, by the kind of record each result stands for. */
export interface SearchFindings {
  shipments: MappedSearchResult[];
  /** `cargo` results: containers. */
  containers: MappedSearchResult[];
  trackingRequests: MappedSearchResult[];
  /** Results of a kind the service added since (open `entity_type`): counted, not shown. */
  others: MappedSearchResult[];
  /** Every result the search returned (it returns at most 25). */
  total: number;
}

/**
 * Searches the account (`client.search`): shipments, containers and
 * tracking requests whose bill of lading, container, booking, request or
 * reference number matches, partial matches included. One request.
 */
export async function searchAccount(
  client: ShiptrackClient,
  query: string,
): Promise<SearchFindings> {
  const results = await client.search(query, { format: 'mapped' });
  const of = (kind: SearchEntityType) => results.filter((result) => result.entityType === kind);
  return {
    shipments: of('shipment'),
    containers: of('cargo'),
    trackingRequests: of('tracking_request'),
    others: results.filter((result) => !isKnownValue(SEARCH_ENTITY_TYPE_VALUES, result.entityType)),
    total: results.length,
  };
}

/**
 * Reads the containers of search results (a search result carries no
 * terminal and no destination), with their shipment and terminal, one
 * request each, in parallel. A container that cannot be read (gone since,
 * or the service failing) maps to `null`, so the result can still be shown
 * from what the search said.
 */
export async function readContainers(
  client: ShiptrackClient,
  hits: readonly MappedSearchResult[],
): Promise<Map<string, MappedContainer | null>> {
  const read = await Promise.all(
    hits.map(async (hit): Promise<[string, MappedContainer | null]> => {
      try {
        return [hit.id, await fetchContainer(client, hit.id, ['shipment', 'pod_terminal'])];
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        return [hit.id, null];
      }
    }),
  );
  return new Map(read);
}
