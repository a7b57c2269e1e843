/**
 * The readiness checks of the handler's own dependencies: the REST service
 * (any answer below 500 means it can serve, a 401 to a request without a
 * key included) and, with OAuth, the authorization server's JWKS.
 */
import type { CheckOutcome, ReadinessCheck } from '@shiptrack/ops';
import type { AuthorizationServerDirectory } from '../auth/authorization-server.js';

/** How the checks fetch (the handler's `fetch`). */
type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function failure(error: unknown): CheckOutcome {
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return { ok: false, detail: `${error instanceof Error ? error.message : String(error)}${cause}` };
}

/**
 * `upstream`: the REST service answers at `baseUrl` (a `GET` of its
 * containers without credentials; nothing of an account is read).
 */
export function upstreamCheck(baseUrl: string, fetch: Fetch): ReadinessCheck {
  const url = `${baseUrl}/containers?page%5Bsize%5D=1`;
  return {
    name: 'upstream',
    check: async (signal) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          signal,
        });
      } catch (error) {
        return failure(error);
      }
      await response.body?.cancel().catch(() => {});
      return response.status < 500
        ? { ok: true }
        : { ok: false, detail: `the REST service answered ${response.status}` };
    },
  };
}

/** `jwks`: the authorization server's keys can be fetched (OAuth mode). */
export function jwksCheck(directory: AuthorizationServerDirectory, fetch: Fetch): ReadinessCheck {
  return {
    name: 'jwks',
    check: async (signal) => {
      let response: Response;
      try {
        const jwksUri = await directory.jwksUri();
        response = await fetch(jwksUri, { headers: { accept: 'application/json' }, signal });
      } catch (error) {
        return failure(error);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        return { ok: false, detail: `the JWKS answered ${response.status}` };
      }
      const body = (await response.json().catch(() => undefined)) as { keys?: unknown } | undefined;
      return Array.isArray(body?.keys) && body.keys.length > 0
        ? { ok: true }
        : { ok: false, detail: 'the JWKS holds no keys' };
    },
  };
}
