/**
 * The `--ready-file` of the CLI: the JSON line, written once the server
 * listens. It is written to a temporary file and renamed, so a script that
 * sees the file sees all of it; a file left from an earlier run is removed
 * before the server starts, and the file is removed again on shutdown.
 */
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { writeFileAtomically } from './atomic-file.js';

/** Removes a ready file left from an earlier run (none is fine). */
export async function clearReadyFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** Writes the ready file atomically. */
export async function writeReadyFile(path: string, line: string): Promise<void> {
  await writeFileAtomically(path, line);
}

/** Removes the ready file on the way out (synchronously: the process is exiting). */
export function removeReadyFile(path: string): void {
  rmSync(path, { force: true });
}
