/**
 * The server's capabilities in the words of the revision it serves. The SDK
 * builds the `initialize` result (2025 revisions) and the `server/discover`
 * result (2026-07-28) from one `getCapabilities()`, after the revision is
 * known, so the instance's is narrowed to what that revision's
 * `ServerCapabilities` has:
 *
 * - 2026-07-28: `extensions` (Tasks, Skills), no core `tasks`;
 * - 2025-11-25: core `tasks`, and the extensions under `experimental`, the
 *   only place that revision has for capabilities it does not define (the
 *   Tasks extension is left out: core tasks are that revision's tasks);
 * - 2025-06-18 and 2025-03-26: neither `tasks` (added in 2025-11-25) nor
 *   `extensions`; the extensions under `experimental`.
 */
import type { Server, ServerCapabilities } from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from './revision.js';

/** The first revision with `extensions` (revisions are dates: they sort as strings). */
const EXTENSIONS_REVISION = '2026-07-28';
/** The first revision with tasks in core. */
const CORE_TASKS_REVISION = '2025-11-25';

/** `capabilities` as the revision `revision` writes them. */
export function capabilitiesFor(
  capabilities: ServerCapabilities,
  revision: string,
): ServerCapabilities {
  if (revision >= EXTENSIONS_REVISION) {
    const { tasks: _core, ...modern } = capabilities;
    return modern;
  }
  const { extensions = {}, tasks, experimental = {}, ...legacy } = capabilities;
  const { [TASKS_EXTENSION]: _tasksExtension, ...others } = extensions;
  const moved = { ...experimental, ...others };
  return {
    ...legacy,
    ...(tasks && revision >= CORE_TASKS_REVISION ? { tasks } : {}),
    ...(Object.keys(moved).length > 0 ? { experimental: moved } : {}),
  };
}

/** Narrows `server`'s capabilities to the revision each instance serves (see the module comment). */
export function declarePerRevision(server: Server): void {
  const declared = server.getCapabilities.bind(server);
  server.getCapabilities = () => {
    // Deprecated for handlers, but the only place the revision an instance serves is kept.
    const revision = server.getNegotiatedProtocolVersion();
    const capabilities = declared();
    return revision === undefined ? capabilities : capabilitiesFor(capabilities, revision);
  };
}
