/**
 * `main` runs many times in one process, as every test here runs it: each
 * run hears only its own stop signals, and only while it runs.
 */
import { describe, expect, it } from 'vitest';
import { startShiptrack } from './helpers.js';

const env = { SHIPTRACK_MOCK_START: '2026-11-27T13:00:00Z' };

describe('main, run many times in one process', () => {
  it('listens for SIGINT and SIGTERM while a run runs, and no longer once it ended', async () => {
    const run = startShiptrack(['--mock', 'watch', 'MAEU4002159'], { env });
    await run.waitFor('stdout', /\n/);
    expect(run.signalListeners()).toBe(2);
    run.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(run.signalListeners()).toBe(0);
  });

  it('stops only the run a signal is sent to, each with its own exit code', async () => {
    const first = startShiptrack(['--mock', 'watch', 'MAEU4002159'], { env });
    const second = startShiptrack(['--mock', 'watch', 'MAEU4002159'], { env });
    await Promise.all([first, second].map((run) => run.waitFor('stdout', /\n/)));
    first.kill('SIGTERM');
    expect((await first.exited).code).toBe(143);
    expect(second.signalListeners()).toBe(2);
    second.kill('SIGINT');
    expect((await second.exited).code).toBe(130);
  });
});
