/** Where a list's page stands, in the success envelope of a list command. */
export interface PageInfo {
  /** The page number asked for (1 when not given). */
  page: number;
  /** The page size asked for; `null` for the service's default. */
  pageSize: number | null;
  /** Records on this page. */
  count: number;
  /** The service's total, when it sent one; else `null`. */
  total: number | null;
  /** Whether the service links to a next page. */
  hasMore: boolean;
}

/** The JSON envelope of a success (written to stdout). */
export interface SuccessEnvelope<T = unknown> {
  ok: true;
  data: T;
  /** Present on list commands. */
  page?: PageInfo;
}
