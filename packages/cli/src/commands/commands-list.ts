/**
 * `shiptrack commands`: every command, its arguments and its options (with
 * the values they take), read from the command tree itself, so that an
 * agent or a script learns the command line in one call (`--json`).
 */
import type { Argument, CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { choicesOf } from './option-choices.js';
import { exampleOf, withExample } from './register.js';
import { runAction } from './run.js';

/** One option of a command, as `commands --json` describes it. */
export interface OptionDescription {
  /** `--page-size`. */
  name: string;
  /** As `--help` shows it: `--page-size <n>`. */
  flags: string;
  description: string;
  /** Whether it takes a value (`--status <value>`) or is a switch (`--all`). */
  takesValue: boolean;
  /** Whether the command refuses to run without it. */
  required: boolean;
  /** The values it takes, when they are a fixed set. */
  choices: readonly string[] | null;
}

/** One positional argument. */
export interface ArgumentDescription {
  name: string;
  description: string;
  required: boolean;
  /** Whether it takes several words (`watch <container...>`). */
  variadic: boolean;
}

/** One command (or group of commands), as `commands --json` describes it. */
export interface CommandDescription {
  /** `containers list`; `""` is `shiptrack` itself, whose options every command takes. */
  path: string;
  summary: string;
  /** Whether it only groups commands (`containers`). */
  group: boolean;
  arguments: ArgumentDescription[];
  options: OptionDescription[];
  /** The command line under `Example:` in its help. */
  example: string | null;
}

function describeOption(option: Option): OptionDescription {
  return {
    name: option.long ?? option.short ?? option.flags,
    flags: option.flags,
    description: option.description,
    takesValue: option.required || option.optional,
    required: option.mandatory,
    choices: choicesOf(option) ?? null,
  };
}

function describeArgument(argument: Argument): ArgumentDescription {
  return {
    name: argument.name(),
    description: argument.description,
    required: argument.required,
    variadic: argument.variadic,
  };
}

/** Every command under `command`, itself first, depth first. */
export function describeCommands(command: CommandUnknownOpts, path = ''): CommandDescription[] {
  const own: CommandDescription = {
    path,
    summary: command.description(),
    group: command.commands.length > 0,
    arguments: command.registeredArguments.map(describeArgument),
    options: command.options.map(describeOption),
    example: exampleOf(command) ?? null,
  };
  return [
    own,
    ...command.commands
      .filter((sub) => !sub.name().startsWith('__'))
      .flatMap((sub) => describeCommands(sub, path ? `${path} ${sub.name()}` : sub.name())),
  ];
}

/** `shiptrack commands`: a table of every command on a terminal, the full description in JSON. */
export function registerCommandsList(program: CommandUnknownOpts, io: Io): void {
  const commands = program
    .command('commands')
    .summary('every command; --json for agents and scripts')
    .description(
      "List every command with what it does; with --json, each one's arguments, options and their values (for agents and scripts)",
    );
  withExample(commands, 'shiptrack commands --json --compact');
  commands.action(() =>
    runAction(commands, io, async ({ ctx }) => {
      const all = describeCommands(program);
      if (ctx.printer.settings.mode === 'json') ctx.printer.record(all);
      else
        ctx.printer.list(
          all
            .filter((command) => command.path !== '' && !command.group)
            .map((command) => ({ command: command.path, summary: command.summary })),
        );
      return undefined;
    }),
  );
}
