import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  APIError,
  type MappedTrackingRequest,
  type RateLimitStore,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';
import { toCallToolResult } from '../core/tool-result.js';
import { settledOutcome } from '../tools/track/follow.js';
import {
  awaitsCarrier,
  renderOutcome,
  requestFacts,
  type TrackOutcome,
  type TrackTaskOutcome,
  TrackTaskOutcomeSchema,
  WAIT_ADVICE,
} from '../tools/track/outcome.js';
import { pause } from './abortable-pause.js';
import { TaskEndedError, TaskNotFoundError } from './task-errors.js';
import type { JsonRecord, TaskRecord, TaskStore } from './task-store.js';
import { isTerminal } from './task-store.js';
import { checkBudget, TASK_CHECK_BUCKET, type TrackingTaskPolicy } from './tracking-policy.js';

/** The state of the wait, as stored in the task record (checked when read back). */
const TrackingWorkSchema = lazy(() =>
  z.object({
    tool: z.literal('track_container'),
    outcome: TrackTaskOutcomeSchema(),
    requestId: z.string(),
    intervalMs: z.number(),
    nextCheckAt: z.number(),
    deadlineAt: z.number(),
    checks: z.number(),
  }),
);

type TrackingWork = z.infer<ReturnType<typeof TrackingWorkSchema>>;

/** Containers given with `get_container`'s answer when a task completes. */
const DETAILED_CONTAINERS = 3;

/** How long one check may hold a task's lease, in ms: longer than any check takes. */
const LEASE_MS = 30_000;

declare module '../core/define-tool.js' {
  interface ToolServices {
    /** The account's `track_container` tasks. */
    trackingTasks: TrackingTasks;
  }
}

/** What {@link TrackingTasks} works with. */
export interface TrackingTasksOptions {
  store: TaskStore;
  /** The account whose tasks these are (a hash of the API key). */
  account: string;
  client(): ShiptrackClient;
  now(): Date;
  policy: TrackingTaskPolicy;
  /** Where the account's check budget is counted (the SDK's rate-limit store, shared through Redis). */
  budget: RateLimitStore;
  /** `get_container`'s structured answer for a container. */
  containerDetails(id: string): Promise<JsonRecord>;
  /** Who checks, for the lease (one id per server instance), asked when a check is due. */
  holder(): string;
}

/**
 * The `track_container` tasks of one account: started from the tool's
 * outcome, advanced by whoever reads them (one check of the service when
 * a check is due and no other instance holds the task's lease), ended by
 * the carrier's answer, the time limit, or a cancel. All state lives in
 * the {@link TaskStore}, so any instance can answer for any task.
 */
export class TrackingTasks {
  readonly #options: TrackingTasksOptions;

  constructor(options: TrackingTasksOptions) {
    this.#options = options;
  }

  /**
   * Starts a task from `track_container`'s outcome. A request to wait for
   * makes a working task; anything else (already tracked, a carrier to
   * choose) ends it at once with the same answer. `ttlMs` is the client's
   * wish, kept within the policy.
   */
  async start(outcome: TrackOutcome, ttlMs: number | undefined): Promise<TaskRecord> {
    const { policy, now } = this.#options;
    const start = now().getTime();
    const request = outcome.trackingRequest;
    const waiting = request !== null && awaitsCarrier(outcome);
    const work: TrackingWork = {
      tool: 'track_container',
      outcome,
      requestId: request?.id ?? '',
      intervalMs: policy.firstIntervalMs,
      nextCheckAt: start + policy.firstIntervalMs,
      deadlineAt: start + policy.timeLimitMs,
      checks: 0,
    };
    const at = new Date(start).toISOString();
    const record: TaskRecord = {
      taskId: crypto.randomUUID(),
      account: this.#options.account,
      status: 'working',
      statusMessage: waiting
        ? `Tracking request ${request.id} ${outcome.outcome === 'request_created' ? 'created' : `already ${request.status}`} at ${request.scac}; waiting for the carrier.`
        : 'Answered at once.',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: Math.min(Math.max(ttlMs ?? policy.defaultTtlMs, policy.timeLimitMs), policy.maxTtlMs),
      pollIntervalMs: policy.firstIntervalMs,
      version: 1,
      work,
    };
    if (!waiting) {
      const ended = await this.#ended(record, work, outcome, 'completed', []);
      await this.#options.store.create(ended);
      return ended;
    }
    await this.#options.store.create(record);
    return record;
  }

  /** The task as it is now: advanced by one check of the service when one is due. */
  async read(taskId: string): Promise<TaskRecord> {
    return this.#advance(await this.#load(taskId));
  }

