/** A value sent to Redis as one argument of a command. */
export type RedisArgument = string | number;

/**
 * The one method the stores need from a Redis client: send a command, get
 * its reply. An ioredis `Redis` or `Cluster` fits as it is (`redis.call`);
 * wrap other clients with an adapter such as {@link fromNodeRedis}.
 */
export interface RedisCommandClient {
  call(command: string, ...args: RedisArgument[]): Promise<unknown>;
}

/** The part of a node-redis (`redis` package) client that {@link fromNodeRedis} uses. */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * Adapts a node-redis client (`createClient()` of the `redis` package, v4 or
 * later, connected) to the stores: every command goes through its
 * `sendCommand`.
 *
 * @example
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = createRedisRateLimitStore(fromNodeRedis(client));
 */
export function fromNodeRedis(client: NodeRedisLike): RedisCommandClient {
  return {
    call: (command, ...args) => client.sendCommand([command, ...args.map(String)]),
  };
}
