/**
 * `attention` and `changes` answered from a mirror's database (`--mirror`):
 * opened, asked, closed; the mirror judges with the SDK's own rules, so the
 * answer is the one REST would give (and for changes, with the old values
 * REST cannot tell).
 */
import type { AttentionItem, AttentionThresholds, RestChanges } from '@shiptrack/sdk';
import { loadMirror } from './load.js';

async function withMirror<T>(
  database: string,
  ask: (
    mirror: Awaited<ReturnType<Awaited<ReturnType<typeof loadMirror>>['createMirror']>>,
  ) => Promise<T>,
): Promise<T> {
  const { createMirror } = await loadMirror();
  const mirror = await createMirror({ database });
  try {
    return await ask(mirror);
  } finally {
    await mirror.close();
  }
}

/** What needs attention, from the mirror at `database`, ranked. */
export function mirrorAttention(
  database: string,
  options: { now: Date; thresholds: Partial<AttentionThresholds> },
): Promise<AttentionItem[]> {
  return withMirror(database, async (mirror) => (await mirror.attention(options)).items);
}

/** What changed since `since`, from the mirror at `database`: it keeps old values, so it cannot-tell nothing. */
export function mirrorChanges(database: string, since: Date): Promise<RestChanges> {
  return withMirror(database, async (mirror) => ({
    ...(await mirror.changesSince(since)),
    cannotTell: [],
  }));
}
