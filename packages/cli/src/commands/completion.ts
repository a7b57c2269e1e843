import { Argument, type CommandUnknownOpts, type Option } from '@commander-js/extra-typings';
import { loadCompletion } from '../completion/load.js';
import type { CommandWords } from '../completion/scripts.js';
import { SHELLS, type Shell } from '../completion/shells.js';
import type { Io } from '../context.js';
import { COMPLETE_COMMAND } from './complete-values.js';
import { choicesOf, recordArgumentOf } from './option-choices.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/**
 * The words of each command position: its subcommands, its options with
 * their values, and whether its argument is a container (whose numbers and
 * ids come from the account, through `shiptrack __complete containers`).
 */
function wordsOf(command: CommandUnknownOpts, path: string, into: CommandWords[]): CommandWords[] {
  const visible = command.commands.filter((sub) => sub.name() !== COMPLETE_COMMAND);
  into.push({
    path,
    subcommands: visible.map((sub) => sub.name()),
    containers: recordArgumentOf(command) === 'container',
    options: command.options.flatMap((option: Option) => {
      const name = option.long ?? option.short;
      return name === undefined ? [] : [{ name, values: choicesOf(option) }];
    }),
  });
  for (const sub of visible) wordsOf(sub, path ? `${path} ${sub.name()}` : sub.name(), into);
  return into;
}

/** `shiptrack completion bash|zsh|fish|powershell`: prints a completion script made from the command tree. */
export function registerCompletion(program: CommandUnknownOpts, io: Io): void {
  const completion = program
    .command('completion')
    .summary('print a shell completion script')
    .description('Print a shell completion script (bash, zsh, fish or PowerShell)')
    .addArgument(new Argument('<shell>', 'bash, zsh, fish or powershell').choices(SHELLS));
  withExample(completion, 'eval "$(shiptrack completion bash)"');
  completion.action((shell: Shell) =>
    runAction(completion, io, async ({ ctx }) => {
      const words = wordsOf(program, '', []);
      const { completionScript } = await loadCompletion();
      ctx.printer.text(completionScript(shell, words, words[0]?.options ?? []));
      return undefined;
    }),
  );
}
