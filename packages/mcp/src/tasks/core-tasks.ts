/**
 * The 2025-11-25 revision's tasks (in core): the task as that revision's
 * wire shows it, the server capability, and the answer of `tasks/result`.
 * The SDK keeps these as wire vocabulary without a runtime, so they are
 * served here (see `serve-tasks.ts`).
 */
import { RELATED_TASK_META_KEY, type Task } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { JsonRecord, TaskRecord } from './task-store.js';

/** A task in the 2025-11-25 shape, as a tool answer carries it (checked when read back). */
export const CoreTaskSchema = z.object({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttl: z.number().nullable(),
  pollInterval: z.number().optional(),
});

/** The server capability of 2025-11-25 tasks: tool calls, listing and cancelling. */
export const CORE_TASKS_CAPABILITY = {
  list: {},
  cancel: {},
  requests: { tools: { call: {} } },
};

/** A task as the 2025-11-25 wire shows it. */
export function wireTask(record: TaskRecord): Task {
  return {
    taskId: record.taskId,
    status: record.status,
    statusMessage: record.statusMessage,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttl: record.ttlMs,
    pollInterval: record.pollIntervalMs,
  };
}

/** The answer of `tasks/result`: the tool result, related to its task in `_meta`. */
export function taskPayload(record: TaskRecord): JsonRecord {
  const result = record.result ?? {};
  const meta = typeof result._meta === 'object' && result._meta !== null ? result._meta : {};
  return { ...result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId: record.taskId } } };
}
