/**
 * Every `ts` snippet of README.md is type-checked as a strict user project
 * would compile it, then run against the mock service over real HTTP, the way
 * a reader would with `SVC_API_BASE_URL` and `SVC_API_TOKEN` set. Blocks
 * fenced as `ts fragment` are excerpts of a larger app and are left out.
 * Snippets are written under node_modules, so nothing lands in the work tree.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freshScratchDir,
  readmeSnippets,
  typeCheckSnippets,
} from '../../../test-support/readme-snippets.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const workDir = join(packageDir, 'node_modules', '.cache', 'readme-snippets');
const sourceEntry = join(packageDir, 'src', 'index.ts');

let service: RunningMockServer;
const env = { ...process.env };

beforeAll(async () => {
  service = await startMockServer({ port: 0, clock: { mode: 'manual' } });
  process.env.SVC_API_BASE_URL = service.url;
  process.env.SVC_API_TOKEN = DEMO_API_KEY;
  freshScratchDir(workDir);
});

afterAll(async () => {
  process.env.SVC_API_BASE_URL = env.SVC_API_BASE_URL;
  process.env.SVC_API_TOKEN = env.SVC_API_TOKEN;
  if (env.SVC_API_BASE_URL === undefined) delete process.env.SVC_API_BASE_URL;
  if (env.SVC_API_TOKEN === undefined) delete process.env.SVC_API_TOKEN;
  await service.close();
});

describe('README snippets', () => {
  const blocks = readmeSnippets(join(packageDir, 'README.md'));

  it('has snippets to run', () => {
    expect(blocks.length).toBeGreaterThan(8);
  });

  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(typeCheckSnippets(blocks, workDir, { '@shiptrack/sdk': sourceEntry })).toEqual([]);
  });

  blocks.forEach((code, index) => {
    it(`runs snippet ${index + 1}: ${
      code
        .split('\n')
        .find((line) => line.startsWith('const'))
        ?.slice(0, 60) ?? ''
    }`, async () => {
      const file = join(workDir, `snippet-${index + 1}.ts`);
      writeFileSync(
        file,
        code.replaceAll("from '@shiptrack/sdk'", `from '${pathToFileURL(sourceEntry).href}'`),
      );
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
