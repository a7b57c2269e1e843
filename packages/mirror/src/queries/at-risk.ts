import {
  type LastFreeDay,
  lastFreeDay,
  type MappedContainer,
  mapStoredResources,
} from '@shiptrack/sdk';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { type MirroredRecord, toMirroredRecord } from '../records/read.js';
import type { MirrorQueryResult } from './containers.js';
import { readFreshness } from './freshness.js';

/** Options of `mirror.atRisk`. */
export interface AtRiskQuery {
  /** Days left to the last free day, at most (default 3); overdue containers always count. */
  withinDays?: number;
  /** "Today" is taken at this instant (ISO 8601; default now), in each place's zone. */
  now?: string;
}

/** A container at risk of demurrage. */
export interface AtRiskContainer {
  readonly container: MirroredRecord;
  /** The last free day as a calendar date in its place's zone (`YYYY-MM-DD`). */
  readonly lastFreeDay: string;
  /** Calendar days from today to it in that zone; negative when it has passed. */
  readonly daysLeft: number;
  /** The zone the days were counted in (`UTC` when the service sent none or an unknown one). */
  readonly timeZone: string;
  /** The whole fact, as the SDK's `lastFreeDay` gives it to every surface: whose deadline, and the others. */
  readonly deadline: LastFreeDay;
}

/** Candidates read per query at most: a bound, far above any real week of pickups. */
const CANDIDATE_LIMIT = 5_000;

/**
 * Containers at risk of demurrage: the first last free day that still
 * applies (the SDK's `lastFreeDay`: terminal, line or rail, in its place's
 * zone; not once the box has left) at most `withinDays` calendar days away,
 * or passed. Candidates come from the index on each container's soonest
 * deadline; the SDK decides. Soonest first.
 */
export async function queryAtRisk(
  database: OpenedDatabase,
  query: AtRiskQuery = {},
): Promise<MirrorQueryResult<AtRiskContainer>> {
  const withinDays = query.withinDays ?? 3;
  if (!Number.isInteger(withinDays) || withinDays < 0) {
    throw new MirrorConfigurationError(
      `withinDays must be a whole number of days, 0 or more; got ${withinDays}.`,
    );
  }
  const now = query.now ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(now))) {
    throw new MirrorConfigurationError(
      `now must be an ISO 8601 date-time, got ${JSON.stringify(now)}.`,
    );
  }
  const { rows } = await sql<Parameters<typeof toMirroredRecord>[1]>`
    select id, version, attributes, relationships, source, mirrored_at from containers
    where first_deadline is not null
      -- A bound in UTC that no zone's offset crosses.
      and first_deadline < ${now}::timestamptz + make_interval(days => ${withinDays} + 2)
      and coalesce(current_status, '') <> 'empty_returned'
    order by first_deadline, id
    limit ${CANDIDATE_LIMIT}`.execute(database.db);
  const today = new Date(now);
  const items: AtRiskContainer[] = [];
  for (const row of rows) {
    const container = toMirroredRecord('container', row);
    // Safe: a stored container maps to the mapped container model, as a REST response would.
    const [mapped] = mapStoredResources([container]) as MappedContainer[];
    const deadline = mapped === undefined ? null : lastFreeDay(mapped, { now: today });
    if (deadline === null || !deadline.applies || deadline.daysLeft > withinDays) continue;
    items.push({
      container,
      lastFreeDay: deadline.date,
      daysLeft: deadline.daysLeft,
      timeZone: deadline.timeZone,
      deadline,
    });
  }
  items.sort(
    (a, b) =>
      a.daysLeft - b.daysLeft ||
      String(a.container.attributes.number ?? '').localeCompare(
        String(b.container.attributes.number ?? ''),
      ) ||
      a.container.id.localeCompare(b.container.id),
  );
  return { ...(await readFreshness(database)), items };
}
