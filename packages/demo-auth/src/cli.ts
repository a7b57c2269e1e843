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
import {
  type CommandLineSpec,
  integerSetting,
  parseCommandLine,
  resolveSettings,
  stringSetting,
  UsageError,
  usageErrorText,
} from '@shiptrack/ops';
import { startDemoAuthServer } from './server.js';
import { demoSubjectKeys } from './users.js';

/** The command line: each flag with its `SVC_DEMO_AUTH_*` variable (decision 0014). */
const COMMAND_LINE: CommandLineSpec = {
  name: 'demo-auth',
  description: 'The demo OAuth 2.1 authorization server for a local MCP endpoint.',
  prefix: 'SVC_DEMO_AUTH_',
  settings: [
    {
      name: 'port',
      form: 'value',
      placeholder: '<n>',
      integer: { min: 0, max: 65_535 },
      defaultText: '4020',
      summary: 'port',
    },
    {
      name: 'host',
      form: 'value',
      placeholder: '<addr>',
      defaultText: '127.0.0.1',
      summary: 'interface to listen on',
    },
    {
      name: 'resource',
      form: 'value',
      placeholder: '<url>',
      defaultText: 'http://127.0.0.1:3000/mcp',
      summary: 'the MCP URL its tokens are for',
    },
    {
      name: 'subject-keys-file',
      form: 'value',
      placeholder: '<path>',
      summary: 'also write the sub -> API key table here, for shiptrack-mcp-http --subject-keys',
    },
  ],
  epilog: 'It prints one JSON line to stdout: {"issuer", "resource", "subjectKeys"}.\n',
};

/** The settings of this run, or the exit after `--help` or a usage error. */
function settingsOrExit() {
  try {
    // `pnpm start -- --port 0` passes the `--` through.
    const line = parseCommandLine(
      COMMAND_LINE,
      process.argv.slice(2).filter((arg) => arg !== '--'),
    );
    if (line.kind !== 'run') {
      process.stdout.write(line.text);
      process.exit(0);
    }
    return resolveSettings(COMMAND_LINE.settings, COMMAND_LINE.prefix, line.flags, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(usageErrorText(COMMAND_LINE.name, error.message));
    process.exit(error.exitCode);
  }
}

const settings = settingsOrExit();
const resource = stringSetting(settings, 'resource') ?? 'http://127.0.0.1:3000/mcp';
const keysFile = stringSetting(settings, 'subject-keys-file');
const server = await startDemoAuthServer({
  port: integerSetting(settings, 'port') ?? 4020,
  host: stringSetting(settings, 'host') ?? '127.0.0.1',
  resources: [resource],
});
const subjectKeys = demoSubjectKeys();
if (keysFile) writeFileSync(keysFile, `${JSON.stringify(subjectKeys, null, 2)}\n`);
process.stdout.write(`${JSON.stringify({ issuer: server.issuer, resource, subjectKeys })}\n`);
process.stderr.write(
  `demo authorization server at ${server.issuer} for ${resource}; sign in as ${server.users
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
