import type { Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { FULL_SYNC_STEPS, type FullSyncStep } from './rest-reads.js';

/** Where the full sync stands: the next page to read, or done. */
export interface FullSyncState {
  readonly completed: boolean;
  readonly step: FullSyncStep;
  readonly page: number;
  readonly completedAt: string | null;
}

const FULL = 'full_sync';
const START: FullSyncState = {
  completed: false,
  step: 'tracking_requests',
  page: 1,
  completedAt: null,
};

function isStep(value: unknown): value is FullSyncStep {
  return FULL_SYNC_STEPS.includes(value as FullSyncStep);
}

/** The saved full-sync state; the start when none was saved (or it is unreadable). */
export async function readFullSyncState(database: OpenedDatabase): Promise<FullSyncState> {
  const row = await database.db
    .selectFrom('sync_state')
    .select('state')
    .where('name', '=', FULL)
    .executeTakeFirst();
  const state = row?.state as Partial<FullSyncState> | undefined;
  if (state === undefined || !isStep(state.step) || typeof state.page !== 'number') return START;
  return {
    completed: state.completed === true,
    step: state.step,
    page: state.page,
    completedAt: typeof state.completedAt === 'string' ? state.completedAt : null,
  };
}

/** Saves the full-sync state in the transaction that stored the page it follows. */
export async function saveFullSyncState(
  trx: Transaction<MirrorSchema>,
  state: FullSyncState,
): Promise<void> {
  await trx
    .insertInto('sync_state')
    .values({ name: FULL, state: JSON.stringify(state) })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ state: JSON.stringify(state), updated_at: new Date().toISOString() }),
    )
    .execute();
}
