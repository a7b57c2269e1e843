const encoder = new TextEncoder();

/** How many imported secrets are kept; rotation needs two, a multi-tenant receiver a few more. */
const MAX_CACHED_KEYS = 64;

const keys = new Map<string, Promise<CryptoKey>>();

/** Imports a webhook secret as a WebCrypto HMAC-SHA256 key (no caching). */
export async function importWebhookKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/**
 * The imported key of a secret, imported once and then reused: importing
 * costs about as much as verifying a small body, so caching it keeps
 * verification close to the cost of the bare HMAC. The cache is bounded; the
 * least recently used key is dropped first.
 */
export function cachedWebhookKey(secret: string): Promise<CryptoKey> {
  const cached = keys.get(secret);
  if (cached !== undefined) {
    // Re-inserting moves the key to the end, so eviction drops the least recently used.
    keys.delete(secret);
    keys.set(secret, cached);
    return cached;
  }
  const imported = importWebhookKey(secret);
  keys.set(secret, imported);
  imported.catch(() => keys.delete(secret));
  if (keys.size > MAX_CACHED_KEYS) {
    const oldest = keys.keys().next();
    if (oldest.done !== true) keys.delete(oldest.value);
  }
  return imported;
}
