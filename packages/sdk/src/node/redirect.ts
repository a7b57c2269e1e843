import type { Hop } from './target.js';
import { targetOfUrl } from './target.js';

/** Redirects `fetch` follows at most, per the Fetch standard. */
export const MAX_REDIRECTS = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers that describe the body, dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** Credentials `fetch` does not carry to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * The hop a redirect answer leads to, as `fetch` with `redirect: 'follow'`
 * makes it (Fetch standard, "HTTP-redirect fetch"), or `undefined` when the
 * answer is final (not a redirect, or one without `Location`). A POST
 * answered 301 or 302, and anything but GET or HEAD answered 303, becomes a
 * GET without its body; 307 and 308 keep the method and body. Credentials
 * stay behind when the origin changes.
 */
export function redirectHop(
  hop: Hop,
  status: number,
  location: string | undefined,
): Hop | undefined {
  if (!REDIRECT_STATUSES.has(status) || location === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(location, hop.target.href);
  } catch (cause) {
    throw new TypeError('fetch failed', { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('fetch failed', {
      cause: new Error(`A redirect to ${url.protocol} is not followed.`),
    });
  }
  const headers = { ...hop.headers };
  let { method, body } = hop;
  if (
    ((status === 301 || status === 302) && method === 'POST') ||
    (status === 303 && method !== 'GET' && method !== 'HEAD')
  ) {
    method = 'GET';
    body = undefined;
    for (const name of BODY_HEADERS) delete headers[name];
  }
  if (url.origin !== hop.target.origin) {
    for (const name of CREDENTIAL_HEADERS) delete headers[name];
  }
  return { target: targetOfUrl(url), method, headers, body };
}
