/**
 * Runs the quick start over real HTTP against the mock service, the way
 * `pnpm demo` runs it against `pnpm start`.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuickstart } from '../src/quickstart.js';

let service: RunningMockServer;

beforeAll(async () => {
  service = await startMockServer({ port: 0, clock: { mode: 'manual' } });
});
afterAll(() => service.close());

describe('quick start', () => {
  it('searches carriers, tracks a number, reads containers and handles a 404', async () => {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url });
    const lines: string[] = [];
    const report = await runQuickstart(client, (line) => lines.push(line));
    expect(report.carriers).toContain('MAEU');
    expect(report.tracked).toMatchObject({ status: 'pending', alreadyTracking: false });
    expect(report.containerCount).toBeGreaterThan(0);
    expect(report.firstContainer?.billOfLading).toBeTruthy();
    expect(report.firstContainer?.totalEvents).toBeGreaterThan(0);
    expect(report.notFoundHandled).toBe(true);
    expect(lines).toHaveLength(5);

    // Running it again finds the number already tracked instead of failing.
    const again = await runQuickstart(client, () => {});
    expect(again.tracked).toMatchObject({ id: report.tracked.id, alreadyTracking: true });
  });
});
