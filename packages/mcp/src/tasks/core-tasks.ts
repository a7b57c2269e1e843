/**
 * The 2025-11-25 revision's tasks (in core): `tools/call` with `params.task`
 * answered with a `CreateTaskResult`, then `tasks/get`, `tasks/result`,
 * `tasks/list`, `tasks/cancel` and `notifications/tasks/status`. The SDK
 * keeps these as wire vocabulary without a runtime, so they are served
 * here, over the store-backed {@link TrackingTasks}.
 */
import {
  type CallToolRequest,
  type CallToolResult,
  type InputRequiredResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type RequestId,
  type Server,
  type ServerContext,
  type Task,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { TaskRequest } from '../core/define-tool.js';
import type { TaskRecord } from './task-store.js';
import { TaskEndedError, TaskNotFoundError, type TrackingTasks } from './tracking-task.js';

/** Tasks a `tasks/list` page holds. */
const LIST_PAGE_SIZE = 50;

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

const TaskIdParams = z.looseObject({ taskId: z.string().min(1) });
const ListParams = z.looseObject({ cursor: z.string().optional() }).optional();

/** The stored `tools/call` handler of the SDK's `Server`. */
type ToolCallHandler = (
  request: CallToolRequest,
  ctx: ServerContext,
) => Promise<CallToolResult | InputRequiredResult>;

/**
 * The `tools/call` handler `McpServer` installed. The SDK offers no public
 * way to see a call's `params.task` from a tool callback, so the handler is
 * wrapped; `_getRequestHandler` is the accessor its own role classes use.
 */
function installedToolCallHandler(server: Server): ToolCallHandler {
  const accessor: unknown = Reflect.get(server, '_getRequestHandler');
  const handler: unknown =
    typeof accessor === 'function' ? accessor.call(server, 'tools/call') : undefined;
  if (typeof handler !== 'function') {
    throw new Error(
      'The MCP SDK no longer exposes its tools/call handler: @shiptrack/mcp needs a matching @modelcontextprotocol/server.',
    );
  }
  // Safe: this is the handler McpServer registered for tools/call, with that signature.
  return handler as ToolCallHandler;
}

/** Turns a task failure into the JSON-RPC error the revision names (-32602 for a bad task id). */
function protocolError(error: unknown): unknown {
  if (error instanceof TaskNotFoundError || error instanceof TaskEndedError) {
    return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
  }
  return error;
}

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw protocolError(error);
  }
}

/** Sends `notifications/tasks/status` on the request's stream; a failed send never fails the request. */
function notifyStatus(ctx: ServerContext, record: TaskRecord): void {
  ctx.mcpReq
    .notify({ method: 'notifications/tasks/status', params: { ...wireTask(record) } })
    .catch(() => {});
}

/**
 * Serves 2025-11-25 tasks on `server` (call after the tools are
 * registered, before connecting). `tasks` gives the account's tasks;
 * `taskRequests` is where a call's `params.task` is left for the tool,
 * keyed by request id.
 */
export function serveCoreTasks(
  server: McpServer,
  tasks: () => TrackingTasks,
  taskRequests: Map<RequestId, TaskRequest>,
): void {
  const low = server.server;
  low.registerCapabilities({ tasks: CORE_TASKS_CAPABILITY });
  const callTool = installedToolCallHandler(low);
  low.removeRequestHandler('tools/call');
  low.setRequestHandler('tools/call', async (request, ctx) => {
    const task = request.params.task;
    if (task === undefined) return callTool(request, ctx);
    taskRequests.set(ctx.mcpReq.id, { ...(task.ttl === undefined ? {} : { ttl: task.ttl }) });
    try {
      return await callTool(request, ctx);
    } finally {
      taskRequests.delete(ctx.mcpReq.id);
    }
  });
  low.setRequestHandler('tasks/get', { params: TaskIdParams }, (params) =>
    answering(async () => ({ ...wireTask(await tasks().read(params.taskId)) })),
  );
  low.setRequestHandler('tasks/result', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      const record = await tasks().settle(params.taskId, ctx.mcpReq.signal, (changed) =>
        notifyStatus(ctx, changed),
      );
      const result = record.result ?? {};
      const meta = typeof result._meta === 'object' && result._meta !== null ? result._meta : {};
      return { ...result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId: record.taskId } } };
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
  low.setRequestHandler('tasks/cancel', { params: TaskIdParams }, (params, ctx) =>
    answering(async () => {
      const record = await tasks().cancel(params.taskId);
      notifyStatus(ctx, record);
      return { ...wireTask(record) };
    }),
  );
}
