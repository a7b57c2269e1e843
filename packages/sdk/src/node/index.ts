/**
 * `@shiptrack/sdk/node`: what only runs on Node (it imports `node:http`),
 * kept out of the main entry, which runs on every runtime: the sender,
 * headers read from `node:http`'s raw pairs, and the start and the shutdown
 * of a Node server that receives deliveries or serves MCP.
 */
export type { FetchLike } from '../core/fetch-like.js';
export { type ClosableServer, closeServer } from './close-server.js';
export { listenServer } from './listen-server.js';
export { createNodeFetch, type NodeFetch } from './node-fetch.js';
export type { NodeFetchOptions } from './options.js';
export { RawHeaders } from './raw-headers.js';
