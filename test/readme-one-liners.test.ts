/**
 * Every one-liner of the root, CLI and MCP READMEs that needs the published
 * packages (`npx -y @shiptrack/...` in a `sh` block) runs in its local form
 * (`pnpm shiptrack ...`, `pnpm shiptrack-mcp ...`) in this clone, with no
 * build, as a newcomer runs it after `pnpm install`; and each README gives
 * that local form. The lines are read from the READMEs, so a new one is
 * covered without touching this file. The MCP servers, which run until
 * stopped, are started, answer `initialize`, and are stopped.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READMES = ['README.md', 'packages/cli/README.md', 'packages/mcp/README.md'];
const API_KEY = 'sk_test_readme_lines_7d41e0';
/** The local form of each published command. */
const LOCAL: Readonly<Record<string, string>> = {
  '@shiptrack/cli': 'pnpm shiptrack',
  '@shiptrack/mcp': 'pnpm shiptrack-mcp',
};

/** One `npx -y @shiptrack/...` line of a README, and its local form. */
interface OneLiner {
  readme: string;
  published: string;
  local: string;
  /** Whether it serves until stopped (the MCP server). */
  serves: boolean;
}

/** The lines of the `sh` blocks of a README that start the published packages, comments cut. */
function oneLiners(readme: string): OneLiner[] {
  const text = readFileSync(join(ROOT, readme), 'utf8');
  const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  return blocks.flatMap((block) =>
    block.split('\n').flatMap((line) => {
      const match = /^npx -y (@shiptrack\/[a-z-]+)(.*?)\s*(#.*)?$/.exec(line);
      const local = match?.[1] === undefined ? undefined : LOCAL[match[1]];
      if (!match || local === undefined) return [];
      return [
        {
          readme,
          published: line,
          local: `${local}${match[2] ?? ''}`,
          serves: match[1] === '@shiptrack/mcp',
        },
      ];
    }),
  );
}

const LINES = READMES.flatMap(oneLiners);
let mock: RunningMockServer;
let home: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, dataset: 'demo', apiKeys: [API_KEY] });
  home = mkdtempSync(join(tmpdir(), 'shiptrack-readme-'));
});

afterAll(async () => {
  await mock?.close();
  rmSync(home, { recursive: true, force: true });
});

/** Runs a local form through a shell in the clone, as typed; an account's lines get the mock. */
function start(line: string): ChildProcessWithoutNullStreams {
  return spawn('sh', ['-c', line], {
    cwd: ROOT,
    env: {
      ...process.env,
      SVC_API_TOKEN: API_KEY,
      SVC_API_BASE_URL: mock.url,
      XDG_CONFIG_HOME: home,
      XDG_STATE_HOME: home,
      SHIPTRACK_MOCK_START: '2026-11-27T13:00:00Z',
    },
  });
}

/** Starts a server line, sends `initialize` and resolves to its answer; then stops it. */
async function firstAnswer(line: string): Promise<unknown> {
  const child = start(line);
  const closed = once(child, 'close');
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'readme-test', version: '1.0.0' },
        },
      })}\n`,
    );
    return await new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // pnpm's own lines (the script's name) come first: the answer is the JSON line with id 1.
        for (const text of stdout.split('\n')) {
          if (!text.startsWith('{')) continue;
          const message = JSON.parse(text) as { id?: unknown };
          if (message.id === 1) resolve(message);
        }
      });
      void closed.then(() => reject(new Error(`${line} exited before answering:\n${stderr}`)));
    });
  } finally {
    child.stdin.end();
    child.kill('SIGTERM');
    await closed;
  }
}

describe('README one-liners in their local form', () => {
  it('finds the headline one-liners of each README', () => {
    for (const readme of READMES)
      expect(LINES.filter((line) => line.readme === readme).length, readme).toBeGreaterThan(0);
  });

  it.each(LINES.map((line) => [line.readme, line.local, line] as const))(
    '%s gives and runs: %s',
    { timeout: 180_000 },
    async (readme, local, line) => {
      // The README says how to run it before the packages are published.
      expect(readFileSync(join(ROOT, readme), 'utf8'), line.published).toContain(local);
      if (line.serves) {
        // A database path in the line is made in the clone: leave the clone as it was.
        const made = [...local.matchAll(/\.\/([\w-]+)/g)]
          .map((match) => join(ROOT, match[1] ?? ''))
          .filter((path) => !existsSync(path));
        try {
          expect(await firstAnswer(local)).toMatchObject({
            result: { serverInfo: expect.objectContaining({ name: expect.any(String) }) },
          });
        } finally {
          for (const path of made) rmSync(path, { recursive: true, force: true });
        }
        return;
      }
      const child = start(local);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.stdin.end();
      const [code] = await once(child, 'close');
      // 10 is the documented "needs attention" of demurrage; anything else is a failure.
      expect([0, 10], `${local}\n${stderr}`).toContain(code);
      expect(stdout).toMatch(/[A-Z]{4}\d{7}|"ok":\s*true/);
    },
  );
});
