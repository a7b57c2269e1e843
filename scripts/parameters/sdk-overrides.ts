/**
 * What the generated SDK resource methods (`generate-resources.ts`) take
 * from here rather than from the spec: the methods written by hand, the
 * argument names that say more than the path's `{id}`, and the class of a
 * nested group. Everything not named here comes from the spec.
 */

/**
 * The SDK methods written by hand (`packages/sdk/src/resources/`), each
 * with what it does beyond one call of the core client. Every other
 * operation's method is generated; an operation the generator cannot write
 * (a body, a required query parameter, plain JSON that `PLAIN_ANSWERS`
 * does not map) must be listed here.
 * Calls through a method that takes an argument (`shipments.customFields(id).list`)
 * are `EntityCustomFields`, written by hand as a whole.
 */
export const HAND_WRITTEN: Readonly<Record<string, string>> = {
  'shipments.update': 'builds and checks the body',
  'containers.update': 'builds and checks the body',
  'trackingRequests.create': 'builds the body; a duplicate resolves to the existing request',
  'trackingRequests.update': 'builds and checks the body',
  'trackingRequests.inferNumber': 'plain JSON body',
  'webhooks.create': 'builds the body; the answer holds the signing secret',
  'webhooks.update': 'builds and checks the body',
  'webhooks.delete': 'not retried (a retried delete would answer 404)',
  'webhooks.events': 'an unpaginated list, mapped as a whole',
  'webhooks.trigger': 'plain JSON body and answer',
  'webhookNotifications.examples': 'a required query parameter, an unpaginated list',
  'vessels.futurePositions': 'required query parameters, numbers mapped',
  'vessels.futurePositionsFrom': 'required query parameters, numbers mapped',
  search: 'a method of the client itself',
  'documents.create': 'builds and checks the body',
  'documents.update': 'builds and checks the body',
  'documents.rotate': 'checks the angle; plain JSON body and answer',
  'customFieldDefinitions.create': 'builds and checks the body',
  'customFieldDefinitions.update': 'builds and checks the body',
  'customFieldDefinitions.options.create': 'builds and checks the body',
  'customFieldDefinitions.options.update': 'builds and checks the body',
  'customFields.create': 'builds and checks the body',
  'customFields.update': 'builds and checks the body',
  'parties.create': 'builds and checks the body',
  'parties.update': 'builds and checks the body',
};

/**
 * How the SDK maps each plain-JSON answer (not a JSON:API document), by the
 * answered schema: the function and the type, both exported from a module
 * of `packages/sdk/src/mapped/`. An operation answering one of these, with
 * no body and no required query parameter, gets a generated method
 * (`this.core.plain(id, input, map)`).
 */
export const PLAIN_ANSWERS: Readonly<Record<string, { map: string; type: string }>> = {
  RefreshContainerResult: { map: 'mapRefreshResult', type: 'MappedRefreshResult' },
  ContainerMapFeatureCollection: { map: 'mapContainerMap', type: 'ContainerMap' },
  WebhookIps: { map: 'mapWebhookIps', type: 'MappedWebhookIps' },
  DocumentTypeList: { map: 'mapDocumentTypes', type: 'DocumentTypeEntry[]' },
  DocumentDownloadUrl: { map: 'mapDownloadUrl', type: 'MappedDocumentDownloadUrl' },
  DocumentActionAccepted: { map: 'mapActionAccepted', type: 'MappedDocumentActionAccepted' },
};

/** Argument names of path parameters, by operationId, where the path's name says less (`{id}` of a port is also its UN/LOCODE). */
export const PATH_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  getPort: ['idOrLocode'],
  getVessel: ['idOrImo'],
  getMetroArea: ['idOrLocode'],
};

/** Class names of groups that are not the PascalCase of their last segment. */
export const CLASS_NAMES: Readonly<Record<string, string>> = {
  'customFieldDefinitions.options': 'CustomFieldOptions',
};

/** What a group generated whole is, for its class's doc comment. */
export const GROUP_DOCS: Readonly<Record<string, string>> = {
  shippingLines: 'the carriers the service can track',
  ports: 'ports by id or UN/LOCODE',
  terminals: 'terminals by id',
  metroAreas: 'inland destination areas by id or UN/LOCODE',
  documentSchemas: 'the JSON Schema each document type is extracted by',
  emailSubmissions: 'the emails that brought documents in',
};

/** Methods of a group that are not one operation (listed after its operations in the README and `client.ts`). */
export const HELPERS: Readonly<Record<string, readonly string[]>> = {
  trackingRequests: ['findExisting', 'track', 'waitFor'],
};
