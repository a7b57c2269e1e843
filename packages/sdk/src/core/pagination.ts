import { APIPromise } from './api-promise.js';
import { ShiptrackError } from './errors.js';

/**
 * Pagination links of a list, as sent: absolute URLs (or paths). No member
 * is guaranteed; `next` is absent (or null) on the last page.
 */
export interface PageLinks {
  self?: string;
  first?: string | null;
  prev?: string | null;
  next?: string | null;
  last?: string | null;
  current?: string;
  [key: string]: unknown;
}

/** Counts of a list, when the service sends them (often only `total`, sometimes nothing). */
export interface PageMeta {
  size?: number;
  total?: number;
  [key: string]: unknown;
}

/** What a {@link Page} is made of. */
export interface PageInit<Item, Document> {
  data: Item[];
  links: PageLinks;
  meta: PageMeta;
  /** The JSON:API document as received. */
  document: Document;
  /** Base URL that relative links are resolved against. */
  baseUrl: string;
  /** Loads the page at an absolute URL (the resolved `links.next`). */
  fetchPage: (url: string) => Promise<Page<Item, Document>>;
  /** Stop iterating after this many items. */
  maxItems?: number | undefined;
}

/**
 * One page of a list. `data` holds its items (raw, mapped or both, as
 * asked); iterate it with `for await` to walk every item of this and all
 * following pages, which follows `links.next`.
 */
export class Page<Item, Document = unknown> implements AsyncIterable<Item> {
  /** Items of this page. */
  readonly data: Item[];
  /** Pagination links as received. */
  readonly links: PageLinks;
  /** `size` and `total`. */
  readonly meta: PageMeta;
  /** The JSON:API document of this page, as received. */
  readonly document: Document;
  readonly #init: PageInit<Item, Document>;

  constructor(init: PageInit<Item, Document>) {
    this.data = init.data;
    this.links = init.links;
    this.meta = init.meta;
    this.document = init.document;
    this.#init = init;
  }

  /** Tells whether `links.next` names another page. */
  hasNextPage(): boolean {
    return this.nextPageUrl() !== undefined;
  }

  /** The absolute URL of the next page, relative links resolved against the base URL. */
  nextPageUrl(): string | undefined {
    const next = this.links.next;
    if (typeof next !== 'string' || next === '') return undefined;
    const base = this.#init.baseUrl.endsWith('/') ? this.#init.baseUrl : `${this.#init.baseUrl}/`;
    return new URL(next, base).toString();
  }

  /** Loads the next page; check {@link hasNextPage} first. */
  nextPage(): Promise<Page<Item, Document>> {
    const url = this.nextPageUrl();
    if (url === undefined) {
      return Promise.reject(
        new ShiptrackError('This is the last page: check hasNextPage() before calling nextPage().'),
      );
    }
    return this.#init.fetchPage(url);
  }

  /** Walks this page and every following one. */
  async *iterPages(): AsyncGenerator<Page<Item, Document>> {
    const seen = new Set<string>();
    let page: Page<Item, Document> = this;
    for (;;) {
      yield page;
      const url = page.nextPageUrl();
      if (url === undefined) return;
      if (seen.has(url)) {
        throw new ShiptrackError(
          `The service linked back to a page already read (${url}); stopping to avoid an endless loop. Report it to the service provider.`,
        );
      }
      seen.add(url);
      page = await page.nextPage();
    }
  }

  /** Every item of this page and the following ones, up to `maxItems`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const maxItems = this.#init.maxItems ?? Number.POSITIVE_INFINITY;
    let count = 0;
    if (count >= maxItems) return;
    for await (const page of this.iterPages()) {
      for (const item of page.data) {
        yield item;
        count++;
        if (count >= maxItems) return;
      }
    }
  }
}

/**
 * The result of a list call: a real `Promise` of the first {@link Page}
 * (with `withResponse()`), and an async iterable of every item of every
 * page, which follows `links.next`. The first page is requested once,
 * however it is consumed.
 *
 * ```ts
 * const page = await client.containers.list();
 * for await (const container of client.containers.list({ pageSize: 100 })) { ... }
 * ```
 */
export class PagePromise<Item, Document = unknown>
  extends APIPromise<Page<Item, Document>>
  implements AsyncIterable<Item>
{
  /** Every item of every page, following `links.next`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page: Page<Item, Document> = await this;
    yield* page;
  }
}
