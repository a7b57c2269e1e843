import { Argument, type CommandUnknownOpts, type Option } from '@commander-js/extra-typings';
import { loadCompletionScripts } from '../completion/load.js';
import type { CommandWords } from '../completion/scripts.js';
import type { Io } from '../context.js';
import { choicesOf } from './option-choices.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** The words of each command position: its subcommands and its options with their values. */
function wordsOf(command: CommandUnknownOpts, path: string, into: CommandWords[]): CommandWords[] {
  const visible = command.commands;
  into.push({
    path,
    subcommands: visible.map((sub) => sub.name()),
    options: command.options.flatMap((option: Option) => {
      const name = option.long ?? option.short;
      return name === undefined ? [] : [{ name, values: choicesOf(option) }];
    }),
  });
  for (const sub of visible) wordsOf(sub, path ? `${path} ${sub.name()}` : sub.name(), into);
  return into;
}

/** `shiptrack completion bash|zsh|fish`: prints a completion script made from the command tree. */
export function registerCompletion(program: CommandUnknownOpts, io: Io): void {
  const completion = program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']));
  withExample(completion, 'eval "$(shiptrack completion bash)"');
  completion.action((shell: 'bash' | 'zsh' | 'fish') =>
    runAction(completion, io, async ({ ctx }) => {
      const words = wordsOf(program, '', []);
      const { completionScript } = await loadCompletionScripts();
      ctx.printer.text(completionScript(shell, words, words[0]?.options ?? []));
      return undefined;
    }),
  );
}
