import type { TaskPage, TaskRecord, TaskStore } from '@shiptrack/mcp';
import { RedisAvailability } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { DELETE_IF_EQUAL, runScript, TAKE_LEASE, UPDATE_TASK } from './scripts.js';
import { DEFAULT_REDIS_PREFIX, type RedisStoreOptions } from './store-options.js';

/**
 * Options of {@link createRedisTaskStore}. Its keys are
 * `<prefix>task:{<account>}:<task id>` (the record, as JSON, expiring with
 * the task), `<prefix>tasks:{<account>}` (the account's task ids by
 * creation time) and `<prefix>task-lease:{<account>}:<task id>`: the hash
 * tag keeps one account's keys in one Redis Cluster slot.
 */
export type RedisTaskStoreOptions = Omit<RedisStoreOptions, 'whenUnavailable'>;

/**
 * A task store for `@shiptrack/mcp` (`createServer({ tasks: { store } })`)
 * that keeps `track_container` tasks and their results in Redis, so N
 * instances behind a round-robin load balancer answer for every task: a
 * task made on one is read, advanced and ended on another. Every key holds
 * the account, so another account's lookup finds nothing. Writes are
 * compare-and-set on the record's version (a Lua script), so a cancel is
 * never overwritten by a check that started before it; the lease that lets
 * one instance check the service at a time is `SET NX PX`. While Redis is
 * unreachable the store throws `RedisStoreUnavailableError` (tasks cannot
 * be answered truthfully without it).
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL);
 * const server = createServer({ client, tasks: { store: createRedisTaskStore(redis) } });
 */
export function createRedisTaskStore(
  redis: RedisCommandClient,
  options: RedisTaskStoreOptions = {},
): TaskStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const availability = new RedisAvailability({
    store: 'tasks',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: 'task calls fail with an error',
  });
  const taskKey = (account: string, taskId: string) => `${prefix}task:{${account}}:${taskId}`;
  const indexKey = (account: string) => `${prefix}tasks:{${account}}`;
  const leaseKey = (account: string, taskId: string) =>
    `${prefix}task-lease:{${account}}:${taskId}`;
  const run = <T>(command: () => Promise<T>) => availability.run(command);

  return {
    async create(record) {
      const ttl = Math.max(1, Math.ceil(record.ttlMs));
      const index = indexKey(record.account);
      await run(async () => {
        await redis.call(
          'SET',
          taskKey(record.account, record.taskId),
          JSON.stringify(record),
          'PX',
          ttl,
        );
        await redis.call('ZADD', index, Date.parse(record.createdAt), record.taskId);
        // The index lives as long as its longest-lived task.
        const left = Number(await redis.call('PTTL', index));
        if (left < ttl) await redis.call('PEXPIRE', index, ttl);
      });
    },

    async get(account, taskId) {
      const stored = await run(() => redis.call('GET', taskKey(account, taskId)));
      return typeof stored === 'string' ? parseRecord(stored, account) : undefined;
    },

    async update(record) {
      const key = taskKey(record.account, record.taskId);
      const written = await run(() =>
        runScript(redis, UPDATE_TASK, [key], [JSON.stringify(record), record.version]),
      );
      return Number(written) === 1;
    },

    async list(account, page): Promise<TaskPage> {
      const index = indexKey(account);
      const start =
        page.cursor === undefined ? 0 : Math.max(0, Number.parseInt(page.cursor, 10) || 0);
      const ids = await run(() => redis.call('ZREVRANGE', index, start, start + page.limit));
      const list = Array.isArray(ids) ? ids.map(String) : [];
      const shown = list.slice(0, page.limit);
      const tasks: TaskRecord[] = [];
      if (shown.length > 0) {
        const values = await run(() =>
          redis.call('MGET', ...shown.map((taskId) => taskKey(account, taskId))),
        );
        const expired: string[] = [];
        (Array.isArray(values) ? values : []).forEach((value, i) => {
          const record = typeof value === 'string' ? parseRecord(value, account) : undefined;
          if (record) tasks.push(record);
          else if (shown[i] !== undefined) expired.push(shown[i]);
        });
        if (expired.length > 0) await run(() => redis.call('ZREM', index, ...expired));
      }
      return list.length > page.limit
        ? { tasks, nextCursor: String(start + page.limit) }
        : { tasks };
    },

    async lease(account, taskId, holder, leaseMs) {
      const taken = await run(() =>
        runScript(redis, TAKE_LEASE, [leaseKey(account, taskId)], [holder, Math.ceil(leaseMs)]),
      );
      return Number(taken) === 1;
    },

    async release(account, taskId, holder) {
      await run(() => runScript(redis, DELETE_IF_EQUAL, [leaseKey(account, taskId)], [holder]));
    },
  };
}

/** A stored record, read back; one that is not a task of `account` counts as absent. */
function parseRecord(value: string, account: string): TaskRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!isTaskRecord(parsed)) return undefined;
  return parsed.account === account ? parsed : undefined;
}

/** Whether a stored value has a task record's shape (its `work` is checked by the tool that reads it). */
function isTaskRecord(value: unknown): value is TaskRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.taskId === 'string' &&
    typeof v.account === 'string' &&
    typeof v.status === 'string' &&
    typeof v.statusMessage === 'string' &&
    typeof v.createdAt === 'string' &&
    typeof v.lastUpdatedAt === 'string' &&
    typeof v.ttlMs === 'number' &&
    typeof v.pollIntervalMs === 'number' &&
    typeof v.version === 'number' &&
    typeof v.work === 'object' &&
    v.work !== null
  );
}
