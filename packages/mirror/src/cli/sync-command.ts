/**
 * `shiptrack-mirror sync` as a process: once, or every `--interval`
 * seconds until a signal, each run traced and measured (`tracedSync`);
 * with `--metrics-port`, the metrics, `/healthz` and `/readyz` (the
 * database) on that port while it runs. Progress goes to `err` and each
 * result to `out`, one JSON line each.
 */
import {
  type MetricsListener,
  Readiness,
  startMetricsListener,
  startTelemetry,
} from '@shiptrack/ops';
import type { ShiptrackClient } from '@shiptrack/sdk';
import packageJson from '../../package.json' with { type: 'json' };
import { createMirror, type Mirror } from '../mirror.js';
import { startSyncLoop } from '../sync/loop.js';
import type { SyncProgress, SyncResult } from '../sync/sync.js';
import { tracedSync } from '../telemetry/sync-telemetry.js';
import type { CliCommand } from './options.js';

/** The `sync` command as parsed. */
type SyncCommand = Extract<CliCommand, { command: 'sync' }>;

/** Where the command writes its JSON lines. */
export interface SyncCommandIo {
  print(line: Record<string, unknown>): void;
  printErr(line: Record<string, unknown>): void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs `sync`; resolves with the signal that stopped it, or `undefined`
 * when a single run ended by itself. `client(traced)` makes the REST
 * client, with the SDK's telemetry when `traced`.
 */
export async function runSyncCommand(
  command: SyncCommand,
  client: (traced: boolean) => Promise<ShiptrackClient<'mapped' | 'raw' | 'both'>>,
  io: SyncCommandIo,
  stop: Promise<NodeJS.Signals>,
): Promise<NodeJS.Signals | undefined> {
  const telemetry = await startTelemetry({
    serviceName: 'shiptrack-mirror',
    serviceVersion: packageJson.version,
    metrics: command.metrics !== null,
    env: io.env,
  });
  let mirror: Mirror | undefined;
  let listener: MetricsListener | undefined;
  try {
    mirror = await createMirror({
      client: await client(telemetry.metrics || telemetry.traces),
      database: command.database,
    });
    const opened = mirror;
    if (command.metrics?.port !== undefined) {
      const readiness = new Readiness().add({
        name: 'database',
        check: async () => {
          await opened.syncBacklog();
          return { ok: true };
        },
      });
      const { port, host, path } = command.metrics;
      listener = await startMetricsListener({ port, host, path }, telemetry, readiness);
      io.printErr({ time: new Date().toISOString(), msg: 'metrics', url: listener.url });
    }
    const sync = tracedSync((options) => opened.sync(options));
    const syncOptions = {
      rateLimitShare: command.share,
      onProgress: (progress: SyncProgress) => io.printErr({ msg: 'progress', ...progress }),
    };
    const printResult = (result: SyncResult) =>
      io.print({ time: new Date().toISOString(), msg: 'synced', ...result });
    if (command.intervalSeconds === null) {
      const controller = new AbortController();
      let stoppedWith: NodeJS.Signals | undefined;
      void stop.then((received) => {
        stoppedWith = received;
        controller.abort();
      });
      printResult(await sync({ ...syncOptions, signal: controller.signal }));
      return stoppedWith;
    }
    const loop = startSyncLoop(sync, command.intervalSeconds * 1000, {
      ...syncOptions,
      onResult: printResult,
      onError: (error) =>
        io.printErr({
          msg: 'sync failed',
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
    });
    const received = await stop;
    await loop.stop();
    return received;
  } finally {
    await listener?.close();
    await mirror?.close();
    await telemetry.shutdown();
  }
}
