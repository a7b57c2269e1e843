/**
 * `--mirror`: opens the `@shiptrack/mirror` database the server answers one
 * account's lists and searches from. The package (and PGlite with it) is
 * imported here, at run time, only when the flag is given.
 */
import type { Mirror, SyncLoop } from '@shiptrack/mirror';
import { createClient } from '@shiptrack/sdk';
import type { CliMirror } from './args.js';

/** How often `--mirror-sync` syncs: 15 minutes after the previous sync ended. */
const SYNC_INTERVAL_MS = 15 * 60_000;

/** An open mirror, and how to stop its sync and close it. */
export interface OpenedMirror {
  mirror: Mirror;
  close(): Promise<void>;
}

/** Where a mirror lives, for the log: a URL without its credentials, or the directory. */
export function describeMirrorDatabase(database: string): string {
  if (!/^postgres(ql)?:\/\//i.test(database)) return `the PGlite directory ${database}`;
  try {
    const url = new URL(database);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Opens (and migrates) the mirror, and starts its sync loop when asked. */
export async function openCliMirror(
  options: CliMirror,
  baseUrl: string | undefined,
  say: (message: string) => void,
): Promise<OpenedMirror> {
  const { createMirror } = await import('@shiptrack/mirror');
  const client = createClient({ apiKey: options.apiKey, ...(baseUrl ? { baseUrl } : {}) });
  const database =
    options.schema === undefined
      ? options.database
      : { postgres: options.database, schema: options.schema };
  const mirror = await createMirror({ client, database });
  let loop: SyncLoop | undefined;
  if (options.sync) {
    loop = mirror.syncEvery(SYNC_INTERVAL_MS, {
      onResult: (result) =>
        say(
          `mirror sync: ${result.requests} request(s), ${result.records} record(s), ${result.changed} changed`,
        ),
      onError: (error) =>
        say(
          `mirror sync failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        ),
    });
  }
  return {
    mirror,
    close: async () => {
      await loop?.stop();
      await mirror.close();
    },
  };
}
