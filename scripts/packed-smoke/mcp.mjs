// The installed @shiptrack/mcp: its library entry from ESM and CommonJS, and its bin
// (`shiptrack-mcp --mock`) answering initialize and a tool call over stdio, demo data only.
// Arguments, when given, are the command that starts the server instead of the installed bin
// (`node mcp.mjs npx -y --package <tarball> ... shiptrack-mcp --mock`, as a client would run it).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

const viaCommand = process.argv.length > 2;
if (!viaCommand) {
  const { createServer } = await import('@shiptrack/mcp');
  const { createServer: fromRequire } = createRequire(import.meta.url)('@shiptrack/mcp');
  if (typeof createServer !== 'function' || typeof fromRequire !== 'function') {
    throw new Error('@shiptrack/mcp does not export createServer');
  }
}

const messages = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'packed', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'search_container', arguments: { query: 'MAEU4002159' } },
  },
];
const [command, ...args] = viaCommand
  ? process.argv.slice(2)
  : [join('node_modules', '.bin', 'shiptrack-mcp'), '--mock'];
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
let stdout = '';
const timer = setTimeout(() => {
  child.kill('SIGKILL');
  console.error(`${[command, ...args].join(' ')} gave no answer in 60 s`);
  process.exit(1);
}, 60_000);
child.stdout.on('data', (chunk) => {
  stdout += chunk.toString();
  if (stdout.split('\n').filter((line) => line.includes('"id":2')).length > 0) child.stdin.end();
});
child.on('close', () => {
  clearTimeout(timer);
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  if (
    lines[0]?.result?.serverInfo?.name !== 'shiptrack' ||
    !JSON.stringify(lines[1]).includes('MAEU4002159')
  ) {
    console.error(`unexpected answers: ${stdout}`);
    process.exit(1);
  }
  console.log(
    viaCommand
      ? `mcp ok: ${[command, ...args].map((arg) => basename(arg)).join(' ')} over stdio`
      : 'mcp ok: library (ESM, CommonJS) and shiptrack-mcp --mock over stdio',
  );
});
for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
