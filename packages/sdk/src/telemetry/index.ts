/**
 * `@shiptrack/sdk/telemetry`: the client's telemetry on OpenTelemetry's API
 * (`createClient({ telemetry: openTelemetry })`), in an entry of its own
 * so a client without it carries none of it. `@opentelemetry/api` is an
 * optional peer: install it to import this entry.
 */
export { TELEMETRY_SCOPE, type TransportInstruments } from './instruments.js';
export { openTelemetry } from './open-telemetry.js';
export { openTelemetryRegistered } from './registered.js';
