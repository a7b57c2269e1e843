import { CALL_NAMES, type OperationId, operations } from '../generated/operations.js';
import { formatted, formattedItems, mapPrimary } from '../internal/shape.js';
import type { JsonApiDocument, ResourceObject } from '../jsonapi/types.js';
import type { MappedModelOf } from '../mapped/models.js';
import { APIPromise } from './api-promise.js';
import { type CallArguments, wireParameters } from './call-arguments.js';
import { ShiptrackError } from './errors.js';
import type { Exchange } from './exchange.js';
import type { Formatted, ResponseFormat } from './format.js';
import type { ClientLogger } from './logger.js';
import type { OperationBody, OperationOutput } from './operation.js';
import { operationUrl } from './operation-url.js';
import { Page, type PageLinks, type PageMeta, PagePromise } from './pagination.js';
import type { RequestOptions, Transport } from './transport.js';

/** Options every method takes: the response format plus signal, time-outs, retries and headers. */
export interface CallOptions<F extends ResponseFormat> extends RequestOptions {
  /** Response format of this call (default: the client's). */
  format?: F;
}

/** Options of a list call that concern iteration. */
export interface ListIterationOptions {
  /** Stop iterating (`for await`) after this many items. */
  maxItems?: number;
}

/** The JSON:API `type` of a document's primary data. */
type DataTypeOf<Doc> = Doc extends { data: infer Data }
  ? Data extends readonly (infer Item)[]
    ? Item extends { type: infer T }
      ? T
      : never
    : Data extends { type: infer T }
      ? T
      : never
  : never;

/** The raw items of a list document. */
type ItemOf<Doc> = Doc extends { data: readonly (infer Item)[] } ? Item : never;

/** What operation `Id` answers in format `F`: its document raw, its primary data's mapped model, or both. */
export type OneResult<Id extends OperationId, F extends ResponseFormat> = Formatted<
  F,
  OperationOutput<Id>,
  MappedModelOf<DataTypeOf<OperationOutput<Id>>>
>;

/** One item of list operation `Id` in format `F`. */
export type ListItem<Id extends OperationId, F extends ResponseFormat> = Formatted<
  F,
  ItemOf<OperationOutput<Id>>,
  MappedModelOf<DataTypeOf<OperationOutput<Id>>>
>;

/**
 * What a resource method hands the core for operation `Id`: the caller's
 * arguments (checked against the generated table before anything is sent)
 * and, for writes, the body.
 */
export interface CallInput<Id extends OperationId> extends CallArguments {
  /** Builds the body; it runs before anything is sent, so it may reject arguments. */
  body?: () => OperationBody<Id>;
  /** Whether repeating the request is safe; by default, whether its method is idempotent. */
  idempotent?: boolean;
}

/** Everything the resources share: the transport, the default format, the logger. */
export interface APIClientInit {
  transport: Transport;
  format: ResponseFormat;
  logger: ClientLogger;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH']);

/**
 * The one helper every resource method goes through. It takes an
 * operationId of the generated table, which fixes the method, path and
 * rate-limit bucket; the parameters and body it accepts and the document
 * it returns are that operation's, from the generated types. URLs are built
 * by `operationUrl`; the transport sends them.
 */
export class APIClient {
  readonly transport: Transport;
  readonly format: ResponseFormat;
  readonly logger: ClientLogger;
  readonly #origin: string;

  constructor(init: APIClientInit) {
    this.transport = init.transport;
    this.format = init.format;
    this.logger = init.logger;
    this.#origin = new URL(init.transport.baseUrl).origin;
  }

  /**
   * Sends operation `id` and resolves to its success body, typed from the
   * spec, with the exchange. The arguments are checked first, against the
   * operation table (path parameters, `include`, enumerations, paging,
   * unknown options), and the body is built: when either throws, nothing is
   * sent.
   */
  async send<Id extends OperationId>(
    id: Id,
    input: NoInfer<CallInput<Id>>,
    list = false,
  ): Promise<Exchange<OperationOutput<Id>>> {
    const operation = operations[id];
    const { method, path, bucket } = operation;
    const params = wireParameters(CALL_NAMES[id], operation, input, list);
    const body = input.body?.();
    const json = body === undefined ? undefined : JSON.stringify(body);
    // Safe: wireParameters accepted only a plain object (or nothing) as the options.
    const options = (input.options ?? {}) as RequestOptions;
    const exchange = await this.transport.send(
      {
        method,
        url: operationUrl(this.transport.baseUrl, path, params),
        body: json,
        // JSON:API bodies have `data`; the plain-JSON operations (infer a number, trigger a webhook) do not.
        contentType:
          json === undefined
            ? undefined
            : typeof body === 'object' && body !== null && 'data' in body
              ? 'application/vnd.api+json'
              : 'application/json',
        bucket,
        idempotent: input.idempotent ?? IDEMPOTENT_METHODS.has(method),
        template: path,
      },
      options,
    );
    // Safe: the body is this operation's success response, whose shape the spec fixes (contract-tested).
    return exchange as Exchange<OperationOutput<Id>>;
  }

