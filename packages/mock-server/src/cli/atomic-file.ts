/** Files the CLI writes whole: to a temporary file, then renamed, so a reader never sees half. */
import { rename, writeFile } from 'node:fs/promises';

/** Writes `text` to `path` atomically (a temporary file in the same folder, then a rename). */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}
