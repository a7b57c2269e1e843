/**
 * The values an option takes, for completion and `shiptrack commands`:
 * commander's own `choices`, or, for a comma-separated list (which commander
 * cannot check value by value), the spec's, remembered here; and the kind
 * of record a command's argument names, whose numbers completion offers.
 */
import type { CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import type { ResolvedKind } from '@shiptrack/sdk';

const listChoices = new WeakMap<Option, readonly string[]>();

/** Remembers the values of a list option whose spec checks them itself. */
export function rememberListChoices(option: Option, choices: readonly string[]): void {
  listChoices.set(option, choices);
}

/** The values an option takes, when they are a fixed set. */
export function choicesOf(option: Option): readonly string[] | undefined {
  return option.argChoices ?? listChoices.get(option);
}

const recordArguments = new WeakMap<CommandUnknownOpts, ResolvedKind>();

/** Remembers that a command's argument is a record of `kind`, by id or number. */
export function rememberRecordArgument(command: CommandUnknownOpts, kind: ResolvedKind): void {
  recordArguments.set(command, kind);
}

/** The kind of record a command's argument names, if it names one. */
export function recordArgumentOf(command: CommandUnknownOpts): ResolvedKind | undefined {
  return recordArguments.get(command);
}
