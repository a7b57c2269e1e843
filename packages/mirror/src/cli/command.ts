/**
 * The `serve | sync | status | migrate` commands as a function, shared by the
 * `shiptrack-mirror` bin and `shiptrack mirror` of @shiptrack/cli
 * (`@shiptrack/mirror/commands`). Logs are JSON lines: deliveries and
 * lifecycle on stdout (serve), progress on stderr (sync); results on stdout.
 */
import {
  configRows,
  formatConfig,
  listenFailureText,
  MASKED,
  telemetryVariables,
  UsageError,
  usageErrorText,
} from '@shiptrack/ops';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { openTelemetry } from '@shiptrack/sdk/telemetry';
import { createMirror, type Mirror } from '../mirror.js';
import { runMigrate } from './migrate-command.js';
import { parseCli } from './options.js';
import { runServe, serveLogger } from './serve-command.js';
import { runSyncCommand } from './sync-command.js';

/** Where the commands write and what they read. */
export interface MirrorCommandIo {
  /** `isTTY` (of a terminal) makes serve's log records readable rather than JSON, unless LOG_FORMAT says. */
  readonly out: { write(text: string): unknown; isTTY?: boolean };
  readonly err: { write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** The program's name in the help and usage errors. Default `shiptrack-mirror`. */
  readonly name?: string;
  /**
   * The client `sync` reads REST with. Default: `createClient({ format: 'raw' })`
   * with `SVC_API_TOKEN` and `SVC_API_BASE_URL` of `env`.
   */
  readonly client?: () => Promise<ShiptrackClient<'mapped' | 'raw' | 'both'>>;
  /**
   * What stops `serve` and `sync --interval` (and cuts a `sync` short):
   * resolves to the signal that asked. Default: the process's first SIGINT
   * or SIGTERM (a second one exits at once). For hosts that own the
   * process's signals, and for running the commands in a test.
   */
  readonly stop?: Promise<StopSignal>;
}

/** The signals that stop a command: Ctrl-C, or a service manager asking. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** A failure of the caller's `client()`: the caller reports it in its own way. */
class CallerClientError extends Error {
  override name = 'CallerClientError';
}

/** Exit codes of {@link runMirrorCommand}. */
export const MIRROR_EXIT_CODES = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/**
 * The exit code after a clean stop: 130 when Ctrl-C (SIGINT) stopped it, as
 * every shiptrack command answers an interrupt; 0 after SIGTERM, the way a
 * process manager asks a service to stop.
 */
function stoppedBy(signal: StopSignal): number {
  return signal === 'SIGINT' ? MIRROR_EXIT_CODES.interrupted : MIRROR_EXIT_CODES.ok;
}

/** What stops the command, and how to stop listening for it. */
interface Shutdown {
  readonly received: Promise<StopSignal>;
  dispose(): void;
}

/**
 * Resolves on the process's first SIGINT or SIGTERM (a second one exits at
 * once); `dispose` removes every handler it added.
 */
function processSignals(): Shutdown {
  const exitAtOnce = { SIGINT: () => process.exit(130), SIGTERM: () => process.exit(143) };
  let onSignal: (signal: StopSignal) => void = () => {};
  const received = new Promise<StopSignal>((resolve) => {
    onSignal = (signal) => {
      process.once('SIGINT', exitAtOnce.SIGINT);
      process.once('SIGTERM', exitAtOnce.SIGTERM);
      resolve(signal);
    };
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    received,
    dispose: () => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.off(signal, onSignal);
        process.off(signal, exitAtOnce[signal]);
      }
    },
  };
}

async function run(argv: readonly string[], io: MirrorCommandIo): Promise<number> {
  const print = (line: Record<string, unknown>) => io.out.write(`${JSON.stringify(line)}\n`);
  const printErr = (line: Record<string, unknown>) => io.err.write(`${JSON.stringify(line)}\n`);
  const command = parseCli(argv, io.env, io.name);
  if (command.command === 'help') {
    io.out.write(command.text);
    return MIRROR_EXIT_CODES.ok;
  }
  if (command.command === 'print-config') {
    const otel = telemetryVariables(io.env).map((variable) => ({
      setting: variable.name,
      value: variable.secret ? MASKED : variable.value,
      source: `env ${variable.name}`,
    }));
    io.out.write(formatConfig([...configRows(command.settings), ...otel]));
    return MIRROR_EXIT_CODES.ok;
  }
  const signal: Shutdown =
    io.stop === undefined ? processSignals() : { received: io.stop, dispose: () => {} };
  let mirror: Mirror | undefined;
  try {
    if (command.command === 'serve') {
      const logger = serveLogger(command, io.out);
      return stoppedBy(await runServe(command, logger, io.env, signal.received));
    }
    for (const { legacy, current } of command.settings.legacyNames) {
      printErr({
        level: 'warn',
        msg: `${legacy} is the old name of ${current}; it is read until the next minor release: rename it to ${current}.`,
      });
    }
    if (command.command === 'migrate') {
      await runMigrate(command.database, command.dryRun, io);
      return MIRROR_EXIT_CODES.ok;
    }
    if (command.command === 'status') {
      mirror = await createMirror({ database: command.database, migrations: command.migrations });
      print({ ...(await mirror.status()) });
      return MIRROR_EXIT_CODES.ok;
    }
    const stopped = await runSyncCommand(
      command,
      async (traced) => {
        if (io.client === undefined) {
          return createClient({
            format: 'raw',
            // From the command's environment (the process's, for the bin).
            apiKey: io.env.SVC_API_TOKEN,
            baseUrl: io.env.SVC_API_BASE_URL,
            ...(traced ? { telemetry: openTelemetry } : {}),
          });
        }
        return io.client().catch((cause: unknown) => {
          throw new CallerClientError('client() failed', { cause });
        });
      },
      { print, printErr, env: io.env },
      signal.received,
    );
    return stopped === undefined ? MIRROR_EXIT_CODES.ok : stoppedBy(stopped);
  } finally {
    signal.dispose();
    await mirror?.close();
  }
}

/**
 * Runs `serve`, `sync`, `status` or `migrate` (argv without the program's name) and
 * resolves to the exit code: 0 done, 1 failed (the reason as a JSON line on
 * `err`), 2 a command line that cannot run (one line on `err` says what is
 * wrong, and points to `--help`), 130 after SIGINT. `serve` and `sync --interval` run until
 * SIGINT or SIGTERM.
 * An error of `io.client()` is thrown as it is, for the caller to report.
 */
export async function runMirrorCommand(
  argv: readonly string[],
  io: MirrorCommandIo,
): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof CallerClientError) throw error.cause;
    if (error instanceof UsageError) {
      io.err.write(usageErrorText(io.name ?? 'shiptrack-mirror', error.message));
      return MIRROR_EXIT_CODES.usage;
    }
    const failure =
      listenFailureText(error) ??
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    io.err.write(`${JSON.stringify({ msg: 'failed', error: failure })}\n`);
    return MIRROR_EXIT_CODES.failed;
  }
}