  /**
   * Waits until the task ends (the carrier answers, the time limit, a
   * cancel) and returns it: checks when due, sleeping between them; `signal`
   * stops the wait (the client went away), never the task. `onChange` is
   * told each new state.
   */
  async settle(
    taskId: string,
    signal: AbortSignal,
    onChange: (record: TaskRecord) => void,
  ): Promise<TaskRecord> {
    let record = await this.read(taskId);
    let seen = record.version;
    while (!isTerminal(record.status)) {
      const work = workOf(record);
      const wake = Math.min(work.nextCheckAt, work.deadlineAt) - this.#options.now().getTime();
      // Never a busy loop while another instance holds the task's lease.
      await pause(Math.max(wake, 250), signal);
      record = await this.read(taskId);
      if (record.version !== seen) onChange(record);
      seen = record.version;
    }
    return record;
  }

  /** Stops waiting: the task ends `cancelled`; the tracking request stays in the account. */
  async cancel(taskId: string): Promise<TaskRecord> {
    for (;;) {
      const record = await this.#load(taskId);
      if (isTerminal(record.status)) throw new TaskEndedError(record);
      const work = workOf(record);
      const request = work.outcome.trackingRequest;
      const stays = request
        ? `The tracking request ${request.id} stays in the account and is still tracked`
        : 'Nothing was removed from the account';
      const outcome: TrackOutcome = {
        ...work.outcome,
        next: `Cancelled: this task stopped waiting. ${stays}; call get_container or track_container with the number later (no duplicate is made).`,
      };
      const cancelled = await this.#ended(record, work, outcome, 'cancelled', []);
      cancelled.statusMessage = `Cancelled: stopped waiting. ${stays}.`;
      if (await this.#options.store.update(cancelled)) return cancelled;
    }
  }

  /** One page of the account's tasks. */
  list(cursor: string | undefined, limit: number) {
    return this.#options.store.list(this.#options.account, { cursor, limit });
  }

  async #load(taskId: string): Promise<TaskRecord> {
    const record = await this.#options.store.get(this.#options.account, taskId);
    if (!record) throw new TaskNotFoundError(taskId);
    return record;
  }

