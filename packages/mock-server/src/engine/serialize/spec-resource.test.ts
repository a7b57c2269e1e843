/**
 * The guard of the serializers, checked by `pnpm typecheck`: an attributes
 * object missing one attribute the spec lists, or holding one it does not
 * list, does not compile. Each `@ts-expect-error` fails the typecheck when
 * the guard is loosened. The assertions run too, on real serializers.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PortRecord } from '../records.js';
import { serializePort } from './reference.js';
import { Serializer } from './resource-object.js';
import type { AllAttributes, SpecResource } from './spec-resource.js';

const ROTTERDAM: PortRecord = {
  id: 'port-1',
  name: 'Rotterdam',
  code: 'NLRTM',
  stateAbbr: null,
  city: 'Rotterdam',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
  latitude: 51.95,
  longitude: 4.14,
};

/** A port's attributes as an object literal, so excess property checks apply. */
function portAttributes(): AllAttributes<'Port'> {
  return {
    id: 'port-1',
    name: 'Rotterdam',
    code: 'NLRTM',
    state_abbr: null,
    city: 'Rotterdam',
    country_code: 'NL',
    time_zone: 'Europe/Amsterdam',
    latitude: 51.95,
    longitude: 4.14,
  };
}

describe('AllAttributes', () => {
  it('requires every attribute the spec lists, null where the spec allows it', () => {
    expectTypeOf<AllAttributes<'Port'>>().toHaveProperty('city');
    expectTypeOf<AllAttributes<'Port'>['city']>().toEqualTypeOf<string | null>();
    expectTypeOf<AllAttributes<'Container'>['ssl_lfd']>().toEqualTypeOf<string | null>();
    const { city: _city, ...withoutCity } = portAttributes();
    // @ts-expect-error city is listed by the spec, so it must be written
    const missing: AllAttributes<'Port'> = withoutCity;
    expect(Object.keys(missing)).not.toContain('city');
  });

  it('rejects an attribute the spec does not list', () => {
    const extra: AllAttributes<'Port'> = {
      ...portAttributes(),
      // @ts-expect-error updated_at is not an attribute of a port in the spec
      updated_at: '2025-03-01T00:00:00Z',
    };
    expect(extra).toHaveProperty('updated_at');
    const user: SpecResource<'User'> = {
      id: 'user-1',
      type: 'user',
      // @ts-expect-error created_at is not an attribute of a user in the spec
      attributes: { email: null, first_name: null, last_name: null, created_at: null },
    };
    expect(user.attributes).toHaveProperty('created_at');
  });

  it('holds a registered serializer to the schema of its type', () => {
    const serializer = new Serializer();
    serializer.register('port', (id) => serializePort({ ...ROTTERDAM, id }));
    // @ts-expect-error a registered serializer must answer a spec resource, all attributes written
    serializer.register('party', (id) => ({ id, type: 'party', attributes: {} }));
    expect(serializer.serializeResource('port', 'port-9')?.attributes).toEqual({
      ...portAttributes(),
      id: 'port-9',
    });
  });

  it('serializes a looked-up record, and nothing for an id it does not hold', () => {
    const serializer = new Serializer();
    serializer.registerRecords('port', new Map([[ROTTERDAM.id, ROTTERDAM]]), serializePort);
    expect(serializer.serializeResource('port', ROTTERDAM.id)?.attributes).toEqual(
      portAttributes(),
    );
    expect(serializer.serializeResource('port', 'port-9')).toBeUndefined();
    expect(
      serializer.serializeAll([
        { type: 'port', id: 'port-9' },
        { type: 'port', id: ROTTERDAM.id },
      ]),
    ).toHaveLength(1);
  });
});
