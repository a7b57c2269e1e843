/**
 * Stands in for `node:child_process` inside commander in the bundled bin
 * only (see bin-bundle.ts): commander requires it when it loads, for
 * executable subcommands, which no bin of ours declares. The real module
 * loads on the first spawn (`core/builtin.ts` says what it costs).
 */
import type * as ChildProcess from 'node:child_process';
import { builtin } from '../core/builtin.js';

/** `child_process.spawn` as commander calls it (command, arguments, options). */
export function spawn(
  ...args: Parameters<typeof ChildProcess.spawn>
): ReturnType<typeof ChildProcess.spawn> {
  return builtin('node:child_process').spawn(...args);
}
