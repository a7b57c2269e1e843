import type { Logger } from '@shiptrack/sdk';
import type { WhenRedisUnavailable } from './availability.js';

/** The key prefix of both stores by default. */
export const DEFAULT_REDIS_PREFIX = 'shiptrack:';

/** Options both Redis stores take. */
export interface RedisStoreOptions {
  /** Prepended to every key. Default `shiptrack:`. */
  prefix?: string;
  /** What the store does while Redis is unreachable; each store has its own default. */
  whenUnavailable?: WhenRedisUnavailable;
  /** How long one Redis command may take before Redis counts as unavailable, in ms. Default 1000. */
  timeoutMs?: number;
  /** Where the outage warning goes (`warn`) and its end (`info`). Default `console`. */
  logger?: Logger;
}

/** Options of `createRedisPollCoordinator`, `createRedisChangeFanout` and the subscription counter. */
export interface SubscriptionSharingOptions {
  /** Prepended to every key and channel. Default `shiptrack:`. */
  prefix?: string;
}
