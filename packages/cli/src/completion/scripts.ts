/**
 * The completion scripts of bash, zsh and fish, written from the words of
 * the command tree. Its own file in the bin (`dist/completion.cjs`), read
 * only by `shiptrack completion`, so every other start stays as small.
 */

/** An option as completion offers it: its long name and, when they are a fixed set, its values. */
export interface OptionWords {
  name: string;
  values: readonly string[] | undefined;
}

/** The words each command position can take: commands, then each command's options. */
export interface CommandWords {
  /** `""` for the root, else `group` or `group verb`. */
  path: string;
  subcommands: string[];
  /** The command's own options; the root's are the globals, offered everywhere. */
  options: OptionWords[];
}

/** Each word once, in its first place: a command's own option may also be a global one. */
function once(words: readonly string[]): string[] {
  return [...new Set(words)];
}

function bash(words: CommandWords[], globals: OptionWords[]): string {
  const globalNames = globals.map((option) => option.name);
  const cases = words
    .map((w) => {
      const own = w.path === '' ? [] : w.options.map((option) => option.name);
      return `    "${w.path}") opts="${once([...w.subcommands, ...own, ...globalNames]).join(' ')}" ;;`;
    })
    .join('\n');
  // An option's values: the command's own first, then a global's (valid after any command).
  const valueCases = [
    ...words.flatMap((w) =>
      w.path === ''
        ? []
        : w.options
            .filter((option) => option.values !== undefined)
            .map(
              (option) => `    "${w.path}|${option.name}") vals="${option.values?.join(' ')}" ;;`,
            ),
    ),
    ...globals
      .filter((option) => option.values !== undefined)
      .map((option) => `    *"|${option.name}") vals="${option.values?.join(' ')}" ;;`),
  ].join('\n');
  const known = `|${words.map((w) => w.path).join('|')}|`;
  return `# shiptrack completion for bash: eval "$(shiptrack completion bash)"
_shiptrack() {
  local cur prev path="" word candidate i opts vals=""
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    candidate="\${path:+$path }$word"
    # Only command words move the path on; an option's value (--status available) does not.
    [[ "${known}" == *"|$candidate|"* ]] && path="$candidate"
  done
  case "$path|$prev" in
${valueCases}
  esac
  if [[ -n "$vals" ]]; then
    COMPREPLY=($(compgen -W "$vals" -- "$cur"))
    return
  fi
  case "$path" in
${cases}
    *) opts="${globalNames.join(' ')}" ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -F _shiptrack shiptrack
`;
}

function zsh(words: CommandWords[], globals: OptionWords[]): string {
  return `#compdef shiptrack
# shiptrack completion for zsh: shiptrack completion zsh > "\${fpath[1]}/_shiptrack"
autoload -U +X bashcompinit && bashcompinit
${bash(words, globals).replace('# shiptrack completion for bash: eval "$(shiptrack completion bash)"\n', '')}`;
}

/** A fish `complete` line for an option: `-x -a` with its values when they are a fixed set. */
function fishOption(option: OptionWords, condition: string): string {
  const when = condition === '' ? '' : ` -n "${condition}"`;
  const values = option.values === undefined ? '' : ` -x -a '${option.values.join(' ')}'`;
  return `complete -c shiptrack${when} -l '${option.name.replace(/^--/, '')}'${values}`;
}

function fish(words: CommandWords[], globals: OptionWords[]): string {
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
  const globalNames = new Set(globals.map((option) => option.name));
  for (const option of globals) lines.push(fishOption(option, ''));
  for (const w of words) {
    const condition = `test (__shiptrack_path) = '/${w.path}'`;
    for (const sub of w.subcommands)
      lines.push(`complete -c shiptrack -n "${condition}" -a '${sub}'`);
    if (w.path === '') continue; // the globals, offered everywhere above
    for (const option of w.options) {
      if (!globalNames.has(option.name)) lines.push(fishOption(option, condition));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell. */
export function completionScript(
  shell: 'bash' | 'zsh' | 'fish',
  words: CommandWords[],
  globals: OptionWords[],
): string {
  if (shell === 'bash') return bash(words, globals);
  return shell === 'zsh' ? zsh(words, globals) : fish(words, globals);
}
