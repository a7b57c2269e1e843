import type { OpenedDatabase } from '../database/open.js';
import type { FullSyncStep, RestReads } from './rest-reads.js';
import {
  type ListPass,
  type ListPassState,
  nextPassState,
  PASS_START,
  readPassState,
  savePassState,
} from './state.js';
import type { SyncStore } from './store.js';

/** What a list pass needs. */
export interface ListPassContext {
  readonly rest: RestReads;
  readonly store: SyncStore;
  readonly pageSize: number;
  readonly now: () => number;
  readonly signal: AbortSignal | undefined;
  /** Told after each page. */
  readonly report: (phase: 'full' | 'reconcile', step: FullSyncStep, page: number) => Promise<void>;
  /** Whether a new pass starts, given the saved state (`null`: never ran); an unfinished one always goes on. */
  readonly due: (last: ListPassState | null) => boolean;
}

/** What a pass did in this call. */
export interface ListPassOutcome {
  readonly pages: number;
  /** Whether the pass is complete now (ran to its end here or before). */
  readonly completed: boolean;
  readonly state: ListPassState | null;
}

/**
 * Reads every tracking request, shipment and container list page by page,
 * storing each page in the transaction that saves where the pass stands,
 * so a pass that was stopped continues at the page it stopped at. The full
 * sync is such a pass, once; the reconcile pass starts again when due.
 */
export async function runListPass(
  database: OpenedDatabase,
  pass: ListPass,
  context: ListPassContext,
): Promise<ListPassOutcome> {
  const saved = await readPassState(database, pass);
  let state: ListPassState;
  if (saved !== null && !saved.completed) state = saved;
  else if (context.due(saved)) state = PASS_START;
  else return { pages: 0, completed: saved?.completed ?? false, state: saved };
  let pages = 0;
  while (!state.completed) {
    context.signal?.throwIfAborted();
    const read = await context.rest.listPage(state.step, state.page, context.pageSize);
    const next = nextPassState(state, read.hasNext, new Date(context.now()).toISOString());
    await context.store.store(read, (trx) => savePassState(trx, pass, next));
    pages += 1;
    await context.report(pass === 'full_sync' ? 'full' : 'reconcile', state.step, state.page);
    state = next;
  }
  return { pages, completed: true, state };
}
