import type { APIClient, ListIterationOptions } from '../core/api-client.js';
import { pageNumber } from '../core/arguments.js';
import { InvalidArgumentError } from '../core/errors.js';
import type { ResponseFormat } from '../core/format.js';
import type { OperationInput } from '../core/operation.js';
import type { OperationId } from '../generated/operations.js';

/** Pagination of a list call: `page` from 1, `pageSize` 1 to 100 (clamped); anything but a finite number is rejected. */
export interface PageParams extends ListIterationOptions {
  /** Page number, from 1 (default 1). */
  page?: number;
  /** Records per page, 1 to 100 (default 30). */
  pageSize?: number;
}

/** `page[number]` and `page[size]` of a list call, checked before anything is sent. */
export function pageQuery(
  call: string,
  params: PageParams,
): { 'page[number]'?: number; 'page[size]'?: number } {
  const { maxItems } = params;
  if (maxItems !== undefined && !(typeof maxItems === 'number' && maxItems >= 0)) {
    throw new InvalidArgumentError(
      'maxItems',
      `${call}: \`maxItems\` must be a number of 0 or more; got ${String(maxItems)}. Leave it out to iterate every item. Nothing was sent.`,
    );
  }
  return {
    'page[number]': pageNumber(call, 'page', params.page),
    'page[size]': pageNumber(call, 'pageSize', params.pageSize, 100),
  };
}

/**
 * The names of a filter interface, at run time. Keyed by the interface, so
 * adding a filter to the type without listing it here does not compile.
 */
export function filterNames<F>(names: Record<keyof F & string, true>): (keyof F & string)[] {
  // Safe: the keys of a Record keyed by F's names are exactly those names.
  return Object.keys(names) as (keyof F & string)[];
}

/** The `include` values operation `Id` accepts, from the spec. */
export type IncludeOf<Id extends OperationId> =
  NonNullable<NonNullable<OperationInput<Id>['params']>['query']> extends {
    include?: readonly (infer V)[];
  }
    ? V
    : never;

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
