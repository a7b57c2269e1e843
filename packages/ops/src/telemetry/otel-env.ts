/**
 * What the standard `OTEL_*` variables ask for, read the way the
 * OpenTelemetry specification defines them, limited to what shiptrack's
 * servers can honour: traces exported over OTLP/HTTP with JSON bodies.
 * A value they cannot honour is an error at start, never ignored.
 */

/** Traces as configured. */
export interface TraceSettings {
  /** Where spans are sent: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`. */
  readonly url: string;
  /** `OTEL_EXPORTER_OTLP_TRACES_HEADERS`, else `OTEL_EXPORTER_OTLP_HEADERS` (`key=value,...`). */
  readonly headers: Readonly<Record<string, string>>;
  /** The sampler, from `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`. */
  readonly sampler:
    | {
        readonly kind:
          | 'always_on'
          | 'always_off'
          | 'parentbased_always_on'
          | 'parentbased_always_off';
      }
    | { readonly kind: 'traceidratio' | 'parentbased_traceidratio'; readonly ratio: number };
  /** `OTEL_BSP_SCHEDULE_DELAY`: how long spans wait to be sent in a batch, in ms (default 5000). */
  readonly scheduleDelayMs: number;
}

/** A variable whose value cannot be honoured; the message says what to set instead. */
export class TelemetrySettingError extends Error {
  override name = 'TelemetrySettingError';
}

type Env = Readonly<Record<string, string | undefined>>;

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

function set(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** `key=value,...` (values URL-encoded), as the OTLP exporter variables write headers. */
function headersOf(name: string, text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    if (at <= 0) {
      throw new TelemetrySettingError(`${name} must be key=value pairs separated by commas.`);
    }
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/** The traces endpoint: the signal's own URL as given, or the base URL with `/v1/traces`. */
function tracesUrl(env: Env): string {
  const own = set(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = set(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') ?? 'http://localhost:4318';
  const url = own ?? `${base.replace(/\/+$/, '')}/v1/traces`;
  try {
    new URL(url);
  } catch {
    throw new TelemetrySettingError(
      `The OTLP traces endpoint "${url}" is not an absolute URL (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).`,
    );
  }
  return url;
}

/** Whether `OTEL_SDK_DISABLED` turns everything off. */
export function telemetryDisabled(env: Env): boolean {
  return set(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true';
}

function sampler(env: Env): TraceSettings['sampler'] {
  const name = (set(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  const known = SAMPLERS.find((item) => item === name);
  if (known === undefined) {
    throw new TelemetrySettingError(
      `OTEL_TRACES_SAMPLER="${name}" is not supported here; use one of ${SAMPLERS.join(', ')}.`,
    );
  }
  if (known !== 'traceidratio' && known !== 'parentbased_traceidratio') return { kind: known };
  const text = set(env, 'OTEL_TRACES_SAMPLER_ARG') ?? '1';
  const ratio = Number(text);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new TelemetrySettingError(
      `OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1 for ${known}; got "${text}".`,
    );
  }
  return { kind: known, ratio };
}

/**
 * The trace settings, or `undefined` when traces are off: they are on when
 * `OTEL_TRACES_EXPORTER` is `otlp`, or when it is unset and an OTLP
 * endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or `..._TRACES_ENDPOINT`) is.
 */
export function traceSettings(env: Env): TraceSettings | undefined {
  if (telemetryDisabled(env)) return undefined;
  const exporters = (set(env, 'OTEL_TRACES_EXPORTER') ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const endpoint =
    set(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? set(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const unsupported = exporters.filter((name) => name !== 'otlp' && name !== 'none');
  if (unsupported.length > 0) {
    throw new TelemetrySettingError(
      `OTEL_TRACES_EXPORTER="${unsupported.join(',')}" is not supported here: use otlp (OTLP over HTTP) or none.`,
    );
  }
  const on = exporters.length === 0 ? endpoint !== undefined : exporters.includes('otlp');
  if (!on) return undefined;
  const protocol =
    set(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? set(env, 'OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol !== undefined && protocol !== 'http/json') {
    throw new TelemetrySettingError(
      `OTEL_EXPORTER_OTLP_PROTOCOL="${protocol}" is not supported here: traces go over OTLP/HTTP with JSON bodies; set it to http/json (every OpenTelemetry Collector accepts it on port 4318).`,
    );
  }
  const delayText = set(env, 'OTEL_BSP_SCHEDULE_DELAY');
  const scheduleDelayMs = delayText === undefined ? 5000 : Number(delayText);
  if (!Number.isFinite(scheduleDelayMs) || scheduleDelayMs < 0) {
    throw new TelemetrySettingError(
      `OTEL_BSP_SCHEDULE_DELAY must be a number of milliseconds; got "${delayText}".`,
    );
  }
  const headersName = set(env, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS')
    ? 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'
    : 'OTEL_EXPORTER_OTLP_HEADERS';
  return {
    url: tracesUrl(env),
    headers: headersOf(headersName, set(env, headersName)),
    sampler: sampler(env),
    scheduleDelayMs,
  };
}

/** The `OTEL_*` variables that are set, for `--print-config` (`..._HEADERS` hold credentials). */
export function telemetryVariables(env: Env): { name: string; value: string; secret: boolean }[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('OTEL_') && set(env, name) !== undefined)
    .sort()
    .map((name) => ({ name, value: env[name] ?? '', secret: name.includes('HEADERS') }));
}
