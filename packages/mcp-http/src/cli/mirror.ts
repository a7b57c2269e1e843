/**
 * `--mirror`: opens the `@shiptrack/mirror` database the server answers one
 * account's lists and searches from, as `shiptrack-mcp --mirror` does (the
 * package, and PGlite with it, is imported only when the flag is given).
 */
import { type OpenedMirror, openMirror } from '@shiptrack/mcp';
import { createClient } from '@shiptrack/sdk';
import type { CliMirror } from './args.js';

/** Opens (and migrates) the mirror of `--mirror`, and starts its sync loop when asked. */
export function openCliMirror(
  options: CliMirror,
  baseUrl: string | undefined,
  log: (message: string) => void,
): Promise<OpenedMirror> {
  const client = createClient({ apiKey: options.apiKey, ...(baseUrl ? { baseUrl } : {}) });
  const { database, schema, sync } = options;
  return openMirror({ database, schema, client, sync, log });
}
