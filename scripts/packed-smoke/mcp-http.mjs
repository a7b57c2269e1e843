// The installed @shiptrack/mcp-http: its library entry from ESM and CommonJS, and its CLI
// (`shiptrack-mcp-http`) serving a tool call over HTTP with an API key against the mock bin
// (SHIPTRACK_SMOKE_URL, SHIPTRACK_SMOKE_KEY), then stopping on SIGINT with exit code 0.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createMcpHttpHandler } from '@shiptrack/mcp-http';

const { createMcpHttpHandler: fromRequire } = createRequire(import.meta.url)('@shiptrack/mcp-http');
if (typeof createMcpHttpHandler !== 'function' || typeof fromRequire !== 'function') {
  throw new Error('@shiptrack/mcp-http does not export createMcpHttpHandler');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const child = spawn(
  join('node_modules', '.bin', 'shiptrack-mcp-http'),
  ['--port', '0', '--quiet', '--base-url', process.env.SHIPTRACK_SMOKE_URL],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let stderr = '';
child.stderr.on('data', (chunk) => {
  stderr += chunk.toString();
});
const timer = setTimeout(() => {
  child.kill('SIGKILL');
  fail(`shiptrack-mcp-http did not serve a tool call in 30 s\n${stderr}`);
}, 30_000);

const started = await new Promise((resolve) => {
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk.toString();
    if (stdout.includes('\n')) resolve(JSON.parse(stdout.slice(0, stdout.indexOf('\n'))));
  });
});
const response = await fetch(started.url, {
  method: 'POST',
  headers: {
    authorization: `Token ${process.env.SHIPTRACK_SMOKE_KEY}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_container', arguments: { query: 'MAEU4002159' } },
  }),
});
const body = await response.text();
if (response.status !== 200 || !body.includes('MAEU4002159')) {
  child.kill('SIGKILL');
  fail(`tools/call answered ${response.status}: ${body}\n${stderr}`);
}
child.kill('SIGINT');
const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
clearTimeout(timer);
if (code !== 0) fail(`shiptrack-mcp-http exited ${code} after SIGINT\n${stderr}`);
console.log(`mcp-http ok: library (ESM, CommonJS) and shiptrack-mcp-http serving ${started.url}`);
