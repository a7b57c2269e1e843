import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  captured,
  envelopeOf,
  errorOf,
  shiptrack,
  startTestMock,
  TEST_API_KEY,
  tempConfigHome,
} from './helpers.js';

let mock: RunningMockServer;
let home: { dir: string; remove(): void };
const FILE_KEY = 'sk_test_file_key_7d1e9a3b6c';
const FLAG_KEY = 'sk_test_flag_key_2b8f4c1d0e';

const configFile = () => join(home.dir, 'shiptrack', 'config.json');

function writeFileConfig(config: object): void {
  mkdirSync(join(home.dir, 'shiptrack'), { recursive: true });
  writeFileSync(configFile(), JSON.stringify(config));
}

interface Shown {
  apiKey: { value: string | null; source: string; from: string | null };
  baseUrl: { value: string; source: string; from: string | null };
  configFile: string;
}

async function shown(args: string[], env: Record<string, string> = {}): Promise<Shown> {
  const run = await shiptrack(['config', ...args], { env: { XDG_CONFIG_HOME: home.dir, ...env } });
  expect(run.code).toBe(0);
  return envelopeOf(run).data as Shown;
}

beforeAll(async () => {
  mock = await startTestMock();
});

afterAll(async () => {
  await mock?.close();
});

beforeEach(() => {
  home = tempConfigHome();
});

afterEach(() => {
  home.remove();
});

