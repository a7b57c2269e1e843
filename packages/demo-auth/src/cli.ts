/**
 * Starts the demo authorization server for a local MCP endpoint.
 *
 *   pnpm --filter @shiptrack/demo-auth start -- [--port 4020] [--resource <MCP URL>] [--subject-keys-file <path>]
 *
 * Prints one JSON line to stdout: `{"issuer", "resource", "subjectKeys"}`;
 * with `--subject-keys-file` it also writes the `sub -> API key` table there,
 * ready for `shiptrack-mcp-http --subject-keys <path>`. Stops on SIGINT/SIGTERM.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startDemoAuthServer } from './server.js';
import { demoSubjectKeys } from './users.js';

const { values } = parseArgs({
  // `pnpm start -- --port 0` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    port: { type: 'string', default: '4020' },
    host: { type: 'string', default: '127.0.0.1' },
    resource: { type: 'string', default: 'http://127.0.0.1:3000/mcp' },
    'subject-keys-file': { type: 'string' },
  },
});
const server = await startDemoAuthServer({
  port: Number(values.port),
  host: values.host,
  resources: [values.resource],
});
const subjectKeys = demoSubjectKeys();
if (values['subject-keys-file']) {
  writeFileSync(values['subject-keys-file'], `${JSON.stringify(subjectKeys, null, 2)}\n`);
}
process.stdout.write(
  `${JSON.stringify({ issuer: server.issuer, resource: values.resource, subjectKeys })}\n`,
);
process.stderr.write(
  `demo authorization server at ${server.issuer} for ${values.resource}; sign in as ${server.users
    .map((user) => `${user.username}/${user.password}`)
    .join(' or ')}. Stop with Ctrl+C.\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
