/**
 * Node only: `createNodeFetch`, a sender on `node:http` for the client's `fetch` option.
 *
 * @module @shiptrack/sdk/node
 */
export * from '@shiptrack/sdk/node';
