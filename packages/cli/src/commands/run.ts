import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type GlobalOptions, type Io, RunContext } from '../context.js';
import { describeError } from '../errors/describe.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { escapeControls } from '../output/control-characters.js';

/** What a command's body receives. */
export interface ActionContext {
  ctx: RunContext;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
}

/** Reads the global options from commander's values, checking each type (nothing is assumed). */
export function globalOptions(values: Record<string, unknown>): GlobalOptions {
  const bool = (key: string) => (typeof values[key] === 'boolean' ? values[key] : undefined);
  const str = (key: string) => (typeof values[key] === 'string' ? values[key] : undefined);
  const num = (key: string) => (typeof values[key] === 'number' ? values[key] : undefined);
  const format = str('format');
  return {
    json: bool('json'),
    table: bool('table'),
    color: bool('color'),
    fields: str('fields'),
    format: format === 'raw' || format === 'both' || format === 'mapped' ? format : undefined,
    mock: bool('mock'),
    apiKey: str('apiKey'),
    baseUrl: str('baseUrl'),
    maxRetries: num('maxRetries'),
    maxWait: num('maxWait'),
  };
}

/** The exit code the process ends with (set by {@link runAction}). */
export const exitState: { code: number } = { code: EXIT_CODES.ok };

/**
 * Runs a command's body with its context: output chosen, errors printed as
 * one line (or one JSON line) on stderr with their exit code, secrets
 * blanked out, the embedded mock stopped afterwards, Ctrl-C turned into an
 * abort of the running call.
 */
export async function runAction(
  command: CommandUnknownOpts,
  io: Io,
  body: (context: ActionContext) => Promise<number | undefined>,
): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let ctx: RunContext | undefined;
  try {
    ctx = new RunContext(globalOptions(command.optsWithGlobals()), io);
    exitState.code = (await body({ ctx, signal: controller.signal })) ?? EXIT_CODES.ok;
  } catch (error) {
    const envelope = describeError(error, ctx?.secrets() ?? []);
    if (ctx) ctx.printer.error(envelope);
    else io.err.write(`shiptrack: error: ${escapeControls(envelope.error.message)}\n`);
    exitState.code = envelope.error.exitCode;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await ctx?.dispose();
  }
}
