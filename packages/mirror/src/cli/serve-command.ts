/**
 * `shiptrack-mirror serve` as a process: log records (pino, through
 * `@shiptrack/ops`), OpenTelemetry started when metrics or `OTEL_*` ask for
 * it, `/healthz` and `/readyz` (the database), the metrics on a port of
 * their own or a path of the receiver, and a drain on SIGINT or SIGTERM:
 * `/readyz` says `draining` for `--drain-delay-ms`, then the receiver
 * stops taking connections and finishes the deliveries in flight.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  createServerLogger,
  type MetricsListener,
  metricsRoutes,
  Readiness,
  type ServerLogger,
  startMetricsListener,
  startTelemetry,
} from '@shiptrack/ops';
import packageJson from '../../package.json' with { type: 'json' };
import { createMirror, type Mirror } from '../mirror.js';
import { serveTelemetry } from '../telemetry/serve-telemetry.js';
import type { CliCommand } from './options.js';
import { serveMirror } from './serve.js';

/** The `serve` command as parsed. */
type ServeCommand = Extract<CliCommand, { command: 'serve' }>;

/** Writes a line of the receiver's old shape (`msg`, fields, `time`) as a log record. */
function recordOf(logger: ServerLogger): (line: Record<string, unknown>) => void {
  return ({ time: _time, msg, ...fields }) => {
    const outcome = fields.outcome;
    const level = outcome === 'failed' ? 'error' : outcome === 'unavailable' ? 'warn' : 'info';
    logger[level](fields, String(msg));
  };
}

/** The logger of `serve` on `out`, and the old names of settings the command line used. */
export function serveLogger(
  command: ServeCommand,
  out: { write(text: string): unknown; isTTY?: boolean },
): ServerLogger {
  const logger = createServerLogger({
    name: 'shiptrack-mirror',
    level: command.logging.level,
    format: command.logging.format,
    destination: out,
  });
  for (const { legacy, current } of command.settings.legacyNames) {
    logger.warn(
      { legacy, current },
      `${legacy} is the old name of ${current}; it is read until the next minor release: rename it to ${current}.`,
    );
  }
  return logger;
}

/**
 * Runs `serve` until `stop` resolves (a signal), then drains; resolves
 * with what stopped it.
 */
export async function runServe<T>(
  command: ServeCommand,
  logger: ServerLogger,
  env: Readonly<Record<string, string | undefined>>,
  stop: Promise<T>,
): Promise<T> {
  const telemetry = await startTelemetry({
    serviceName: 'shiptrack-mirror',
    serviceVersion: packageJson.version,
    metrics: command.metrics !== null,
    env,
  });
  let mirror: Mirror | undefined;
  let listener: MetricsListener | undefined;
  let instruments: ReturnType<typeof serveTelemetry> | undefined;
  try {
    mirror = await createMirror({ database: command.database });
    const opened = mirror;
    const readiness = new Readiness({
      onChange: (check, outcome) => {
        if (outcome.ok) logger.info({ check }, `readiness: ${check} answers again`);
        else logger.warn({ check, detail: outcome.detail }, `readiness: ${check} cannot serve`);
      },
    }).add({
      name: 'database',
      check: async () => {
        await opened.syncBacklog();
        return { ok: true };
      },
    });
    instruments = serveTelemetry(command.path, () => opened.syncBacklog());
    const { metrics } = command;
    if (metrics?.port !== undefined) {
      listener = await startMetricsListener(
        { port: metrics.port, host: metrics.host, path: metrics.path },
        telemetry,
        readiness,
      );
    }
    const receiver = await serveMirror(mirror, {
      ...command,
      log: recordOf(logger),
      telemetry: instruments,
      // /healthz and /readyz always; the metrics here only when they have no port of their own.
      routes: metricsRoutes(
        metrics !== null && metrics.port === undefined ? metrics.path : '',
        telemetry,
        readiness,
      ),
    });
    logger.info(
      {
        url: receiver.url,
        database: mirror.databaseKind,
        ...(listener === undefined ? {} : { metrics: listener.url }),
        traces: telemetry.traces,
      },
      'listening',
    );
    const stoppedBy = await stop;
    readiness.drain();
    logger.info({ signal: stoppedBy, drainDelayMs: command.drainDelayMs }, 'stopping');
    if (command.drainDelayMs > 0) await delay(command.drainDelayMs);
    await receiver.close();
    return stoppedBy;
  } finally {
    instruments?.stop();
    await listener?.close();
    await mirror?.close();
    await telemetry.shutdown();
  }
}
