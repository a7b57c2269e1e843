/**
 * What a request that came over the network must pass before the app sees
 * it (the Node adapter applies it; in-process calls and msw have no network
 * and skip it):
 *
 * 1. `Host` is a name the mock serves (DNS rebinding: a page on
 *    `evil.example` whose name now resolves to 127.0.0.1 still sends
 *    `Host: evil.example`). Loopback names are always served: `localhost`,
 *    `*.localhost` (RFC 6761: never asked of DNS), and loopback addresses in
 *    any form the URL parser reads (`127.0.0.1`, `127.1`, `[::1]`).
 * 2. On the control API, a browser's `Origin` names a served host too
 *    (a page elsewhere cannot post to `/_mock/reset`).
 * 3. On the control API, the control token when one is required.
 * 4. No path has a `.` or `..` segment (the URL parser would read it as
 *    another path).
 *
 * Everything that is not a REST path (`/v2...`, read as the app's router
 * reads it: dot segments resolved, percent-decoded, canonical) counts as the
 * control API, so an encoded or odd spelling of `/_mock` cannot slip past.
 *
 * It runs on the raw request, before @hono/node-server builds a `Request`
 * (which turns a `Host` such as `LOCALHOST` or `127.1` into an empty 400),
 * so every refusal is the same clear JSON:API error.
 */
import { canonicalPath } from './canonical.js';
import { badRequest, controlTokenRefused, forbidden, type HttpError } from './errors.js';

/** What the guard reads of a request, whatever the server. */
export interface NetworkRequest {
  /** The request target as sent: path and query (`/v2/shipments?page[size]=1`). */
  readonly target: string;
  /** A header's value, or `undefined` when absent (names in lower case). */
  header(name: string): string | undefined;
}

/** The header that carries the control token (`Authorization: Bearer <token>` works too). */
export const CONTROL_TOKEN_HEADER = 'X-Mock-Control-Token';

/** What a network request is checked against. */
export interface NetworkPolicy {
  /**
   * Host names served beside the loopback ones: lower case, no port, IPv6
   * in brackets; `*` serves any host.
   */
  readonly allowedHosts: readonly string[];
  /** The token the control API requires, or `undefined` for none. */
  readonly controlToken: string | undefined;
}

/**
 * Whether `token` can be a control token: 16 or more printable ASCII
 * characters without spaces (it travels in a header; shorter ones are guessed).
 */
export function isControlTokenForm(token: string): boolean {
  return /^[\x21-\x7e]{16,}$/.test(token);
}

const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A `Host` value read by the URL parser. */
interface ParsedHost {
  /** `localhost`, `127.0.0.1`, `[::1]`: lower case, IPv4 in dotted form. */
  readonly hostname: string;
  /** With the port when it is not 80: `localhost:4010`. */
  readonly host: string;
}

/** `Host` values seen lately: a client sends the same one on every request. */
const parsedHosts = new Map<string, ParsedHost | undefined>();
const PARSED_HOSTS_KEPT = 256;

function parseHost(host: string): ParsedHost | undefined {
  if (parsedHosts.has(host)) return parsedHosts.get(host);
  let parsed: ParsedHost | undefined;
  if (host !== '' && !/[\s/\\?#@]/.test(host) && URL.canParse(`http://${host}`)) {
    const url = new URL(`http://${host}`);
    parsed = { hostname: url.hostname, host: url.host };
  }
  if (parsedHosts.size >= PARSED_HOSTS_KEPT) parsedHosts.clear();
  parsedHosts.set(host, parsed);
  return parsed;
}

/**
 * The host name of a `Host` header value (`name[:port]`) as the URL parser
 * normalises it, or `undefined` when it is not one (a path, credentials,
 * spaces: `localhost@evil.example` is not `localhost`).
 */
export function hostnameOfHost(host: string): string | undefined {
  return parseHost(host)?.hostname;
}

/** A `Host` value as the URL parser writes it (`LOCALHOST:80` is `localhost`), or `undefined`. */
export function canonicalHost(host: string): string | undefined {
  return parseHost(host)?.host;
}

/** Parses `allowedHosts` entries; a bad one (a port, a path) is a TypeError naming it. */
export function parseAllowedHosts(entries: readonly string[]): string[] {
  return entries.map((entry) => {
    if (entry === '*') return entry;
    const hostname = /:\d*$/.test(entry) ? undefined : hostnameOfHost(entry.trim());
    if (hostname === undefined) {
      throw new TypeError(
        `allowedHosts: "${entry}" is not a host name; give names or addresses without scheme or port, e.g. mock.internal, 192.168.1.20 or [fd00::1].`,
      );
    }
    return hostname;
  });
}

/** Whether `hostname` (normalised by the URL parser) is served under `policy`. */
export function hostAllowed(hostname: string, policy: NetworkPolicy): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]' || LOOPBACK_IPV4.test(name)) return true;
  return policy.allowedHosts.includes('*') || policy.allowedHosts.includes(name);
}

