/**
 * Host and Origin validation: DNS-rebinding protection (a page on another
 * site whose name resolves to 127.0.0.1 still sends its own Host) and
 * cross-site request protection (a browser always sends Origin).
 */
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import type { RequestHead } from './request-head.js';
import { rpcErrorResponse } from './responses.js';

/** The loopback host names: `localhost`, `127.0.0.1`, `[::1]`. */
export const LOOPBACK_HOSTNAMES: readonly string[] = localhostAllowedHostnames();

/**
 * `Host` as RFC 9110 writes it for HTTP: a name, an IPv4 address or a
 * bracketed IPv6 address, then an optional port. Nothing else (user info,
 * paths, spaces) is a Host.
 */
const HOST_HEADER = /^(?<name>\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(?<port>\d{1,5}))?$/i;

/** Longest part of a refused Host echoed back in a body or a log line. */
const ECHO_LIMIT = 100;

/** A refused request: the 403 to answer and the note for its log line. */
export interface Refusal {
  readonly response: Response;
  readonly note: string;
}

/**
 * The host name of a `Host` header, lowercased (names are case-insensitive),
 * or `undefined` when the header is not a host with an optional port. The
 * name is taken as written: `127.1` or `0x7f000001` are not read as
 * `127.0.0.1`, so only the names in the allow-list pass.
 */
export function hostnameOf(hostHeader: string): string | undefined {
  const match = HOST_HEADER.exec(hostHeader);
  const port = match?.groups?.port;
  if (!match?.groups?.name || (port !== undefined && Number(port) > 65_535)) return undefined;
  return match.groups.name.toLowerCase();
}

/**
 * A 403 when the request's `Host` is malformed, or, with an allow-list,
 * missing or not one of `allowedHostnames` (names without port; IPv6 in
 * brackets; compared case-insensitively, as written). Without an
 * allow-list any well-formed Host passes.
 */
export function hostRejection(
  request: RequestHead,
  allowedHostnames: readonly string[] | undefined,
): Refusal | undefined {
  const header = request.headers.get('host');
  const hostname = header === null || header === '' ? undefined : hostnameOf(header);
  if (hostname !== undefined) {
    const allowed = allowedHostnames?.some((name) => name.toLowerCase() === hostname) ?? true;
    if (allowed) return undefined;
  }
  const advice = allowedHostnames
    ? ` This server answers only for ${allowedHostnames.join(', ')} (set allowedHosts / --allowed-host for the name clients use).`
    : '';
  if (header === null || header === '') {
    if (!allowedHostnames) return undefined;
    return {
      note: 'host missing',
      response: rpcErrorResponse(403, `Missing Host header.${advice}`),
    };
  }
  const shown = JSON.stringify(header.slice(0, ECHO_LIMIT));
  if (hostname === undefined) {
    return {
      note: `host malformed: ${shown}`,
      response: rpcErrorResponse(
        403,
        `Malformed Host header ${shown}: expected a host name or address with an optional port.${advice}`,
      ),
    };
  }
  return {
    note: `host not allowed: ${shown}`,
    response: rpcErrorResponse(403, `Host ${shown} is not allowed.${advice}`),
  };
}

/**
 * An allowed Origin: a full origin (`https://app.example.com`, matched
 * exactly) or a host name (`localhost`, any scheme and port).
 */
export interface OriginRule {
  readonly origin?: string;
  readonly hostname?: string;
}

/** Parses allow-list entries; a malformed entry throws with the entry named. */
export function parseOriginRules(entries: readonly string[]): OriginRule[] {
  return entries.map((entry) => {
    if (!entry.includes('://')) return { hostname: entry.toLowerCase() };
    const url = new URL(entry);
    if (url.origin === 'null' || url.pathname.replace(/\/$/, '') !== '') {
      throw new TypeError(
        `"${entry}" is not an origin (scheme://host[:port], no path) nor a host name.`,
      );
    }
    return { origin: url.origin };
  });
}

/** Whether `originHeader` (a browser's `Origin`) is allowed by one of `rules`. */
export function originAllowed(originHeader: string, rules: readonly OriginRule[]): boolean {
  let url: URL;
  try {
    url = new URL(originHeader);
  } catch {
    return false;
  }
  if (url.origin === 'null') return false;
  return rules.some((rule) =>
    rule.origin !== undefined ? rule.origin === url.origin : rule.hostname === url.hostname,
  );
}

/** 403 when the request carries an `Origin` that is not allowed; requests without one pass. */
export function originRejection(
  request: RequestHead,
  rules: readonly OriginRule[],
): Response | undefined {
  const origin = request.headers.get('origin');
  if (origin === null || origin === '' || originAllowed(origin, rules)) return undefined;
  return rpcErrorResponse(
    403,
    `Origin ${origin} is not allowed. Add it to allowedOrigins (--allowed-origin) to let that page use this server.`,
  );
}
