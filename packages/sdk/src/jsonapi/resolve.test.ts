import { describe, expect, it } from 'vitest';
import { camelCase } from './case.js';
import { isResolvedResource, resolveDocument } from './resolve.js';
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
