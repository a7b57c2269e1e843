/**
 * Serves `track_container` tasks in both generations on one `McpServer`:
 * the 2025-11-25 tasks in core (`params.task`, `tasks/get`,
 * `tasks/result`, `tasks/list`, `tasks/cancel`,
 * `notifications/tasks/status`) and the 2026-07-28 Tasks extension
 * (`resultType: "task"`, `tasks/get`, `tasks/update`, `tasks/cancel`). The
 * revision of each request picks the shapes; the tasks themselves are the
 * same store-backed {@link TrackingTasks}.
 */
import {
  type CallToolRequest,
  type CallToolResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type RequestId,
  type ServerContext,
  type ToolExecution,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { TaskRequest } from '../core/define-tool.js';
import { isModernRequest, TASKS_EXTENSION } from '../core/revision.js';
import { installedToolCallHandler } from '../core/tool-call-handler.js';
import { CORE_TASKS_CAPABILITY, taskPayload, wireTask } from './core-tasks.js';
import {
  createTaskResult,
  declaresTasksExtension,
  detailedTask,
  missingTasksExtension,
} from './extension-tasks.js';
import { TaskEndedError, TaskNotFoundError } from './task-errors.js';
import type { TaskRecord } from './task-store.js';
import type { TrackingTasks } from './tracking-task.js';

/** Tasks a `tasks/list` page holds. */
const LIST_PAGE_SIZE = 50;

const TaskId = z.string().min(1).max(200);
const TaskIdParams = z.looseObject({ taskId: TaskId });
const ListParams = z.looseObject({ cursor: z.string().optional() }).optional();

/**
 * How each tool served may run as a task: its `execution.taskSupport`
 * (`forbidden` when it declares none), or `undefined` for a name that is
 * no tool of this server.
 */
export type TaskSupportOf = (tool: string) => NonNullable<ToolExecution['taskSupport']> | undefined;

/**
 * What a `tools/call` asks of tasks, in either generation; `undefined` for a
 * plain call. A 2025-11-25 `params.task` for a tool that does not run as a
 * task is refused with `-32601`, as that revision's tool-level negotiation
 * says; an unknown tool is left to the call, which names it.
 */
function taskRequestOf(
  request: CallToolRequest,
  ctx: ServerContext,
  taskSupportOf: TaskSupportOf,
): TaskRequest | undefined {
  if (isModernRequest(ctx)) {
    return declaresTasksExtension(ctx) ? { generation: 'extension' } : undefined;
  }
  const task = request.params.task;
  if (task === undefined) return undefined;
  const { name } = request.params;
  if (taskSupportOf(name) === 'forbidden') {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `${name} does not run as a task (its execution.taskSupport is "forbidden"): call it without params.task.`,
    );
  }
  return { generation: 'core', ...(task.ttl === undefined ? {} : { ttl: task.ttl }) };
}

/** Runs a task method, turning an unknown or ended task into the -32602 both generations name. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TaskNotFoundError || error instanceof TaskEndedError) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    }
    throw error;
  }
}

/** A 2026-07-28 task method needs the extension declared on the request. */
function requireExtension(ctx: ServerContext): void {
  if (isModernRequest(ctx) && !declaresTasksExtension(ctx)) throw missingTasksExtension();
}

/** Sends a task's status on the request's stream (2025-11-25); a failed send never fails the request. */
function notifyStatus(ctx: ServerContext, record: TaskRecord): void {
  if (isModernRequest(ctx)) return;
  ctx.mcpReq
    .notify({ method: 'notifications/tasks/status', params: { ...wireTask(record) } })
    .catch(() => {});
}

/**
 * Serves tasks on `server` (call after the tools are registered, before
 * connecting). `tasks` gives the account's tasks; `taskRequests` is where a
 * call's task request is left for the tool, keyed by request id;
 * `taskSupportOf` says which tools may run as one.
 */
export function serveTasks(
  server: McpServer,
  tasks: () => TrackingTasks,
  taskRequests: Map<RequestId, TaskRequest>,
  taskSupportOf: TaskSupportOf,
): void {
  const low = server.server;
  low.registerCapabilities({
    tasks: CORE_TASKS_CAPABILITY,
    extensions: { [TASKS_EXTENSION]: {} },
  });
  const callTool = installedToolCallHandler(low);
  low.removeRequestHandler('tools/call');
  low.setRequestHandler('tools/call', async (request, ctx) => {
    const taskRequest = taskRequestOf(request, ctx, taskSupportOf);
    if (taskRequest === undefined) return callTool(request, ctx);
    taskRequests.set(ctx.mcpReq.id, taskRequest);
    try {
      const result = await callTool(request, ctx);
      if (taskRequest.generation === 'core' || !('task' in result) || !result.task) return result;
      // The extension's CreateTaskResult replaces the tool answer (the SDK passes `resultType: "task"` on).
      return createTaskResult(result.task) as CallToolResult;
    } finally {
      taskRequests.delete(ctx.mcpReq.id);
    }
  });
  low.setRequestHandler('tasks/get', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      requireExtension(ctx);
      const record = await tasks().read(params.taskId);
      return isModernRequest(ctx) ? detailedTask(record) : { ...wireTask(record) };
    }),
  );
  low.setRequestHandler('tasks/cancel', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      requireExtension(ctx);
      if (!isModernRequest(ctx)) {
        const record = await tasks().cancel(params.taskId);
        notifyStatus(ctx, record);
        return { ...wireTask(record) };
      }
      // The extension's cancel is an acknowledgement; a task that already ended keeps its end.
      try {
        await tasks().cancel(params.taskId);
      } catch (error) {
        if (!(error instanceof TaskEndedError)) throw error;
      }
      return {};
    }),
  );
  // `inputResponses` is not in the schema: the SDK lifts it into `ctx.mcpReq.inputResponses`.
  low.setRequestHandler('tasks/update', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      requireExtension(ctx);
      // A tracking task never asks for input: responses are acknowledged and ignored, as the extension says.
      await tasks().read(params.taskId);
      return {};
    }),
  );
  low.setRequestHandler('tasks/result', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      const record = await tasks().settle(params.taskId, ctx.mcpReq.signal, (changed) =>
        notifyStatus(ctx, changed),
      );
      return taskPayload(record);
    }),
  );
  low.setRequestHandler('tasks/list', { params: ListParams }, (params) =>
    answering(async () => {
      const page = await tasks().list(params?.cursor, LIST_PAGE_SIZE);
      return {
        tasks: page.tasks.map(wireTask),
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      };
    }),
  );
}
