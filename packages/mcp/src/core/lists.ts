import type { Page } from '@shiptrack/sdk';

/** One page of a list as the tools need it, independent of the SDK's page class. */
export interface ServicePage<T> {
  rows: T[];
  /** The service's `meta.total`, when it sent one. */
  total: number | null;
  /** Whether `links.next` names another page. */
  hasNext: boolean;
}

/** Reads the parts of an SDK page the tools use. */
export function servicePage<T>(page: Page<T, unknown>): ServicePage<T> {
  const total = page.meta.total;
  return {
    rows: page.data,
    total: typeof total === 'number' ? total : null,
    hasNext: page.hasNextPage(),
  };
}

/** Page number and size of a list request. */
export interface PageRequest {
  page: number;
  pageSize: number;
}
