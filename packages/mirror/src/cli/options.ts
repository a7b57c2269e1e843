import {
  booleanSetting,
  decimalSetting,
  helpText,
  integerSetting,
  type LogSettings,
  logSettings,
  type MetricsSettings,
  metricsSettings,
  parseCommandLine,
  type ResolvedSettings,
  resolveSettings,
  stringSetting,
  UsageError,
} from '@shiptrack/ops';
import type { MirrorDatabaseOption } from '../database/open.js';
import { commandLine } from './settings.js';

/** The database a command opens, and what it does with the schema. */
interface CliDatabase {
  /** A PGlite directory, a PostgreSQL URL, or a URL with `--schema`. */
  database: MirrorDatabaseOption;
  /** `apply` the migrations it lacks, or `require` them (`--no-migrate`). */
  migrations: 'apply' | 'require';
}

/** What the command line asked for. */
export type CliCommand =
  /** `--help`, or no command: print `text` and exit 0. */
  | { command: 'help'; text: string }
  | { command: 'print-config'; settings: ResolvedSettings }
  | {
      command: 'migrate';
      database: MirrorDatabaseOption;
      dryRun: boolean;
      settings: ResolvedSettings;
    }
  | (CliDatabase & {
      command: 'serve';
      secret: string;
      host: string;
      port: number;
      path: string;
      requestTimeoutMs?: number;
      shutdownTimeoutMs?: number;
      metrics: MetricsSettings | null;
      drainDelayMs: number;
      /** How `serve` logs (`--log-level`, `--log-format`). */
      logging: LogSettings;
      settings: ResolvedSettings;
    })
  | (CliDatabase & {
      command: 'sync';
      share: number;
      intervalSeconds: number | null;
      /** Metrics on a port of their own while it runs (`--metrics-port`), or `null`. */
      metrics: MetricsSettings | null;
      settings: ResolvedSettings;
    })
  | (CliDatabase & { command: 'status'; settings: ResolvedSettings });

/** `serve`'s metrics (`null`: off); on the delivery port, at a path of their own. */
function metricsOf(settings: ResolvedSettings, deliveryPath: string): MetricsSettings | null {
  const metrics = metricsSettings(settings);
  if (metrics !== null && metrics.port === undefined && metrics.path === deliveryPath) {
    throw new UsageError(`--metrics-path must differ from --path (${deliveryPath}).`);
  }
  return metrics;
}

/** `sync`'s metrics: only on a port of their own, having no other listener. */
function syncMetricsOf(settings: ResolvedSettings): MetricsSettings | null {
  const metrics = metricsSettings(settings);
  if (metrics !== null && metrics.port === undefined) {
    throw new UsageError('sync serves metrics on a port of its own: give --metrics-port.');
  }
  return metrics;
}

/** The database option of `--database` and `--schema`. */
function databaseOf(database: string, settings: ResolvedSettings): MirrorDatabaseOption {
  const schema = stringSetting(settings, 'schema');
  if (schema === undefined) return database;
  if (!/^postgres(ql)?:\/\//i.test(database)) {
    throw new UsageError(
      '--schema is for PostgreSQL: a PGlite directory holds one mirror of its own. Give a postgres:// URL, or leave --schema out.',
    );
  }
  return { postgres: database, schema };
}

function serveCommand(opened: CliDatabase, settings: ResolvedSettings): CliCommand {
  const secret = stringSetting(settings, 'webhook-secret');
  if (secret === undefined || secret === '') {
    throw new UsageError(
      'serve verifies deliveries: set SVC_MIRROR_WEBHOOK_SECRET to the webhook secret.',
    );
  }
  const deliveryPath = stringSetting(settings, 'path') ?? '/webhooks';
  const requestTimeoutMs = integerSetting(settings, 'request-timeout-ms');
  const shutdownTimeoutMs = integerSetting(settings, 'shutdown-timeout-ms');
  return {
    command: 'serve',
    ...opened,
    secret,
    host: stringSetting(settings, 'host') ?? '127.0.0.1',
    port: integerSetting(settings, 'port') ?? 8080,
    path: deliveryPath,
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
    metrics: metricsOf(settings, deliveryPath),
    drainDelayMs: integerSetting(settings, 'drain-delay-ms') ?? 0,
    logging: logSettings(settings),
    settings,
  };
}

/**
 * Reads argv (without node and the script) and the environment, for the
 * program called `name` (its help and errors say it); throws a `UsageError`
 * for what cannot run.
 */
export function parseCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  name = 'shiptrack-mirror',
): CliCommand {
  const spec = commandLine(name);
  const line = parseCommandLine(spec, argv);
  if (line.kind !== 'run') return { command: 'help', text: line.text };
  const { command, flags } = line;
  if (command === undefined && flags['print-config'] !== true) {
    return { command: 'help', text: helpText(spec) };
  }
  const settings = resolveSettings(spec.settings, spec.prefix, flags, env);
  if (flags['print-config'] === true) return { command: 'print-config', settings };
  const database = stringSetting(settings, 'database');
  if (database === undefined || database.trim() === '') {
    throw new UsageError(
      'Say where the mirror is: --database <dir|postgres://...> or SVC_MIRROR_DATABASE.',
    );
  }
  const target = databaseOf(database, settings);
  if (command === 'migrate') {
    return {
      command,
      database: target,
      dryRun: booleanSetting(settings, 'dry-run', false),
      settings,
    };
  }
  const opened: CliDatabase = {
    database: target,
    migrations: booleanSetting(settings, 'migrate', true) ? 'apply' : 'require',
  };
  if (command === 'serve') return serveCommand(opened, settings);
  if (command === 'status') return { command, ...opened, settings };
  return {
    command: 'sync',
    ...opened,
    share: decimalSetting(settings, 'rate-limit-share') ?? 0.5,
    intervalSeconds: decimalSetting(settings, 'interval') ?? null,
    metrics: syncMetricsOf(settings),
    settings,
  };
}
