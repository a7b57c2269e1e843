import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../test-support/contract.js';
import { loadSpec } from '../../test-support/spec-document.js';
import { collectMediaTypes, collectSchemaExamples, examplesOf } from './spec-examples.js';

const document = loadSpec();
const contract = createContractValidator();
const mediaTypes = collectMediaTypes(document);
const mediaExamples = mediaTypes.flatMap((media) => examplesOf(document, media));
const allExamples = [...mediaExamples, ...collectSchemaExamples(document)];

describe('examples of spec/openapi.yaml', () => {
  it('finds the examples to check', () => {
    expect(mediaExamples.length).toBeGreaterThan(60);
  });

  it.each(allExamples.map((example) => [example.where, example] as const))(
    '%s matches its schema',
    (_where, example) => {
      expect(contract.validateAt(example.schemaPointer, example.value)).toEqual([]);
    },
  );

  it('gives every request body and every successful response of the REST paths an example', () => {
    const missing = mediaTypes
      .filter((media) => media.section === 'paths' && media.kind !== 'error')
      .filter((media) => examplesOf(document, media).length === 0)
      .map((media) => media.where);
    expect(missing).toEqual([]);
  });

  it('gives a delivery example to one event of each webhook payload family', () => {
    const families = new Set(
      mediaTypes
        .filter((media) => media.section === 'webhooks' && examplesOf(document, media).length > 0)
        .map((media) => JSON.stringify(media.media.value.schema).match(/WebhookPayload\w+/)?.[0]),
    );
    expect([...families].sort()).toEqual([
      'WebhookPayloadContainerTransport',
      'WebhookPayloadContainerUpdated',
      'WebhookPayloadShipmentEstimated',
      'WebhookPayloadTrackingRequest',
    ]);
  });

  it('gives every error response an example', () => {
    const missing = mediaTypes
      .filter((media) => media.kind === 'error')
      .filter((media) => examplesOf(document, media).length === 0)
      .map((media) => media.where);
    expect(missing).toEqual([]);
  });

  it('shows the duplicate tracking request error with its source pointer', () => {
    const duplicate = mediaExamples.find(
      (example) =>
        example.where.startsWith('POST /tracking_requests 422') &&
        example.where.endsWith('DuplicateTrackingRequest'),
    );
    expect(duplicate?.value).toMatchObject({
      errors: [
        {
          status: '422',
          code: 'duplicate',
          source: { pointer: '/data/attributes/request_number' },
        },
      ],
    });
  });
});
