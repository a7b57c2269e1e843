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
  /** "Today" is taken at this instant (ISO 8601; default now), in each terminal's zone. */
  now?: string;
}

/** A container at risk of demurrage. */
export interface AtRiskContainer {
  readonly container: MirroredRecord;
  /** The last free day as a calendar date in the terminal's zone (`YYYY-MM-DD`). */
  readonly lastFreeDay: string;
  /** Calendar days from today to it in that zone; negative when it has passed. */
  readonly daysLeft: number;
  /** The zone the days were counted in (`pod_timezone`, or `UTC` when the service sent none or an unknown one). */
  readonly timeZone: string;
}

/**
 * Containers at risk of demurrage: not picked up yet (no `pod_full_out_at`,
 * status neither `picked_up` nor `empty_returned`), with a last free day at
 * most `withinDays` calendar days away (or passed), days counted in the
 * terminal's time zone. Soonest first.
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
  const { rows } = await sql<
    Parameters<typeof toMirroredRecord>[1] & { lfd_day: string; days_left: number; zone: string }
  >`
    with candidates as (
      select c.*, coalesce(z.name, 'UTC') as zone
      from containers c left join mirror_time_zones z on z.name = c.pod_timezone
      where c.pickup_lfd is not null and c.pod_full_out_at is null
        and coalesce(c.current_status, '') not in ('picked_up', 'empty_returned')
        -- A bound in UTC that no zone's offset crosses, so the partial index on pickup_lfd serves.
        and c.pickup_lfd < ${now}::timestamptz + make_interval(days => ${withinDays} + 2)
    ),
    counted as (
      select candidates.*,
        to_char((pickup_lfd at time zone zone)::date, 'YYYY-MM-DD') as lfd_day,
        ((pickup_lfd at time zone zone)::date - (${now}::timestamptz at time zone zone)::date) as days_left
      from candidates
    )
    select * from counted where days_left <= ${withinDays}
    order by days_left, number, id`.execute(database.db);
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => ({
      container: toMirroredRecord('container', row),
      lastFreeDay: row.lfd_day,
      daysLeft: Number(row.days_left),
      timeZone: row.zone,
    })),
  };
}
