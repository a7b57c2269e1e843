/**
 * A stateful in-memory mock of the service: engine, web-standard app, Node server and CLI.
 *
 * @module @shiptrack/mock-server
 */
export * from '@shiptrack/mock-server';
