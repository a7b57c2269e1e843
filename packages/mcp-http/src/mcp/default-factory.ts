/**
 * The default server factory: shiptrack's own MCP server (`@shiptrack/mcp`),
 * the same one the stdio command serves, with one shipping-line cache shared
 * by every request of the handler (keyed per account).
 */
import { createServer, ShippingLineCache } from '@shiptrack/mcp';
import type { ServerFactory } from '../options.js';

/** A factory over `@shiptrack/mcp` with its own shared shipping-line cache. */
export function defaultServerFactory(): ServerFactory {
  const shippingLineCache = new ShippingLineCache();
  return ({ client, keyFingerprint, era, onError }) =>
    createServer({
      client,
      shippingLineCache,
      cacheKey: keyFingerprint,
      onError,
      // 2026-07-28 clients subscribe with subscriptions/listen, which the endpoint serves; a
      // stateless 2025 request has no back-channel for resources/subscribe, so it is not declared.
      ...(era === 'modern' ? { subscriptions: {} } : {}),
    });
}
