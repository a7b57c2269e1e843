/**
 * The external MCP conformance suite against the server with
 * authentication off.
 *
 * On Node 22 or later it is the newest suite
 * (`@modelcontextprotocol/conformance-next`, which needs Node 22), run
 * whole (`--suite all`, one process, about ten seconds) with the scenarios
 * and checks that need the suite's own fixtures listed as expected failures
 * in `conformance/expected-failures.yaml`, each with its reason: any other
 * failure or warning fails the test, and so does an entry that starts
 * passing. On Node 20 it is 0.1.13, the last that runs there, for the
 * scenarios that need no fixture, each in its own process.
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
const EXPECTED_FAILURES = fileURLToPath(
  new URL('./conformance/expected-failures.yaml', import.meta.url),
);

/** Node 20's suite: the product-agnostic scenarios (the README lists the others with the reason). */
const NODE_20_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
  'logging-set-level',
];

/** A suite run's exit code and output, failed or not. */
async function runSuite(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [conformance, ...args], {
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    // execFile's error carries the child's exit code and output.
    const {
      code,
      stdout = '',
      stderr = '',
    } = error as {
      code?: number;
      stdout?: string;
      stderr?: string;
    };
    return { code: code ?? 1, output: `${stdout}${stderr}` };
  }
}

/** The part of a run's output that says what failed (its summary and the baseline's verdict). */
function verdict(output: string): string {
  const start = output.indexOf('=== SUMMARY ===');
  return start === -1 ? output : output.slice(start);
}

describe.runIf(newest)(
  'MCP conformance suite (newest), --suite all with the fixtures as expected failures',
  () => {
    let host: Host;
    afterAll(() => host?.close());

    it('fails only where the expected-failures file says, and nowhere it does not', async () => {
      host = await startHost({ localApiKey: DEMO_API_KEY });
      const args = ['server', '--url', host.url.href, '--suite', 'all'];
      const { code, output } = await runSuite([...args, '--expected-failures', EXPECTED_FAILURES]);
      expect(output, verdict(output)).toContain(
        'Baseline check passed: all failures are expected.',
      );
      expect(code, verdict(output)).toBe(0);
    }, 150_000);
  },
);

describe.runIf(!newest)(
  'MCP conformance suite (0.1.13), product-agnostic scenarios (authentication off)',
  () => {
    let host: Host;
    const outcomes = new Map<string, { code: number; output: string }>();

    beforeAll(async () => {
      host = await startHost({ localApiKey: DEMO_API_KEY });
      await Promise.all(
        NODE_20_SCENARIOS.map(async (scenario) => {
          const args = ['server', '--url', host.url.href, '--scenario', scenario];
          outcomes.set(scenario, await runSuite(args));
        }),
      );
    }, 90_000);
    afterAll(() => host?.close());

    for (const scenario of NODE_20_SCENARIOS) {
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
  },
);
