/**
 * Which tools a server serves: all by default, or those an operator picks
 * by toolset (`toolsets`), by name (`tools`), and without any that writes
 * (`readOnly`: no tool whose `readOnlyHint` is not true, so no tracking
 * request is created). What is not selected is not registered: `tools/list`
 * leaves it out and a call to it is the unknown-tool error. A name that is
 * no tool or toolset, a tool that writes asked for with `readOnly`, or a
 * selection of nothing is a {@link ToolSelectionError} at start.
 */
import type { AnyToolDefinition } from '../core/define-tool.js';
import { TOOLS } from './index.js';

/** The toolsets, each tool in one: by what an operator lets an assistant do. */
export const TOOLSETS = Object.freeze({
  /** Finding a number in the account. */
  search: ['search_container'],
  /** Containers, their events and route, and which risk fees. */
  containers: [
    'get_container',
    'get_container_transport_events',
    'get_container_route',
    'list_containers',
    'list_containers_at_risk',
  ],
  /** Shipments (bills of lading) and their containers. */
  shipments: ['get_shipment_details', 'list_shipments'],
  /** Tracking requests: starting one (it writes) and listing them. */
  tracking: ['track_container', 'list_tracking_requests'],
  /** The carriers and their SCACs. */
  carriers: ['get_supported_shipping_lines'],
} as const satisfies Readonly<Record<string, readonly string[]>>);

/** A toolset's name. */
export type ToolsetName = keyof typeof TOOLSETS;

/** Which tools to serve: `createServer`'s `readOnly`, `tools` and `toolsets`. */
export interface ToolSelection {
  /** Leave out every tool that writes (`track_container`). Default false. */
  readOnly?: boolean;
  /** Tools to serve by name, with those of `toolsets` (default: all, when `toolsets` is not given either). */
  tools?: readonly string[];
  /** Toolsets to serve (see {@link TOOLSETS}), with the `tools` named (default: all). */
  toolsets?: readonly string[];
}

/** A tool selection that names what is not there, or selects nothing. */
export class ToolSelectionError extends TypeError {
  override name = 'ToolSelectionError';
}

/** Whether a tool writes: it does not declare itself read-only. */
export function writes(tool: AnyToolDefinition): boolean {
  return tool.annotations.readOnlyHint !== true;
}

function isToolset(name: string): name is ToolsetName {
  return Object.hasOwn(TOOLSETS, name);
}

function unknownNames(given: readonly string[], known: readonly string[], what: string): string[] {
  const unknown = given.filter((name) => !known.includes(name));
  return unknown.length === 0
    ? []
    : [
        `no ${what} ${unknown.map((name) => `"${name}"`).join(', ')} (${what}s: ${known.join(', ')})`,
      ];
}

/**
 * The tools `selection` serves, in `tools/list` order. Throws a
 * {@link ToolSelectionError} that names every problem at once.
 */
export function selectTools(selection: ToolSelection = {}): readonly AnyToolDefinition[] {
  const names = TOOLS.map((tool) => tool.name);
  const toolsets = Object.keys(TOOLSETS);
  const problems = [
    ...unknownNames(selection.tools ?? [], names, 'tool'),
    ...unknownNames(selection.toolsets ?? [], toolsets, 'toolset'),
  ];
  const everything = selection.tools === undefined && selection.toolsets === undefined;
  const picked = new Set<string>([
    ...(selection.tools ?? []),
    ...(selection.toolsets ?? []).flatMap((set): readonly string[] =>
      isToolset(set) ? TOOLSETS[set] : [],
    ),
  ]);
  const readOnly = selection.readOnly === true;
  if (readOnly) {
    const writing = TOOLS.filter((tool) => writes(tool) && selection.tools?.includes(tool.name));
    if (writing.length > 0) {
      problems.push(
        `${writing.map((tool) => tool.name).join(', ')} writes (it creates tracking requests), so read-only leaves it out: name it or ask for read-only, not both`,
      );
    }
  }
  const selected = TOOLS.filter(
    (tool) => (everything || picked.has(tool.name)) && !(readOnly && writes(tool)),
  );
  if (problems.length === 0 && selected.length === 0) {
    problems.push('it selects no tool: name at least one tool or toolset that does not write');
  }
  if (problems.length > 0) {
    throw new ToolSelectionError(`The tool selection cannot be served: ${problems.join('; ')}.`);
  }
  return selected;
}

/**
 * The names of the tools `selection` serves, in `tools/list` order: what
 * a host checks at start (a {@link ToolSelectionError} names every
 * problem), before it builds servers with the selection.
 */
export function toolsSelected(selection: ToolSelection = {}): string[] {
  return selectTools(selection).map((tool) => tool.name);
}
