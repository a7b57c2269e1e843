/**
 * The external MCP conformance suite against the server with
 * authentication off, for the scenarios that need no fixture tools of the
 * suite's own. Each scenario runs in its own process, all at once. On
 * Node 22 or later it is the newest suite (`@modelcontextprotocol/conformance-next`,
 * an alias of the latest version, which needs Node 22); on Node 20 it is
 * 0.1.13, the last that runs there.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from './support/host.js';

const run = promisify(execFile);
const newest = Number(process.versions.node.split('.')[0]) >= 22;
const suite = newest ? 'conformance-next' : 'conformance';
const conformance = fileURLToPath(
  new URL(`../node_modules/@modelcontextprotocol/${suite}/dist/index.js`, import.meta.url),
);

/**
 * The product-agnostic scenarios. The others call the suite's own fixtures
 * (tools, prompts, resources and completions of its test server), or test
 * resumable SSE streams a stateless server does not keep; the README lists
 * them with the reason.
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
  'logging-set-level',
];

describe(`MCP conformance suite (${suite}), product-agnostic scenarios (authentication off)`, () => {
  let host: Host;
  const outcomes = new Map<string, { code: number; output: string }>();

  beforeAll(async () => {
    host = await startHost({ localApiKey: DEMO_API_KEY });
    await Promise.all(
      SCENARIOS.map(async (scenario) => {
        const args = ['server', '--url', host.url.href, '--scenario', scenario];
        try {
          const { stdout, stderr } = await run(process.execPath, [conformance, ...args], {
            timeout: 60_000,
          });
          outcomes.set(scenario, { code: 0, output: `${stdout}${stderr}` });
        } catch (error) {
          const {
            code,
            stdout = '',
            stderr = '',
          } = error as { code?: number; stdout?: string; stderr?: string };
          outcomes.set(scenario, { code: code ?? 1, output: `${stdout}${stderr}` });
        }
      }),
    );
  }, 90_000);
  afterAll(() => host?.close());

  for (const scenario of SCENARIOS) {
    it(`passes ${scenario}`, () => {
      const outcome = outcomes.get(scenario);
      const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(outcome?.output ?? '');
      expect(summary, outcome?.output).not.toBeNull();
      const [, passed, total, failed] = summary ?? [];
      expect({ code: outcome?.code, failed, passed }, outcome?.output).toEqual({
        code: 0,
        failed: '0',
        passed: total,
      });
      expect(Number(total)).toBeGreaterThan(0);
    });
  }
});
