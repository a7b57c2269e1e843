/**
 * The list tools' pages read from the mirror: the filters run in its
 * database, the records are mapped with the SDK's own mapper (the models a
 * REST answer has), and the paging is exact (the total is counted).
 */
import type { MirroredRecord, MirrorPage } from '@shiptrack/mirror';
import {
  type MappedContainer,
  type MappedShipment,
  type MappedTrackingRequest,
  mapStoredResources,
} from '@shiptrack/sdk';
import type { MirrorSource } from '../core/context.js';
import type { FilteredPage } from '../core/filtered-list.js';
import type { PageRequest } from '../core/lists.js';
import type { AnswerSource } from './mirror-source.js';
import { isMirrorUnavailable, listSource, type MirrorLimit, shownAsOf } from './mirror-source.js';

/** A filter the mirror applied, as the filter report names it. */
export interface AppliedFilter {
  name: string;
  value: string;
}

/** A list page and where it came from. */
export interface SourcedPage<T> {
  page: FilteredPage<T>;
  source: AnswerSource;
}

/** Maps mirrored containers, resolved against their shipments. */
export function mappedContainers(
  items: readonly MirroredRecord[],
  related: readonly MirroredRecord[] = [],
): MappedContainer[] {
  // Safe: container resources resolved with the SDK's mapped shapes are its mapped containers.
  return mapStoredResources(items, related) as MappedContainer[];
}

/** Maps mirrored shipments, resolved against their containers. */
export function mappedShipments(
  items: readonly MirroredRecord[],
  related: readonly MirroredRecord[] = [],
): MappedShipment[] {
  // Safe: shipment resources resolved with the SDK's mapped shapes are its mapped shipments.
  return mapStoredResources(items, related) as MappedShipment[];
}

/** Maps mirrored tracking requests. */
export function mappedTrackingRequests(items: readonly MirroredRecord[]): MappedTrackingRequest[] {
  // Safe: tracking request resources resolved with the SDK's mapped shapes are its mapped requests.
  return mapStoredResources(items) as MappedTrackingRequest[];
}

/** A mirror page as a list tool's page: exact total, every filter checked, nothing scanned on REST. */
function toFilteredPage<T>(
  request: PageRequest,
  rows: T[],
  total: number,
  filters: readonly AppliedFilter[],
): FilteredPage<T> {
  const hasMore = (request.page - 1) * request.pageSize + rows.length < total;
  return {
    rows,
    paging: {
      page: request.page,
      pageSize: request.pageSize,
      returned: rows.length,
      total,
      hasMore,
      complete: true,
      scanned: 0,
    },
    filters: { checked: [...filters], notApplied: [] },
  };
}

/** What {@link sourcedPage} needs. */
export interface SourcedPageRequest<T> extends PageRequest {
  source: MirrorSource | undefined;
  /** Arguments the mirror cannot answer: given, they send the call to REST. */
  limits: readonly MirrorLimit[];
  /** The filters given, for the report of a mirror page. */
  filters: readonly AppliedFilter[];
  /** Reads the page from the mirror: its records, mapped, and the page's freshness. */
  fromMirror(
    mirror: MirrorSource['mirror'],
    window: { offset: number; limit: number },
  ): Promise<{
    rows: T[];
    page: MirrorPage;
  }>;
  /** Reads the page from REST (the tool's own filtered page). */
  fromRest(): Promise<FilteredPage<T>>;
}

/**
 * One page of a list tool from the mirror when it can answer (see
 * {@link listSource}), else from REST; says which. A mirror whose database
 * fails mid-call hands the call to REST as well.
 */
export async function sourcedPage<T>(request: SourcedPageRequest<T>): Promise<SourcedPage<T>> {
  const source = await listSource(request.source, request.limits);
  if (source.from === 'rest' || !request.source) {
    return { page: await request.fromRest(), source };
  }
  try {
    const { rows, page } = await request.fromMirror(request.source.mirror, {
      offset: (request.page - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return {
      page: toFilteredPage(request, rows, page.total, request.filters),
      source: { from: 'mirror', asOf: shownAsOf(page) ?? source.asOf },
    };
  } catch (error) {
    if (!isMirrorUnavailable(error)) throw error;
    return {
      page: await request.fromRest(),
      source: { from: 'rest', reason: "the mirror's database cannot be reached" },
    };
  }
}
