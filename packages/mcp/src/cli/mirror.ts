/**
 * `--mirror`: opens a `@shiptrack/mirror` database for the server to answer
 * from. The package (and PGlite with it) is loaded here, at run time, only
 * when the flag is given: a start without it reads none of it. The bin's
 * bundle leaves it out (the specifier is a variable) and requires it from
 * the installed dependency, where PGlite finds its WebAssembly files.
 */
import { createRequire } from 'node:module';
import type { Mirror, SyncLoop } from '@shiptrack/mirror';
import type { ShiptrackClient } from '@shiptrack/sdk';
import { describeFailure } from './log.js';

/** A variable, so that no bundler follows it into PGlite. */
const MIRROR_PACKAGE = '@shiptrack/mirror';

/** How often `--mirror-sync` syncs: 15 minutes after the previous sync ended. */
export const MIRROR_SYNC_INTERVAL_MS = 15 * 60_000;

type MirrorModule = typeof import('@shiptrack/mirror');

async function loadMirrorModule(): Promise<MirrorModule> {
  if (import.meta.url.endsWith('.cjs')) {
    // Safe: the installed @shiptrack/mirror, whose type this names.
    return createRequire(import.meta.url)(MIRROR_PACKAGE) as MirrorModule;
  }
  // Safe: the same package, from source.
  return (await import(MIRROR_PACKAGE)) as MirrorModule;
}

/** Where a mirror lives, for a log line: a URL without its credentials, or the directory. */
export function describeMirrorDatabase(database: string): string {
  if (!/^postgres(ql)?:\/\//i.test(database)) return `PGlite directory ${database}`;
  try {
    const url = new URL(database);
    url.username = '';
    url.password = '';
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (URL not shown)';
  }
}

/** The secret part of a mirror's PostgreSQL URL (its password), to blank out of logs. */
export function mirrorSecrets(database: string | undefined): string[] {
  if (!database || !/^postgres(ql)?:\/\//i.test(database)) return [];
  try {
    const { password } = new URL(database);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [database];
  }
}

/** What {@link openMirror} needs. */
export interface OpenMirrorOptions {
  /** A PGlite directory or a PostgreSQL URL. */
  database: string;
  /** The client the sync reads REST with. */
  client: ShiptrackClient | undefined;
  /** Run the sync loop in this process. */
  sync: boolean;
  log(message: string): void;
}

/** An open mirror, and how to stop its sync and close it. */
export interface OpenedMirror {
  mirror: Mirror;
  close(): Promise<void>;
}

/** Opens (and migrates) the mirror, and starts its sync loop when asked. */
export async function openMirror(options: OpenMirrorOptions): Promise<OpenedMirror> {
  const { createMirror } = await loadMirrorModule();
  const mirror = await createMirror({ client: options.client, database: options.database });
  let loop: SyncLoop | undefined;
  if (options.sync) {
    loop = mirror.syncEvery(MIRROR_SYNC_INTERVAL_MS, {
      onResult: (result) =>
        options.log(
          `mirror sync: ${result.requests} request(s), ${result.records} record(s), ${result.changed} changed`,
        ),
      onError: (error) => options.log(`mirror sync failed: ${describeFailure(error)}`),
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
