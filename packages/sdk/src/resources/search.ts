import type { APIClient, CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type * as raw from '../generated/raw-documents.js';
import { mapAll } from '../internal/shape.js';
import type { MappedSearchResult } from '../mapped/search.js';

/**
 * Searches the account's shipments, containers and tracking requests by
 * bill of lading, container, booking, request or reference number (partial
 * matches included): shipments first, then containers, then tracking
 * requests, newest first, at most 25.
 */
export function search<F extends ResponseFormat>(
  core: APIClient,
  query: string,
  options: CallOptions<F>,
  extra: readonly never[],
): APIPromise<Formatted<F, raw.RawSearchResultListDocument, MappedSearchResult[]>> {
  return core.plain(
    'search',
    { query: { query }, options, extra },
    // Safe: every item of this document is a search_result.
    (raw) => mapAll(raw) as MappedSearchResult[],
  );
}
