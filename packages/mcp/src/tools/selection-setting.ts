/**
 * The tool selection a command gives (`--read-only`, `--tools a,b`,
 * `--toolsets a,b`), each flag or else its environment variable, read the
 * same way by `shiptrack-mcp` and `shiptrack-mcp-http`, which name their
 * own variables.
 */
import { readList, readSwitch } from '../core/confirm-setting.js';
import { type ToolSelection, toolsSelected } from './selection.js';

/** The selection flags as a command line parsed them. */
export interface ToolSelectionFlags {
  readOnly: boolean;
  tools: readonly string[] | undefined;
  toolsets: readonly string[] | undefined;
}

/** The names of the environment variables read when a flag is not given. */
export interface ToolSelectionVariables {
  readOnly: string;
  tools: string;
  toolsets: string;
}

/**
 * Reads the tools to serve: each flag, or else its variable (an empty
 * variable is unset). A switch that is neither true nor false is a
 * `TypeError` naming the variable; a name that is no tool or toolset, a tool
 * that writes named with read-only, or a selection of nothing is a
 * `ToolSelectionError` naming every problem.
 */
export function readToolSelection(
  flags: ToolSelectionFlags,
  variables: ToolSelectionVariables,
  env: Readonly<Record<string, string | undefined>>,
): ToolSelection {
  const fromEnv = (name: string) => (env[name]?.trim() ? readList(env[name]) : undefined);
  const readOnly = flags.readOnly || readSwitch(variables.readOnly, env[variables.readOnly]);
  const tools = readList(flags.tools) ?? fromEnv(variables.tools);
  const toolsets = readList(flags.toolsets) ?? fromEnv(variables.toolsets);
  const chosen: ToolSelection = {
    ...(readOnly ? { readOnly } : {}),
    ...(tools === undefined ? {} : { tools }),
    ...(toolsets === undefined ? {} : { toolsets }),
  };
  toolsSelected(chosen);
  return chosen;
}
