import { rateLimitBuckets } from '@shiptrack/sdk/spec';

/**
 * How a `track_container` task waits for the carrier. The checks follow
 * the schedule of the SDK's `trackingRequests.waitFor` (5 s, then 1.5
 * times longer each, up to 60 s) and all the tasks of one account together
 * spend at most `checkShare` of the service's `default` rate-limit bucket.
 */
export interface TrackingTaskPolicy {
  /** How long a task waits for the carrier before it completes saying the request is still pending, in ms (default 15 min). */
  timeLimitMs: number;
  /** The first pause between checks, in ms (default 5 000; then 1.5 times longer each). */
  firstIntervalMs: number;
  /** The longest pause between checks, in ms (default 60 000). */
  maxIntervalMs: number;
  /** How long a task and its result are kept when the client asks for no TTL, in ms (default 1 h after its time limit). */
  defaultTtlMs: number;
  /** The longest TTL granted, in ms (default 24 h); a longer one asked for is cut to it. */
  maxTtlMs: number;
  /**
   * The share of the `default` bucket (100 requests a minute) the checks
   * of one account's tasks may use together (default 0.2: 20 a minute);
   * past it, checks wait.
   */
  checkShare: number;
}

const MINUTE = 60_000;

/** The defaults of {@link TrackingTaskPolicy}. */
export const DEFAULT_TRACKING_TASK_POLICY: TrackingTaskPolicy = {
  timeLimitMs: 15 * MINUTE,
  firstIntervalMs: 5_000,
  maxIntervalMs: MINUTE,
  defaultTtlMs: 75 * MINUTE,
  maxTtlMs: 24 * 60 * MINUTE,
  checkShare: 0.2,
};

/** The rate-limit bucket the task checks are counted in (per account). */
export const TASK_CHECK_BUCKET = 'task_checks';

/** How many checks the tasks of one account may make per window. */
export function checkBudget(policy: TrackingTaskPolicy): { limit: number; windowMs: number } {
  const { limit, windowMs } = rateLimitBuckets.default;
  return { limit: Math.max(1, Math.floor(limit * policy.checkShare)), windowMs };
}

/**
 * The policy with its defaults; a value that cannot work is refused with a
 * `TypeError` that names it as `optionName.<member>` (hosts check theirs at
 * start with this).
 */
export function checkedTaskPolicy(
  given: Partial<TrackingTaskPolicy> = {},
  options: { optionName?: string } = {},
): TrackingTaskPolicy {
  const option = options.optionName ?? 'createServer: tasks.policy';
  const policy = { ...DEFAULT_TRACKING_TASK_POLICY, ...given };
  for (const name of [
    'timeLimitMs',
    'firstIntervalMs',
    'maxIntervalMs',
    'defaultTtlMs',
    'maxTtlMs',
  ] as const) {
    const value = policy[name];
    if (!Number.isFinite(value) || value <= 0) {
      throw new TypeError(
        `${option}.${name} must be a number of milliseconds above 0; got ${String(value)}.`,
      );
    }
  }
  if (!(policy.checkShare > 0 && policy.checkShare <= 1)) {
    throw new TypeError(
      `${option}.checkShare must be a share above 0 and at most 1, e.g. 0.2; got ${String(policy.checkShare)}.`,
    );
  }
  return policy;
}