  /** One step of the wait, when one is due and this instance gets the task's lease. */
  async #advance(record: TaskRecord): Promise<TaskRecord> {
    if (isTerminal(record.status)) return record;
    const { store, account, now } = this.#options;
    const work = workOf(record);
    const at = now().getTime();
    if (at < work.nextCheckAt && at < work.deadlineAt) return record;
    const holder = this.#options.holder();
    if (!(await store.lease(account, record.taskId, holder, LEASE_MS))) return record;
    try {
      const next =
        at >= work.deadlineAt
          ? await this.#timedOut(record, work)
          : await this.#check(record, work);
      if (await store.update(next)) return next;
      // Another write came first (a cancel): what is stored is the truth.
      return (await store.get(account, record.taskId)) ?? record;
    } finally {
      await store.release(account, record.taskId, holder);
    }
  }

  /** One check of the request, within the account's check budget. */
  async #check(record: TaskRecord, work: TrackingWork): Promise<TaskRecord> {
    const { budget, account, policy } = this.#options;
    const { limit, windowMs } = checkBudget(policy);
    const slot = await budget.acquire(account, TASK_CHECK_BUCKET, limit, windowMs);
    if (slot.waitMs > 0) {
      await slot.release();
      return this.#waiting(record, work, {
        delayMs: slot.waitMs,
        message: `Waiting for the carrier; checks paused for ${seconds(slot.waitMs)} (this account's tasks spent their share of the rate limit, ${limit} checks a minute).`,
      });
    }
    let request: MappedTrackingRequest;
    try {
      request = await this.#options.client().trackingRequests.get(work.requestId, {
        format: 'mapped',
        include: [],
      });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const failed = { ...work, checks: work.checks + 1 };
      return this.#waiting(record, failed, {
        message: `Waiting for the carrier; a check failed just now (${error.name}), trying again in ${seconds(backoff(failed, policy))}.`,
      });
    }
    const checked = { ...work, checks: work.checks + 1 };
    if (request.status === 'created' && !request.trackedObjectId) {
      return this.#waiting(record, checked, {
        message: 'The carrier answered; waiting for the shipment to be linked.',
        request,
      });
    }
    if (
      request.status !== 'created' &&
      request.status !== 'failed' &&
      request.status !== 'tracking_stopped'
    ) {
      return this.#waiting(record, checked, {
        message: `Waiting for the carrier: the request is ${request.status} after ${checked.checks} check(s); next check in ${seconds(backoff(checked, policy))}.`,
        request,
      });
    }
    const steps: string[] = [];
    try {
      const outcome = await settledOutcome(this.#options.client(), work.outcome, request, (step) =>
        steps.push(step),
      );
      const status = request.status === 'created' ? 'completed' : 'failed';
      return await this.#ended(record, checked, outcome, status, steps);
    } catch (error) {
      // The shipment could not be read just now: the task stays and the next check tries again.
      if (!(error instanceof APIError)) throw error;
      return this.#waiting(record, checked, {
        message: `The carrier answered; reading the shipment failed just now (${error.name}), trying again in ${seconds(backoff(checked, policy))}.`,
        request,
      });
    }
  }

  /** The time limit is up: the task completes saying the request is still pending. */
  async #timedOut(record: TaskRecord, work: TrackingWork): Promise<TaskRecord> {
    const request = work.outcome.trackingRequest;
    const waited = `${Math.round(this.#options.policy.timeLimitMs / 60_000)} min`;
    const outcome: TrackOutcome = {
      ...work.outcome,
      next: `Still ${request?.status ?? 'pending'} after ${waited}: this task stopped waiting; the request stays and is still tracked. ${WAIT_ADVICE}`,
    };
    const ended = await this.#ended(record, work, outcome, 'completed', []);
    ended.statusMessage = `Still pending after ${waited}; stopped waiting. The request stays and is still tracked.`;
    return ended;
  }

  /** The next state of a task that keeps waiting. */
  #waiting(
    record: TaskRecord,
    work: TrackingWork,
    step: { message: string; delayMs?: number; request?: MappedTrackingRequest },
  ): TaskRecord {
    const { now, policy } = this.#options;
    const interval = step.delayMs ?? backoff(work, policy);
    const at = now().getTime();
    const outcome = step.request
      ? { ...work.outcome, trackingRequest: requestFacts(step.request) }
      : work.outcome;
    return {
      ...record,
      version: record.version + 1,
      statusMessage: step.message,
      lastUpdatedAt: new Date(at).toISOString(),
      pollIntervalMs: interval,
      work: {
        ...work,
        outcome,
        intervalMs: step.delayMs === undefined ? interval : work.intervalMs,
        nextCheckAt: at + interval,
      },
    };
  }

  /**
   * `get_container`'s answers for the first containers; a container that
   * cannot be read just now is left out (its id is in the answer anyway).
   */
  async #details(outcome: TrackOutcome): Promise<JsonRecord[]> {
    const shown = outcome.containers.slice(0, DETAILED_CONTAINERS);
    const read = await Promise.all(
      shown.map((c) =>
        this.#options.containerDetails(c.id).catch((error: unknown) => {
          if (error instanceof APIError) return undefined;
          throw error;
        }),
      ),
    );
    return read.filter((answer): answer is JsonRecord => answer !== undefined);
  }

  /** The final state: the tool result, with `get_container`'s answer for the first containers. */
  async #ended(
    record: TaskRecord,
    work: TrackingWork,
    outcome: TrackOutcome,
    status: 'completed' | 'failed' | 'cancelled',
    steps: string[],
  ): Promise<TaskRecord> {
    const details = status === 'completed' ? await this.#details(outcome) : [];
    const final: TrackTaskOutcome = details.length > 0 ? { ...outcome, details } : outcome;
    const result: CallToolResult = {
      ...toCallToolResult({
        structured: final,
        text: renderOutcome(final),
        containers: final.containers,
      }),
      ...(status === 'failed' ? { isError: true } : {}),
    };
    const message =
      status === 'failed'
        ? `Tracking failed. ${outcome.next}`
        : steps.length > 0
          ? `${steps.map(capitalized).join('; ')}.`
          : outcome.next;
    return {
      ...record,
      version: record.version + 1,
      status,
      statusMessage: message,
      lastUpdatedAt: this.#options.now().toISOString(),
      pollIntervalMs: record.pollIntervalMs,
      work: { ...work, outcome: final },
      result: { ...result },
    };
  }
}

/** The stored work of a task, checked: a record written by another version is refused clearly. */
function workOf(record: TaskRecord): TrackingWork {
  const parsed = TrackingWorkSchema().safeParse(record.work);
  if (!parsed.success) {
    throw new Error(
      `Task ${record.taskId} holds state this server cannot read: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** The pause after the latest check: 1.5 times the last, within the policy's longest (as the SDK's `waitFor`). */
function backoff(work: TrackingWork, policy: TrackingTaskPolicy): number {
  return work.checks === 0
    ? work.intervalMs
    : Math.min(work.intervalMs * 1.5, policy.maxIntervalMs);
}

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
