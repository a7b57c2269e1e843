import type { Kysely, Transaction } from 'kysely';
import type { MirrorSchema } from '../database/schema.js';
import { isDatabaseUnavailable, MirrorDatabaseUnavailableError } from '../errors.js';

/** Deadlock and serialization failures: the transaction lost a race and can simply run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/**
 * Runs `work` (one statement or one transaction), again when it lost a race
 * with another writer; a database that cannot be reached becomes
 * `MirrorDatabaseUnavailableError`.
 */
export async function retryingRaces<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE_CODES.has(code)) continue;
      if (isDatabaseUnavailable(error)) throw new MirrorDatabaseUnavailableError({ cause: error });
      throw error;
    }
  }
}

/** Runs `work` in one transaction, as {@link retryingRaces} does. */
export async function inTransaction<T>(
  db: Kysely<MirrorSchema>,
  work: (trx: Transaction<MirrorSchema>) => Promise<T>,
): Promise<T> {
  return retryingRaces(() => db.transaction().execute(work));
}
