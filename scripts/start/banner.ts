/** The MCP Inspector needs Node 22.19 or later (it crashes on 20, which this repository supports). */
const INSPECTOR_NODE = [22, 19] as const;

/**
 * How to start the MCP Inspector: its command on a Node it runs on; on an
 * older one, that plainly, the command for a newer Node, and what works here.
 */
export function inspectorLines(command: string, nodeVersion: string): string[] {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const [needMajor, needMinor] = INSPECTOR_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) {
    return ['  MCP Inspector (Node 22.19+)', `    ${command}`];
  }
  return [
    `  MCP Inspector: needs Node 22.19 or later, and this is Node ${nodeVersion}; with a newer Node:`,
    `    ${command}`,
    '  On this Node, Claude Code and the clients below work, and so does the command line at the end.',
  ];
}

/**
 * The banner `pnpm start` prints once everything listens: where each part
 * answers, the demo key, and the exact command or configuration with which
 * each MCP client connects.
 */
import type { RunningStack } from './stack.js';

/** A command an MCP client starts for a stdio server. */
export interface StdioCommand {
  command: string;
  args: string[];
}

/** The JSON an HTTP-capable client needs, as Cursor and VS Code spell it. */
export function httpClientConfigs(mcpUrl: string, apiKey: string) {
  const headers = { Authorization: `Token ${apiKey}` };
  return {
    cursor: { mcpServers: { shiptrack: { url: mcpUrl, headers } } },
    vscode: { servers: { shiptrack: { type: 'http', url: mcpUrl, headers } } },
  };
}

/** Claude Desktop's entry for a stdio command. */
export function claudeDesktopConfig(stdio: StdioCommand) {
  return { mcpServers: { shiptrack: { command: stdio.command, args: stdio.args } } };
}

/**
 * Which of the clients above show the container view (an MCP App), as the
 * MCP extension support matrix lists them; the others show the same tools'
 * text answers, unchanged.
 */
export const CONTAINER_VIEW_LINES = [
  'The container view (journey, route, last free day, holds and fees as a picture) shows in',
  'clients that render MCP Apps: of those above, Claude Desktop and VS Code (GitHub Copilot).',
  'The others get the same text answers. Ask for a container with get_container.',
];

/** A shell word, quoted only when it needs to be. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `shiptrack` CLI against this stack, as one shell command (`cli` starts the CLI of this checkout). */
export function cliCommandLine(stack: RunningStack, cli: StdioCommand, args: string[]): string {
  return [
    `SVC_API_BASE_URL=${stack.restUrl}`,
    `SVC_API_TOKEN=${stack.apiKey}`,
    cli.command,
    ...cli.args,
    ...args,
  ]
    .map(shellWord)
    .join(' ');
}

/**
 * The banner, as lines. `stdio` is the `shiptrack-mcp --mock` command of
 * this checkout, `cli` its `shiptrack` command.
 */
export function bannerLines(
  stack: RunningStack,
  stdio: StdioCommand,
  cli: StdioCommand,
  nodeVersion: string = process.versions.node,
): string[] {
  const { mcpUrl, apiKey } = stack;
  const header = `"Authorization: Token ${apiKey}"`;
  const configs = httpClientConfigs(mcpUrl, apiKey);
  const signIn = stack.users.map((user) => `${user.username} / ${user.password}`).join(', ');
  return [
    '',
    'shiptrack is running: the mock tracking service with demo data, a demo OAuth',
    'server, and the MCP server over them. Nothing leaves this machine.',
    '',
    `  MCP server     ${mcpUrl}`,
    `  Demo API key   ${apiKey}  (send it as ${header})`,
    `  OAuth sign-in  ${signIn}  (clients that sign in instead of sending the key)`,
    `  REST API       ${stack.restUrl}`,
    `  OAuth server   ${stack.authIssuer}`,
    '',
    'Connect a client:',
    ...inspectorLines(
      `npx -y @modelcontextprotocol/inspector --transport http --server-url ${mcpUrl} --header ${header}`,
      nodeVersion,
    ),
    '  Claude Code',
    `    claude mcp add --transport http shiptrack ${mcpUrl} --header ${header}`,
    '  Cursor: .cursor/mcp.json',
    `    ${JSON.stringify(configs.cursor)}`,
    '  VS Code: .vscode/mcp.json',
    `    ${JSON.stringify(configs.vscode)}`,
    '  Claude Desktop: claude_desktop_config.json (stdio, the embedded mock, from this clone)',
    `    ${JSON.stringify(claudeDesktopConfig(stdio))}`,
    '  The same as files: examples/mcp-client-configs/',
    '',
    ...CONTAINER_VIEW_LINES,
    '',
    `REST: curl -H ${header} ${stack.restUrl}/containers`,
    'Command line (the shiptrack CLI of this clone; `npx -y @shiptrack/cli` once published):',
    `    ${cliCommandLine(stack, cli, ['containers', 'list', '--table'])}`,
    'Stop everything with Ctrl-C.',
    '',
  ];
}
