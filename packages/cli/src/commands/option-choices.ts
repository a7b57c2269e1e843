/**
 * The values an option takes, for completion and `shiptrack commands`:
 * commander's own `choices`, or, for a comma-separated list (which commander
 * cannot check value by value), the spec's, remembered here.
 */
import type { Option } from '@commander-js/extra-typings';

const listChoices = new WeakMap<Option, readonly string[]>();

/** Remembers the values of a list option whose spec checks them itself. */
export function rememberListChoices(option: Option, choices: readonly string[]): void {
  listChoices.set(option, choices);
}

/** The values an option takes, when they are a fixed set. */
export function choicesOf(option: Option): readonly string[] | undefined {
  return option.argChoices ?? listChoices.get(option);
}
