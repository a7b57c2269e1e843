/**
 * Traces end to end: OpenTelemetry started as the CLI starts it (OTLP over
 * HTTP, JSON), a tools/call carrying a W3C traceparent, the mock over HTTP
 * answering one 429 before the call succeeds, and the spans received at a
 * local OTLP endpoint: incoming parent -> server span -> tool span -> one
 * REST span per attempt, whose context the service received.
 */
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { startTelemetry, type Telemetry } from '@shiptrack/ops';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import {
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from '../../../test-support/otlp-receiver.js';
import { type Host, postRpc, startHost } from './support/host.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

describe('a tools/call traced from its traceparent down to the REST calls', () => {
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;
  let host: Host;
  /** The traceparent of each REST request the service received. */
  const sent: string[] = [];
  let server: ReceivedSpan;
  let tool: ReceivedSpan;
  let rest: ReceivedSpan[];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    telemetry = await startTelemetry({
      serviceName: 'shiptrack-mcp-http-test',
      serviceVersion: '0.0.0',
      metrics: false,
      env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' },
    });
    host = await startHost({
      fetch: (input, init) => {
        const headers = new Headers(init.headers);
        if (input.includes('/v2/containers/')) sent.push(headers.get('traceparent') ?? '');
        return fetch(input, init);
      },
    });
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: host.mock.url, rateLimit: false });
    const id = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
    host.mock.mock.faults.add({
      id: 'one-429',
      method: 'GET',
      path: `/v2/containers/${id}`,
      rateLimit: { retryAfter: 0 },
      count: 1,
    });
    const response = await postRpc(
      host.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_container', arguments: { id } },
      },
      {
        authorization: `Token ${DEMO_API_KEY}`,
        traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"result"');
    ({ server, tool, rest } = await eventually(async () => {
      await telemetry.flush();
      const ours = receiver.spans.filter((span) => span.traceId === TRACE_ID);
      const found = {
        server: ours.find((span) => span.parentSpanId === CALLER_SPAN_ID),
        tool: ours.find((span) => span.name === 'execute_tool get_container'),
        rest: ours.filter((span) => span.name === 'GET /v2/containers/{id}'),
      };
      if (!found.server || !found.tool || found.rest.length < 2) {
        throw new Error(`spans of the trace so far: ${ours.map((span) => span.name).join(', ')}`);
      }
      return { server: found.server, tool: found.tool, rest: found.rest };
    }));
  });
  afterAll(async () => {
    await host?.close();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  it('makes the server span a child of the incoming traceparent, named by the MCP method', () => {
    expect(server).toMatchObject({
      name: 'tools/call get_container',
      kind: 2,
      service: 'shiptrack-mcp-http-test',
    });
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get_container',
      'http.request.method': 'POST',
      'http.route': '/mcp',
      'http.response.status_code': 200,
    });
  });

  it('runs the tool in a span under the server span', () => {
    expect(tool.parentSpanId).toBe(server.spanId);
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_container',
    });
  });

  it('makes each REST attempt a client span under the tool, the retry counted', () => {
    expect(rest).toHaveLength(2);
    for (const span of rest) {
      expect(span.parentSpanId).toBe(tool.spanId);
      expect(span.kind).toBe(3);
      expect(span.attributes['url.template']).toBe('/v2/containers/{id}');
    }
    const [first, second] = rest.sort(
      (a, b) =>
        Number(a.attributes['http.request.resend_count'] ?? 0) -
        Number(b.attributes['http.request.resend_count'] ?? 0),
    );
    expect(first?.attributes).toMatchObject({
      'http.response.status_code': 429,
      'error.type': '429',
    });
    expect(second?.attributes).toMatchObject({
      'http.response.status_code': 200,
      'http.request.resend_count': 1,
    });
  });

  it("sends each attempt's own context to the service as traceparent", () => {
    expect(sent.slice(-2).sort()).toEqual(
      rest.map((span) => `00-${TRACE_ID}-${span.spanId}-01`).sort(),
    );
  });
});
