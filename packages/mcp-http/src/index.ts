/**
 * @shiptrack/mcp-http: the shiptrack MCP server over stateless streamable
 * HTTP, with API-key and OAuth 2.1 authentication: a web-standard handler
 * (serverless, edge), a Node server and the `shiptrack-mcp-http` CLI.
 */

export type { CredentialResolver, RestCredentials } from './auth/credentials.js';
export { subjectKeyResolver } from './auth/credentials.js';
export type { VerifiedAccessToken } from './auth/token-verifier.js';
export type { SseEvent, SseEventPage, SseEventStore } from './events/event-store.js';
export {
  DEFAULT_SSE_EVENT_TTL_MS,
  DEFAULT_SSE_EVENTS_PER_STREAM,
  MemorySseEventStore,
  type MemorySseEventStoreOptions,
} from './events/memory-event-store.js';
export { createMcpHttpHandler, type McpHttpHandler } from './handler.js';
export type { McpHttpHandlerOptions, OAuthOptions } from './handler-options.js';
export type { RequestLogEntry, RequestLogger } from './logging/request-log.js';
export type { HandlerMirror, ServerFactory, ServerFactoryContext } from './mcp/server-factory.js';
export {
  type RunningMcpHttpServer,
  type StartMcpHttpServerOptions,
  startMcpHttpServer,
} from './node/server.js';
export { DEFAULT_SSE_RETRY_MS } from './options.js';
