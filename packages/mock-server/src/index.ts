/**
 * @shiptrack/mock-server: a stateful, deterministic, in-memory mock of the
 * Shipment and Container Tracking Service, served over real HTTP, in-process
 * through msw (`@shiptrack/mock-server/msw`) or from the `shiptrack-mock` CLI.
 */
export {
  type RunningMockServer,
  type StartMockServerOptions,
  startMockServer,
} from './adapters/node.js';
export {
  createMockServer,
  type MockAccount,
  type MockServer,
  type MockServerOptions,
} from './create-mock-server.js';
export {
  type AccountInput,
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
} from './engine/accounts.js';
export { OUTCOME_KEYS } from './engine/carrier/outcomes.js';
export { Clock, type ClockMode, type ClockOptions, type ScheduledHandle } from './engine/clock.js';
export type { Logger } from './engine/context.js';
export type { DatasetName } from './engine/datasets.js';
export { Engine, type EngineOptions } from './engine/engine.js';
export type { EngineEvent, EngineEventListener, ResourceRef } from './engine/events.js';
export type { RateLimitBucketName } from './engine/operations.js';
export type {
  BucketOverride,
  BucketState,
  RateLimitOverride,
  RateLimitOverrides,
  RateLimitSettings,
  RateLimitState,
} from './engine/rate-limiter.js';
export type { ResourceObject } from './engine/serialize/resource-object.js';
export { type AppOptions, createApp, type MockApp } from './http/app.js';
export type { AccountJournal } from './journal/account-journal.js';
export type {
  CountExpectation,
  JournalEntry,
  JournalLimits,
  MatchMode,
  RequestPattern,
} from './journal/types.js';
export type { VerificationResult } from './journal/verify.js';
export { VerificationError, verify, verifyInOrder } from './journal/verify-api.js';
export type { KindSummary, MismatchRecord, ProxySummary } from './proxy/report.js';
export {
  type RunningValidatingProxy,
  startValidatingProxy,
  VALIDATION_HEADER,
  type ValidatingProxyOptions,
} from './proxy/validating-proxy.js';
export type { SpecMismatch, SpecMismatchKind } from './spec/types.js';
export type { AccountStubs } from './stubs/account-stubs.js';
export { StubRefusedError } from './stubs/set-stub.js';
export type { Stub, StubDelay, StubInput, StubRequest, StubResponse } from './stubs/types.js';
export { createTestDouble, type TestDouble } from './test-double.js';
