/**
 * When the mirror answers instead of REST, and how an answer says so. Only
 * the mirror's type is imported: the server never loads `@shiptrack/mirror`
 * (nor PGlite) itself; the host that opens a mirror passes it in.
 */
import type { Freshness } from '@shiptrack/mirror';
import type { MirrorSource } from '../core/context.js';
import { when } from '../render/format.js';

/** How old the mirror's copy of a container may be for `get_container` by default: 15 minutes. */
export const DEFAULT_MIRROR_MAX_AGE_MS = 15 * 60_000;

/** Where an answer comes from: the mirror (with its `asOf`), or REST (and why, when a mirror was there). */
export type AnswerSource =
  | { from: 'mirror'; asOf: string }
  | { from: 'rest'; reason: string | null };

/** An argument the mirror cannot answer, given or not. */
export interface MirrorLimit {
  /** The tool parameter. */
  name: string;
  /** Its value in this call (`undefined`: not given, no limit). */
  value: unknown;
  /** Why the mirror cannot answer it. */
  why: string;
}

/** The error name of a mirror whose database cannot be reached (stable, see @shiptrack/mirror). */
const UNAVAILABLE = 'MirrorDatabaseUnavailableError';

/** Whether an error is the mirror's "database unavailable" (then REST answers instead). */
export function isMirrorUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === UNAVAILABLE;
}

/**
 * The mirror's `asOf` as an answer shows it: the newest service time it
 * holds, else (an account with no records) when its full sync completed.
 */
export function shownAsOf(freshness: Freshness): string | null {
  return freshness.asOf ?? freshness.fullSyncCompletedAt;
}

/**
 * Whether a list or search answers from the mirror: it does when one is
 * configured, has completed its first full sync (before that it holds only
 * what webhooks brought) and every argument given is one it can answer;
 * otherwise REST answers and the reason is said. A database that cannot be
 * reached sends the call to REST too.
 */
export async function listSource(
  source: MirrorSource | undefined,
  limits: readonly MirrorLimit[] = [],
): Promise<AnswerSource> {
  if (!source) return { from: 'rest', reason: null };
  const limit = limits.find((item) => item.value !== undefined && item.value !== false);
  if (limit)
    return { from: 'rest', reason: `the mirror cannot answer ${limit.name}: ${limit.why}` };
  let freshness: Freshness;
  try {
    freshness = await source.mirror.freshness();
  } catch (error) {
    if (!isMirrorUnavailable(error)) throw error;
    return { from: 'rest', reason: "the mirror's database cannot be reached" };
  }
  const asOf = shownAsOf(freshness);
  if (freshness.fullSyncCompletedAt === null || asOf === null) {
    return { from: 'rest', reason: 'the mirror has not completed its first full sync' };
  }
  return { from: 'mirror', asOf };
}

/** The `asOf` member of an answer from the mirror (nothing for REST). */
export function asOfMember(source: AnswerSource): { asOf?: string } {
  return source.from === 'mirror' ? { asOf: source.asOf } : {};
}

/**
 * The text line saying where an answer comes from (none for REST without a
 * mirror); `what` says what the mirror gave, when not all of it.
 */
export function sourceLines(source: AnswerSource, now: Date, what = 'no REST call'): string[] {
  if (source.from === 'rest') return source.reason ? [`Read from REST: ${source.reason}.`] : [];
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(source.asOf)) / 60_000));
  return [`From the mirror (${what}), as of ${when(source.asOf)} (${minutes} min ago).`];
}
