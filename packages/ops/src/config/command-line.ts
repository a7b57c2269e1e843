/**
 * A bin's command line made from its settings table with commander, the
 * library `shiptrack` itself parses with: the same help layout at 80
 * columns (each flag with its choices, default and variable), "did you
 * mean" for a mistyped option or command, and one error for an unknown
 * one. The table stays the one list of flags (decision 0014): this file
 * reads flags only, and `resolveSettings` adds the variables.
 */
import { Command, CommanderError, type Help, Option } from 'commander';
import { envNameOf, flagKeyOf, type SettingSpec } from './settings.js';
import { UsageError } from './usage-error.js';

/** The width of every bin's `--help`, as `shiptrack --help` at 80 columns. */
export const HELP_WIDTH = 80;

/** A flag of a bin that is not a setting (`--print-config`). */
export interface CommandFlag {
  /** Its name without dashes (`print-config`). */
  readonly name: string;
  readonly summary: string;
}

/** A subcommand of a bin (`shiptrack-mirror serve`). */
export interface SubcommandSpec {
  readonly name: string;
  readonly summary: string;
  /**
   * A command line of its own (its own table, variables and help), for a
   * subcommand that shares no flag with the program (`shiptrack-mock
   * proxy`); the program's flags then go before it.
   */
  readonly commandLine?: CommandLineSpec;
}

/** A bin's command line: its name, its words, and the table its flags come from. */
export interface CommandLineSpec {
  /** The program's name in its help and errors (`shiptrack-mirror`, `shiptrack mirror`). */
  readonly name: string;
  /** The text under the usage line. */
  readonly description: string;
  readonly settings: readonly SettingSpec[];
  /** The prefix of the bin's variables (`SVC_MCP_`). */
  readonly prefix: string;
  /** What `-v, --version` prints; no such flag when absent. */
  readonly version?: string;
  /** Flags beside the settings, the program's and so every subcommand's (`print-config`). */
  readonly flags?: readonly CommandFlag[];
  /** Its subcommands: a setting with `commands` is a flag of those, the others of all. */
  readonly commands?: readonly SubcommandSpec[];
  /** The text after the options (where output goes, `OTEL_*`). */
  readonly epilog?: string;
}

/** What a command line asks for. */
export type CommandLine =
  /** `--help`: print `text` and exit 0. */
  | { readonly kind: 'help'; readonly text: string }
  /** `--version`: print `text` and exit 0. */
  | { readonly kind: 'version'; readonly text: string }
  /**
   * Run `command` (`undefined`: none was named) with the flags given, keyed
   * as `resolveSettings` reads them (`port`, `no-auth`, `print-config`).
   */
  | {
      readonly kind: 'run';
      readonly command: string | undefined;
      readonly flags: Readonly<Record<string, unknown>>;
    };

/** The commander option of `spec`, with its value parser (a list collects every occurrence). */
function optionOf(spec: SettingSpec): Option {
  const flag = spec.form === 'negation' ? `--no-${spec.name}` : `--${spec.name}`;
  const option = new Option(
    spec.form === 'value' ? `${flag} ${spec.placeholder ?? '<value>'}` : flag,
    spec.summary,
  );
  if (spec.choices) option.choices(spec.choices);
  if (spec.list) {
    option.argParser((value: string, previous: string[] | undefined) => [
      ...(previous ?? []),
      value,
    ]);
  }
  return option;
}

/**
 * The text after a flag's summary: its choices, default and variable, as
 * commander lays them out (`--no-x` shows the variable's value that is
 * the flag: `env: PREFIX_X=false`).
 */
function detailsOf(spec: SettingSpec, prefix: string): string {
  const variable = envNameOf(spec, prefix);
  const details =
    spec.form === 'negation'
      ? [`env: ${variable}=false`]
      : [
          ...(spec.choices ? [`choices: ${spec.choices.join(', ')}`] : []),
          ...(spec.defaultText === undefined ? [] : [`default: ${spec.defaultText}`]),
          `env: ${variable}`,
        ];
  return `${spec.summary} (${details.join('; ')})`;
}