describe('config precedence: flag > environment > config file > default', () => {
  it('reads the config file under XDG_CONFIG_HOME when nothing else is set', async () => {
    writeFileConfig({ apiKey: FILE_KEY, baseUrl: 'http://127.0.0.1:9/v2' });
    const config = await shown([]);
    expect(config.configFile).toBe(configFile());
    expect(config.apiKey).toMatchObject({ source: 'config file', from: configFile() });
    expect(config.baseUrl).toMatchObject({ value: 'http://127.0.0.1:9/v2', source: 'config file' });
  });

  it('finds the config file under the run’s HOME when XDG_CONFIG_HOME is not set', async () => {
    const file = join(home.dir, '.config', 'shiptrack', 'config.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ apiKey: FILE_KEY }));
    const run = await shiptrack(['config'], { env: { HOME: home.dir } });
    expect(run.code, run.stderr).toBe(0);
    const config = envelopeOf(run).data as Shown;
    expect(config.configFile).toBe(file);
    expect(config.apiKey).toMatchObject({ source: 'config file', from: file });
  });

  it('prefers the environment to the file, and the flag to both', async () => {
    writeFileConfig({ apiKey: FILE_KEY });
    const fromEnv = await shown([], { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url });
    expect(fromEnv.apiKey).toMatchObject({ source: 'environment', from: 'SVC_API_TOKEN' });
    expect(fromEnv.baseUrl).toMatchObject({ value: mock.url, source: 'environment' });
    const fromFlag = await shown(['--api-key', FLAG_KEY, '--base-url', 'http://127.0.0.1:1/v2'], {
      SVC_API_TOKEN: TEST_API_KEY,
    });
    expect(fromFlag.apiKey).toMatchObject({ source: 'flag', from: '--api-key' });
    expect(fromFlag.baseUrl).toMatchObject({ value: 'http://127.0.0.1:1/v2', source: 'flag' });
  });

  it('falls back to the default base URL and no key', async () => {
    const config = await shown([]);
    expect(config.apiKey).toEqual({ value: null, source: 'none', from: null });
    expect(config.baseUrl.source).toBe('default');
  });

  it('masks the key: its last four characters at most', async () => {
    const config = await shown([], { SVC_API_TOKEN: TEST_API_KEY });
    expect(config.apiKey.value).toBe(
      `********${TEST_API_KEY.slice(-4)} (${TEST_API_KEY.length} characters)`,
    );
  });

  it('uses the key of the winning source for calls', async () => {
    writeFileConfig({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    const fromFile = await shiptrack(['shipping-lines', 'list', '--page-size', '1'], {
      env: { XDG_CONFIG_HOME: home.dir },
    });
    expect(fromFile.code).toBe(0);
    const overridden = await shiptrack(['shipping-lines', 'list', '--page-size', '1'], {
      env: { XDG_CONFIG_HOME: home.dir, SVC_API_TOKEN: 'sk_wrong_env_key_000000' },
    });
    expect(overridden.code).toBe(3);
  });

  it('warns that --api-key is visible in ps', async () => {
    const run = await shiptrack(
      ['--api-key', TEST_API_KEY, '--base-url', mock.url, 'shipping-lines', 'list'],
      {
        env: { XDG_CONFIG_HOME: home.dir },
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('--api-key is visible to other users in `ps`');
  });
});

describe('a config file or base URL that cannot be used', () => {
  it('refuses an apiKey that is not a string, naming the file and the field', async () => {
    writeFileConfig({ apiKey: 123456789012345 });
    const run = await shiptrack(['config'], { env: { XDG_CONFIG_HOME: home.dir } });
    expect(run.code).toBe(2);
    const { error } = errorOf(run);
    expect(error.code).toBe('bad_config');
    expect(error.message).toContain(configFile());
    expect(error.message).toContain('"apiKey" is a number, not a string');
    expect(run.stderr).not.toContain('123456789012345');
  });

  it('refuses a config file that is a JSON array', async () => {
    writeFileConfig([{ apiKey: FILE_KEY }]);
    const run = await shiptrack(['containers', 'list'], { env: { XDG_CONFIG_HOME: home.dir } });
    expect(run.code).toBe(2);
    const { error } = errorOf(run);
    expect(error.code).toBe('bad_config');
    expect(error.message).toContain(`${configFile()} holds a JSON array`);
  });

  it('shows a base URL without the credentials embedded in it', async () => {
    writeFileConfig({ baseUrl: 'https://ops:hunter2-secret@example.com/v2' });
    const run = await shiptrack(['config'], { env: { XDG_CONFIG_HOME: home.dir } });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('hunter2-secret');
    expect(run.stdout).not.toContain('ops:');
    expect((envelopeOf(run).data as Shown).baseUrl.value).toBe('https://[redacted]@example.com/v2');
  });

  it('refuses to call a base URL with credentials in it, and never prints them', async () => {
    const run = await shiptrack(['containers', 'list'], {
      env: {
        XDG_CONFIG_HOME: home.dir,
        SVC_API_TOKEN: TEST_API_KEY,
        SVC_API_BASE_URL: `${mock.url.replace('http://', 'http://ops:hunter2-secret@')}`,
      },
    });
    expect(run.code).toBe(2);
    const { error } = errorOf(run);
    expect(error.code).toBe('bad_base_url');
    expect(error.message).toContain('SVC_API_BASE_URL');
    expect(run.stderr).not.toContain('hunter2-secret');
  });
});

/** Base URLs with a secret in them, and what `config` shows of each. */
const SECRET_URLS: [string, string][] = [
  ['https://example.com/v2?api_key=hunter2-secret', 'https://example.com/v2?[redacted]'],
  ['https://example.com/v2#hunter2-secret', 'https://example.com/v2#[redacted]'],
  ['https://example.com/v2?a=1#hunter2-secret', 'https://example.com/v2?[redacted]#[redacted]'],
  // Not parseable (a space in the host), no scheme, a scheme-relative one.
  ['https://ops:hunter2-secret@exa mple.com/v2', 'https://[redacted]@exa mple.com/v2'],
  ['ops:hunter2-secret@example.com/v2', '[redacted]@example.com/v2'],
  ['//ops:hunter2-secret@example.com/v2', '//[redacted]@example.com/v2'],
];

describe('a secret in the base URL', () => {
  it.each(SECRET_URLS)('shows %s as %s', async (url, redacted) => {
    const run = await shiptrack(['config'], {
      env: { XDG_CONFIG_HOME: home.dir, SVC_API_BASE_URL: url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
    expect((envelopeOf(run).data as Shown).baseUrl.value).toBe(redacted);
  });

  it.each(SECRET_URLS)('never prints %s in an error line', async (url) => {
    for (const args of [['containers', 'list'], ['--table', 'shipments', 'get', 'x'], ['login']]) {
      const run = await shiptrack(args, {
        env: { XDG_CONFIG_HOME: home.dir, SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: url },
        input: `${TEST_API_KEY}\n`,
      });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
      expect(run.stderr).toContain('[redacted]');
    }
  });
});

describe('a base URL that cannot be used', () => {
  it.each([
    ['https://example.com/api', /does not end in \/v2.*https:\/\/example\.com\/v2/],
    ['example.com/v2', /has no scheme.*https:\/\/example\.com\/v2/],
    ['ftp://example.com/v2', /uses ftp: write it with https:\/\/.*https:\/\/example\.com\/v2/],
    ['https://exa mple.com/v2', /is not a URL/],
    ['https://example.com/v2?api_key=abc', /query.*never sent.*SVC_API_TOKEN/],
  ])('refuses %s with exit 2 and bad_base_url, saying what is wrong', async (url, says) => {
    const run = await shiptrack(['containers', 'list'], {
      env: { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: url },
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const { error } = errorOf(run);
    expect(error).toMatchObject({ code: 'bad_base_url', exitCode: 2, status: null });
    expect(error.message).toContain('SVC_API_BASE_URL');
    expect(error.message).toMatch(says);
    expect(error.message).not.toContain('--api-key');
  });

  it('names the flag or the config file the base URL came from', async () => {
    const flag = await shiptrack(['--base-url', 'https://example.com', 'containers', 'list'], {
      env: { SVC_API_TOKEN: TEST_API_KEY },
    });
    expect(errorOf(flag).error.message).toMatch(/^The base URL from --base-url/);
    writeFileConfig({ apiKey: TEST_API_KEY, baseUrl: 'https://example.com' });
    const file = await shiptrack(['containers', 'list'], { env: { XDG_CONFIG_HOME: home.dir } });
    expect(errorOf(file).error.message).toContain(`The base URL from ${configFile()}`);
  });
});

describe('login and logout', () => {
  it('checks the key with one call and stores it with mode 0600', async () => {
    const run = await shiptrack(['login'], {
      env: { XDG_CONFIG_HOME: home.dir, SVC_API_BASE_URL: mock.url },
      input: `${TEST_API_KEY}\n`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({
      apiKey: TEST_API_KEY,
      baseUrl: mock.url,
    });
    const config = await shown([]);
    expect(config.apiKey.source).toBe('config file');
    const loggedOut = await shiptrack(['logout'], { env: { XDG_CONFIG_HOME: home.dir } });
    expect(envelopeOf(loggedOut).data).toEqual({ removed: true, path: configFile() });
    expect(existsSync(configFile())).toBe(false);
  });

  it('stores nothing when the service rejects the key', async () => {
    const run = await shiptrack(['login'], {
      env: { XDG_CONFIG_HOME: home.dir, SVC_API_BASE_URL: mock.url },
      input: 'sk_wrong_login_key_00000\n',
    });
    expect(run.code).toBe(3);
    expect(errorOf(run).error.code).toBe('bad_api_key');
    expect(existsSync(configFile())).toBe(false);
  });

  it('refuses a key on the command line', async () => {
    const run = await shiptrack(['login', '--api-key', TEST_API_KEY], {
      env: { XDG_CONFIG_HOME: home.dir },
    });
    expect(run.code).toBe(2);
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) {
    for (const key of [TEST_API_KEY, FILE_KEY, FLAG_KEY, 'hunter2-secret'])
      expect(output).not.toContain(key);
  }
});
