/**
 * The container numbers and ids completion offers, from the account, kept
 * in a cache file for a few minutes so that a TAB answers at once and the
 * service is asked at most once in that time. In the bin, part of
 * `dist/completion.cjs`, read only by completion.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ResponseFormat, ShiptrackClient } from '@shiptrack/sdk';
import { homeOf } from '../config/home.js';

/** How long the values of one account are offered from the cache. */
export const CACHE_MS = 5 * 60_000;
/** At most this many containers are offered (the most recently updated first, as the service lists them). */
export const MOST = 500;

/** What the cache file holds. */
interface CachedValues {
  at: number;
  values: string[];
}

/**
 * The cache file of one account: `$XDG_CACHE_HOME/shiptrack/completion/`
 * (else `~/.cache/...`), named by a hash of the base URL and key, so one
 * account's numbers are never offered for another and no key is written.
 */
export function cachePath(env: NodeJS.ProcessEnv, account: string): string {
  const base = env.XDG_CACHE_HOME || join(homeOf(env), '.cache');
  const name = createHash('sha256').update(account).digest('hex').slice(0, 24);
  return join(base, 'shiptrack', 'completion', `containers-${name}.json`);
}

/** The cached values, and whether they are fresh; `undefined` when there is no readable cache. */
export async function readCached(
  path: string,
  now: number,
): Promise<{ values: string[]; fresh: boolean } | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { at, values } = parsed as Partial<CachedValues>; // Safe: each member is checked below.
    if (typeof at !== 'number' || !Array.isArray(values)) return undefined;
    const strings = values.filter((value): value is string => typeof value === 'string');
    return { values: strings, fresh: now - at < CACHE_MS && at <= now };
  } catch {
    return undefined;
  }
}

/** Writes the values (readable by the user only), whole or not at all. */
export async function writeCached(
  path: string,
  values: readonly string[],
  now: number,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  const cached: CachedValues = { at: now, values: [...values] };
  await writeFile(partial, JSON.stringify(cached), { mode: 0o600 });
  await rename(partial, path);
}

/** The longest a TAB waits for the service, cache or not: completion must answer. */
const DEADLINE_MS = 3_000;

/** What {@link containerValues} reads the account with. */
export interface ValuesSource {
  env: NodeJS.ProcessEnv;
  /** The account's base URL and key (`mock` for the demo data), naming its cache. */
  account(): Promise<string>;
  client(): Promise<ShiptrackClient<ResponseFormat>>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

/**
 * The account's container numbers and ids, one a line: from the cache while
 * it is fresh; else from the service within {@link DEADLINE_MS}, then kept
 * (the stale values, or none, when it does not answer). Never throws: a
 * failed TAB offers nothing.
 */
export async function containerValues(source: ValuesSource): Promise<string[]> {
  const now = Date.now();
  let values: string[] = [];
  try {
    const path = cachePath(source.env, await source.account());
    const cached = await readCached(path, now);
    values = cached?.values ?? [];
    if (cached?.fresh) return values;
    const client = await source.client();
    const fetched: string[] = [];
    const containers = client.containers.list({
      format: 'mapped',
      pageSize: 100,
      maxItems: MOST,
      signal: AbortSignal.any([source.signal, AbortSignal.timeout(DEADLINE_MS)]),
      maxRetries: 0,
    });
    for await (const container of containers) {
      if (container.number) fetched.push(container.number);
      fetched.push(container.id);
    }
    values = fetched;
    await writeCached(path, values, now).catch(() => undefined);
  } catch {
    // No key, no network, too slow, a broken config file: the stale values, or none.
  }
  return values;
}
