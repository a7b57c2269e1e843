import type { APIClient, ListIterationOptions } from '../core/api-client.js';
import type { ResponseFormat } from '../core/format.js';
import type { OperationTypes } from '../generated/operation-types.js';
import type { OperationId } from '../generated/operations.js';

/** Pagination of a list call: `page` an integer from 1, `pageSize` an integer from 1 to 100; anything else is an `InvalidArgumentError`, nothing sent. */
export interface PageParams extends ListIterationOptions {
  /** Page number, from 1 (default 1). */
  page?: number;
  /** Records per page, 1 to 100 (default 30). */
  pageSize?: number;
}

/** The `include` values operation `Id` accepts, from the spec (`never` when it has none). */
export type IncludeOf<Id extends OperationId> = OperationTypes[Id]['include'];

/** What every resource group shares: the core client and the default format. */
export abstract class Resource<DF extends ResponseFormat> {
  /** @internal */
  protected readonly core: APIClient;

  constructor(core: APIClient) {
    this.core = core;
  }

  /** Ties the class to its default format, so `Containers<'raw'>` and `Containers<'mapped'>` differ as types. */
  declare protected readonly defaultFormat: DF;
}
