/**
 * Every setting of `shiptrack-mcp`: its flag, its variable (by the rule of
 * docs/decisions/0014-one-name-per-setting.md: `SVC_MCP_` and the flag's
 * name, the names `shiptrack-mcp-http` gives the same settings; shared
 * settings keep their shared name) and the names it had before the rule,
 * read for one release. `--help`, the parser and `--print-config` are made
 * from this one table.
 */
// The settings part of @shiptrack/ops only: its logger (pino) and telemetry stay out of the bin's bundle.
import type { CommandLineSpec, SettingSpec } from '@shiptrack/ops';
import { TOOLSETS } from '../tools/selection.js';
import { SERVER_VERSION } from '../version.js';

/** The prefix of this bin's variables (the same as `shiptrack-mcp-http`'s). */
export const ENV_PREFIX = 'SVC_MCP_';

/** The settings, in the order `--help` and `--print-config` show them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'mock',
    form: 'switch',
    defaultText: 'false',
    summary: 'serve an embedded mock service with demo data (no API key, no network)',
  },
  {
    name: 'base-url',
    form: 'value',
    placeholder: '<url>',
    sharedEnv: 'SVC_API_BASE_URL',
    defaultText: "the SDK's",
    summary: 'REST base ending in /v2',
  },
  {
    name: 'mirror',
    form: 'value',
    placeholder: '<dir|url>',
    legacyEnv: ['SVC_MIRROR'],
    summary:
      'answer lists and searches from a @shiptrack/mirror: a PGlite directory or postgres:// URL (install @shiptrack/mirror beside this package)',
  },
  {
    name: 'mirror-sync',
    form: 'switch',
    defaultText: 'false',
    summary: 'also keep that mirror synced from REST here (every 15 min; needs SVC_API_TOKEN)',
  },
  {
    name: 'mirror-max-age',
    form: 'value',
    placeholder: '<min>',
    defaultText: '15',
    summary: "get_container uses the mirror's copy up to this age",
  },
  {
    name: 'confirm-tracking-requests',
    form: 'switch',
    legacyEnv: ['SVC_CONFIRM_TRACKING_REQUESTS'],
    defaultText: 'false',
    summary:
      'ask the user before each new tracking request (they cost quota); a client without elicitation gets none made',
  },
  {
    name: 'read-only',
    form: 'switch',
    legacyEnv: ['SHIPTRACK_MCP_READ_ONLY'],
    defaultText: 'false',
    summary: 'serve no tool that writes (track_container), so no tracking request is made',
  },
  {
    name: 'tools',
    form: 'value',
    list: true,
    placeholder: '<a,b>',
    legacyEnv: ['SHIPTRACK_MCP_TOOLS'],
    defaultText: 'all',
    summary: 'serve these tools, with those of --toolsets (comma-separated)',
  },
  {
    name: 'toolsets',
    form: 'value',
    list: true,
    placeholder: '<a,b>',
    legacyEnv: ['SHIPTRACK_MCP_TOOLSETS'],
    defaultText: 'all',
    summary: `serve these toolsets (comma-separated): ${Object.keys(TOOLSETS).join(', ')}`,
  },
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
