/**
 * Runs every `ts` snippet of README.md against the mock service over real
 * HTTP (blocks fenced as `ts fragment` are excerpts of a larger app and are
 * not run), the way a reader would with `SVC_API_BASE_URL` and `SVC_API_TOKEN`
 * set. Snippets are written next to the package (under node_modules, so
 * nothing lands in the work tree) with `@shiptrack/sdk` pointing at the
 * sources.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, '..');
const workDir = join(packageDir, 'node_modules', '.cache', 'readme-snippets');
const sources = pathToFileURL(join(packageDir, 'src', 'index.ts')).href;

/** The `ts` code blocks of the README, in order. */
function snippets(): string[] {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

let service: RunningMockServer;
const env = { ...process.env };

beforeAll(async () => {
  service = await startMockServer({ port: 0, clock: { mode: 'manual' } });
  process.env.SVC_API_BASE_URL = service.url;
  process.env.SVC_API_TOKEN = DEMO_API_KEY;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
});

afterAll(async () => {
  process.env.SVC_API_BASE_URL = env.SVC_API_BASE_URL;
  process.env.SVC_API_TOKEN = env.SVC_API_TOKEN;
  if (env.SVC_API_BASE_URL === undefined) delete process.env.SVC_API_BASE_URL;
  if (env.SVC_API_TOKEN === undefined) delete process.env.SVC_API_TOKEN;
  await service.close();
});

describe('README snippets', () => {
  const blocks = snippets();

  it('has snippets to run', () => {
    expect(blocks.length).toBeGreaterThan(8);
  });

  blocks.forEach((code, index) => {
    it(`runs snippet ${index + 1}: ${
      code
        .split('\n')
        .find((line) => line.startsWith('const'))
        ?.slice(0, 60) ?? ''
    }`, async () => {
      const file = join(workDir, `snippet-${index + 1}.ts`);
      writeFileSync(file, code.replaceAll("from '@shiptrack/sdk'", `from '${sources}'`));
      const logged: unknown[][] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
      try {
        await import(pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
      }
      expect(logged.length).toBeGreaterThan(0);
    });
  });
});
