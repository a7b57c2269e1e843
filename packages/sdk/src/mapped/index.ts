/**
 * The mapped models as zod 4 schemas, without the client: import
 * `@shiptrack/sdk/mapped` where only the schemas are needed (for example as
 * MCP tool output schemas). The main entry exports the same schemas.
 */
export * from './cargo.js';
export * from './common.js';
export * from './enums.js';
export * from './events.js';
export * from './places.js';
export * from './route.js';
export * from './tracking.js';
export * from './webhooks.js';
