/**
 * `pnpm demo` end to end: the steps against the demo's own stack (mock on a
 * manual clock, MCP HTTP server, local webhook receiver), checked step by
 * step; then the script itself, run as `pnpm demo` runs it, prints the
 * summary and exits 0 with everything stopped.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoReport, runDemo } from '../src/demo/run.js';
import { type DemoStack, startDemoStack } from '../src/demo/stack.js';

let stack: DemoStack;
let report: DemoReport;
const lines: string[] = [];

beforeAll(async () => {
  stack = await startDemoStack();
  report = await runDemo(stack, (line) => lines.push(line));
}, 60_000);
afterAll(() => stack?.close());

describe('the demo steps', () => {
  it('infers and tracks the number, and the signed tracking_request.succeeded names its shipment', () => {
    expect(report.tracked).toMatchObject({
      numberType: 'container',
      scac: 'MSCU',
      containerNumber: 'MSCU1234566',
    });
    expect(lines.join('\n')).toContain('Webhook received and verified (HMAC-SHA256)');
  });

  it('reads one container in raw, mapped and both formats that agree', () => {
    expect(report.formats).toMatchObject({ rawStatus: 'new', mappedStatus: 'new', sameId: true });
    expect(report.formats.rawIncluded).toBe(1);
    expect(report.formats.billOfLading).toMatch(/^MSCU/);
    expect(report.formats.requestId).toBeTruthy();
  });

  it('moves the clock through the journey to a last free day, which the webhook also announced', () => {
    expect(report.journey.changes.map((change) => change.status)).toEqual([
      'new',
      'loaded',
      'on_ship',
      'not_available',
      'available',
    ]);
    expect(report.journey.lastFreeDay).toBeTruthy();
    expect(report.journey.lastFreeDayByWebhook).toBe(report.journey.lastFreeDay);
  });

  it('summarizes the transport events up to the discharge', () => {
    expect(report.events.total).toBeGreaterThan(5);
    expect(report.events.dischargedAt).toBeTruthy();
  });

  it('gets the same container through MCP, with its last free day counted on the mock clock', () => {
    expect(report.mcpText).toContain(`Container MSCU1234566 (id ${report.tracked.containerId})`);
    expect(report.mcpText).toMatch(/Last free day: \d{4}-\d{2}-\d{2} \(in \d+ day\(s\)/);
    // The demo account's holds, fees, failed request and slipped ETAs, and the day's changes.
    expect(report.attentionText).toMatch(/^\d+ item\(s\) need attention, most urgent first\./);
    expect(report.attentionText).toContain('- tracking_failed TGHU8812349 (critical)');
    expect(report.attentionText).toContain('Changed since ');
  });
});

describe('pnpm demo', () => {
  it('prints the steps and the summary, and exits 0', async () => {
    const script = fileURLToPath(new URL('../src/demo.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=shiptrack-source', '--import', tsx, script],
      { timeout: 60_000 },
    );
    expect(stdout).toContain('== 5. The same container through MCP over HTTP (get_container)');
    expect(stdout).toContain('== 6. What needs attention across the account');
    expect(stdout).toMatch(/== Summary\n {3}MSCU1234566 \(MSCU\) tracked/);
    expect(stdout).toContain('statuses: new (2025-03-01) -> loaded');
  }, 90_000);
});
