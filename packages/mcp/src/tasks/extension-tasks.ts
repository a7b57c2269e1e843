/**
 * The 2026-07-28 Tasks extension (`io.modelcontextprotocol/tasks`): the
 * client declares it in each request's capabilities; the server then may
 * answer `tools/call` with `resultType: "task"`, and serves `tasks/get`
 * (the task with its result or error inline), `tasks/update` and
 * `tasks/cancel` (acknowledgements).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from '../core/revision.js';
import { CoreTaskSchema } from './core-tasks.js';
import type { JsonRecord, TaskRecord } from './task-store.js';

/** Whether the request's client declared the Tasks extension in its capabilities. */
export function declaresTasksExtension(ctx: ServerContext): boolean {
  const envelope: Record<string, unknown> | undefined = ctx.mcpReq.envelope;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY];
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const extensions: unknown = Reflect.get(capabilities, 'extensions');
  if (typeof extensions !== 'object' || extensions === null) return false;
  const declared: unknown = Reflect.get(extensions, TASKS_EXTENSION);
  return typeof declared === 'object' && declared !== null;
}

/** The -32021 error the extension requires for a task method from a client that did not declare it. */
export function missingTasksExtension(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `Declare the ${TASKS_EXTENSION} extension in the request's client capabilities to use tasks.`,
  );
}

/** The task fields every shape of the extension carries. */
function taskFields(record: TaskRecord) {
  return {
    taskId: record.taskId,
    statusMessage: record.statusMessage,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
}

/**
 * The `CreateTaskResult` answering a `tools/call`, from the task the tool
 * made (in the 2025-11-25 shape every tool answer carries): the same
 * fields, under the extension's names.
 */
export function createTaskResult(made: unknown): JsonRecord {
  const task = CoreTaskSchema.parse(made);
  return {
    resultType: 'task',
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollIntervalMs: task.pollInterval }),
  };
}

/**
 * The task as `tasks/get` shows it: the result inline once it ended. A
 * tracking request the carrier could not track is a tool answer with
 * `isError` (the extension's `completed`), not a protocol failure.
 */
export function detailedTask(record: TaskRecord): JsonRecord {
  const status = wireStatus(record);
  return {
    ...taskFields(record),
    status,
    // The tool result as 2026-07-28 writes every complete result.
    ...(status === 'completed' && record.result
      ? { result: { ...record.result, resultType: 'complete' } }
      : {}),
  };
}

function wireStatus(record: TaskRecord): TaskRecord['status'] {
  return record.status === 'failed' && record.result ? 'completed' : record.status;
}
