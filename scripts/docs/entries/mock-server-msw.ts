/**
 * msw handlers that serve the mock in-process.
 *
 * @module @shiptrack/mock-server/msw
 */
export * from '@shiptrack/mock-server/msw';
