/**
 * The spec accepts what the real service sends: every response of the
 * tolerance corpus (relative record links, absolute list links with raw
 * brackets, string coordinates, null to-one relationships, attributes and
 * enum values the interface specification does not list, lists without
 * some of their links or without meta).
 */
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../test-support/contract.js';
import { TOLERANCE_CORPUS } from '../../test-support/tolerance-corpus.js';

const contract = createContractValidator();

describe('spec/openapi.yaml reads real responses', () => {
  it.each(TOLERANCE_CORPUS.map((entry) => [entry.name, entry] as const))(
    'accepts %s',
    (_, entry) => {
      expect(() =>
        contract.assertResponse({
          method: entry.method,
          url: `/v2${entry.path}`,
          status: 200,
          body: entry.body,
          contentType: 'application/vnd.api+json',
        }),
      ).not.toThrow();
    },
  );

  it('still rejects a value of the wrong type', () => {
    const [list] = TOLERANCE_CORPUS;
    if (!list) throw new Error('the corpus has entries');
    const broken = structuredClone(list.body) as {
      data: { attributes: Record<string, unknown> }[];
    };
    const [first] = broken.data;
    if (!first) throw new Error('the first entry lists a shipment');
    first.attributes.bill_of_lading_number = 42;
    expect(() =>
      contract.assertResponse({ method: 'GET', url: `/v2${list.path}`, status: 200, body: broken }),
    ).toThrow(/bill_of_lading_number: must be string/);
  });
});
