// @shiptrack/mcp installed alone, without its optional peer @opentelemetry/api: its library
// entry loads from ESM and CommonJS, and a tool call through it answers (here with the
// connection error of a base URL nobody listens on, after its telemetry step has run).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let installed = true;
try {
  require.resolve('@opentelemetry/api');
} catch {
  installed = false;
}
if (installed) throw new Error('@opentelemetry/api was installed with @shiptrack/mcp alone');

const { createServer } = await import('@shiptrack/mcp');
const { createServer: fromRequire } = require('@shiptrack/mcp');
const { createClient } = await import('@shiptrack/sdk');
if (typeof fromRequire !== 'function')
  throw new Error('CommonJS @shiptrack/mcp has no createServer');

const client = createClient({ apiKey: 'smoke', baseUrl: 'http://127.0.0.1:9/v2', maxRetries: 0 });
const server = createServer({ client });
let answered;
const called = new Promise((resolve) => {
  answered = resolve;
});
/** An in-memory transport: the server's answer to the call settles `called`. */
const transport = {
  start: async () => {},
  close: async () => {},
  send: async (message) => {
    if (message.id === 2) answered(message);
  },
};
await server.connect(transport);
const request = (id, method, params) =>
  transport.onmessage?.({ jsonrpc: '2.0', id, method, params });
request(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'packed', version: '1' },
});
transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
request(2, 'tools/call', { name: 'get_container', arguments: { id: 'MAEU4002159' } });
const timer = setTimeout(() => answered(undefined), 30_000);
const answer = await called;
clearTimeout(timer);
if (answer?.result?.isError !== true) {
  throw new Error(`tools/call without @opentelemetry/api: ${JSON.stringify(answer)}`);
}
await server.close();
console.log('mcp ok: the library without @opentelemetry/api (ESM, CommonJS), a tool call answered');
