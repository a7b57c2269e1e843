/** The service a validating proxy passes requests on to: its REST base, checked once at start. */

/** The service's REST base, ending in `/v2` (`https://api.example.com/v2`). */
export interface ProxyTarget {
  /** The base as given, without a trailing slash. */
  readonly base: string;
  /** The service's URL of a request to the proxy (`/v2/containers?x=1` under the base). */
  urlOf(pathAndQuery: string): URL;
}

/** Reads `--target`; a TypeError says what is wrong with it. */
export function proxyTarget(text: string): ProxyTarget {
  if (!URL.canParse(text)) {
    throw new TypeError(
      `The target must be the service's REST base URL, e.g. https://api.example.com/v2; got "${text}".`,
    );
  }
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The target must be an http or https URL; got ${url.protocol}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(
      "The target must not carry credentials: the proxy passes on each caller's own Authorization header.",
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError('The target is a base URL: leave out its query and fragment.');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v2')) {
    throw new TypeError(
      `The target must be the REST base, ending in /v2 (e.g. ${url.origin}/v2); got ${url.origin}${url.pathname}.`,
    );
  }
  const base = `${url.origin}${path}`;
  return {
    base,
    // The request's path starts with /v2; the base ends with it.
    urlOf: (pathAndQuery) => new URL(`${base}${pathAndQuery.slice('/v2'.length)}`),
  };
}
