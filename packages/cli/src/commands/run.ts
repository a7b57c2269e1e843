import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { parseDuration } from '../config/duration.js';
import { type GlobalOptions, type Io, RunContext, type StopSignal } from '../context.js';
import { CliError } from '../errors/cli-error.js';
import { describeError } from '../errors/describe.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { loadJqEngine } from '../jq/load.js';
import { prepareCellWidths } from '../output/cell-width.js';
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
  const timeout = str('timeout');
  return {
    json: bool('json'),
    table: bool('table'),
    compact: bool('compact'),
    color: bool('color'),
    fields: str('fields'),
    jq: str('jq'),
    bare: bool('bare'),
    format: format === 'raw' || format === 'both' || format === 'mapped' ? format : undefined,
    mock: bool('mock'),
    apiKey: str('apiKey'),
    baseUrl: str('baseUrl'),
    maxRetries: num('maxRetries'),
    maxWait: num('maxWait'),
    timeoutMs: timeout === undefined ? undefined : parseDuration(timeout, '--timeout'),
  };
}

/**
 * The exit code of each run, by the run's own program (the root of its
 * command tree, built anew by every `main`): nothing is shared between runs.
 */
const exitCodes = new WeakMap<CommandUnknownOpts, number>();

function programOf(command: CommandUnknownOpts): CommandUnknownOpts {
  let root = command;
  while (root.parent !== null) root = root.parent;
  return root;
}

/** The exit code the run of `program` ends with: its command's, or 0 when none ran. */
export function exitCodeOf(program: CommandUnknownOpts): number {
  return exitCodes.get(program) ?? EXIT_CODES.ok;
}

/** How {@link runAction} treats SIGINT and SIGTERM. */
export interface RunOptions {
  /** The command handles the signals itself (the mirror's commands): no abort, no forced exit. */
  ownSignals?: boolean;
}

/** How long a run may take to end after SIGINT or SIGTERM before the process exits anyway. */
const STOP_GRACE_MS = 800;

function stopReason(signal: StopSignal): CliError {
  return signal === 'SIGINT'
    ? new CliError('interrupted', 'interrupted', 'Interrupted (Ctrl-C).')
    : new CliError('terminated', 'terminated', 'Stopped by SIGTERM.');
}

/** The exit code of a run its signal stopped: 130 after SIGINT, 143 after SIGTERM. */
export function stoppedCode(signal: AbortSignal): number {
  return signal.reason instanceof CliError
    ? EXIT_CODES[signal.reason.kind]
    : EXIT_CODES.interrupted;
}

/**
 * Loads what the run's output needs before anything is fetched: jq for
 * `--jq` (a filter jq cannot compile is a usage error, and no call is
 * made), the measure of cells for what a person reads.
 */
async function prepareOutput(ctx: RunContext): Promise<void> {
  const { settings } = ctx.printer;
  // JSON in a pipe measures nothing: only a table does (a live view loads it when it opens).
  if (settings.mode === 'table') await prepareCellWidths();
  const expression = ctx.options.jq;
  if (expression === undefined) return;
  const { compileJq } = await loadJqEngine();
  try {
    ctx.printer.useJq(await compileJq(expression, { compact: settings.compact }));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new CliError('usage', 'jq_error', `--jq ${JSON.stringify(expression)}: ${error.message}`);
  }
}

/**
 * Runs a command's body with its context: output chosen, errors printed as
 * one line (or one JSON line) on stderr with their exit code, secrets
 * blanked out, the embedded mock stopped afterwards. SIGINT and SIGTERM
 * abort the running call (a request in flight, a body being read) and end
 * the process with 130 or 143 within {@link STOP_GRACE_MS}, whatever is
 * still pending; a second signal ends it at once.
 */
export async function runAction(
  command: CommandUnknownOpts,
  io: Io,
  body: (context: ActionContext) => Promise<number | undefined>,
  options: RunOptions = {},
): Promise<void> {
  const controller = new AbortController();
  const stop = (signal: StopSignal) => {
    const reason = stopReason(signal);
    if (controller.signal.aborted) return io.process.exit(EXIT_CODES[reason.kind]);
    controller.abort(reason);
    setTimeout(() => io.process.exit(EXIT_CODES[reason.kind]), STOP_GRACE_MS).unref();
  };
  const onInterrupt = () => stop('SIGINT');
  const onTerminate = () => stop('SIGTERM');
  if (!options.ownSignals) {
    io.process.on('SIGINT', onInterrupt);
    io.process.on('SIGTERM', onTerminate);
  }
  let ctx: RunContext | undefined;
  let code: number;
  try {
    ctx = new RunContext(globalOptions(command.optsWithGlobals()), io, (reason) =>
      controller.abort(reason),
    );
    await prepareOutput(ctx);
    code = (await body({ ctx, signal: controller.signal })) ?? EXIT_CODES.ok;
  } catch (error) {
    const envelope = describeError(ctx?.explain(error) ?? error, ctx?.secrets() ?? []);
    if (ctx) ctx.printer.error(envelope);
    else io.err.write(`shiptrack: error: ${escapeControls(envelope.error.message)}\n`);
    code = envelope.error.exitCode;
  } finally {
    io.process.off('SIGINT', onInterrupt);
    io.process.off('SIGTERM', onTerminate);
    await ctx?.dispose();
  }
  exitCodes.set(programOf(command), code);
}
