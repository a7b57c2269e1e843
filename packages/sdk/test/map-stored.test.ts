/**
 * `mapStoredResources`: records stored as the service sent them map to
 * exactly the models `format: 'mapped'` gives for the same response.
 */
import { describe, expect, it } from 'vitest';
import { type MappedContainer, mapStoredResources, type StoredResource } from '../src/index.js';
import { useMockService } from './mock-harness.js';

const service = useMockService({ dataset: 'demo' });

describe('mapStoredResources', () => {
  it('maps stored containers with their shipments as a mapped list response', async () => {
    const client = service.client({ format: 'both' });
    const page = await client.containers.list({ pageSize: 5, include: ['shipment'] });
    const { data, included = [] } = page.document;
    expect(data.length).toBeGreaterThan(1);
    // What a mirror or a cache keeps of a resource: type, id, attributes and relationships.
    const stored = (resources: readonly StoredResource[]) =>
      resources.map(({ type, id, attributes, relationships }) => ({
        type,
        id,
        attributes,
        relationships,
      }));
    const mapped = mapStoredResources(stored(data), stored(included));
    // Resource links are not stored, so they are the one difference.
    const withoutLinks = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (key, member) => (key === 'links' ? undefined : member)));
    expect(withoutLinks(mapped)).toEqual(withoutLinks(page.data.map((both) => both.mapped)));
    expect((mapped[0] as MappedContainer).shipment?.id).toBeTypeOf('string');
  });

  it('leaves out relationships that are not objects, instead of failing', () => {
    const [container] = mapStoredResources([
      {
        type: 'container',
        id: 'c1',
        attributes: { number: 'MSCU1234566', current_status: 'on_ship' },
        relationships: { shipment: 'not an object', pod_terminal: { data: null } },
      },
    ]) as MappedContainer[];
    expect(container).toMatchObject({ id: 'c1', number: 'MSCU1234566', status: 'on_ship' });
    expect(container?.shipmentId).toBeUndefined();
    expect(container?.podTerminalId).toBeNull();
  });
});
