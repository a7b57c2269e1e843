/**
 * The settings `shiptrack-mcp` and `shiptrack-mcp-http` share, one table
 * for both commands' flags, `SVC_MCP_*` variables, `--help` and
 * `--print-config` (decisions 0014 and 0024): the REST base, the
 * confirmation of tracking requests, the tools served and the mirror.
 * Each command puts them among its own settings; a name one of them read
 * before decision 0014 is its own to add (`legacyEnv`).
 */
// Types only: @shiptrack/ops is bundled into the stdio bin and a dependency of the HTTP one, not of this library.
import type { ResolvedSettings, SettingSpec } from '@shiptrack/ops';
import { TOOLSETS, type ToolSelection, toolsSelected } from './tools/selection.js';

/** The shared settings, in the order the commands show them. */
export const MCP_COMMAND_SETTINGS = [
  {
    name: 'base-url',
    form: 'value',
    placeholder: '<url>',
    sharedEnv: 'SVC_API_BASE_URL',
    defaultText: "the SDK's",
    summary: 'REST base ending in /v2',
  },
  {
    name: 'confirm-tracking-requests',
    form: 'switch',
    defaultText: 'false',
    summary:
      'ask the user before each new tracking request (they cost quota); a client without elicitation gets none made',
  },
  {
    name: 'read-only',
    form: 'switch',
    defaultText: 'false',
    summary: 'serve no tool that writes (track_container), so no tracking request is made',
  },
  {
    name: 'tools',
    form: 'value',
    list: true,
    placeholder: '<a,b>',
    defaultText: 'all',
    summary: 'serve these tools, with those of --toolsets (comma-separated)',
  },
  {
    name: 'toolsets',
    form: 'value',
    list: true,
    placeholder: '<a,b>',
    defaultText: 'all',
    summary: `serve these toolsets (comma-separated): ${Object.keys(TOOLSETS).join(', ')}`,
  },
  {
    name: 'mirror',
    form: 'value',
    placeholder: '<dir|url>',
    summary:
      'answer lists and searches from a @shiptrack/mirror: a PGlite directory or postgres:// URL',
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
    summary: "get_container uses the mirror's copy up to this age (0: always REST)",
    decimal: { unit: 'minutes', min: 0 },
  },
] as const satisfies readonly SettingSpec[];

/**
 * The tools a command serves, from its resolved `read-only`, `tools` and
 * `toolsets` settings (flags or `SVC_MCP_*` variables, read by ops'
 * `resolveSettings`); a repeated flag's items may each be comma-separated.
 * A name that is no tool or toolset, a tool that writes named with
 * read-only, or a selection of nothing is a `ToolSelectionError` naming
 * every problem.
 */
export function readToolSelection(settings: ResolvedSettings): ToolSelection {
  const list = (name: string) => {
    const value = settings.settings.get(name)?.value;
    if (typeof value !== 'object') return undefined;
    return value.flatMap((item) => item.split(',').map((part) => part.trim())).filter(Boolean);
  };
  const tools = list('tools');
  const toolsets = list('toolsets');
  const chosen: ToolSelection = {
    ...(settings.settings.get('read-only')?.value === true ? { readOnly: true } : {}),
    ...(tools === undefined ? {} : { tools }),
    ...(toolsets === undefined ? {} : { toolsets }),
  };
  toolsSelected(chosen);
  return chosen;
}
