/**
 * The completion scripts of bash, zsh, fish and PowerShell, written from
 * the words of the command tree. Its own file in the bin
 * (`dist/completion.cjs`), read only by `shiptrack completion`, so every
 * other start stays as small. Where a command takes a container, the
 * scripts offer the account's container numbers and ids, asked of
 * `shiptrack __complete containers` (cached, with a time-out).
 */
import type { Shell } from './shells.js';

/** How a script asks for the account's containers (`--mock` is added when the line has it). */
const CONTAINERS = '__complete containers --timeout 3s --max-retries 0';

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
  /** Whether its argument is a container, by number or id: the account's are offered. */
  containers: boolean;
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
      const containers = w.containers ? ' containers=1' : '';
      return `    "${w.path}") opts="${once([...w.subcommands, ...own, ...globalNames]).join(' ')}"${containers} ;;`;
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
  local cur prev path="" word candidate i opts vals="" containers="" mock=""
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == --mock ]] && mock="--mock"
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
  if [[ -n "$containers" && "$cur" != -* ]]; then
    opts="$opts $(shiptrack $mock ${CONTAINERS} 2>/dev/null)"
  fi
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
    "# The account's container numbers and ids (cached by shiptrack for a few minutes).",
    'function __shiptrack_containers',
    '    set -l mock',
    '    contains -- --mock (commandline -opc); and set mock --mock',
    `    shiptrack $mock ${CONTAINERS} 2>/dev/null`,
    'end',
    'complete -c shiptrack -f',
  ];
  const globalNames = new Set(globals.map((option) => option.name));
  for (const option of globals) lines.push(fishOption(option, ''));
  for (const w of words) {
    const condition = `test (__shiptrack_path) = '/${w.path}'`;
    for (const sub of w.subcommands)
      lines.push(`complete -c shiptrack -n "${condition}" -a '${sub}'`);
    if (w.containers)
      lines.push(`complete -c shiptrack -n "${condition}" -a '(__shiptrack_containers)'`);
    if (w.path === '') continue; // the globals, offered everywhere above
    for (const option of w.options) {
      if (!globalNames.has(option.name)) lines.push(fishOption(option, condition));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A PowerShell single-quoted string. */
function ps(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A PowerShell array of strings. */
function psList(items: readonly string[]): string {
  return `@(${items.map(ps).join(', ')})`;
}

function powershell(words: CommandWords[], globals: OptionWords[]): string {
  const known = words
    .map((w) => {
      const own = w.path === '' ? [] : w.options.map((option) => option.name);
      return `    ${ps(w.path)} = ${psList(once([...w.subcommands, ...own]))}`;
    })
    .join('\n');
  const values = words
    .flatMap((w) =>
      w.path === ''
        ? []
        : w.options.flatMap((option) =>
            option.values === undefined
              ? []
              : [`    ${ps(`${w.path}|${option.name}`)} = ${psList(option.values)}`],
          ),
    )
    .join('\n');
  const globalValues = globals
    .flatMap((option) =>
      option.values === undefined ? [] : [`    ${ps(option.name)} = ${psList(option.values)}`],
    )
    .join('\n');
  const containers = words.filter((w) => w.containers).map((w) => w.path);
  return `# shiptrack completion for PowerShell: shiptrack completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName shiptrack -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $known = @{
${known}
  }
  $globals = ${psList(globals.map((option) => option.name))}
  $values = @{
${values}
  }
  $globalValues = @{
${globalValues}
  }
  $containers = ${psList(containers)}
  $words = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
  # The word being completed is not part of the path.
  if ($wordToComplete -ne '' -and $words.Count -gt 0) { $words = @($words | Select-Object -First ($words.Count - 1)) }
  $path = ''
  foreach ($word in $words) {
    if ($word.StartsWith('-')) { continue }
    $candidate = if ($path) { "$path $word" } else { $word }
    # Only command words move the path on; an option's value (--status available) does not.
    if ($known.ContainsKey($candidate)) { $path = $candidate }
  }
  $prev = if ($words.Count -gt 0) { $words[-1] } else { '' }
  $offer = $values["$path|$prev"]
  if (-not $offer) { $offer = $globalValues[$prev] }
  if (-not $offer) {
    $offer = @($known[$path]) + $globals
    if ($containers -contains $path -and -not $wordToComplete.StartsWith('-')) {
      $mock = if ($words -contains '--mock') { @('--mock') } else { @() }
      $offer += @(& shiptrack @mock ${CONTAINERS} 2>$null)
    }
  }
  $offer | Where-Object { $_ -like "$wordToComplete*" } | Select-Object -Unique | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`;
}

/** The completion script of a shell. */
export function completionScript(
  shell: Shell,
  words: CommandWords[],
  globals: OptionWords[],
): string {
  if (shell === 'bash') return bash(words, globals);
  if (shell === 'zsh') return zsh(words, globals);
  return shell === 'fish' ? fish(words, globals) : powershell(words, globals);
}
