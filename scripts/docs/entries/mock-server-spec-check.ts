/**
 * Requests and answers checked against the spec the mock implements (stubs and the validating proxy load it on first use).
 *
 * @module @shiptrack/mock-server/spec-check
 */
export * from '@shiptrack/mock-server/spec-check';
