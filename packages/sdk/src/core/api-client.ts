import openapiFetch, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';
import { type OperationId, operations } from '../generated/operations.js';
import { ShiptrackError } from './errors.js';
import type { ResponseFormat } from './format.js';
import type { ClientLogger } from './logger.js';
import { Page, type PageLinks, type PageMeta, PagePromise } from './pagination.js';
import type { RouteInfo } from './routes.js';
import type { SendOptions, Transport, TransportResult } from './transport.js';

/**
 * openapi-fetch's `createClient`. Its CommonJS build exports it as
 * `exports.default`, and when our CommonJS build requires it, the interop
 * helper hands over that whole exports object as the default import: take
 * `.default` in that case, so both builds get the function.
 */
const createOpenApiFetch: typeof openapiFetch =
  typeof openapiFetch === 'function'
    ? openapiFetch
    : (openapiFetch as unknown as { default: typeof openapiFetch }).default;

/** What openapi-fetch is given on every call: our transport as `fetch`, bodies left unparsed. */
export interface SendInit {
  fetch: (request: Request) => Promise<Response>;
  parseAs: 'stream';
}

/** Issues one openapi-fetch call with the given transport hooks. */
export type Sender = (init: SendInit) => Promise<unknown>;

/** A list document: `data` plus pagination `links` and `meta`. */
export interface ListDocument {
  data: unknown[];
  links?: PageLinks;
  meta?: PageMeta;
}

/** Options of a list call that concern iteration. */
export interface ListIterationOptions {
  /** Stop iterating (`for await`) after this many items. */
  maxItems?: number;
}

/** Everything the resources share: the typed openapi-fetch client, the transport, defaults. */
export interface APIClientInit {
  transport: Transport;
  format: ResponseFormat;
  logger: ClientLogger;
}

/**
 * The core every resource uses: builds requests with openapi-fetch (typed
 * paths, parameters and bodies from the spec), sends them through the
 * transport, and builds pages that follow `links.next`.
 */
export class APIClient {
  /** openapi-fetch client typed by the spec's paths. */
  readonly api: Client<paths>;
  readonly transport: Transport;
  readonly format: ResponseFormat;
  readonly logger: ClientLogger;
  readonly #origin: string;

  constructor(init: APIClientInit) {
    this.transport = init.transport;
    this.format = init.format;
    this.logger = init.logger;
    this.#origin = new URL(init.transport.baseUrl).origin;
    this.api = createOpenApiFetch<paths>({
      baseUrl: init.transport.baseUrl,
      // The service's style: bracketed names as they are (`filter[created_at][start]`), arrays
      // comma-joined (`include=shipment,pod_terminal`), empty values left out. Dates are
      // ISO 8601 strings by then (see `isoDate`).
      querySerializer: { array: { style: 'form', explode: false } },
    });
  }

  /** The route (method, path template, bucket) of an operation. */
  route(operationId: OperationId): RouteInfo {
    return { operationId, ...operations[operationId] };
  }

  /**
   * Sends one operation and returns its parsed body typed as `T`, the
   * operation's success document from the generated types.
   */
  async call<T>(
    operationId: OperationId,
    send: Sender,
    options: SendOptions = {},
  ): Promise<{ body: T; result: TransportResult }> {
    const sink: { result?: TransportResult } = {};
    await send({
      fetch: this.transport.fetchFor({ ...options, route: this.route(operationId) }, sink),
      parseAs: 'stream',
    });
    const { result } = sink;
    if (!result) {
      throw new ShiptrackError(
        `No response was recorded for ${operationId}; this is a bug in @shiptrack/sdk.`,
      );
    }
    // Safe: the body is the operation's success response, whose shape the spec fixes (contract-tested).
    return { body: result.body as T, result };
  }

  /** GETs an absolute URL (a pagination link) as a further page of `operationId`. */
  async follow<T>(url: string, operationId: OperationId, options: SendOptions): Promise<T> {
    const target = new URL(url);
    if (target.origin !== this.#origin) {
      throw new ShiptrackError(
        `The next-page link points to ${target.origin}, not to the base URL's origin ${this.#origin}; the client will not send your credentials there. Set \`baseUrl\` to the origin the service links to.`,
      );
    }
    const result = await this.transport.send(new Request(url, { method: 'GET' }), {
      ...options,
      route: this.route(operationId),
    });
    // Safe: a `links.next` page of an operation has the same document shape as its first page.
    return result.body as T;
  }

  /**
   * A list call: the returned {@link PagePromise} resolves to the first
   * page and iterates every item of every page. `toItems` shapes the items
   * of one page for the requested format.
   */
  list<Doc extends ListDocument, Item>(
    operationId: OperationId,
    send: Sender,
    options: SendOptions & ListIterationOptions,
    toItems: (document: Doc) => Item[],
  ): PagePromise<Item, Doc> {
    const baseUrl = this.transport.baseUrl;
    const makePage = (document: Doc): Page<Item, Doc> =>
      new Page({
        data: toItems(document),
        links: document.links ?? {},
        meta: document.meta ?? {},
        document,
        baseUrl,
        maxItems: options.maxItems,
        fetchPage: async (url) => makePage(await this.follow<Doc>(url, operationId, options)),
      });
    return new PagePromise(async () =>
      makePage((await this.call<Doc>(operationId, send, options)).body),
    );
  }
}
