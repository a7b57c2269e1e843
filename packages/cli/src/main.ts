/**
 * `shiptrack`: the command line of the Shipment and Container Tracking
 * Service. Data to stdout, errors to stderr, exit codes in exit-codes.ts.
 */
import { CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { exitCodeOf } from './commands/run.js';
import type { Io } from './context.js';
import { CliError } from './errors/cli-error.js';
import { describeError } from './errors/describe.js';
import { EXIT_CODES } from './errors/exit-codes.js';
import { escapeControls, safeJson } from './output/control-characters.js';
import { buildProgram } from './program.js';

/** Whether a usage error should be a JSON line: `--json`, or a pipe without `--table`. */
function wantsJson(argv: readonly string[], io: Io): boolean {
  if (argv.includes('--json')) return true;
  return !argv.includes('--table') && io.out.isTTY !== true;
}

/**
 * gh's `--json=a,b` as ours: `--json --fields a,b` (unambiguous, so it is
 * accepted); `--json a,b` is answered by {@link jsonFieldsHint}.
 */
function ghJsonFields(argv: readonly string[]): string[] {
  return argv.flatMap((word) =>
    word.startsWith('--json=') ? ['--json', '--fields', word.slice('--json='.length)] : [word],
  );
}

/** The fields after `--json` when commander took them for an extra argument (gh's `--json a,b`). */
function jsonFieldsHint(argv: readonly string[], error: CommanderError): string | undefined {
  if (error.code !== 'commander.excessArguments') return undefined;
  const next = argv[argv.indexOf('--json') + 1];
  if (!argv.includes('--json') || next === undefined) return undefined;
  if (!/^[A-Za-z_][\w.]*(,[A-Za-z_][\w.]*)*$/.test(next)) return undefined;
  return `--json takes no field names: pass --json --fields ${next} (or --json=${next})`;
}

/** `help containers list` as `containers list --help`: commander's own `help` takes one word. */
function helpFor(argv: readonly string[]): string[] {
  return argv[0] === 'help' ? [...argv.slice(1), '--help'] : [...argv];
}

/** Runs the command line; resolves to the exit code. */
export async function main(given: readonly string[], io: Io): Promise<number> {
  const argv = ghJsonFields(helpFor(given));
  const program = buildProgram(io);
  let usage: string | undefined;
  program.exitOverride();
  const capture = {
    writeErr: (text: string) => {
      usage = (usage ?? '') + text;
    },
    outputError: (text: string) => {
      usage = text;
    },
    writeOut: (text: string) => {
      io.out.write(text);
    },
  };
  const configure = (command: CommandUnknownOpts) => {
    command.configureOutput(capture).exitOverride();
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCodeOf(program);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return EXIT_CODES.ok;
    if (error.code === 'commander.help') {
      // A group without a command (`shiptrack containers`): its help, as a usage error.
      io.err.write(usage ?? '');
      return EXIT_CODES.usage;
    }
    // An empty group (`shiptrack containers`) prints its help; that is usage too.
    const message =
      jsonFieldsHint(argv, error) ??
      (usage ?? error.message)
        .replace(/^error: /, '')
        .trim()
        .replace(/\s*\n\s*/g, ' ');
    const envelope = describeError(new CliError('usage', 'usage', `${message} (see --help)`));
    io.err.write(
      wantsJson(argv, io)
        ? `${safeJson(envelope)}\n`
        : `shiptrack: error: ${escapeControls(envelope.error.message)}\n`,
    );
    return EXIT_CODES.usage;
  }
}
