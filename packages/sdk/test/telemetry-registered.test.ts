/**
 * `openTelemetryRegistered`: what tells the telemetry of the SDK, the MCP
 * tools and the MCP HTTP handler to skip its work. False with nothing
 * registered; true as soon as a tracer provider, a meter provider or a
 * propagator is, each alone; false again once they are disabled.
 */
import {
  createNoopMeter,
  type Meter,
  metrics,
  propagation,
  type TextMapPropagator,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { openTelemetryRegistered } from '../src/telemetry/index.js';

const tracers: TracerProvider = { getTracer: () => trace.getTracer('unregistered') };
// A meter of its own (not the API's no-op one), behaving as the no-op meter does.
const meter = Object.create(createNoopMeter()) as Meter;
const propagator: TextMapPropagator = {
  inject: () => {},
  extract: (context) => context,
  fields: () => ['traceparent'],
};

describe('openTelemetryRegistered', () => {
  afterEach(() => {
    trace.disable();
    metrics.disable();
    propagation.disable();
  });

  it('is false with nothing registered, and again once it is disabled', () => {
    expect(openTelemetryRegistered()).toBe(false);
    trace.setGlobalTracerProvider(tracers);
    metrics.setGlobalMeterProvider({ getMeter: () => meter });
    expect(openTelemetryRegistered()).toBe(true);
    trace.disable();
    metrics.disable();
    expect(openTelemetryRegistered()).toBe(false);
  });

  it('is true with a tracer provider alone', () => {
    trace.setGlobalTracerProvider(tracers);
    expect(openTelemetryRegistered()).toBe(true);
  });

  it('is true with a meter provider alone, and false with one that hands out the no-op meter', () => {
    metrics.setGlobalMeterProvider({ getMeter: () => createNoopMeter() });
    expect(openTelemetryRegistered()).toBe(false);
    metrics.disable();
    metrics.setGlobalMeterProvider({ getMeter: () => meter });
    expect(openTelemetryRegistered()).toBe(true);
  });

  it('is true with a propagator alone', () => {
    propagation.setGlobalPropagator(propagator);
    expect(openTelemetryRegistered()).toBe(true);
  });
});
