/**
 * Help, completion and the command list read one command tree: every help
 * with an example, groups that say what they hold, `help a b`, completion
 * that offers each flag once and the values of enumerated options, and
 * `commands --json` for agents, through the CLI's `main` as a user runs it
 * (`terminal.test.ts` holds the help on a real terminal).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDescription } from '../src/commands/commands-list.js';
import { ABOUT } from '../src/program.js';
import { envelopeOf, errorOf, shiptrack, TEST_API_KEY } from './helpers.js';

let commands: CommandDescription[];

beforeAll(async () => {
  const run = await shiptrack(['commands', '--json']);
  expect(run.code).toBe(0);
  // Safe: the envelope of `commands --json`, whose data is checked member by member below.
  commands = envelopeOf(run).data as CommandDescription[];
});

function command(path: string): CommandDescription {
  const found = commands.find((entry) => entry.path === path);
  if (!found) throw new Error(`no command ${path}`);
  return found;
}

describe('help', () => {
  it('prints a nested command’s own help for `help containers list`', async () => {
    const help = await shiptrack(['help', 'containers', 'list']);
    const flag = await shiptrack(['containers', 'list', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: shiptrack containers list \[options\]/);
    expect(help.stdout).toBe(flag.stdout);
  });

  it('gives every command and group an example, and each group the commands it holds', () => {
    expect(commands.length).toBeGreaterThan(100);
    for (const entry of commands) expect(entry.example, entry.path).toMatch(/\bshiptrack /);
    const containers = command('containers');
    expect(containers.group).toBe(true);
    // The group's name stands beside it in every list: its summary is only its commands
    // (those generated from the spec first, in spec order, then those written by hand).
    expect(containers.summary).toMatch(/^list, get(, [a-z-]+)+, custom-fields$/);
    for (const group of commands.filter((entry) => entry.group && entry.path !== '')) {
      const verbs = commands.filter(
        (entry) =>
          entry.path.startsWith(`${group.path} `) &&
          !entry.path.slice(group.path.length + 1).includes(' '),
      );
      for (const verb of verbs)
        expect(group.summary, group.path).toContain(verb.path.split(' ').at(-1));
    }
  });

  it('shows the group’s example in its help', async () => {
    const help = await shiptrack(['containers', '--help']);
    expect(help.stdout).toMatch(/^list, get, events, /m);
    expect(help.stdout).toMatch(/Example:\n {2}\$ shiptrack containers /);
  });

  it('breaks the top-level help only where it was written, in a pipe (80 columns)', async () => {
    const help = await shiptrack(['--help']);
    expect(help.stdout).toContain(ABOUT);
  });

  it('keeps the top-level help under 75 lines at 80 columns, each command on a line or two', async () => {
    const help = await shiptrack(['--help'], { env: { COLUMNS: '80' } });
    const lines = help.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(75);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    for (const name of ['track', 'demurrage', 'watch', 'api', 'mirror']) {
      expect(help.stdout, name).toMatch(new RegExp(`^  ${name} +\\S.*\\n  \\S`, 'm'));
    }
  });

  it('says what track, demurrage and watch do in at most three lines at 80 columns', async () => {
    for (const name of ['track', 'demurrage', 'watch']) {
      const help = await shiptrack([name, '--help'], { env: { COLUMNS: '80' } });
      const [, about = ''] = help.stdout.split('\n\n');
      expect(about.split('\n').length, name).toBeLessThanOrEqual(3);
    }
  });
});

describe('completion', () => {
  async function complete(words: string[]): Promise<string[]> {
    const script = (await shiptrack(['completion', 'bash'])).stdout;
    const line = words.map((word) => `'${word}'`).join(' ');
    const { stdout } = await promisify(execFile)('bash', [
      '-c',
      `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _shiptrack; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ]);
    return stdout.split('\n').filter(Boolean);
  }

  it('completes the values of an enumerated option from its choices', async () => {
    expect(await complete(['shiptrack', 'containers', 'list', '--status', 'a'])).toEqual([
      'available',
      'awaiting_inland_transfer',
    ]);
    // A global's values after any command.
    expect(await complete(['shiptrack', 'containers', 'list', '--format', 'r'])).toEqual(['raw']);
    expect(await complete(['shiptrack', '--format', ''])).toEqual(['mapped', 'raw', 'both']);
    // A comma-separated list of known values (checked value by value by its parser).
    expect(await complete(['shiptrack', 'containers', 'get', 'x', '--include', 'pod'])).toEqual([
      'pod_terminal',
    ]);
  });

  it('offers each flag once, a command’s own and the global of the same name together', async () => {
    for (const words of [
      ['shiptrack', '--'],
      ['shiptrack', 'containers', 'list', '--'],
      ['shiptrack', 'tracking-requests', 'wait', 'x', '--'],
    ]) {
      const offered = await complete(words);
      expect(offered.length, words.join(' ')).toBeGreaterThan(10);
      expect(new Set(offered).size, words.join(' ')).toBe(offered.length);
    }
    expect(await complete(['shiptrack', 'tracking-requests', 'wait', 'x', '--ti'])).toEqual([
      '--timeout',
    ]);
  });

  it('gives fish and zsh the same choices', async () => {
    const fish = (await shiptrack(['completion', 'fish'])).stdout;
    expect(fish).toMatch(/-l 'status' -x -a 'new on_ship available /);
    expect(fish.match(/^complete -c shiptrack -l 'json'$/gm)).toHaveLength(1);
    const zsh = (await shiptrack(['completion', 'zsh'])).stdout;
    expect(zsh).toContain('"containers list|--status") vals="new on_ship available');
  });
});

describe('commands --json', () => {
  it('describes every command, argument and option, with the values each takes', () => {
    const list = command('containers list');
    expect(list.summary).toBe('List containers');
    expect(list.options.find((option) => option.name === '--status')).toMatchObject({
      takesValue: true,
      required: false,
    });
    expect(list.options.find((option) => option.name === '--status')?.choices).toContain(
      'available',
    );
    expect(list.options.find((option) => option.name === '--all')).toMatchObject({
      takesValue: false,
      choices: null,
    });
    expect(command('containers get').arguments).toEqual([
      expect.objectContaining({ name: 'id', required: true, variadic: false }),
    ]);
    expect(command('watch').arguments[0]).toMatchObject({ variadic: true });
    const globals = command('').options.map((option) => option.name);
    expect(globals).toEqual(expect.arrayContaining(['--json', '--timeout', '--mock']));
  });
});

describe('--timeout', () => {
  let silent: Server;
  let url: string;

  beforeAll(async () => {
    // Takes every request and never answers it.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v2`;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('is the SDK client’s request timeout: a service that never answers ends with exit 8', async () => {
    const run = await shiptrack(
      ['containers', 'list', '--timeout', '300ms', '--max-retries', '0'],
      {
        env: { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: url },
      },
    );
    expect(run.code).toBe(8);
    expect(errorOf(run).error.message).toContain('within 300 ms');
  });

  it('refuses a value that is not a duration, saying which forms it takes', async () => {
    for (const bad of ['soon', '0', '10x']) {
      const run = await shiptrack(['--mock', 'containers', 'list', '--timeout', bad]);
      expect(run.code, bad).toBe(2);
      expect(errorOf(run).error.message).toMatch(
        /--timeout ".*": pass a duration above 0 such as 30s/,
      );
    }
  });
});
