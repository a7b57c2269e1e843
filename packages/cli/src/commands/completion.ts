import { Argument, type CommandUnknownOpts, type Option } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** The words each command position can take: commands, then each command's options. */
interface CommandWords {
  /** `""` for the root, else `group` or `group verb`. */
  path: string;
  subcommands: string[];
  options: string[];
}

function wordsOf(command: CommandUnknownOpts, path: string, into: CommandWords[]): CommandWords[] {
  const visible = command.commands;
  into.push({
    path,
    subcommands: visible.map((sub) => sub.name()),
    options: command.options
      .map((option: Option) => option.long ?? option.short ?? '')
      .filter(Boolean),
  });
  for (const sub of visible) wordsOf(sub, path ? `${path} ${sub.name()}` : sub.name(), into);
  return into;
}

function bash(words: CommandWords[], globals: string[]): string {
  const cases = words
    .map(
      (w) => `    "${w.path}") opts="${[...w.subcommands, ...w.options, ...globals].join(' ')}" ;;`,
    )
    .join('\n');
  const known = `|${words.map((w) => w.path).join('|')}|`;
  return `# shiptrack completion for bash: eval "$(shiptrack completion bash)"
_shiptrack() {
  local cur path="" word candidate i opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    candidate="\${path:+$path }$word"
    # Only command words move the path on; an option's value (--status available) does not.
    [[ "${known}" == *"|$candidate|"* ]] && path="$candidate"
  done
  case "$path" in
${cases}
    *) opts="${globals.join(' ')}" ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -F _shiptrack shiptrack
`;
}

function zsh(words: CommandWords[], globals: string[]): string {
  return `#compdef shiptrack
# shiptrack completion for zsh: shiptrack completion zsh > "\${fpath[1]}/_shiptrack"
autoload -U +X bashcompinit && bashcompinit
${bash(words, globals).replace('# shiptrack completion for bash: eval "$(shiptrack completion bash)"\n', '')}`;
}

function fish(words: CommandWords[], globals: string[]): string {
  const known = `|${words.map((w) => w.path).join('|')}|`;
  const lines = [
    '# shiptrack completion for fish: shiptrack completion fish | source',
    '# The command path typed so far ("/containers custom-fields"), as in bash: option values skipped.',
    'function __shiptrack_path',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    "    set -l path ''",
    '    for word in $words',
    "        string match -q -- '-*' $word; and continue",
    '        set -l candidate (string trim -- "$path $word")',
    `        string match -q -- "*|$candidate|*" '${known}'; and set path $candidate`,
    '    end',
    '    echo "/$path"',
    'end',
    'complete -c shiptrack -f',
  ];
  for (const option of globals)
    lines.push(`complete -c shiptrack -l '${option.replace(/^--/, '')}'`);
  for (const w of words) {
    const condition = `test (__shiptrack_path) = '/${w.path}'`;
    for (const sub of w.subcommands)
      lines.push(`complete -c shiptrack -n "${condition}" -a '${sub}'`);
    for (const option of w.options) {
      if (w.path === '') continue; // the globals, offered everywhere above
      lines.push(`complete -c shiptrack -n "${condition}" -l '${option.replace(/^--/, '')}'`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `shiptrack completion bash|zsh|fish`: prints a completion script made from the command tree. */
export function registerCompletion(program: CommandUnknownOpts, io: Io): void {
  const completion = program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']));
  withExample(completion, 'eval "$(shiptrack completion bash)"');
  completion.action((shell: string) =>
    runAction(completion, io, async ({ ctx }) => {
      const words = wordsOf(program, '', []);
      const globals = words[0]?.options ?? [];
      const script =
        shell === 'bash'
          ? bash(words, globals)
          : shell === 'zsh'
            ? zsh(words, globals)
            : fish(words, globals);
      ctx.printer.text(script);
      return undefined;
    }),
  );
}