  /** The call's format: its own, or the client's default. */
  formatOf(options: { format?: ResponseFormat } | undefined): ResponseFormat {
    return options?.format ?? this.format;
  }

  /** An operation answering one JSON:API resource, shaped for the call's format. */
  one<Id extends OperationId, F extends ResponseFormat>(
    id: Id,
    input: NoInfer<CallInput<Id>> & { options?: CallOptions<F> },
  ): APIPromise<OneResult<Id, F>> {
    return this.plain(id, input, (body) =>
      // Safe: the primary resource's type is the document's `data.type`, whose model MappedModelOf names.
      mapPrimary(body as JsonApiDocument),
    ) as APIPromise<OneResult<Id, F>>;
  }

  /** An operation answering nothing the caller needs (a delete): resolves to `undefined`. */
  none<Id extends OperationId>(id: Id, input: NoInfer<CallInput<Id>>): APIPromise<void> {
    return new APIPromise(this.send(id, input).then((result) => result.with(undefined)));
  }

  /** An operation answering plain JSON (or a document mapped as a whole), shaped for the call's format. */
  plain<Id extends OperationId, F extends ResponseFormat, Mapped>(
    id: Id,
    input: NoInfer<CallInput<Id>> & { options?: CallOptions<F> },
    map: (body: OperationOutput<Id>) => Mapped,
  ): APIPromise<Formatted<F, OperationOutput<Id>, Mapped>> {
    const format = this.formatOf(input.options);
    return new APIPromise(
      this.send(id, input).then((result) =>
        result.with(
          // Safe: `formatted` returns the branch that Formatted<F, ...> selects for the runtime format.
          formatted(format, result.data, map) as Formatted<F, OperationOutput<Id>, Mapped>,
        ),
      ),
    );
  }

  /**
   * A list operation: the returned {@link PagePromise} resolves to the first
   * page and iterates every item of every page, following `links.next`.
   */
  list<Id extends OperationId, F extends ResponseFormat>(
    id: Id,
    input: NoInfer<CallInput<Id>> & { options?: CallOptions<F> & ListIterationOptions },
  ): PagePromise<ListItem<Id, F>, OperationOutput<Id>> {
    type Item = ListItem<Id, F>;
    type Doc = OperationOutput<Id>;
    const options = input.options ?? {};
    const format = this.formatOf(options);
    const makePage = (document: Doc): Page<Item, Doc> => {
      // Safe: list operations answer `{ data: [...], links, meta }` documents (the spec's list schemas).
      const list = document as JsonApiDocument & {
        data: ResourceObject[];
        links?: PageLinks;
        meta?: PageMeta;
      };
      return new Page({
        // Safe: formattedItems returns the items in the form Formatted<F, ...> selects for `format`.
        data: formattedItems(format, list) as Item[],
        links: list.links ?? {},
        meta: list.meta ?? {},
        document,
        baseUrl: this.transport.baseUrl,
        maxItems: options.maxItems,
        fetchPage: async (url) => makePage(await this.#follow(url, id, options)),
      });
    };
    return new PagePromise(
      this.send(id, input, true).then((result) => result.with(makePage(result.data))),
    );
  }

  /** GETs an absolute URL (a pagination link) as a further page of operation `id`. */
  async #follow<Id extends OperationId>(
    url: string,
    id: Id,
    options: RequestOptions,
  ): Promise<OperationOutput<Id>> {
    const target = new URL(url);
    if (target.origin !== this.#origin) {
      throw new ShiptrackError(
        `The next-page link points to ${target.origin}, not to the base URL's origin ${this.#origin}; the client will not send your credentials there. Set \`baseUrl\` to the origin the service links to.`,
      );
    }
    const exchange = await this.transport.send(
      {
        method: 'GET',
        url,
        bucket: operations[id].bucket,
        idempotent: true,
        template: operations[id].path,
      },
      options,
    );
    // Safe: a `links.next` page of an operation has the same document shape as its first page.
    return exchange.data as OperationOutput<Id>;
  }
}
