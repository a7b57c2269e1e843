import type { MirrorRecordProblem } from '../errors.js';

/**
 * How deep a resource's JSON may nest. The service's deepest member (a
 * hold's or fee's object in a list in the attributes) is four levels down;
 * deeper data is not the service's and would only exhaust the database's
 * stack (a 500 the service retries to no end).
 */
export const MAX_RESOURCE_DEPTH = 64;

/** Whether a value is a JSON object (not `null`, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a JSON value nests deeper than `limit`, checked without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'a list' : typeof value;
}

/**
 * The included resources of a verified delivery, or the problems that make
 * it permanently unusable: `data.type` other than `webhook_notification`,
 * `included` that is not a list (it may be absent), or an included entry
 * that is not a resource object with a non-empty `type` and `id`, or that
 * nests deeper than {@link MAX_RESOURCE_DEPTH}. Such a delivery is answered
 * 422 with nothing written: the service's retries could not change it.
 */
export function checkedIncluded(
  raw: Record<string, unknown>,
  notificationId: string,
): { resources: unknown[]; problems: MirrorRecordProblem[] } {
  const problems: MirrorRecordProblem[] = [];
  const notification = (problem: string) =>
    problems.push({ type: 'notification', id: notificationId, problem });
  const data = isObject(raw.data) ? raw.data : {};
  if (data.type !== 'webhook_notification') {
    notification(`data.type is ${JSON.stringify(data.type ?? null)}, not "webhook_notification"`);
  }
  const included = raw.included ?? [];
  if (!Array.isArray(included)) {
    notification(`included is ${describe(included)}, not a list of resource objects`);
    return { resources: [], problems };
  }
  included.forEach((resource, index) => {
    if (!isObject(resource)) {
      notification(`included[${index}] is ${describe(resource)}, not a resource object`);
      return;
    }
    const type = typeof resource.type === 'string' && resource.type !== '' ? resource.type : null;
    const id = typeof resource.id === 'string' && resource.id !== '' ? resource.id : null;
    const fail = (problem: string) => problems.push({ type: type ?? 'unknown', id, problem });
    if (type === null) fail(`included[${index}] has no type`);
    if (id === null) fail(`included[${index}] has no id`);
    if (nestsDeeperThan(resource, MAX_RESOURCE_DEPTH)) {
      fail(`included[${index}] nests deeper than ${MAX_RESOURCE_DEPTH} levels`);
    }
  });
  return { resources: included, problems };
}
