import * as z from 'zod';
import { lazy } from './lazy.js';
import type { PageRequest, ServicePage } from './lists.js';
import type { ProgressReporter } from './progress.js';

/** One filter of a list tool and how this server checks it on each row. */
export interface RowFilter<T> {
  /** The tool parameter, e.g. `status`. */
  name: string;
  value: string;
  /**
   * The row test: true keeps the row, false drops it, `undefined` when this
   * row does not carry what the filter needs (kept, and reported as not
   * checked). `null` when no row can be checked.
   */
  test: ((row: T) => boolean | undefined) | null;
  /** Why it cannot be checked, when `test` is null. */
  unchecked?: string;
}

/** Rows scanned at most when the service did not apply a filter. */
export const SCAN_LIMIT = 500;

/** Paging of a list answer, explained. */
export const PagingSchema = lazy(() =>
  z.object({
    page: z.number(),
    pageSize: z.number(),
    returned: z.number(),
    total: z.number().nullable().describe('null: unknown'),
    hasMore: z.boolean().describe('true: call again with page + 1'),
    complete: z.boolean().describe('false: the scan stopped at its cap, counts are lower bounds'),
    scanned: z.number().describe('rows read from the service'),
    asOf: z.string().optional().describe('from the mirror: its copy as of (no REST call)'),
  }),
);

/** Which filters were checked on the rows and which could not be. */
export const FilterReportSchema = lazy(() =>
  z.object({
    checked: z.array(z.object({ name: z.string(), value: z.string() })),
    notApplied: z.array(z.object({ name: z.string(), value: z.string(), reason: z.string() })),
  }),
);

/** The paging of a list answer. */
export type Paging = z.infer<ReturnType<typeof PagingSchema>>;
/** The filter report of a list answer. */
export type FilterReport = z.infer<ReturnType<typeof FilterReportSchema>>;

/** A filtered page: its rows, paging and what the filters did. */
export interface FilteredPage<T> {
  rows: T[];
  paging: Paging;
  filters: FilterReport;
}

/** What {@link filteredPage} needs. */
export interface FilteredPageRequest<T> extends PageRequest {
  /** The tool, for progress messages. */
  tool: string;
  filters: readonly RowFilter<T>[];
  /** Loads one page of the service's list (filters already sent as `filter[...]`). */
  load: (request: PageRequest) => Promise<ServicePage<T>>;
  /** Told about each page a scan reads (for progress notifications). */
  progress?: ProgressReporter;
}

function report<T>(filters: readonly RowFilter<T>[], rows: readonly T[]): FilterReport {
  const checked: FilterReport['checked'] = [];
  const notApplied: FilterReport['notApplied'] = [];
  for (const { name, value, test, unchecked } of filters) {
    const reason = unchecked ?? 'rows do not carry this field';
    if (!test) {
      notApplied.push({ name, value, reason });
      continue;
    }
    const blind = rows.filter((row) => test(row) === undefined).length;
    if (blind === 0) checked.push({ name, value });
    else
      notApplied.push({ name, value, reason: `${blind} row(s) shown: ${reason}, kept unchecked` });
  }
  return { checked, notApplied };
}

/**
 * One page of a filtered list that never passes off unfiltered rows as the
 * answer. Filters go to the service; every returned row is checked here as
 * well. When the service honoured them, its page and total stand. When rows
 * had to be dropped, the service did not apply a filter, so this scans the
 * list from its start (up to {@link SCAN_LIMIT} rows), filters it here and
 * cuts the requested page from the matches; `complete` tells whether the
 * scan reached the end, and the total is only given when it did.
 */
export async function filteredPage<T>(request: FilteredPageRequest<T>): Promise<FilteredPage<T>> {
  const { page, pageSize, tool, filters, load } = request;
  const tests = filters.flatMap((filter) => (filter.test ? [filter.test] : []));
  const keep = (row: T) => tests.every((test) => test(row) !== false);
  const first = await load({ page, pageSize });
  const passing = first.rows.filter(keep);
  if (passing.length === first.rows.length) {
    return {
      rows: passing,
      paging: {
        page,
        pageSize,
        returned: passing.length,
        total: first.total,
        hasMore: first.hasNext,
        complete: true,
        scanned: first.rows.length,
      },
      filters: report(filters, passing),
    };
  }
  const matches: T[] = [];
  const wanted = page * pageSize;
  let scanned = 0;
  let exhausted = false;
  for (let servicePage = 1; scanned < SCAN_LIMIT && matches.length <= wanted; servicePage++) {
    const chunk = await load({ page: servicePage, pageSize: 100 });
    scanned += chunk.rows.length;
    matches.push(...chunk.rows.filter(keep));
    request.progress?.({
      progress: scanned,
      total: Math.min(SCAN_LIMIT, chunk.total ?? SCAN_LIMIT),
      message: `${tool}: ${scanned} rows scanned, ${matches.length} match`,
    });
    if (!chunk.hasNext || chunk.rows.length === 0) {
      exhausted = true;
      break;
    }
  }
  const rows = matches.slice((page - 1) * pageSize, wanted);
  const hasMore = matches.length > wanted || !exhausted;
  return {
    rows,
    paging: {
      page,
      pageSize,
      returned: rows.length,
      total: exhausted ? matches.length : null,
      hasMore,
      complete: exhausted,
      scanned,
    },
    filters: report(filters, rows),
  };
}

/**
 * The filter report as a list answer carries it: left out when no filter
 * was given, so a page without filters pays no bytes for an empty report.
 */
export function filtersMember(filters: FilterReport): { filters?: FilterReport } {
  return filters.checked.length + filters.notApplied.length > 0 ? { filters } : {};
}

/**
 * The text of a page's paging and filter notes: one short line when the
 * service applied the filters, e.g. `Page 1 (size 25): 25 of 40 shown; next: page 2.`
 */
export function renderPaging(paging: Paging, filters: FilterReport): string {
  const shown =
    paging.total === null
      ? `${paging.returned} shown, total unknown`
      : `${paging.returned} of ${paging.total} shown`;
  const lines = [
    `Page ${paging.page} (size ${paging.pageSize}): ${shown}; ${paging.hasMore ? `next: page ${paging.page + 1}` : 'last page'}.`,
  ];
  if (!paging.complete) {
    lines.push(
      `The service did not apply the filters; ${paging.scanned} rows were scanned here and the scan stopped at its cap, so there may be more matches.`,
    );
  } else if (paging.scanned > paging.returned && filters.checked.length > 0) {
    lines.push(
      `The service did not apply the filters; all ${paging.scanned} rows were checked here.`,
    );
  }
  for (const filter of filters.notApplied) {
    lines.push(
      `Filter ${filter.name}=${filter.value} was sent to the service but not checked here: ${filter.reason}.`,
    );
  }
  return lines.join('\n');
}
