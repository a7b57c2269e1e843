/**
 * The HMAC key of input-required `requestState`, shared through Redis by
 * every instance started with the same `--redis-url`: the first instance
 * stores a random key, the others read it, so a call retried with the
 * user's answer is accepted on whichever instance it lands. Loaded only
 * when a URL is given.
 */
import { randomBytes } from 'node:crypto';

/** Where the key lives in Redis. */
const REDIS_KEY = 'shiptrack:mcp:request-state-key';

/** Reads the shared key, storing a new random one when none is there yet (`SET NX`: one wins). */
export async function sharedRequestStateKey(url: string): Promise<string> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.set(REDIS_KEY, randomBytes(32).toString('hex'), 'NX');
    const key = await redis.get(REDIS_KEY);
    if (key === null) throw new Error(`Redis lost ${REDIS_KEY} as soon as it was set.`);
    return key;
  } finally {
    redis.disconnect();
  }
}