/** Compares without an early exit, so the time taken does not tell how much of a guess was right. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= (given.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

function tokenOf(request: NetworkRequest): string | undefined {
  const header = request.header(CONTROL_TOKEN_HEADER.toLowerCase());
  if (header !== undefined) return header.trim();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.header('authorization') ?? '');
  return match?.[1];
}

/** A REST path with nothing the URL parser or the router would rewrite (dots, escapes). */
const PLAIN_REST_PATH = /^\/v2(?:\/[^%.\\?#]*)?(?:[?#]|$)/;

/** Whether the app routes `target` to the REST API (`/v2`); anything unclear is not. */
function isRestTarget(target: string): boolean {
  if (PLAIN_REST_PATH.test(target)) return true;
  if (!URL.canParse(target, 'http://mock.invalid')) return false;
  let path = new URL(target, 'http://mock.invalid').pathname;
  try {
    path = canonicalPath(decodeURI(path));
  } catch {
    return false;
  }
  return path === '/v2' || path.startsWith('/v2/');
}

/** A header value as an error quotes it: at most 100 characters, in JSON quotes. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}...` : value);
}

/** A `.` or `..` path segment, in any spelling the URL parser resolves (`%2e`, either case). */
const DOT_SEGMENT = /[/\\](?:\.|%2e){1,2}(?=[/\\?#]|$)/i;

/**
 * 400 for a target with a dot segment: the URL parser would resolve it to
 * the parent (`/v2/shipments/{id}/custom_fields/..` is the shipment), so a
 * path is never read as another one.
 */
function dotSegmentRefusal(target: string): HttpError | undefined {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (!DOT_SEGMENT.test(path)) return undefined;
  return badRequest(
    `The path ${quoted(path)} has a "." or ".." segment, which the mock does not resolve to another path. Send the path the request means, without dot segments.`,
    'dot_segment',
  );
}

function hostRefusal(request: NetworkRequest, policy: NetworkPolicy): HttpError | undefined {
  const host = request.header('host');
  // Browsers always send Host (HTTP/1.1 requires it); a client without one is no page.
  if (host === undefined) return undefined;
  const hostname = hostnameOfHost(host);
  if (hostname !== undefined && hostAllowed(hostname, policy)) return undefined;
  return forbidden(
    `The mock does not answer for the host ${quoted(host)}: only loopback names (localhost, 127.0.0.1, [::1]) and the hosts it was told to serve. If you exposed it on purpose under that name, start it with --allowed-host <name> (SVC_MOCK_ALLOWED_HOST, option allowedHosts).`,
    'host_not_allowed',
  );
}

function originRefusal(request: NetworkRequest, policy: NetworkPolicy): HttpError | undefined {
  const origin = request.header('origin');
  if (origin === undefined) return undefined;
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (url !== undefined && url.origin !== 'null' && hostAllowed(url.hostname, policy)) {
    return undefined;
  }
  return forbidden(
    `The control API does not take requests from the web page at ${quoted(origin)}: a page on another site must not reset or change the mock. Call it from a script or test (no Origin header), or allow that page's host with --allowed-host <name> (SVC_MOCK_ALLOWED_HOST, option allowedHosts).`,
    'origin_not_allowed',
  );
}

function tokenRefusal(request: NetworkRequest, expected: string): HttpError | undefined {
  const given = tokenOf(request);
  if (given !== undefined && sameToken(given, expected)) return undefined;
  const how = `Send the token the mock printed at start (or was given with --control-token, SVC_MOCK_CONTROL_TOKEN, option controlToken) as "${CONTROL_TOKEN_HEADER}: <token>" or "Authorization: Bearer <token>".`;
  return given === undefined
    ? controlTokenRefused(
        `The control API of this mock requires its control token. ${how}`,
        'control_token_required',
      )
    : controlTokenRefused(`The control token is wrong. ${how}`, 'control_token_invalid');
}

/**
 * The refusal of a network request under `policy`, or `undefined` when it
 * may reach the app: 403 for a `Host` (any path) or a browser `Origin` (the
 * control API) that the mock does not serve, 401 for a control API request
 * without the control token when one is required.
 */
export function networkRefusal(
  request: NetworkRequest,
  policy: NetworkPolicy,
): HttpError | undefined {
  const refused = hostRefusal(request, policy) ?? dotSegmentRefusal(request.target);
  if (refused !== undefined) return refused;
  if (isRestTarget(request.target)) return undefined;
  return (
    originRefusal(request, policy) ??
    (policy.controlToken === undefined ? undefined : tokenRefusal(request, policy.controlToken))
  );
}
