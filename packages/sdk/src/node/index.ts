/**
 * `@shiptrack/sdk/node`: what only runs on Node (it imports `node:http`),
 * kept out of the main entry, which runs on every runtime.
 */
export type { FetchLike } from '../core/transport.js';
export { createNodeFetch, type NodeFetch } from './node-fetch.js';
export type { NodeFetchOptions } from './options.js';
