import { describe, expect, it } from 'vitest';
import { MAPPED } from '../mapped/shapes.js';
import { camelCase } from './case.js';
import { resolveDocument } from './resolve.js';
import type { ResolvedResource } from './resolved.js';
import type { JsonApiDocument } from './types.js';

const document: JsonApiDocument = {
  data: [
    {
      id: 'c1',
      type: 'container',
      attributes: {
        number: 'CSQU3054383',
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold', currency_code: 'USD' }],
        brand_new_attribute: { some_key: 1 },
      },
      relationships: {
        shipment: { data: { type: 'shipment', id: 's1' } },
        pod_terminal: { data: null },
        pickup_facility: { data: { type: 'terminal', id: 'not-included' } },
        transport_events: { data: [{ type: 'transport_event', id: 'e1' }] },
        raw_events: { links: { related: '/v2/containers/c1/raw_events' } },
      },
      links: { self: '/v2/containers/c1' },
    },
  ],
  included: [
    {
      id: 's1',
      type: 'shipment',
      attributes: { bill_of_lading_number: 'BL1' },
      relationships: {
        containers: { data: [{ type: 'container', id: 'c1' }] },
        port_of_discharge: { data: { type: 'port', id: 'p1' } },
      },
    },
    { id: 'p1', type: 'port', attributes: { name: 'Rotterdam', latitude: '51.9' } },
    {
      id: 'e1',
      type: 'transport_event',
      attributes: { event: 'container.transport.vessel_loaded' },
    },
  ],
  links: { self: 'https://x/v2/containers' },
  meta: { size: 30, total: 1 },
};

function isResolvedResource(value: unknown): value is ResolvedResource {
  return typeof value === 'object' && value !== null && 'id' in value && 'type' in value;
}

describe('resolveDocument', () => {
  const resolved = resolveDocument(document);
  const [container] = Array.isArray(resolved.data) ? resolved.data : [];

  it('camelCases attributes at any depth and keeps unknown ones', () => {
    expect(container?.number).toBe('CSQU3054383');
    expect(container?.holdsAtPodTerminal).toEqual([
      { name: 'customs', status: 'hold', currencyCode: 'USD' },
    ]);
    expect(container?.brandNewAttribute).toEqual({ someKey: 1 });
    expect(container?.links).toEqual({ self: '/v2/containers/c1' });
    expect(resolved.meta).toEqual({ size: 30, total: 1 });
  });

  it('resolves relationships from included and keeps ids of those not included', () => {
    const shipment = container?.shipment;
    expect(isResolvedResource(shipment)).toBe(true);
    expect(container?.shipmentId).toBe('s1');
    expect(container?.pickupFacilityId).toBe('not-included');
    expect(container).not.toHaveProperty('pickupFacility');
    expect(container?.podTerminalId).toBeNull();
    expect(container?.podTerminal).toBeNull();
    expect(container?.transportEventIds).toEqual(['e1']);
    expect(container?.transportEvents).toEqual([
      { id: 'e1', type: 'transport_event', event: 'container.transport.vessel_loaded' },
    ]);
    expect(container).not.toHaveProperty('rawEventIds');
  });

  it('expands to-one relationships two levels deep and never loops', () => {
    const shipment = container?.shipment;
    expect(isResolvedResource(shipment) && shipment.portOfDischarge).toMatchObject({
      name: 'Rotterdam',
    });
    // The shipment's containers lead back to the container on the path: ids only.
    expect(isResolvedResource(shipment) && shipment.containerIds).toEqual(['c1']);
    expect(isResolvedResource(shipment) && 'containers' in shipment).toBe(false);
    expect(() => JSON.stringify(resolved)).not.toThrow();
  });

  it('stops at maxDepth', () => {
    const shallow = resolveDocument(document, { maxDepth: 0 });
    const [item] = Array.isArray(shallow.data) ? shallow.data : [];
    expect(item?.shipmentId).toBe('s1');
    expect(item).not.toHaveProperty('shipment');
  });

  it('resolves a single-resource document and an empty one', () => {
    expect(resolveDocument({ data: null }).data).toBeNull();
    const one = resolveDocument({ data: { id: 'p1', type: 'port', attributes: { name: 'X' } } });
    expect(one.data).toEqual({ id: 'p1', type: 'port', name: 'X' });
  });
});

describe('camelCase', () => {
  it('converts snake_case and leaves other names alone', () => {
    expect(camelCase('pod_eta_at')).toBe('podEtaAt');
    expect(camelCase('x-request-id')).toBe('x-request-id');
    expect(camelCase('number')).toBe('number');
  });
});

describe('nodes of one type share a layout', () => {
  const container = (i: number, attributes: Record<string, unknown>) => ({
    id: `c${i}`,
    type: 'container',
    attributes,
    relationships: {
      shipment: { data: i % 2 ? { type: 'shipment', id: 's1' } : null },
      transport_events: { data: [] },
    },
  });
  const full = (i: number) => ({
    number: `MSCU${i}`,
    current_status: 'on_ship',
    equipment_length: i % 3 ? 40 : '20',
    weight_in_lbs: i % 4 ? 30000 + i : 1.5,
    ref_numbers: [`PO-${i}`],
    import_deadlines: { pickup_lfd_line: null },
    holds_at_pod_terminal: i % 5 ? [] : [{ name: 'customs', status: 'hold' }],
  });
  // Seeds, followers, attributes in another order, fewer attributes, an unknown one.
  const data = Array.from({ length: 24 }, (_, i) => {
    if (i % 7 === 3) return container(i, Object.fromEntries(Object.entries(full(i)).reverse()));
    if (i % 7 === 5) return container(i, { number: `MSCU${i}` });
    if (i % 7 === 6) return container(i, { ...full(i), brand_new: { some_key: i } });
    return container(i, full(i));
  });
  const included = [{ id: 's1', type: 'shipment', attributes: { bill_of_lading_number: 'BL1' } }];

  it('builds each node as it would be built alone: same members, order and values', () => {
    const { data: together } = resolveDocument({ data, included }, MAPPED);
    const alone = data.map((resource) => {
      // Fresh shapes: a plan of its own, so the node is built as the first of its type.
      const { data: node } = resolveDocument(
        { data: resource, included },
        { shapes: new Map(MAPPED.shapes) },
      );
      return node;
    });
    expect(Array.isArray(together) && together.map((node) => Object.keys(node))).toEqual(
      alone.map((node) => Object.keys(node ?? {})),
    );
    expect(together).toStrictEqual(alone);
  });

  it('keeps every member of a mapped node through JSON, spread and structuredClone', () => {
    const { data: nodes } = resolveDocument({ data, included }, MAPPED);
    const [, node] = Array.isArray(nodes) ? nodes : [];
    const keys = Object.keys(node ?? {});
    expect(keys).toContain('equipment');
    expect(keys).toContain('shipment');
    expect(Object.keys(JSON.parse(JSON.stringify(node)))).toEqual(keys);
    expect(Object.keys({ ...node })).toEqual(keys);
    expect(structuredClone(node)).toStrictEqual({ ...node });
    expect(JSON.parse(JSON.stringify(node))).toStrictEqual(structuredClone(node));
  });
});
