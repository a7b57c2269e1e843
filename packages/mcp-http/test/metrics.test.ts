/**
 * Metrics end to end: the server with OpenTelemetry's SDK started as the
 * CLI starts it, a known sequence of tool calls against the mock over
 * HTTP (a success, a 404, a 429 retried), then `/metrics` scraped on its
 * own port and read with a strict Prometheus text reader.
 */
import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { startTelemetry, type Telemetry } from '@shiptrack/ops';
import { ConfigurationError, createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrometheusScrape,
  parsePrometheusText,
  sampleSum,
} from '../../../test-support/prometheus-text.js';
import { connectWithHeader, type Host, startHost } from './support/host.js';

describe('metrics on their own port', () => {
  let telemetry: Telemetry;
  let host: Host;
  let client: Client;
  let scrape: PrometheusScrape;
  let text: string;

  beforeAll(async () => {
    telemetry = await startTelemetry({
      serviceName: 'shiptrack-mcp-http-test',
      serviceVersion: '0.0.0',
      metrics: true,
      env: {},
    });
    host = await startHost({ telemetry, metricsPort: 0 });
    // The container to ask for, read before any call is measured... by a client without retries.
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: host.mock.url, rateLimit: false });
    const id = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
    const before = parsePrometheusText(await (await fetch(host.server.metricsUrl ?? '')).text());
    const listed = sampleSum(before, 'http_client_request_duration_count');

    await client.callTool({ name: 'get_container', arguments: { id } });
    await client.callTool({
      name: 'get_container',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    });
    // One 429 with Retry-After: 0, then the same call succeeds: one retry, one rate-limit wait.
    host.mock.mock.faults.add({
      id: 'one-429',
      method: 'GET',
      path: `/v2/containers/${id}`,
      rateLimit: { retryAfter: 0 },
      count: 1,
    });
    await client.callTool({ name: 'get_container', arguments: { id } });
    await client.listTools();
    // A readiness probe: the gauge of each dependency shows its outcome.
    expect((await fetch(new URL('/readyz', host.server.origin))).status).toBe(200);

    text = await (await fetch(host.server.metricsUrl ?? '')).text();
    scrape = parsePrometheusText(text);
    expect(listed).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await client?.close();
    await host?.close();
    await telemetry?.shutdown();
  });

  it('counts MCP requests by method, tool, outcome and era', () => {
    expect(scrape.types.get('mcp_server_operation_duration')).toBe('histogram');
    expect(
      sampleSum(scrape, 'mcp_server_operation_duration_count', {
        mcp_method_name: 'tools/call',
        gen_ai_tool_name: 'get_container',
        shiptrack_mcp_era: 'legacy',
        mcp_protocol_version: '2025-11-25',
      }),
    ).toBe(3);
    expect(
      sampleSum(scrape, 'mcp_server_operation_duration_count', {
        mcp_method_name: 'tools/list',
      }),
    ).toBe(1);
    expect(
      sampleSum(scrape, 'mcp_server_operation_duration_count', {
        mcp_method_name: 'initialize',
      }),
    ).toBe(1);
    expect(
      sampleSum(scrape, 'http_server_request_duration_count', {
        http_route: '/mcp',
        http_request_method: 'POST',
      }),
    ).toBeGreaterThanOrEqual(5);
  });

  it('records tool call durations by tool and outcome, errors by the SDK category', () => {
    const tool = 'shiptrack_mcp_tool_duration_count';
    expect(sampleSum(scrape, tool, { gen_ai_tool_name: 'get_container' })).toBe(3);
    expect(
      sampleSum(scrape, tool, {
        gen_ai_tool_name: 'get_container',
        error_type: 'tool_error',
        shiptrack_error_category: 'not_found',
      }),
    ).toBe(1);
    // Each REST call answered 404 (not retried) is one failed call of category not_found.
    const notFound = sampleSum(scrape, 'http_client_request_duration_count', {
      http_response_status_code: '404',
    });
    expect(notFound).toBeGreaterThanOrEqual(1);
    expect(sampleSum(scrape, 'shiptrack_sdk_errors_total', { error_type: 'not_found' })).toBe(
      notFound,
    );
  });

  it('records REST calls by operation and status, with the retry and the rate-limit wait', () => {
    const rest = 'http_client_request_duration_count';
    const template = { url_template: '/v2/containers/{id}', http_request_method: 'GET' };
    expect(sampleSum(scrape, rest, { ...template, http_response_status_code: '200' })).toBe(2);
    expect(sampleSum(scrape, rest, { ...template, http_response_status_code: '404' })).toBe(1);
    expect(sampleSum(scrape, rest, { ...template, http_response_status_code: '429' })).toBe(1);
    expect(sampleSum(scrape, 'shiptrack_sdk_retries_total', template)).toBe(1);
    expect(
      sampleSum(scrape, 'shiptrack_sdk_rate_limit_wait_duration_count', {
        shiptrack_rate_limit_source: 'retry_after',
      }),
    ).toBe(1);
  });

  it('reports the sizes of the client cache, the server pool and the key verdicts', () => {
    expect(sampleSum(scrape, 'shiptrack_mcp_http_clients')).toBe(1);
    expect(sampleSum(scrape, 'shiptrack_mcp_http_key_verdicts')).toBe(1);
    expect(scrape.types.get('shiptrack_mcp_http_pooled_servers')).toBe('gauge');
    expect(sampleSum(scrape, 'shiptrack_dependency_up', { shiptrack_dependency: 'upstream' })).toBe(
      1,
    );
  });

  it('never carries the API key', () => {
    expect(text).not.toContain(DEMO_API_KEY);
  });
});

describe('metrics off by default', () => {
  it('serves no metrics unless asked: /metrics is a 404 on the MCP port', async () => {
    const host = await startHost();
    try {
      expect(host.server.metricsUrl).toBeUndefined();
      const response = await fetch(new URL('/metrics', host.server.origin));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('# TYPE');
    } finally {
      await host.close();
    }
  });

  it('refuses a metrics port or path without telemetry that collects metrics', async () => {
    await expect(startHost({ metricsPort: 0 })).rejects.toThrow(ConfigurationError);
    await expect(startHost({ metricsPath: '/metrics' })).rejects.toThrow(/needs `telemetry`/);
  });

  it('serves them on the MCP port at --metrics-path when asked, with no port of their own', async () => {
    const telemetry = await startTelemetry({
      serviceName: 'shiptrack-mcp-http-test',
      serviceVersion: '0.0.0',
      metrics: true,
      env: {},
    });
    const host = await startHost({ telemetry, metricsPath: '/internal/metrics' });
    try {
      expect(host.server.metricsUrl).toBe(`${host.server.origin}/internal/metrics`);
      const response = await fetch(host.server.metricsUrl ?? '');
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(parsePrometheusText(await response.text()).types.get('target_info')).toBe('gauge');
    } finally {
      await host.close();
      await telemetry.shutdown();
    }
  });
});
