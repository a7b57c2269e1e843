import type { Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { FULL_SYNC_STEPS, type FullSyncStep } from './rest-reads.js';

/**
 * A pass over the account's lists, saved page by page: the full sync (the
 * backfill, once) and the reconcile pass (again and again).
 */
export type ListPass = 'full_sync' | 'reconcile_pass';

/** Where a pass stands: the next page to read, or done. */
export interface ListPassState {
  readonly completed: boolean;
  readonly step: FullSyncStep;
  readonly page: number;
  /** When this pass read its first page (ISO, this machine's clock), or `null` before. */
  readonly startedAt: string | null;
  readonly completedAt: string | null;
}

/** A pass that has not read a page yet. */
export const PASS_START: ListPassState = {
  completed: false,
  step: 'tracking_requests',
  page: 1,
  startedAt: null,
  completedAt: null,
};

function isStep(value: unknown): value is FullSyncStep {
  return FULL_SYNC_STEPS.includes(value as FullSyncStep);
}

function isoOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The saved state of a pass; `null` when none was saved (or it is unreadable). */
export async function readPassState(
  database: OpenedDatabase,
  pass: ListPass,
): Promise<ListPassState | null> {
  const row = await database.db
    .selectFrom('sync_state')
    .select('state')
    .where('name', '=', pass)
    .executeTakeFirst();
  const state = row?.state as Partial<ListPassState> | undefined;
  if (state === undefined || !isStep(state.step) || typeof state.page !== 'number') return null;
  return {
    completed: state.completed === true,
    step: state.step,
    page: state.page,
    startedAt: isoOrNull(state.startedAt),
    completedAt: isoOrNull(state.completedAt),
  };
}

/** Saves the state of a pass in the transaction that stored the page it follows. */
export async function savePassState(
  trx: Transaction<MirrorSchema>,
  pass: ListPass,
  state: ListPassState,
): Promise<void> {
  await trx
    .insertInto('sync_state')
    .values({ name: pass, state: JSON.stringify(state) })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ state: JSON.stringify(state), updated_at: new Date().toISOString() }),
    )
    .execute();
}

/** The state after a page was read: the next page, the next list, or done. */
export function nextPassState(
  state: ListPassState,
  hasNext: boolean,
  nowIso: string,
): ListPassState {
  const startedAt = state.startedAt ?? nowIso;
  if (hasNext) return { ...state, startedAt, page: state.page + 1 };
  const nextStep = FULL_SYNC_STEPS[FULL_SYNC_STEPS.indexOf(state.step) + 1];
  if (nextStep !== undefined) return { ...state, startedAt, step: nextStep, page: 1 };
  return { ...state, startedAt, completed: true, completedAt: nowIso };
}
