import { describe, expect, it } from 'vitest';
import { ContractViolationError, createContractValidator } from '../../test-support/contract.js';

const contract = createContractValidator();
const CONTAINER_ID = '6d3c3f4e-2b1a-4c5d-9e8f-0a1b2c3d4e5f';
const SHIPMENT_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

function container(attributes: Record<string, unknown> = {}) {
  return {
    id: CONTAINER_ID,
    type: 'container',
    attributes: { number: 'CSQU3054383', current_status: 'on_ship', ...attributes },
    relationships: { shipment: { data: { type: 'shipment', id: SHIPMENT_ID } } },
    links: { self: `/v2/containers/${CONTAINER_ID}` },
  };
}

function shipment() {
  return {
    id: SHIPMENT_ID,
    type: 'shipment',
    attributes: { bill_of_lading_number: 'MAEU123456789', shipping_line_scac: 'MAEU' },
    relationships: { containers: { data: [{ type: 'container', id: CONTAINER_ID }] } },
    links: { self: `/v2/shipments/${SHIPMENT_ID}` },
  };
}

function violationsOf(action: () => void): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof ContractViolationError) return error.violations;
    throw error;
  }
  return [];
}

describe('createContractValidator', () => {
  it('returns the same cached validator on every call', () => {
    expect(createContractValidator()).toBe(contract);
  });

  describe('assertResponse', () => {
    it('accepts a documented response for absolute, relative and unprefixed URLs', () => {
      const body = { data: container(), included: [shipment()] };
      for (const url of [
        `http://localhost:4010/v2/containers/${CONTAINER_ID}?include=shipment`,
        `/v2/containers/${CONTAINER_ID}?include=shipment`,
        `/containers/${CONTAINER_ID}`,
      ]) {
        expect(() =>
          contract.assertResponse({ method: 'GET', url, status: 200, body }),
        ).not.toThrow();
      }
    });

    it('keeps unknown attributes allowed, as the real service sends more than it documents', () => {
      const body = { data: container({ delivered_at: null, ssl_lfd: '2026-03-01' }) };
      expect(() =>
        contract.assertResponse({
          method: 'get',
          url: `/v2/containers/${CONTAINER_ID}`,
          status: 200,
          body,
        }),
      ).not.toThrow();
    });

    it('lists every mismatch with its instance path', () => {
      const body = { data: container({ equipment_length: 'long', number: 42 }) };
      const violations = violationsOf(() =>
        contract.assertResponse({
          method: 'GET',
          url: `/v2/containers/${CONTAINER_ID}`,
          status: 200,
          body,
        }),
      );
      expect(violations).toContain('/data/attributes/number: must be string');
      expect(violations.some((v) => v.startsWith('/data/attributes/equipment_length:'))).toBe(true);
    });

    it('accepts enum values it does not know yet (response enums are open)', () => {
      const body = { data: container({ current_status: 'at_sea' }) };
      expect(() =>
        contract.assertResponse({
          method: 'GET',
          url: `/v2/containers/${CONTAINER_ID}`,
          status: 200,
          body,
        }),
      ).not.toThrow();
    });

    it('rejects an included record of a type the document does not embed', () => {
      const body = {
        data: container(),
        included: [{ id: SHIPMENT_ID, type: 'webhook', attributes: {} }],
      };
      const violations = violationsOf(() =>
        contract.assertResponse({
          method: 'GET',
          url: `/v2/containers/${CONTAINER_ID}`,
          status: 200,
          body,
        }),
      );
      expect(violations).toEqual([
        '/included/0: value of tag "type" must be in oneOf (got "webhook")',
      ]);
    });

    it('fails on a status the operation does not document', () => {
      const violations = violationsOf(() =>
        contract.assertResponse({
          method: 'GET',
          url: `/v2/containers/${CONTAINER_ID}`,
          status: 418,
          body: {},
        }),
      );
      expect(violations).toEqual([
        'status 418 is not documented for getContainer (documented: 200, 400, 401, 404, 429, 5XX)',
      ]);
    });

    it('matches 5XX for any server error and checks the error document', () => {
      const ok = { errors: [{ status: '503', title: 'Service Unavailable' }] };
      expect(() =>
        contract.assertResponse({ method: 'GET', url: '/v2/shipments', status: 503, body: ok }),
      ).not.toThrow();
      const violations = violationsOf(() =>
        contract.assertResponse({
          method: 'GET',
          url: '/v2/shipments',
          status: 500,
          body: { errors: [] },
        }),
      );
      expect(violations).toEqual(['/errors: must NOT have fewer than 1 items']);
    });

    it('prefers literal path segments over templates', () => {
      const body = {
        data: [
          {
            id: 'container',
            type: 'webhook_event_category',
            attributes: { name: 'Container', events: [{ name: 'container.updated' }] },
          },
        ],
      };
      expect(() =>
        contract.assertResponse({ method: 'GET', url: '/v2/webhooks/events', status: 200, body }),
      ).not.toThrow();
    });

    it('fails on a path or method that the spec does not have', () => {
      expect(
        violationsOf(() =>
          contract.assertResponse({ method: 'GET', url: '/v2/vessels', status: 200, body: {} }),
        ),
      ).toEqual(['/vessels matches no path of spec/openapi.yaml']);
      const [message] = violationsOf(() =>
        contract.assertResponse({
          method: 'PUT',
          url: '/v2/webhooks/events',
          status: 200,
          body: {},
        }),
      );
      expect(message).toContain('PUT /webhooks/events is not an operation of spec/openapi.yaml');
    });

    it('checks that a documented empty response carries no body', () => {
      const url = `/v2/webhooks/${CONTAINER_ID}`;
      expect(() =>
        contract.assertResponse({ method: 'DELETE', url, status: 204, body: undefined }),
      ).not.toThrow();
      expect(
        violationsOf(() =>
          contract.assertResponse({ method: 'DELETE', url, status: 204, body: {} }),
        ),
      ).toEqual(['deleteWebhook documents no body for status 204, but one was sent']);
    });

    it('checks the content type when one is given', () => {
      const url = `/v2/containers/${CONTAINER_ID}/refresh`;
      const body = { message: 'Refresh queued' };
      expect(() =>
        contract.assertResponse({
          method: 'PATCH',
          url,
          status: 200,
          body,
          contentType: 'application/json; charset=utf-8',
        }),
      ).not.toThrow();
      expect(
        violationsOf(() =>
          contract.assertResponse({
            method: 'PATCH',
            url,
            status: 200,
            body,
            contentType: 'application/vnd.api+json',
          }),
        ),
      ).toEqual([
        'content type application/vnd.api+json is not documented (documented: application/json)',
      ]);
    });

    it('makes the error message say what to fix', () => {
      expect(() =>
        contract.assertResponse({
          method: 'GET',
          url: '/v2/shipments',
          status: 200,
          body: { links: {} },
        }),
      ).toThrow(
        /Response 200 to GET \/v2\/shipments does not match spec\/openapi\.yaml:\n {2}- \(root\): must have required property 'data'/,
      );
    });

    it('accepts every list without links, as the service omits them on raw events', () => {
      const lists = [
        '/v2/shipments',
        '/v2/containers',
        `/v2/containers/${CONTAINER_ID}/transport_events`,
        `/v2/containers/${CONTAINER_ID}/raw_events`,
        '/v2/tracking_requests',
        '/v2/webhooks',
        '/v2/webhook_notifications',
        '/v2/shipping_lines',
        '/v2/search?query=MSKU',
        '/v2/documents',
        '/v2/email_submissions',
        '/v2/custom_field_definitions',
        `/v2/custom_field_definitions/${CONTAINER_ID}/options`,
        '/v2/custom_fields',
        `/v2/containers/${CONTAINER_ID}/custom_fields`,
        '/v2/parties',
      ];
      for (const url of lists) {
        expect(() =>
          contract.assertResponse({ method: 'GET', url, status: 200, body: { data: [] } }),
        ).not.toThrow();
      }
    });
  });

  describe('assertRequestBody', () => {
    const create = (attributes: Record<string, unknown>) => ({
      data: { type: 'tracking_request', attributes },
    });

    it('accepts a valid body', () => {
      const body = create({
        request_type: 'bill_of_lading',
        request_number: 'MAEU123456789',
        scac: 'MAEU',
      });
      expect(() =>
        contract.assertRequestBody({ method: 'POST', url: '/v2/tracking_requests', body }),
      ).not.toThrow();
    });

    it('rejects unknown members, as request bodies are closed', () => {
      const body = create({
        request_type: 'container',
        request_number: 'CSQU3054383',
        scac: 'MAEU',
        colour: 'red',
      });
      expect(
        violationsOf(() =>
          contract.assertRequestBody({ method: 'POST', url: '/tracking_requests', body }),
        ),
      ).toEqual(['/data/attributes: must NOT have additional properties (colour)']);
    });

    it('treats optional and absent bodies by the spec', () => {
      const url = `/v2/shipments/${SHIPMENT_ID}/stop_tracking`;
      expect(() =>
        contract.assertRequestBody({ method: 'PATCH', url, body: undefined }),
      ).not.toThrow();
      expect(
        violationsOf(() =>
          contract.assertRequestBody({
            method: 'POST',
            url: '/v2/tracking_requests',
            body: undefined,
          }),
        ),
      ).toEqual(['createTrackingRequest requires a body']);
      expect(
        violationsOf(() =>
          contract.assertRequestBody({
            method: 'PATCH',
            url: `/v2/containers/${CONTAINER_ID}/refresh`,
            body: {},
          }),
        ),
      ).toEqual(['refreshContainer takes no request body']);
    });
  });

  describe('assertWebhookBody', () => {
    const notification = (event: string) => ({
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      type: 'webhook_notification',
      attributes: { event, delivery_status: 'pending', created_at: '2026-03-02T10:15:00Z' },
    });
    const trackingRequest = {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5',
      type: 'tracking_request',
      attributes: {
        request_number: 'MAEU123456789',
        request_type: 'bill_of_lading',
        scac: 'MAEU',
        status: 'created',
      },
    };

    it('accepts a delivery that matches its event family', () => {
      const body = {
        data: notification('tracking_request.succeeded'),
        included: [trackingRequest, shipment(), container()],
      };
      expect(() => contract.assertWebhookBody(body)).not.toThrow();
    });

    it('rejects included records that the event family does not carry', () => {
      const port = {
        id: CONTAINER_ID,
        type: 'port',
        attributes: { name: 'Rotterdam', code: 'NLRTM' },
      };
      const body = {
        data: notification('tracking_request.failed'),
        included: [trackingRequest, port],
      };
      expect(violationsOf(() => contract.assertWebhookBody(body))).toEqual([
        '/included/1: value of tag "type" must be in oneOf (got "port")',
      ]);
    });

    it('falls back to the generic envelope for an unknown event and reports the name', () => {
      const body = { data: notification('container.teleported'), included: [] };
      expect(violationsOf(() => contract.assertWebhookBody(body))).toEqual([
        `/data/attributes/event: "container.teleported" has no entry in the spec's webhooks`,
      ]);
    });
  });

  describe('validateSchema', () => {
    it('returns no mismatch for a valid value and each mismatch otherwise', () => {
      expect(contract.validateSchema('TerminalHold', { name: 'customs', status: 'hold' })).toEqual(
        [],
      );
      expect(contract.validateSchema('TerminalHold', { name: 'customs', status: 7 })).toContain(
        '/status: must match a schema in anyOf',
      );
      expect(contract.validateSchema('TerminalHoldStatus', 'released')).toEqual([
        '(root): must be equal to one of the allowed values (allowed: "pending", "hold")',
      ]);
      expect(contract.validateSchema('NoSuchSchema', {})).toEqual([
        'components.schemas has no schema named NoSuchSchema',
      ]);
    });
  });
});
