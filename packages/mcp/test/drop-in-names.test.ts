import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { textOf } from './schema-check.js';

/** The service's interface, beside the project on our machines and in CI (not on a user's). */
const INTERFACE_SPEC = fileURLToPath(
  new URL('../../../../shared/spec-source/interface-spec.md', import.meta.url),
);

const service = startMockService();
let connection: Connection;

const call = (name: string, args: Record<string, unknown>) =>
  connection.client.callTool({ name, arguments: args });

const codeOf = (result: unknown) =>
  (result as { _meta?: Record<string, { code?: string }> })._meta?.['shiptrack/error']?.code;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

/** The hosted server's tools and their parameters, from the interface's table. */
function hostedTools(markdown: string): Map<string, { name: string; required: boolean }[]> {
  const start = markdown.indexOf('### MCP interface');
  const section = markdown.slice(start, markdown.indexOf('Prompts:', start));
  const tools = new Map<string, { name: string; required: boolean }[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const tool = /^`([a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!tool || cells.length < 4) continue;
    // Cells name parameters as `name`: type, required?; several names may share one type.
    const parameters = (cells[2] ?? '').split(';').flatMap((part) => {
      const head = part.split(':')[0] ?? '';
      const names = [...head.matchAll(/`([A-Za-z_]+)`/g)].flatMap((m) => (m[1] ? [m[1]] : []));
      return names.map((name) => ({ name, required: /\brequired\b/.test(part) }));
    });
    tools.set(tool, parameters);
  }
  return tools;
}

describe.skipIf(!existsSync(INTERFACE_SPEC))(
  'the same names and parameters as the hosted server (needs ../shared)',
  () => {
    it('offers every tool and parameter of the interface, required where it is', async () => {
      const hosted = hostedTools(readFileSync(INTERFACE_SPEC, 'utf8'));
      expect(hosted.size).toBe(10);
      const { tools } = await connection.client.listTools();
      for (const [name, parameters] of hosted) {
        const tool = tools.find((candidate) => candidate.name === name);
        expect(tool, name).toBeDefined();
        const properties = Object.keys(tool?.inputSchema.properties ?? {});
        for (const parameter of parameters) {
          expect(properties, `${name}.${parameter.name}`).toContain(parameter.name);
          expect(tool?.inputSchema.required?.includes(parameter.name) ?? false).toBe(
            parameter.required,
          );
        }
      }
    });
  },
);

describe('drop-in parameter names', () => {
  it('track_container takes containerNumber as a container number', async () => {
    const result = await call('track_container', { containerNumber: 'MSCU1234566', scac: 'MSCU' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      outcome: 'request_created',
      number: 'MSCU1234566',
      numberType: 'container',
    });
  });

  it('track_container takes bookingNumber as a booking number', async () => {
    const result = await call('track_container', { bookingNumber: 'BKG20250301', scac: 'MSCU' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      number: 'BKG20250301',
      numberType: 'booking_number',
    });
  });

  it('refuses an alias that contradicts the parameter given with it', async () => {
    const result = await call('track_container', {
      containerNumber: 'MSCU1234566',
      numberType: 'bill_of_lading',
    });
    expect(codeOf(result)).toBe('invalid_argument');
    expect(textOf(result)).toContain('Give containerNumber or numberType, not both.');
  });

  it('every tool accepts and ignores intent', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['search_container', { query: 'MAEU4002159' }],
      ['track_container', { number: 'MAEU4002159' }],
      ['get_container', { id: 'MAEU4002159' }],
      ['get_container_transport_events', { id: 'MAEU4002159' }],
      ['get_shipment_details', { id: '241038926' }],
      ['get_supported_shipping_lines', { search: 'maersk' }],
      ['get_container_route', { id: 'MAEU4002159' }],
      ['list_shipments', {}],
      ['list_containers', {}],
      ['list_tracking_requests', {}],
      ['needs_attention', {}],
    ];
    const { tools } = await connection.client.listTools();
    expect(calls.map(([name]) => name).sort()).toEqual(tools.map((tool) => tool.name).sort());
    // The folded name, unlisted for a release, still answers.
    for (const [name, args] of [...calls, ['list_containers_at_risk', {}] as const]) {
      const plain = await call(name, args);
      const withIntent = await call(name, { ...args, intent: 'the user asks where their box is' });
      expect(withIntent.isError, name).toBeFalsy();
      expect(withIntent.structuredContent, name).toEqual(plain.structuredContent);
    }
  });
});
