/**
 * @shiptrack/mcp: the MCP server of the Shipment and Container Tracking
 * Service. `createServer({ client })` builds a configured `McpServer` for
 * any host; the `shiptrack-mcp` bin serves it over stdio.
 */
export { CONTAINER_VIEW_URI } from './app/container-view.js';
export {
  describeMirrorDatabase,
  type OpenedMirror,
  type OpenMirrorOptions,
  openMirror,
} from './cli/mirror.js';
export { MCP_COMMAND_SETTINGS, readToolSelection } from './command-settings.js';
export type { ToolCallLog, ToolCallOutcome } from './core/define-tool.js';
export {
  isBelow,
  LOG_LEVEL_TTL_MS,
  type LogLevelStore,
  type LogLevels,
  MemoryLogLevelStore,
  type MemoryLogLevelStoreOptions,
} from './core/log-levels.js';
export {
  checkedRequestStateOptions,
  type RequestStateOptions,
} from './core/request-state.js';
export { ShippingLineCache, type ShippingLineCacheOptions } from './core/shipping-line-cache.js';
export { CONTAINER_URI_TEMPLATE, containerResourceUri, GLOSSARY_URI } from './core/uri.js';
export {
  MemoryUsedRequestStateStore,
  type MemoryUsedRequestStateStoreOptions,
  type UsedRequestStateStore,
} from './core/used-request-states.js';
export {
  createDirectTools,
  type DirectCaller,
  type DirectTools,
  type DirectToolsOptions,
} from './direct-tools.js';
export { INSTRUCTIONS } from './instructions.js';
export {
  type CreateServerOptions,
  createServer,
  SERVER_INFO,
  type TaskOptions,
} from './server.js';
export type {
  ChangeFanout,
  CountRefusal,
  FollowedContainer,
  PollCoordinator,
  SubscriptionCounter,
} from './subscriptions/coordination.js';
export { type SubscriptionRefusal, SubscriptionRefusedError } from './subscriptions/errors.js';
export { SubscriptionHub, type SubscriptionHubOptions } from './subscriptions/hub.js';
export { DEFAULT_SUBSCRIPTION_LIMITS, type SubscriptionLimits } from './subscriptions/limits.js';
export { ListenGateTransport, listenedResources } from './subscriptions/listen-gate.js';
export type { PollingOptions, PollScheduler } from './subscriptions/polling-source.js';
export type { ServerSubscriptions } from './subscriptions/register.js';
export type { SessionOptions, SubscriptionSession } from './subscriptions/session.js';
export {
  isTerminal,
  type JsonRecord,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskPage,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from './tasks/task-store.js';
export {
  checkedTaskPolicy,
  DEFAULT_TRACKING_TASK_POLICY,
  type TrackingTaskPolicy,
} from './tasks/tracking-policy.js';
export {
  TOOLSETS,
  type ToolSelection,
  ToolSelectionError,
  type ToolsetName,
  toolsSelected,
} from './tools/selection.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