/** The setting behind each option, with the prefix of its variable. */
type Owners = Map<Option, { readonly setting: SettingSpec; readonly prefix: string }>;

/** The variables that have no flag (secrets), as a help section in the options' layout. */
function environmentSection(command: Command, help: Help, spec: CommandLineSpec): string {
  const envOnly = spec.settings.filter((setting) => setting.envOnly);
  if (envOnly.length === 0) return '';
  const items = envOnly.map((setting) => ({
    term: envNameOf(setting, spec.prefix),
    text: `${setting.summary}${setting.defaultText === undefined ? '' : ` (default: ${setting.defaultText})`}`,
  }));
  const width = Math.max(help.padWidth(command, help), ...items.map(({ term }) => term.length));
  const lines = items.map(({ term, text }) => help.formatItem(term, width, text, help));
  return `\nEnvironment only (no flag: a command line is visible to ps):\n${lines.join('\n')}\n`;
}

/** Whether `setting` is a flag of the subcommand `name` (`undefined`: the program itself). */
function isFlagOf(setting: SettingSpec, name: string | undefined): boolean {
  if (setting.envOnly) return false;
  if (name === undefined) return setting.commands === undefined;
  return setting.commands?.includes(name) ?? false;
}

/**
 * One command (the program or a subcommand) with the flags of `settings`,
 * their variables named with `prefix`; `global`: its help shows the
 * program's flags too (they are read after the subcommand as well).
 */
function commandOf(
  names: { readonly name: string; readonly description: string },
  settings: readonly SettingSpec[],
  prefix: string,
  owners: Owners,
  global: boolean,
): Command {
  const command = new Command(names.name).description(names.description);
  for (const setting of settings) {
    const option = optionOf(setting);
    owners.set(option, { setting, prefix });
    command.addOption(option);
  }
  command.helpOption('-h, --help', 'show this help');
  command.showSuggestionAfterError(true);
  command.configureHelp({
    helpWidth: HELP_WIDTH,
    // Wrap a summary beside a long flag too, rather than run past 80 columns.
    minWidthToWrap: 20,
    sortOptions: false,
    showGlobalOptions: global,
    subcommandTerm: (sub) => sub.name(),
    optionDescription: (option) => {
      const owner = owners.get(option);
      return owner ? detailsOf(owner.setting, owner.prefix) : (option.description ?? '');
    },
  });
  return command.exitOverride();
}

/** `command` with the flags of `spec` beside its settings, its variables without a flag, and its epilog. */
function completed(command: Command, spec: CommandLineSpec): Command {
  for (const flag of spec.flags ?? []) command.option(`--${flag.name}`, flag.summary);
  return command.addHelpText('after', ({ command: shown }) => {
    const environment = environmentSection(shown, shown.createHelp(), spec);
    return `${environment}${spec.epilog ? `\n${spec.epilog}` : ''}`;
  });
}

/** The commander program of `spec`, and the setting behind each of its options. */
function programOf(spec: CommandLineSpec): { program: Command; owners: Owners } {
  const owners: Owners = new Map();
  const program = completed(
    commandOf(
      spec,
      spec.settings.filter((setting) => isFlagOf(setting, undefined)),
      spec.prefix,
      owners,
      true,
    ),
    spec,
  );
  if (spec.version !== undefined) {
    program.version(spec.version, '-v, --version', 'print the version');
  }
  if (spec.commands !== undefined) program.helpCommand('help [command]', 'show help for a command');
  for (const sub of spec.commands ?? []) {
    const own = sub.commandLine;
    const command = own
      ? completed(
          commandOf(
            { name: sub.name, description: own.description },
            own.settings.filter((setting) => isFlagOf(setting, undefined)),
            own.prefix,
            owners,
            false,
          ),
          own,
        ).summary(sub.summary)
      : commandOf(
          { name: sub.name, description: sub.summary },
          spec.settings.filter((setting) => isFlagOf(setting, sub.name)),
          spec.prefix,
          owners,
          true,
        );
    // A subcommand with flags of its own reads them all: the program's come before it.
    if (own) program.enablePositionalOptions();
    program.addCommand(command.action(() => {}));
  }
  return { program, owners };
}

