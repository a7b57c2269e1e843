/**
 * A bin's command line from its settings table, through commander: the
 * flags given (never a default or a variable), subcommands with their own
 * flags, "did you mean" for a typo, and the help at 80 columns.
 */
import { describe, expect, it } from 'vitest';
import { type CommandLineSpec, helpText, parseCommandLine } from '../src/config/command-line.js';
import { resolveSettings } from '../src/config/settings.js';
import { UsageError } from '../src/config/usage-error.js';

const SPEC: CommandLineSpec = {
  name: 'demo-bin',
  description: 'A bin of the tests.',
  prefix: 'SVC_DEMO_',
  version: '1.2.3',
  flags: [{ name: 'print-config', summary: 'print the configuration' }],
  commands: [
    { name: 'serve', summary: 'serve it' },
    { name: 'status', summary: 'say how it is' },
  ],
  settings: [
    { name: 'database', form: 'value', placeholder: '<dir|url>', summary: 'where it lives' },
    {
      name: 'port',
      form: 'value',
      placeholder: '<n>',
      defaultText: '8080',
      commands: ['serve'],
      summary: 'port',
    },
    {
      name: 'scope',
      form: 'value',
      list: true,
      placeholder: '<scope>',
      commands: ['serve'],
      summary: 'a scope (repeatable)',
    },
    { name: 'key-check', form: 'negation', defaultText: 'true', summary: 'check keys' },
    {
      name: 'log-level',
      form: 'value',
      placeholder: '<level>',
      sharedEnv: 'LOG_LEVEL',
      choices: ['info', 'warn'],
      defaultText: 'info',
      summary: 'lowest level logged',
    },
    {
      name: 'mirror-database',
      form: 'value',
      placeholder: '<dir|postgres-url>',
      summary:
        'a summary long enough to wrap at eighty columns, as the mirror row of shiptrack-mcp-http did',
    },
    { name: 'api-token', form: 'value', envOnly: true, secret: true, summary: 'the API key' },
  ],
};

/** The usage error of `argv`. */
function usageError(argv: string[]): UsageError {
  try {
    parseCommandLine(SPEC, argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('parseCommandLine', () => {
  it('gives the flags given, keyed as resolveSettings reads them, and no default', () => {
    const line = parseCommandLine(SPEC, [
      '--database',
      '/tmp/x',
      'serve',
      '--scope',
      'a',
      '--scope=b',
      '--no-key-check',
      '--print-config',
    ]);
    expect(line).toEqual({
      kind: 'run',
      command: 'serve',
      flags: { database: '/tmp/x', scope: ['a', 'b'], 'no-key-check': true, 'print-config': true },
    });
    if (line.kind !== 'run') throw new Error('not run');
    const resolved = resolveSettings(SPEC.settings, SPEC.prefix, line.flags, {
      SVC_DEMO_PORT: '9000',
      SVC_DEMO_DATABASE: '/tmp/y',
    });
    expect(resolved.settings.get('database')).toMatchObject({ value: '/tmp/x', source: 'flag' });
    expect(resolved.settings.get('port')).toMatchObject({ value: '9000', source: 'env' });
    expect(resolved.settings.get('key-check')).toMatchObject({ value: false, source: 'flag' });
  });

  it('takes no command, for the bin to say what it needs', () => {
    expect(parseCommandLine(SPEC, ['--print-config'])).toEqual({
      kind: 'run',
      command: undefined,
      flags: { 'print-config': true },
    });
  });

  it('reads an empty command line as commander reads one with nothing but `--`', () => {
    const bare: CommandLineSpec = { ...SPEC, commands: undefined, version: undefined };
    for (const spec of [SPEC, bare]) {
      expect(parseCommandLine(spec, [])).toEqual({ kind: 'run', command: undefined, flags: {} });
      expect(parseCommandLine(spec, [])).toEqual(parseCommandLine(spec, ['--']));
    }
  });

  it('answers a mistyped option or command with the one it was after, as a usage error (exit 2)', () => {
    const option = usageError(['serve', '--prot', '80']);
    expect(option.message).toBe("unknown option '--prot' (Did you mean --port?)");
    expect(option.exitCode).toBe(2);
    expect(usageError(['srve']).message).toBe("unknown command 'srve' (Did you mean serve?)");
    expect(usageError(['--databse', 'x']).message).toBe(
      "unknown option '--databse' (Did you mean --database?)",
    );
  });

  it("refuses a subcommand's flag on another command, a value off its choices, and a missing value", () => {
    expect(usageError(['status', '--port', '1']).message).toMatch(/^unknown option '--port'/);
    expect(usageError(['serve', '--log-level', 'loud']).message).toBe(
      "option '--log-level <level>' argument 'loud' is invalid. Allowed choices are info, warn.",
    );
    expect(usageError(['serve', '--port']).message).toBe("option '--port <n>' argument missing");
    expect(usageError(['serve', 'extra']).message).toMatch(/too many arguments/);
  });

  it('answers --help and --version with their text', () => {
    expect(parseCommandLine(SPEC, ['--version'])).toEqual({ kind: 'version', text: '1.2.3\n' });
    const help = parseCommandLine(SPEC, ['serve', '--help']);
    expect(help).toMatchObject({ kind: 'help' });
    expect(help.kind === 'help' && help.text).toBe(helpText(SPEC, 'serve'));
    expect(parseCommandLine(SPEC, ['help', 'serve'])).toEqual(help);
    expect(parseCommandLine(SPEC, ['help'])).toEqual({ kind: 'help', text: helpText(SPEC) });
  });
});

describe('helpText', () => {
  const help = helpText(SPEC);
  const lines = help.split('\n');
  const words = help.replace(/\s+/g, ' ');

  it('lays the help out in 80 columns, each description starting in one column', () => {
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    const starts = lines
      .filter((line) => /^ {2}-/.test(line))
      .map((line) => /^( {2}\S.*? {2,})\S/.exec(line)?.[1]?.length);
    expect(new Set(starts).size).toBe(1);
    const wrapped = lines[lines.findIndex((line) => line.includes('--mirror-database')) + 1];
    expect(wrapped?.search(/\S/)).toBe(starts[0]);
  });

  it('names each flag with its choices, default and variable, and the variables without a flag', () => {
    expect(help).toMatch(/^Usage: demo-bin \[options\] \[command\]\n\nA bin of the tests\.\n/);
    expect(words).toContain('(choices: info, warn; default: info; env: LOG_LEVEL)');
    expect(words).toContain('--no-key-check check keys (env: SVC_DEMO_KEY_CHECK=false)');
    expect(help).toContain('serve');
    expect(help).toMatch(/Environment only.*\n {2}SVC_DEMO_API_TOKEN +the API key/);
    const serve = helpText(SPEC, 'serve');
    expect(serve).toMatch(/^Usage: demo-bin serve \[options\]/);
    expect(serve.replace(/\s+/g, ' ')).toContain('port (default: 8080; env: SVC_DEMO_PORT)');
    expect(serve).toMatch(/Global Options:\n[\s\S]*--database/);
  });
});
