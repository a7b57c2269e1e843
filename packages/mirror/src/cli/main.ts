#!/usr/bin/env node
/**
 * `shiptrack-mirror serve | sync | status`. Logs are JSON lines: deliveries
 * and lifecycle on stdout (serve), progress on stderr (sync); results on
 * stdout. Exit codes: 0 done, 1 failed, 2 bad command line.
 */
import { createClient } from '@shiptrack/sdk';
import { createMirror, type Mirror } from '../mirror.js';
import type { SyncProgress, SyncResult } from '../sync/sync.js';
import { CliUsageError, parseCli, USAGE } from './options.js';
import { serveMirror } from './serve.js';

const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const printErr = (line: Record<string, unknown>) =>
  process.stderr.write(`${JSON.stringify(line)}\n`);

/** Resolves on the first SIGINT or SIGTERM; a second one exits at once. */
function shutdownSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve(signal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

async function run(): Promise<number> {
  const command = parseCli(process.argv.slice(2), process.env);
  if (command.command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const signal = shutdownSignal();
  let mirror: Mirror | undefined;
  try {
    if (command.command === 'serve') {
      mirror = await createMirror({ database: command.database });
      const receiver = await serveMirror(mirror, { ...command, log: print });
      print({
        time: new Date().toISOString(),
        msg: 'listening',
        url: receiver.url,
        database: mirror.databaseKind,
      });
      const received = await signal;
      print({ time: new Date().toISOString(), msg: 'stopping', signal: received });
      await receiver.close();
      return 0;
    }
    if (command.command === 'status') {
      mirror = await createMirror({ database: command.database });
      print({ ...(await mirror.status()) });
      return 0;
    }
    mirror = await createMirror({
      client: createClient({ format: 'raw' }),
      database: command.database,
    });
    const syncOptions = {
      rateLimitShare: command.share,
      onProgress: (progress: SyncProgress) => printErr({ msg: 'progress', ...progress }),
    };
    const printResult = (result: SyncResult) =>
      print({ time: new Date().toISOString(), msg: 'synced', ...result });
    if (command.intervalSeconds === null) {
      const controller = new AbortController();
      void signal.then(() => controller.abort());
      printResult(await mirror.sync({ ...syncOptions, signal: controller.signal }));
      return 0;
    }
    const loop = mirror.syncEvery(command.intervalSeconds * 1000, {
      ...syncOptions,
      onResult: printResult,
      onError: (error) =>
        printErr({
          msg: 'sync failed',
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
    });
    await signal;
    await loop.stop();
    return 0;
  } finally {
    await mirror?.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliUsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    printErr({ msg: 'failed', error: failure });
    process.exit(1);
  },
);
