/**
 * Host and Origin validation: DNS-rebinding protection (a page on another
 * site whose name resolves to 127.0.0.1 still sends its own Host) and
 * cross-site request protection (a browser always sends Origin).
 */
import { localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';
import { rpcErrorResponse } from './responses.js';

/** The loopback host names: `localhost`, `127.0.0.1`, `[::1]`. */
export const LOOPBACK_HOSTNAMES: readonly string[] = localhostAllowedHostnames();

/**
 * 403 when the request's `Host` (or, without one, its URL's host) is not one
 * of `allowedHostnames` (names without port; IPv6 in brackets).
 */
export function hostRejection(
  request: Request,
  allowedHostnames: readonly string[],
): Response | undefined {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const verdict = validateHostHeader(host, [...allowedHostnames]);
  if (verdict.ok) return undefined;
  return rpcErrorResponse(
    403,
    `${verdict.message}. This server answers only for ${allowedHostnames.join(', ')} (set allowedHosts / --allowed-host for the name clients use).`,
  );
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
  request: Request,
  rules: readonly OriginRule[],
): Response | undefined {
  const origin = request.headers.get('origin');
  if (origin === null || origin === '' || originAllowed(origin, rules)) return undefined;
  return rpcErrorResponse(
    403,
    `Origin ${origin} is not allowed. Add it to allowedOrigins (--allowed-origin) to let that page use this server.`,
  );
}
