/**
 * Node's built-in modules that a start does not need, loaded by their first
 * use. Loading one is not free: `node:fs/promises` (with the readline and
 * file-watcher modules it brings) and `node:child_process` (with `dgram`)
 * each cost the stdio bin's start 0.7 to 1 ms of CPU, and the MCP SDK alone
 * loads neither (decision 0027). A `require`, not `import()`: the bundled
 * bin runs in a `vm.Script`, which has no dynamic import.
 */
import type * as ChildProcess from 'node:child_process';
import type * as FsPromises from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The built-ins loaded on first use, by name. */
interface OnFirstUse {
  'node:child_process': typeof ChildProcess;
  'node:fs/promises': typeof FsPromises;
}

/** Node's built-in module `name`, loaded now if it was not yet (Node keeps each once). */
export function builtin<Name extends keyof OnFirstUse>(name: Name): OnFirstUse[Name] {
  // Safe: each name of OnFirstUse is Node's built-in module of that type.
  return createRequire(import.meta.url)(name) as OnFirstUse[Name];
}
