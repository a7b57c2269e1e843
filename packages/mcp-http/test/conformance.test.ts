/**
 * The external MCP conformance suite (@modelcontextprotocol/conformance
 * 0.1.13, the last that runs on Node 20) against the server with
 * authentication off, for the scenarios that need no fixture tools of the
 * suite's own. Each scenario runs in its own process, all at once.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from './support/host.js';

const run = promisify(execFile);
const conformance = fileURLToPath(new URL('../node_modules/.bin/conformance', import.meta.url));

/**
 * The product-agnostic scenarios. The others call the suite's own fixtures
 * (tools, `test_prompt_with_arguments`, `test://template/...`) or need the
 * logging capability, which this server does not declare (deprecated in
 * 2026-07-28); the SSE polling ones only warn about stateful streams.
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

describe('MCP conformance suite 0.1.13, product-agnostic scenarios (authentication off)', () => {
  let host: Host;
  const outcomes = new Map<string, { code: number; output: string }>();

  beforeAll(async () => {
    host = await startHost({ localApiKey: DEMO_API_KEY });
    await Promise.all(
      SCENARIOS.map(async (scenario) => {
        const args = ['server', '--url', host.url.href, '--scenario', scenario];
        try {
          const { stdout, stderr } = await run(conformance, args, { timeout: 60_000 });
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
