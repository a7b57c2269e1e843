/**
 * The default server factory: shiptrack's own MCP server (`@shiptrack/mcp`),
 * the same one the stdio command serves, with one shipping-line cache shared
 * by every request of the handler (keyed per account), and the mirror for
 * the requests of the account it copies.
 */
import { createServer, ShippingLineCache } from '@shiptrack/mcp';
import { fingerprintOf } from '../clients/client-cache.js';
import type { HandlerMirror, ServerFactory } from '../options.js';

/**
 * A factory over `@shiptrack/mcp` with its own shared shipping-line cache.
 * With a mirror, the servers of requests made with the mirror's API key
 * answer from it; every other key reads REST (a mirror holds one account).
 */
export function defaultServerFactory(mirror?: HandlerMirror): ServerFactory {
  const shippingLineCache = new ShippingLineCache();
  const mirrorKey = mirror ? fingerprintOf(mirror.apiKey) : undefined;
  return async ({ client, keyFingerprint, onError }) => {
    const own = mirror !== undefined && (await mirrorKey) === keyFingerprint;
    return createServer({
      client,
      shippingLineCache,
      cacheKey: keyFingerprint,
      onError,
      ...(own ? { mirror: mirror.mirror, mirrorMaxAgeMs: mirror.maxAgeMs } : {}),
    });
  };
}
