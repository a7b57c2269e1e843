import {
  type AtRiskReason,
  byUrgency,
  type ContainerRisk,
  containerRisk,
  type LastFreeDay,
  type MappedContainer,
  mapStoredResources,
  type TerminalHold,
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

/** A container at risk of demurrage, and why. */
export interface AtRiskContainer {
  readonly container: MirroredRecord;
  /** `overdue` or `due` (its last free day), and `held`. */
  readonly reasons: readonly AtRiskReason[];
  /** The last free day as a calendar date in its place's zone (`YYYY-MM-DD`); `null` when none was reported. */
  readonly lastFreeDay: string | null;
  /** Calendar days from today to it in that zone; negative when it has passed. */
  readonly daysLeft: number | null;
  /** The zone the days were counted in (`UTC` when the service sent none or an unknown one). */
  readonly timeZone: string | null;
  /** The whole fact, as the SDK's `lastFreeDay` gives it to every surface: whose deadline, and the others. */
  readonly deadline: LastFreeDay | null;
  /** The holds with status `hold`, while it is at the terminal. */
  readonly holds: readonly TerminalHold[];
}

/** Candidates read per query at most: a bound, far above any real week of pickups. */
const CANDIDATE_LIMIT = 5_000;

/**
 * Containers at risk of demurrage, decided by the SDK's `containerRisk` as
 * the CLI and MCP decide: the first last free day that still applies
 * (terminal, line or rail, in its place's zone; not once the box has left)
 * at most `withinDays` calendar days away or passed, or a hold blocking
 * pickup at the terminal. Candidates come from the index on each
 * container's soonest deadline and from the held ones. Most urgent first.
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
    union
    select id, version, attributes, relationships, source, mirrored_at from containers
    where holds @> '[{"status": "hold"}]' and pod_full_out_at is null
    limit ${CANDIDATE_LIMIT}`.execute(database.db);
  const today = new Date(now);
  const found: Array<{ container: MirroredRecord; number: string; risk: ContainerRisk }> = [];
  for (const row of rows) {
    const container = toMirroredRecord('container', row);
    // Safe: a stored container maps to the mapped container model, as a REST response would.
    const [mapped] = mapStoredResources([container]) as MappedContainer[];
    const risk = mapped === undefined ? null : containerRisk(mapped, { now: today, withinDays });
    if (risk !== null) found.push({ container, number: mapped?.number ?? '', risk });
  }
  found.sort(
    (a, b) =>
      byUrgency(a.risk, b.risk) ||
      a.number.localeCompare(b.number) ||
      a.container.id.localeCompare(b.container.id),
  );
  const items = found.map(
    ({ container, risk }): AtRiskContainer => ({
      container,
      reasons: risk.reasons,
      lastFreeDay: risk.deadline?.date ?? null,
      daysLeft: risk.deadline?.daysLeft ?? null,
      timeZone: risk.deadline?.timeZone ?? null,
      deadline: risk.deadline,
      holds: risk.holds,
    }),
  );
  return { ...(await readFreshness(database)), items };
}
