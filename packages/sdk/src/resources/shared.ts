import type { APIClient, ListIterationOptions, Sender } from '../core/api-client.js';
import { type Formatted, formatResult, type ResponseFormat } from '../core/format.js';
import type { RequestOptions } from '../core/transport.js';
import type { operations } from '../generated/openapi.js';
import type { OperationId } from '../generated/operations.js';
import { shapeOne } from '../internal/shape.js';
import type { ResolvedResource } from '../jsonapi/resolve.js';
import type { JsonApiDocument } from '../jsonapi/types.js';

/** Options every method takes: the response format plus signal, time-outs and retries. */
export interface CallOptions<F extends ResponseFormat> extends RequestOptions {
  /** Response format of this call (default: the client's). */
  format?: F;
}

/** Pagination of a list call; `pageSize` is clamped to 1..100. */
export interface PageParams extends ListIterationOptions {
  /** Page number, from 1 (default 1). */
  page?: number;
  /** Records per page, 1 to 100 (default 30). */
  pageSize?: number;
}

/** The query parameters of an operation, from the generated types. */
export type QueryOf<Op extends keyof operations> = NonNullable<
  operations[Op]['parameters']['query']
>;

/** The `include` values an operation accepts. */
export type IncludeOf<Op extends keyof operations> =
  QueryOf<Op> extends { include?: infer I }
    ? NonNullable<I> extends readonly (infer V)[]
      ? V
      : never
    : never;

/** A date-time filter value: an ISO 8601 string or a Date. */
export type DateTimeInput = string | Date;

/** Turns a date-time filter value into the ISO 8601 text the service expects. */
export function isoDate(value: DateTimeInput | undefined): string | undefined {
  return value instanceof Date ? value.toISOString() : value;
}

/** `page[number]` and `page[size]` of a list call; the size is clamped to what the service accepts. */
export function pageQuery(params: PageParams): { 'page[number]'?: number; 'page[size]'?: number } {
  const query: { 'page[number]'?: number; 'page[size]'?: number } = {};
  if (params.page !== undefined) query['page[number]'] = Math.max(1, Math.floor(params.page));
  if (params.pageSize !== undefined) {
    query['page[size]'] = Math.min(100, Math.max(1, Math.floor(params.pageSize)));
  }
  return query;
}

/** Headers of a JSON:API request body. */
export const JSON_API_BODY = { 'Content-Type': 'application/vnd.api+json' } as const;

/** Headers of a plain JSON request body. */
export const JSON_BODY = { 'Content-Type': 'application/json' } as const;

/** The transport options of a call, without the resource-specific members. */
export function requestOptions(options: RequestOptions & { maxItems?: number }): RequestOptions & {
  maxItems?: number;
} {
  const { signal, timeoutMs, deadlineMs, maxRetries, headers, maxItems } = options;
  return { signal, timeoutMs, deadlineMs, maxRetries, headers, maxItems };
}

/** What every resource group shares: the core client and the default format. */
export abstract class Resource<DF extends ResponseFormat> {
  /** @internal */
  protected readonly core: APIClient;

  constructor(core: APIClient) {
    this.core = core;
  }

  /** The format of a call: its own, or the client's default. */
  protected formatOf<F extends ResponseFormat>(options: { format?: F }): F {
    // Safe: without `options.format`, F defaults to DF, which is the client's format held by core.
    return options.format ?? (this.core.format as F);
  }

  /**
   * Sends an operation answering one JSON:API resource and shapes the
   * document for the call's format.
   */
  protected async one<F extends ResponseFormat, Doc extends JsonApiDocument, Mapped>(
    operationId: OperationId,
    send: Sender,
    options: CallOptions<F>,
    map: (node: ResolvedResource) => Mapped,
    idempotent?: boolean,
  ): Promise<Formatted<F, Doc, Mapped>> {
    const { body } = await this.core.call<Doc>(operationId, send, {
      ...requestOptions(options),
      idempotent,
    });
    return shapeOne(this.formatOf(options), body, map);
  }

  /** Sends an operation answering plain JSON and shapes it for the call's format. */
  protected async plain<F extends ResponseFormat, Body, Mapped>(
    operationId: OperationId,
    send: Sender,
    options: CallOptions<F>,
    map: (body: Body) => Mapped,
    idempotent?: boolean,
  ): Promise<Formatted<F, Body, Mapped>> {
    const { body } = await this.core.call<Body>(operationId, send, {
      ...requestOptions(options),
      idempotent,
    });
    return formatResult(this.formatOf(options), body, map);
  }

  /** Ties the class to its default format, so `Containers<'raw'>` and `Containers<'mapped'>` differ as types. */
  declare protected readonly defaultFormat: DF;
}
