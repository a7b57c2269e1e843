/**
 * What the core reads of the 2026-07-28 revision: whether a request was sent
 * under it, and the identifier of its Tasks extension (the tasks themselves
 * are served by `tasks/`).
 */
import type { ServerContext } from '@modelcontextprotocol/server';

/** The Tasks extension's identifier, the key of its capability. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Whether a request was sent under 2026-07-28 (it carries the per-request envelope). */
export function isModernRequest(ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined;
}
