/**
 * Which tools a text names: a sentence of the instructions, a skill or a
 * prompt depends on the tools it names, and is served only with them.
 */
import { TOOLS } from './index.js';

/** Every tool's name. */
export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((tool) => tool.name));

/** Each name as a whole word (`get_container` is not in `get_container_route`), made on first use. */
let patterns: { name: string; pattern: RegExp }[] | undefined;

/** The tools `text` names. */
export function toolsNamedIn(text: string): string[] {
  patterns ??= [...TOOL_NAMES].map((name) => ({ name, pattern: new RegExp(`\\b${name}\\b`) }));
  return patterns.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

/**
 * Whether `served` holds every tool: then any text names only tools served,
 * and nothing need be read (the usual server, and the stdio bin's start).
 */
function servesEvery(served: ReadonlySet<string>): boolean {
  return served.size >= TOOL_NAMES.size && [...TOOL_NAMES].every((name) => served.has(name));
}

/** Whether every tool `text` names is one of `served`. */
export function namesOnly(text: string, served: ReadonlySet<string>): boolean {
  return servesEvery(served) || toolsNamedIn(text).every((name) => served.has(name));
}

/**
 * `text` without the clauses (ended by `.` or `;`) that name a tool not in
 * `served`, its last clause ended by a full stop: a tool's description that
 * points to a tool the server does not serve would send the model to it.
 */
export function withoutUnserved(text: string, served: ReadonlySet<string>): string {
  if (servesEvery(served)) return text;
  const clauses = text.split(/(?<=[.;]) +/);
  const kept = clauses.filter((clause) => namesOnly(clause, served));
  if (kept.length === clauses.length) return text;
  return kept.join(' ').replace(/;$/, '.');
}
