/**
 * Loads @shiptrack/mirror only when a command reads a mirror: the package
 * (PGlite, PostgreSQL's driver, Kysely: tens of megabytes) is an optional
 * peer installed next to the CLI, never in its bundle. The bundled bin
 * (CommonJS) requires its CommonJS build; from source, its ESM.
 */
import { createRequire } from 'node:module';
import { CliError } from '../errors/cli-error.js';

/** What `@shiptrack/mirror` gives; its type, without loading it. */
export type MirrorPackage = typeof import('@shiptrack/mirror');
/** What `@shiptrack/mirror/commands` gives; its type, without loading it. */
export type MirrorCommands = typeof import('@shiptrack/mirror/commands');

const MIRROR_MISSING =
  'This command runs @shiptrack/mirror, which is not installed next to the CLI: install it where @shiptrack/cli is (npm install -g @shiptrack/mirror for a global CLI, or npm install @shiptrack/mirror in the project).';

/** A missing package said as such (exit 1 with how to install it); any other error as it is. */
function missingMirror(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  return /Cannot find (module|package) '@shiptrack\/mirror/.test(message)
    ? new CliError('failure', 'mirror_not_installed', MIRROR_MISSING)
    : error;
}

/** `@shiptrack/mirror/commands`, loaded now. */
export async function loadMirrorCommands(): Promise<MirrorCommands> {
  try {
    if (import.meta.url.endsWith('.cjs')) {
      // Safe: the package's `./commands` export, whose type this names.
      return createRequire(import.meta.url)('@shiptrack/mirror/commands') as MirrorCommands;
    }
    return await import('@shiptrack/mirror/commands');
  } catch (error) {
    throw missingMirror(error);
  }
}

/** `@shiptrack/mirror`, loaded now. */
export async function loadMirror(): Promise<MirrorPackage> {
  try {
    if (import.meta.url.endsWith('.cjs')) {
      // Safe: the package's main export, whose type this names.
      return createRequire(import.meta.url)('@shiptrack/mirror') as MirrorPackage;
    }
    return await import('@shiptrack/mirror');
  } catch (error) {
    throw missingMirror(error);
  }
}
