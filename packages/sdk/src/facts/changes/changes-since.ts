/**
 * What changed since an instant, from a history of attribute changes (the
 * mirror's, or the one REST can tell): per record and attribute, its value
 * at `since` against its value now, grouped by record and ranked by what a
 * person must act on.
 */
import { InvalidArgumentError } from '../../core/errors.js';
import { SEVERITY_ORDER } from '../attention/model.js';
import { classify, type NetChange, valueAt } from './classify.js';
import type { HistoryEntry, ValueAt } from './history.js';
import type { Change, ChangeGroup, ChangeKind, ChangesSince } from './model.js';

/** A row with its instant read once. */
interface Row {
  readonly entry: HistoryEntry;
  readonly attribute: string;
  readonly oldValue: unknown;
  readonly newValue: unknown;
  readonly at: number;
}

/** What to act on first, among changes of one severity. */
const KIND_ORDER: Readonly<Record<ChangeKind, number>> = {
  tracking_failed: 0,
  hold_placed: 1,
  last_free_day_changed: 2,
  availability_changed: 3,
  vessel_changed: 4,
  eta_changed: 5,
  tracking_stopped: 6,
  fees_changed: 7,
  milestone: 8,
  status_changed: 9,
  appointment_changed: 10,
  hold_released: 11,
  tracking_resumed: 12,
  tracking_request_changed: 13,
  other: 14,
};

function sinceInstant(since: Date | string): number {
  const at = since instanceof Date ? since.getTime() : Date.parse(since);
  if (Number.isNaN(at)) {
    throw new InvalidArgumentError(
      'since',
      `since must be a Date or an ISO 8601 date-time; got ${String(since)}.`,
    );
  }
  return at;
}

/** Object keys in order, so that two sources' JSON compare alike. */
function stable(value: unknown): string {
  // A value that is no object has no keys to order (the replacer would give it back as it is).
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  return JSON.stringify(value, (_key, member: unknown) =>
    typeof member === 'object' && member !== null && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b)))
      : member,
  );
}

/**
 * Whether two JSON values are equal whatever the order of their objects'
 * keys: what comparing their {@link stable} texts tells, without writing
 * them out (a history compares a value per attribute; most are no object).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  return sameMembers(members(a), members(b));
}

/** Whether two objects have the same members, leaving out those JSON leaves out (`undefined`). */
function sameMembers(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let count = 0;
  for (const name in a) {
    const value = a[name];
    if (value === undefined) continue;
    if (!sameJson(value, b[name])) return false;
    count += 1;
  }
  for (const name in b) if (b[name] !== undefined) count -= 1;
  return count === 0;
}

