import { describe, expect, it } from 'vitest';
import { type OperationFacts, operations } from '../generated/operations.js';
import { argumentPathOf, wireParameters } from './call-arguments.js';
import { InvalidArgumentError } from './errors.js';

/** An operation with one filter of each kind the spec can describe. */
const FACTS: OperationFacts = {
  method: 'GET',
  path: '/things/{id}',
  bucket: 'default',
  pathParameters: { id: "the thing's identifier" },
  query: {
    'filter[colour]': { type: 'enum', values: ['red', 'blue'], open: true },
    'filter[size]': { type: 'enum', values: ['s', 'm'], open: false },
    'filter[seen_at][start]': { type: 'date-time' },
  },
};

function failure(run: () => unknown): InvalidArgumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidArgumentError) return error;
    throw error;
  }
  throw new Error('expected an InvalidArgumentError');
}

describe('wireParameters', () => {
  it('passes a value outside an open enumeration through, as the service accepts others', () => {
    const { query } = wireParameters(
      'things.get',
      FACTS,
      { path: { id: 'a1' }, options: { filter: { colour: 'teal' } } },
      false,
    );
    expect(query).toEqual({ 'filter[colour]': 'teal' });
  });

  it('rejects a value outside a closed enumeration, listing the allowed ones', () => {
    const error = failure(() =>
      wireParameters(
        'things.get',
        FACTS,
        { path: { id: 'a1' }, options: { filter: { size: 'xl' } } },
        false,
      ),
    );
    expect(error.argument).toBe('filter.size');
    expect(error.message).toBe(
      'things.get: `filter.size` must be one of "s", "m"; got "xl". Nothing was sent.',
    );
  });

  it('maps nested camelCase arguments to the bracketed wire names, dates as ISO 8601', () => {
    const { path, query } = wireParameters(
      'things.get',
      FACTS,
      { path: { thingId: ' a1 ' }, options: { filter: { seenAt: { start: new Date(0) } } } },
      false,
    );
    expect(path).toEqual({ id: 'a1' });
    expect(query).toEqual({ 'filter[seen_at][start]': '1970-01-01T00:00:00.000Z' });
  });

  it('names the path argument as the method calls it and says what it is', () => {
    const error = failure(() =>
      wireParameters('things.get', FACTS, { path: { thingId: '' } }, false),
    );
    expect(error.argument).toBe('thingId');
    expect(error.message).toBe(
      'things.get needs `thingId`: the thing\'s identifier, as a non-empty string; got "". Nothing was sent.',
    );
  });

  it('reads the caller names of wire parameters by one rule', () => {
    expect(argumentPathOf('page[number]')).toEqual(['page']);
    expect(argumentPathOf('page[size]')).toEqual(['pageSize']);
    expect(argumentPathOf('filter[created_at][start]')).toEqual(['filter', 'createdAt', 'start']);
    expect(argumentPathOf('filter[delivery_status]')).toEqual(['filter', 'deliveryStatus']);
    expect(argumentPathOf('q')).toEqual(['q']);
  });
});

describe('the generated operation table', () => {
  it('carries the spec facts the checks need: include lists, closed enumerations, paging bounds', () => {
    expect(operations.getContainer.query.include.values).toEqual([
      'shipment',
      'pod_terminal',
      'transport_events',
    ]);
    expect(operations.listContainers.query['filter[status]']).toMatchObject({
      type: 'enum',
      open: false,
    });
    expect(operations.listContainers.query['page[size]']).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(operations.search.query.query).toEqual({ type: 'string', required: true });
    expect(Object.keys(operations.getPort.pathParameters)).toEqual(['id']);
  });
});
