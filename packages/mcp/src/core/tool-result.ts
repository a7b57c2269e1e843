import type { CallToolResult, ResourceLink, Task } from '@modelcontextprotocol/server';
import { breaksLine, inlineStrings } from './inline.js';
import { containerResourceUri } from './uri.js';

/** A container a result links to, as a `resource_link`. */
export interface LinkedContainer {
  id: string;
  /** `null` when the service sent no number. */
  number: string | null;
  /** `current_status`, when known. */
  status?: string | null;
}

/** What a tool hands back on success: the structured answer, its text rendering and links. */
export interface ToolAnswer<Structured> {
  /** The structured content; validated against the tool's output schema by the SDK. */
  structured: Structured;
  /** A compact rendering for clients that only read text (not the JSON again). */
  text: string;
  /** Containers to link as `resource_link`s to `service://container/{id}`. */
  containers?: readonly LinkedContainer[];
  /** The task the call runs as, when the client asked for one (a 2025-11-25 `CreateTaskResult`). */
  task?: Task;
}

/**
 * The `resource_link` of one container, minimal: its URI and its number
 * (what the row already says is not said again; the resource template
 * gives the media type).
 */
export function containerLink(container: LinkedContainer): ResourceLink {
  return {
    type: 'resource_link',
    uri: containerResourceUri(container.id),
    name: container.number ?? container.id,
  };
}

/**
 * A structured answer without its `null` members: the advertised output
 * schemas make a nullable member optional (single-type JSON Schema), so a
 * member the service did not report is left out. `null` inside an array
 * stays (the schema says so there).
 */
export function withoutNulls(value: unknown): unknown {
  return copyWithoutNulls(value, undefined);
}

/**
 * {@link withoutNulls}, noting in `breaking` (when given) every string of
 * the answer that {@link breaksLine}: the answer's one walk serves both
 * its copy and its text (this runs on every answer).
 */
function copyWithoutNulls(value: unknown, breaking: Set<string> | undefined): unknown {
  if (typeof value !== 'object' || value === null) {
    if (breaking !== undefined && typeof value === 'string' && breaksLine(value)) {
      breaking.add(value);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => copyWithoutNulls(item, breaking));
  // One pass over the members by name: no entry arrays per member.
  const source = value as Record<string, unknown>; // Safe: a non-array object read by its own keys.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const member = source[key];
    if (member === null) continue;
    // `__proto__` (a key JSON can carry) must stay a member, not become the copy's prototype.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: copyWithoutNulls(member, breaking),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = copyWithoutNulls(member, breaking);
  }
  return out;
}

/**
 * Turns a tool answer into the MCP result: text first (the account's values
 * in it kept inline, see `inline.ts`), then one link per container. The
 * structured answer is copied once, without its nulls, in the same walk
 * that finds the values to keep inline.
 */
export function toCallToolResult<Structured extends Record<string, unknown>>(
  answer: ToolAnswer<Structured>,
): CallToolResult {
  const breaking = new Set<string>();
  // Safe: an object without its null members is still an object.
  const structuredContent = copyWithoutNulls(answer.structured, breaking) as Record<
    string,
    unknown
  >;
  return {
    content: [
      { type: 'text', text: inlineStrings(answer.text, breaking) },
      ...(answer.containers ?? []).map(containerLink),
    ],
    structuredContent,
    // A task-augmented call answers with the task; the immediate answer comes with it.
    ...(answer.task ? { task: answer.task } : {}),
  };
}