function members(value: unknown): Record<string, unknown> {
  // Safe: only an object's own members are read.
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** `import_deadlines` as a whole becomes one row per member that changed (`import_deadlines.pickup_lfd_line`). */
function expand(entry: HistoryEntry, at: number): Row[] {
  const whole = {
    entry,
    attribute: entry.attribute,
    oldValue: entry.oldValue,
    newValue: entry.newValue,
    at,
  };
  if (entry.attribute !== 'import_deadlines') return [whole];
  const before = valueAt(entry.oldValue);
  const after = members(entry.newValue);
  const old = before.known ? members(before.value) : {};
  const names = new Set([...Object.keys(old), ...Object.keys(after)]);
  return [...names]
    .filter((name) => !before.known || !sameJson(old[name] ?? null, after[name] ?? null))
    .map((name) => ({
      entry,
      attribute: `import_deadlines.${name}`,
      oldValue: before.known ? (old[name] ?? null) : before,
      newValue: after[name] ?? null,
      at,
    }));
}

/** Whether two rows say the same: one record, attribute and instant, and the same new value. */
function sameRow(a: Row, b: Row): boolean {
  return (
    a.at === b.at &&
    a.attribute === b.attribute &&
    a.entry.entityId === b.entry.entityId &&
    a.entry.entityType === b.entry.entityType &&
    sameJson(a.newValue ?? null, b.newValue ?? null)
  );
}

/** Every row once, oldest first (rows of one instant in the order given). */
function rowsOf(history: Iterable<HistoryEntry>, parse: (text: string) => number): Row[] {
  // The rows kept, by record, attribute and instant: a row is compared (its value written out)
  // only with the few of its own record, attribute and instant, not keyed by its value.
  const kept = new Map<string, Row[]>();
  const rows: Row[] = [];
  for (const entry of history) {
    const at = parse(entry.changedAt);
    if (Number.isNaN(at)) continue;
    for (const row of expand(entry, at)) {
      const key = `${entry.entityType}|${entry.entityId}|${row.attribute}|${at}`;
      const same = kept.get(key);
      if (same === undefined) kept.set(key, [row]);
      else if (same.some((other) => sameRow(other, row))) continue;
      else same.push(row);
      rows.push(row);
    }
  }
  return rows.sort((a, b) => a.at - b.at);
}

/** An instant in ms as ISO 8601, remembered per call: a history's changes share few instants. */
type IsoOf = (ms: number) => string;

function net(
  rows: readonly Row[],
  after: readonly Row[],
  since: number,
  iso: IsoOf,
): NetChange | null {
  const first = after[0];
  const last = after.at(-1);
  if (first === undefined || last === undefined) return null;
  const told = valueAt(first.oldValue);
  // REST may not know the old value of the first change since, but know the value before it.
  let from: ValueAt = told;
  if (!told.known) {
    const before = rows.filter((row) => row.at <= since).at(-1);
    if (before !== undefined) from = { known: true, value: before.newValue };
  }
  if (from.known && sameJson(from.value, last.newValue)) return null;
  return {
    entityType: last.entry.entityType,
    entityId: last.entry.entityId,
    attribute: last.attribute,
    from,
    to: last.newValue,
    changedAt: iso(last.at),
    timeZone: last.entry.timeZone ?? null,
    source: last.entry.source,
    steps: after.length,
  };
}

/** Each milestone since is a change of its own: a log of events, not a value to net. */
function milestones(after: readonly Row[], iso: IsoOf): NetChange[] {
  return after.map((row, index) => ({
    entityType: row.entry.entityType,
    entityId: row.entry.entityId,
    attribute: row.attribute,
    from: index === 0 ? valueAt(row.oldValue) : { known: true, value: after[index - 1]?.newValue },
    to: row.newValue,
    changedAt: iso(row.at),
    timeZone: row.entry.timeZone ?? null,
    source: row.entry.source,
    steps: 1,
  }));
}

/** A change with what ranks it, read once rather than at every comparison of the sorts. */
interface Ranked {
  readonly change: Change;
  /** Its severity, then its kind, as one number: the lower, the more pressing. */
  readonly rank: number;
  /** When it last changed, in ms. */
  readonly at: number;
}

function rankOf(change: Change, at: number): Ranked {
  return { change, rank: SEVERITY_ORDER[change.severity] * 100 + KIND_ORDER[change.kind], at };
}

/** Changes in the order to act on them. */
function byPressing(a: Ranked, b: Ranked): number {
  return a.rank - b.rank || b.at - a.at || a.change.field.localeCompare(b.change.field);
}

/** Drops what another change of the same record already says (the IMO beside the name, the coalesced last free day beside its source, the failure reason beside the failure). */
function withoutEchoes(changes: readonly Ranked[]): Ranked[] {
  // What the group says once, read in one pass (no function made per change: a history has
  // thousands of groups).
  let vesselName = false;
  let status = false;
  let deadlines: Set<string> | null = null;
  for (const { change } of changes) {
    if (change.field === 'pod_vessel_name') vesselName = true;
    else if (change.field === 'status') status = true;
    else if (change.field.startsWith('import_deadlines.')) {
      deadlines ??= new Set();
      deadlines.add(stable(change.to));
    }
  }
  const kept: Ranked[] = [];
  for (const ranked of changes) {
    const c = ranked.change;
    if (c.field === 'pod_vessel_imo' || c.field === 'pod_vessel_id') {
      if (vesselName) continue;
    } else if (c.field === 'pickup_lfd') {
      if (deadlines?.has(stable(c.to))) continue;
    } else if (c.entityType === 'tracking_request' && c.field === 'failed_reason') {
      if (status) continue;
    }
    kept.push(ranked);
  }
  return kept;
}

/** The rows after an instant (rows are in time order; no function made per attribute). */
function rowsAfter(rows: readonly Row[], instant: number): Row[] {
  const after: Row[] = [];
  for (const row of rows) if (row.at > instant) after.push(row);
  return after;
}

/**
 * What changed since `since`, per container, shipment and tracking request:
 * each attribute from its value at `since` to its value now (when it last
 * changed, from where, in how many steps), a value set and set back being
 * no change. An ETA is compared with its value at `since` (`shiftDays`); a
 * vessel change is a rolled container; a hold list gives a change per hold
 * placed or released; a last free day moved earlier, a hold placed and a
 * failed tracking request are `critical`. An old value the source cannot
 * know (REST) is a `CannotTell`, never a guess. Records are ranked by their
 * most pressing change. `history` is the mirror's `history()` rows, or
 * `historyFromRest`'s, or both.
 */
export function changesSince(history: Iterable<HistoryEntry>, since: Date | string): ChangesSince {
  const instant = sinceInstant(since);
  // Times read and written once per call: a history's changes share few instants.
  const parsedTimes = new Map<string, number>();
  const parse = (text: string) => {
    let ms = parsedTimes.get(text);
    if (ms === undefined) {
      ms = Date.parse(text);
      parsedTimes.set(text, ms);
    }
    return ms;
  };
  const rows = rowsOf(history, parse);
  const byAttribute = new Map<string, Row[]>();
  const numbers = new Map<string, string>();
  for (const row of rows) {
    const entity = `${row.entry.entityType}|${row.entry.entityId}`;
    if (row.entry.entityNumber) numbers.set(entity, row.entry.entityNumber);
    const key = `${entity}|${row.attribute}`;
    const list = byAttribute.get(key);
    if (list === undefined) byAttribute.set(key, [row]);
    else list.push(row);
  }
  const failedReasons = new Map<string, unknown>();
  for (const row of rows) {
    if (row.attribute === 'failed_reason') failedReasons.set(row.entry.entityId, row.newValue);
  }
  const byEntity = new Map<string, Ranked[]>();
  const isoTimes = new Map<number, string>();
  const iso = (ms: number) => {
    let written = isoTimes.get(ms);
    if (written === undefined) {
      written = new Date(ms).toISOString();
      isoTimes.set(ms, written);
    }
    return written;
  };
  for (const attributeRows of byAttribute.values()) {
    const after = rowsAfter(attributeRows, instant);
    const first = after[0];
    if (first === undefined) continue;
    const netted =
      first.attribute === 'transport_event' ? null : net(attributeRows, after, instant, iso);
    const nets =
      first.attribute === 'transport_event'
        ? milestones(after, iso)
        : netted === null
          ? []
          : [netted];
    const entity = `${first.entry.entityType}|${first.entry.entityId}`;
    let changes = byEntity.get(entity);
    if (changes === undefined) {
      changes = [];
      byEntity.set(entity, changes);
    }
    for (const n of nets) {
      const at = parse(n.changedAt);
      for (const change of classify(n, { failedReason: failedReasons.get(n.entityId) ?? null })) {
        changes.push(rankOf(change, at));
      }
    }
  }
  // Each group with its most pressing change and its latest change's time, read once rather
  // than at every comparison of the sort.
  const ranked: Array<{ group: ChangeGroup; top: Ranked; latest: number }> = [];
  for (const [entity, all] of byEntity) {
    const changes = withoutEchoes(all).sort(byPressing);
    const top = changes[0];
    if (top === undefined) continue;
    let latest = Number.NEGATIVE_INFINITY;
    for (const change of changes) if (change.at > latest) latest = change.at;
    const group: ChangeGroup = {
      entityType: top.change.entityType,
      entityId: top.change.entityId,
      number: numbers.get(entity) ?? null,
      severity: top.change.severity,
      changes: changes.map((change) => change.change),
    };
    ranked.push({ group, top, latest });
  }
  ranked.sort(
    (a, b) =>
      byPressing(a.top, b.top) ||
      b.latest - a.latest ||
      (a.group.number ?? '').localeCompare(b.group.number ?? '') ||
      a.group.entityId.localeCompare(b.group.entityId),
  );
  const groups = ranked.map((entry) => entry.group);
  return { since: new Date(instant).toISOString(), groups };
}
