/**
 * The base URL as shown (never with what may be a secret in it: a user
 * name and password, a query such as `?api_key=…`, a fragment) and as
 * called (checked here, so a bad one is a usage error that says what to
 * fix, before the SDK quotes it).
 */
import { CliError } from '../errors/cli-error.js';
import type { Setting } from './settings.js';

const REDACTED = '[redacted]';

/** A URL cut into the parts that may hold a secret, whether it parses or not. */
interface UrlParts {
  /** `https://`, `//` or nothing. */
  scheme: string;
  /** What comes before the last `@` of the authority (`user:password`), if there is an `@`. */
  userInfo: string | undefined;
  /** The authority after any user info, and the path. */
  rest: string;
  /** After `?`, before `#`; `undefined` when there is no `?`. */
  query: string | undefined;
  /** After `#`; `undefined` when there is no `#`. */
  fragment: string | undefined;
}

function partsOf(url: string): UrlParts {
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? undefined : url.slice(hash + 1);
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const query = mark < 0 ? undefined : beforeHash.slice(mark + 1);
  const target = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const scheme = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\//.exec(target)?.[0] ?? '';
  const afterScheme = target.slice(scheme.length);
  // The authority ends at the first `/`; without a scheme, `user:secret@host/v2` is read the same way.
  const slash = afterScheme.indexOf('/');
  const authority = slash < 0 ? afterScheme : afterScheme.slice(0, slash);
  const at = authority.lastIndexOf('@');
  return {
    scheme,
    userInfo: at < 0 ? undefined : authority.slice(0, at),
    rest: at < 0 ? afterScheme : afterScheme.slice(at + 1),
    query,
    fragment,
  };
}

/** A percent-encoded URL part as typed; the part itself when it does not decode. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * What in a URL may be a secret, to be blanked out of any message: the user
 * info and its password, the query and the fragment, as written and decoded.
 */
export function urlSecrets(url: string): string[] {
  const { userInfo, query, fragment } = partsOf(url);
  const password = userInfo?.includes(':') ? userInfo.slice(userInfo.indexOf(':') + 1) : '';
  return [userInfo, password, query, fragment]
    .filter((part): part is string => part !== undefined && part !== '')
    .flatMap((part) => [part, decoded(part)]);
}

/**
 * A URL as shown: user info, query and fragment each replaced by
 * `[redacted]`, also in text that does not parse as a URL.
 */
export function redactUrl(url: string): string {
  const { scheme, userInfo, rest, query, fragment } = partsOf(url);
  const user = userInfo === undefined ? '' : `${REDACTED}@`;
  const search = query === undefined ? '' : `?${query === '' ? '' : REDACTED}`;
  const hash = fragment === undefined ? '' : `#${fragment === '' ? '' : REDACTED}`;
  return `${scheme}${user}${rest}${search}${hash}`;
}

/** What is wrong with a base URL, and how to write it; `undefined` when it can be called. */
function problemWith(url: string): string | undefined {
  const { userInfo, query, fragment } = partsOf(url);
  if (userInfo !== undefined) {
    return 'carries a user name or password: remove the part up to "@"; the service takes the API key (SVC_API_TOKEN or `shiptrack login`) instead';
  }
  if (query !== undefined || fragment !== undefined) {
    return 'has a query or fragment ("?…" or "#…"), which is never sent: remove it; the API key goes in SVC_API_TOKEN or `shiptrack login`';
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    return `has no scheme: write it as https://${url.replace(/^\/+/, '')} (or http:// for a local service)`;
  }
  if (!URL.canParse(url)) {
    return 'is not a URL: write it as https://host/v2 (no spaces; a port from 1 to 65535)';
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return `uses ${parsed.protocol.slice(0, -1)}: write it with https:// (or http:// for a local service), e.g. https://${parsed.host || 'host'}/v2`;
  }
  if (!parsed.pathname.replace(/\/+$/, '').endsWith('/v2')) {
    return `does not end in /v2 (the REST root of the API version): e.g. ${parsed.origin}/v2`;
  }
  return undefined;
}

/**
 * The base URL to call. One the service cannot be called at (no scheme, not
 * http or https, not ending in /v2, not a URL) or that carries what fetch
 * would not send (user info, a query, a fragment) is a usage error naming
 * where it came from and how to fix it; the URL is shown redacted.
 */
export function usableBaseUrl(setting: Setting): string | undefined {
  const url = setting.value;
  if (url === undefined) return undefined;
  const problem = problemWith(url);
  if (problem === undefined) return url;
  throw new CliError(
    'usage',
    'bad_base_url',
    `The base URL from ${setting.from ?? setting.source} (${redactUrl(url)}) ${problem}.`,
  );
}
