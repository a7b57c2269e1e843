/**
 * @shiptrack/ops: what shiptrack's servers share to run in production:
 * one JSON log format (pino), settings named by one rule with their
 * sources, liveness and readiness, and OpenTelemetry metrics (Prometheus)
 * and traces (OTLP/HTTP) started only when configured.
 */

export {
  type CommandFlag,
  type CommandLine,
  type CommandLineSpec,
  HELP_WIDTH,
  helpText,
  parseCommandLine,
  type SubcommandSpec,
} from './config/command-line.js';
export { type LogSettings, logSettingSpecs, logSettings } from './config/log-settings.js';
export {
  type MetricsSettings,
  metricsSettingSpecs,
  metricsSettings,
} from './config/metrics-settings.js';
export {
  type ConfigRow,
  configRows,
  formatConfig,
  MASKED,
  maskUrlPassword,
} from './config/print-config.js';
export {
  booleanSetting,
  choiceSetting,
  decimalSetting,
  envNameOf,
  flagKeyOf,
  flagOf,
  integerSetting,
  type LegacyNameUse,
  listSetting,
  type ResolvedSetting,
  type ResolvedSettings,
  resolveSettings,
  type SettingForm,
  type SettingSource,
  type SettingSpec,
  SettingValueError,
  stringSetting,
} from './config/settings.js';
export { UsageError, usageErrorText } from './config/usage-error.js';
export {
  type CheckOutcome,
  type CheckReport,
  Readiness,
  type ReadinessCheck,
  type ReadinessOptions,
  type ReadinessReport,
} from './health/readiness.js';
export {
  LIVENESS_PATH,
  livenessResponse,
  READINESS_PATH,
  readinessResponse,
} from './health/responses.js';
export { listenFailureText } from './http/listen-failure.js';
export {
  type MetricsListener,
  type MetricsListenerOptions,
  metricsRoutes,
  startMetricsListener,
} from './http/metrics-listener.js';
export {
  createServerLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type LogLevelName,
  REDACTED_PATHS,
  type ServerLogger,
  type ServerLoggerOptions,
} from './logging/logger.js';
export { type PrettyOptions, prettyLine } from './logging/pretty.js';
export { type MessageLogger, messageLogger } from './logging/sdk-logger.js';
export {
  TelemetrySettingError,
  type TraceSettings,
  telemetryDisabled,
  telemetryVariables,
  traceSettings,
} from './telemetry/otel-env.js';
export {
  PROMETHEUS_CONTENT_TYPE,
  prometheusResponse,
  startTelemetry,
  TELEMETRY_OFF,
  type Telemetry,
  type TelemetryOptions,
  TelemetryUnavailableError,
} from './telemetry/start.js';
export { activeTraceId, contextOfHeaders } from './telemetry/trace-context.js';
