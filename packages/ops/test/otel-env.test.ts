import { describe, expect, it } from 'vitest';
import {
  TelemetrySettingError,
  telemetryVariables,
  traceSettings,
} from '../src/telemetry/otel-env.js';
import { startTelemetry, TELEMETRY_OFF } from '../src/telemetry/start.js';

describe('traceSettings (the OTEL_* variables)', () => {
  it('leaves traces off without an OTLP endpoint or exporter, and with OTEL_SDK_DISABLED', () => {
    expect(traceSettings({})).toBeUndefined();
    expect(
      traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(
      traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBeUndefined();
  });

  it('sends to the signal endpoint as given, or the base endpoint with /v1/traces, with the headers', () => {
    expect(
      traceSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-team=ops',
      }),
    ).toMatchObject({
      url: 'http://collector:4318/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-team': 'ops' },
      sampler: { kind: 'parentbased_always_on' },
      scheduleDelayMs: 5000,
    });
    expect(traceSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom' })?.url).toBe(
      'http://c:4318/custom',
    );
    expect(traceSettings({ OTEL_TRACES_EXPORTER: 'otlp' })?.url).toBe(
      'http://localhost:4318/v1/traces',
    );
  });

  it('refuses what it cannot honour, saying what to set instead', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    expect(() => traceSettings({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /set it to http\/json/,
    );
    expect(() => traceSettings({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(TelemetrySettingError);
    expect(() => traceSettings({ ...endpoint, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      /OTEL_TRACES_SAMPLER="sometimes" is not supported/,
    );
    expect(() =>
      traceSettings({
        ...endpoint,
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '2',
      }),
    ).toThrow(/a ratio from 0 to 1/);
    expect(
      traceSettings({
        ...endpoint,
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      })?.sampler,
    ).toEqual({ kind: 'traceidratio', ratio: 0.25 });
  });

  it('lists the OTEL_* variables that are set for --print-config, headers as secrets', () => {
    expect(
      telemetryVariables({
        OTEL_SERVICE_NAME: 'svc',
        OTEL_EXPORTER_OTLP_HEADERS: 'a=b',
        OTHER: 'x',
        OTEL_EMPTY: '',
      }),
    ).toEqual([
      { name: 'OTEL_EXPORTER_OTLP_HEADERS', value: 'a=b', secret: true },
      { name: 'OTEL_SERVICE_NAME', value: 'svc', secret: false },
    ]);
  });
});

describe('startTelemetry', () => {
  it('starts nothing, and imports nothing, when neither metrics nor traces are asked for', async () => {
    expect(
      await startTelemetry({ serviceName: 's', serviceVersion: '1', metrics: false, env: {} }),
    ).toBe(TELEMETRY_OFF);
  });

  it('serves the metrics it collects in the Prometheus text format, and stops', async () => {
    const telemetry = await startTelemetry({
      serviceName: 'ops-test',
      serviceVersion: '1.2.3',
      metrics: true,
      env: {},
    });
    try {
      expect(telemetry).toMatchObject({ metrics: true, traces: false });
      const text = (await telemetry.prometheus()) ?? '';
      expect(text).toContain('target_info{service_name="ops-test",service_version="1.2.3"');
    } finally {
      await telemetry.shutdown();
    }
  });
});