/** Each flag given on the command line (not a default), keyed as `resolveSettings` reads them. */
function flagsGiven(commands: readonly Command[], owners: Owners): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const command of commands) {
    for (const option of command.options) {
      const key = option.attributeName();
      if (command.getOptionValueSource(key) !== 'cli') continue;
      const value: unknown = command.getOptionValue(key);
      const setting = owners.get(option)?.setting;
      if (setting === undefined) flags[option.name()] = value;
      else flags[flagKeyOf(setting)] = setting.form === 'negation' ? value === false : value;
    }
  }
  return flags;
}

/** Commander's error without its `error: ` and its line breaks: `unknown option '--prot' (Did you mean --port?)`. */
function messageOf(error: CommanderError, written: string): string {
  return (written || error.message)
    .replace(/^error: /, '')
    .trim()
    .replace(/\s*\n\s*/g, ' ');
}

/** The help of `spec`'s program (or of its subcommand `command`), as `--help` prints it. */
export function helpText(spec: CommandLineSpec, command?: string): string {
  const { program } = programOf(spec);
  const sub =
    command === undefined ? undefined : program.commands.find((c) => c.name() === command);
  let text = '';
  (sub ?? program).configureOutput({ writeOut: (chunk) => (text += chunk) }).outputHelp();
  return text;
}

/**
 * Reads `argv` (without node and the script) by `spec`: the flags given,
 * and the subcommand named; `--help` and `--version` as their text. Throws
 * {@link UsageError} for an unknown or malformed option or command.
 */
export function parseCommandLine(spec: CommandLineSpec, argv: readonly string[]): CommandLine {
  // Nothing to read: what commander would give (no flag, no command), without building it at a start.
  if (argv.length === 0) return { kind: 'run', command: undefined, flags: {} };
  const { program, owners } = programOf(spec);
  let out = '';
  let error = '';
  const output = {
    writeOut: (chunk: string) => {
      out += chunk;
    },
    writeErr: () => {},
    outputError: (chunk: string) => {
      error += chunk;
    },
  };
  for (const command of [program, ...program.commands]) command.configureOutput(output);
  try {
    program.parse([...argv], { from: 'user' });
  } catch (cause) {
    if (!(cause instanceof CommanderError)) throw cause;
    // `--help`, or `help [command]` (commander's help without an error).
    if (
      cause.code === 'commander.helpDisplayed' ||
      (cause.code === 'commander.help' && cause.exitCode === 0)
    ) {
      return { kind: 'help', text: out };
    }
    if (cause.code === 'commander.version') return { kind: 'version', text: out };
    // A program of subcommands run without one: its flags, for the bin to say what it needs.
    if (cause.code !== 'commander.help') throw new UsageError(messageOf(cause, error));
    return { kind: 'run', command: undefined, flags: flagsGiven([program], owners) };
  }
  const chosen = program.commands.find((command) => command.name() === program.args[0]);
  const own = spec.commands?.find((sub) => sub.name === chosen?.name())?.commandLine;
  if (chosen === undefined || own === undefined) {
    return {
      kind: 'run',
      command: chosen?.name(),
      flags: flagsGiven(chosen ? [program, chosen] : [program], owners),
    };
  }
  const before = Object.keys(flagsGiven([program], owners));
  if (before.length > 0) {
    throw new UsageError(
      `${before.map((name) => `--${name}`).join(', ')} ${before.length === 1 ? 'is not an option' : 'are not options'} of ${chosen.name()}`,
    );
  }
  return { kind: 'run', command: chosen.name(), flags: flagsGiven([chosen], owners) };
}
