/**
 * Checks that `spec/openapi.yaml` describes every operation of
 * `service-surface.md` (the service's operations beyond the interface
 * specification): the path and method, each documented parameter, the
 * request body members and each documented response status.
 */
import { isSpecObject, type SpecObject } from '../../test-support/spec-document.js';
import { operationOf, propertyAt, requestSchemaOf, responsesOf } from './spec-schemas.js';

/** One operation as `service-surface.md` documents it. */
export interface SurfaceOperation {
  method: string;
  path: string;
  parameters: string[];
  /** Members of the request body, as dotted paths below the root (`data.attributes.name`). */
  bodyMembers: string[];
  statuses: string[];
}

/** Reads the `## METHOD /path` sections of `service-surface.md`. */
export function readSurface(markdown: string): SurfaceOperation[] {
  const sections = markdown.split(/^## /m).slice(1);
  return sections.flatMap((section) => {
    const [heading = '', ...lines] = section.split('\n');
    const match = /^(GET|POST|PATCH|PUT|DELETE) (\/\S*)$/.exec(heading.trim());
    if (!match) return [];
    const [, method = '', path = ''] = match;
    const parameters = lines.flatMap((line) => /^- param `([^`]+)` in /.exec(line)?.[1] ?? []);
    const statuses = lines.flatMap((line) => /^- (\d{3})[: ]/.exec(line)?.[1] ?? []);
    return [{ method, path, parameters, bodyMembers: bodyMembersOf(lines), statuses }];
  });
}

/** The members listed under `- request body`, with their nesting turned into dotted paths. */
function bodyMembersOf(lines: string[]): string[] {
  const start = lines.findIndex((line) => line.startsWith('- request body'));
  if (start < 0) return [];
  const members: string[] = [];
  const stack: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^( +)- `([^`]+)`/.exec(line);
    if (!match) break;
    const depth = (match[1] ?? '').length / 2 - 1;
    stack.length = depth;
    stack.push(match[2] ?? '');
    members.push(stack.join('.'));
  }
  return members;
}

function parameterNames(document: SpecObject, path: string, operation: SpecObject): string[] {
  const paths = isSpecObject(document.paths) ? document.paths : {};
  const item = paths[path];
  const lists = [isSpecObject(item) ? item.parameters : undefined, operation.parameters];
  return lists.flatMap((list) =>
    (Array.isArray(list) ? list : []).flatMap((parameter) => {
      const resolved = resolveRef(document, parameter);
      return typeof resolved?.name === 'string' ? [resolved.name] : [];
    }),
  );
}

function resolveRef(document: SpecObject, value: unknown): SpecObject | undefined {
  if (!isSpecObject(value)) return undefined;
  if (typeof value.$ref !== 'string') return value;
  let target: unknown = document;
  for (const segment of value.$ref.replace(/^#\//, '').split('/')) {
    target = isSpecObject(target) ? target[segment] : undefined;
  }
  return isSpecObject(target) ? target : undefined;
}

/** Returns one sentence per fact of `service-surface.md` that the spec misses. */
export function findMissingSurface(markdown: string, document: SpecObject): string[] {
  const operations = readSurface(markdown);
  if (operations.length === 0) return ['no operation of service-surface.md could be read'];
  return operations.flatMap(({ method, path, parameters, bodyMembers, statuses }) => {
    const where = `${method} ${path}`;
    const operation = operationOf(document, method, path);
    if (!operation) return [`operation ${where}`];
    const names = parameterNames(document, path, operation);
    const documented = Object.keys(responsesOf(document, operation));
    const schema = requestSchemaOf(document, operation);
    return [
      ...parameters
        .filter((name) => !names.includes(name))
        .map((n) => `parameter ${n} of ${where}`),
      ...bodyMembers
        .filter((member) => propertyAt(document, schema, member.split('.')) === undefined)
        .map((member) => `request body member ${member} of ${where}`),
      ...statuses.filter((s) => !documented.includes(s)).map((s) => `status ${s} of ${where}`),
    ];
  });
}
