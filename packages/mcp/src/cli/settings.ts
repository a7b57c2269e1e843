/**
 * Every setting of `shiptrack-mcp`: its flag, its variable (by the rule of
 * docs/decisions/0014-one-name-per-setting.md: `SVC_MCP_` and the flag's
 * name, the names `shiptrack-mcp-http` gives the same settings; shared
 * settings keep their shared name) and the names it had before the rule,
 * read for one release. `--help`, the parser and `--print-config` are made
 * from this one table; the settings both MCP commands have are
 * `MCP_COMMAND_SETTINGS` (`command-settings.ts`).
 */
// The settings part of @shiptrack/ops only: its logger (pino) and telemetry stay out of the bin's bundle.
import type { CommandLineSpec, SettingSpec } from '@shiptrack/ops';
import { MCP_COMMAND_SETTINGS } from '../command-settings.js';
import { SERVER_VERSION } from '../version.js';

/** The prefix of this bin's variables (the same as `shiptrack-mcp-http`'s). */
export const ENV_PREFIX = 'SVC_MCP_';

/** The names the shared settings had in `shiptrack-mcp` before decision 0014, read for one release. */
const OLD_NAMES: Readonly<Record<string, readonly string[]>> = {
  'confirm-tracking-requests': ['SVC_CONFIRM_TRACKING_REQUESTS'],
  'read-only': ['SHIPTRACK_MCP_READ_ONLY'],
  tools: ['SHIPTRACK_MCP_TOOLS'],
  toolsets: ['SHIPTRACK_MCP_TOOLSETS'],
  mirror: ['SVC_MIRROR'],
};

/** The settings, in the order `--help` and `--print-config` show them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'mock',
    form: 'switch',
    defaultText: 'false',
    summary: 'serve an embedded mock service with demo data (no API key, no network)',
  },
  ...MCP_COMMAND_SETTINGS.map((setting) => {
    const legacyEnv = OLD_NAMES[setting.name];
    return legacyEnv === undefined ? setting : { ...setting, legacyEnv };
  }),
  {
    name: 'api-token',
    form: 'value',
    envOnly: true,
    secret: true,
    sharedEnv: 'SVC_API_TOKEN',
    defaultText: '(unset: every tool says how to set it)',
    summary: 'your API key (without it the server starts, and every tool says how to set it)',
  },
];

/** The command line of `shiptrack-mcp`: its help, flags and variables, from {@link SETTINGS}. */
export const COMMAND_LINE: CommandLineSpec = {
  name: 'shiptrack-mcp',
  description: [
    'An MCP server (stdio) for the Shipment and Container Tracking Service.',
    'Add it to an MCP client (Claude Desktop, Cursor, Claude Code, Codex,',
    'VS Code) as the command "npx -y @shiptrack/mcp".',
    'Each option has one environment variable (shown after it); a flag wins.',
  ].join('\n'),
  settings: SETTINGS,
  prefix: ENV_PREFIX,
  version: SERVER_VERSION,
  flags: [
    {
      name: 'print-config',
      summary:
        'print the effective configuration (secrets masked) and where each value came from, then exit',
    },
  ],
  epilog: 'It speaks MCP on stdout and logs to stderr.\n',
};
