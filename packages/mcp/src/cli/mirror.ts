/**
 * `--mirror`: opens a `@shiptrack/mirror` database for the server to answer
 * from. The package (and PGlite with it) is loaded here, at run time, only
 * when the flag is given: a start without it reads none of it. It is an
 * optional peer, so `npx -y @shiptrack/mcp` does not install it (nor PGlite,
 * tens of megabytes). The bin's bundle leaves it out (the specifier is a
 * variable) and requires it from the installed package, where PGlite finds
 * its WebAssembly files.
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

/** `--mirror` was given, but `@shiptrack/mirror` (an optional peer) is not installed. */
export class MirrorNotInstalledError extends Error {
  override readonly name = 'MirrorNotInstalledError';
  constructor(specifier: string) {
    super(
      `--mirror needs ${specifier}, an optional peer of @shiptrack/mcp that is not installed: install it next to @shiptrack/mcp (npm install ${specifier}), or with npx add it: npx -y --package @shiptrack/mcp --package ${specifier} shiptrack-mcp --mirror <dir|url>.`,
    );
  }
}

/**
 * Loads the mirror package, an optional peer: installed only by those who
 * use `--mirror`. Its absence is a {@link MirrorNotInstalledError} saying how
 * to install it; any other failure of the package is passed on as it is.
 * `specifier` is the package's name (another only in tests).
 */
export async function loadMirrorModule(specifier = MIRROR_PACKAGE): Promise<MirrorModule> {
  try {
    if (import.meta.url.endsWith('.cjs')) {
      // Safe: the installed @shiptrack/mirror, whose type this names.
      return createRequire(import.meta.url)(specifier) as MirrorModule;
    }
    // Safe: the same package, from source.
    return (await import(specifier)) as MirrorModule;
  } catch (error) {
    const code = Reflect.get(Object(error), 'code');
    const missing =
      (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
      error instanceof Error &&
      error.message.includes(`'${specifier}'`);
    if (missing) throw new MirrorNotInstalledError(specifier);
    throw error;
  }
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
  /** The PostgreSQL schema of its tables, when not the server's default. */
  schema?: string | undefined;
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
  const { database, schema } = options;
  const mirror = await createMirror({
    client: options.client,
    database: schema === undefined ? database : { postgres: database, schema },
  });
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
