/**
 * What the CLI's generated options take from here rather than from the
 * spec: a flag name where the mechanical one reads badly, a placeholder
 * that says what to type, a shorter description. Keyed by the wire name,
 * for every operation; `operationId` keys one operation's parameter only.
 * Everything not named here comes from the spec.
 */

/** How one query parameter appears as a CLI option, where the spec's wording is not the CLI's. */
export interface CliOverride {
  /** The option's camelCase name (`createdFrom` is `--created-from`). */
  name?: string;
  /** Its placeholder in `--help`. */
  placeholder?: string;
  /** Its description in `--help`. */
  description?: string;
}

/** Overrides by wire name, for every operation that has the parameter. */
export const CLI_OVERRIDES: Readonly<Record<string, CliOverride>> = {
  include: { description: 'related records to embed' },
  'filter[carrier]': { placeholder: 'scac' },
  'filter[scac]': { placeholder: 'scac' },
  'filter[request_number]': { placeholder: 'number' },
  'filter[updated_after]': { placeholder: 'time' },
  'filter[created_at][start]': { name: 'createdFrom' },
  'filter[created_at][end]': { name: 'createdUntil' },
  'filter[updated_at][start]': { name: 'updatedFrom' },
  'filter[updated_at][end]': { name: 'updatedUntil' },
};

/** Placeholders by the component schema a parameter names. */
export const SCHEMA_PLACEHOLDERS: Readonly<Record<string, string>> = {
  Locode: 'locode',
  ResourceId: 'id',
};

/**
 * How a generated command (`generate-cli-operations.ts`) differs from what
 * the spec gives it, by the SDK call it makes: its verb (default: the
 * method in kebab case), its one-line summary (default: the operation's
 * summary), its example (default: `shiptrack <group> <verb> <id>`), the
 * description of its `id` argument (default: "the <record>'s id", or by id
 * or number for the records of `RECORD_GROUPS`), the related records a
 * table reads names from, and whether it prints its result bare. For a
 * hand-written command only `verb` is read (for the README's table).
 */
export interface CommandOverride {
  verb?: string;
  summary?: string;
  example?: string;
  argument?: string;
  tableIncludes?: readonly string[];
  bare?: true;
}

/** The wording of the CLI's commands, by SDK call. */
export const COMMANDS: Readonly<Record<string, CommandOverride>> = {
  'shipments.list': {
    example: 'shiptrack shipments list --port NLRTM --fields id,billOfLading,podEtaAt',
  },
  'shipments.get': {
    summary: 'Show one shipment',
    example: 'shiptrack shipments get 241038926 --include containers',
  },
  'shipments.stopTracking': { summary: 'Stop checking the carrier for a shipment' },
  'shipments.resumeTracking': { summary: 'Check the carrier for a shipment again' },
  'shipments.customFields().create': { verb: 'set' },
  'containers.list': {
    example: 'shiptrack containers list --status available --fields id,number,lastFreeDay.date',
  },
  'containers.get': {
    summary: 'Show one container',
    example: 'shiptrack containers get MAEU4002159 --include shipment,pod_terminal',
    tableIncludes: ['pod_terminal'],
  },
  'containers.transportEvents': {
    verb: 'events',
    summary: "List a container's transport events (its timeline)",
    example: 'shiptrack containers events MAEU4002159 --all',
    tableIncludes: ['location', 'terminal'],
  },
  'containers.rawEvents': { summary: "List a container's raw carrier events" },
  'containers.refresh': { summary: 'Ask the service to check the terminal now (10 per minute)' },
  'containers.route': { summary: "Show a container's route with its stops (a paid feature)" },
  'containers.map': {
    summary: "Print a container's journey as GeoJSON (ports, paths, the vessel; a paid feature)",
    example: 'shiptrack containers map <id> > journey.geojson',
    bare: true,
  },
  'containers.customFields().create': { verb: 'set' },
  'trackingRequests.list': { example: 'shiptrack tracking-requests list --status pending' },
  'trackingRequests.get': {
    summary: 'Show one tracking request',
    example: 'shiptrack tracking-requests get MSCU1234566 --include tracked_object',
  },
  'trackingRequests.inferNumber': { verb: 'infer' },
  'trackingRequests.customFields().create': { verb: 'set' },
  'webhooks.get': { summary: 'Show one webhook' },
  'webhooks.events': { summary: 'List the events a webhook can subscribe to' },
  'webhooks.ips': { summary: 'Show the addresses deliveries come from' },
  'webhookNotifications.list': {
    summary: 'List webhook deliveries',
    example: 'shiptrack webhook-notifications list --delivery-status failed',
  },
  'webhookNotifications.get': {
    summary: 'Show one webhook delivery',
    argument: "the notification's id",
  },
  'shippingLines.list': {
    summary: 'List the carriers the service tracks',
    example: 'shiptrack shipping-lines list --q maersk',
  },
  'shippingLines.get': { summary: 'Show one carrier' },
  'ports.get': {
    summary: 'Show a port by id or UN/LOCODE',
    example: 'shiptrack ports get NLRTM',
    argument: "the port's id or UN/LOCODE",
  },
  'terminals.get': { summary: 'Show a terminal' },
  'vessels.get': {
    summary: 'Show a vessel by id or IMO number',
    example: 'shiptrack vessels get 9811000',
    argument: "the vessel's id or IMO number",
  },
  'vessels.futurePositionsFrom': { verb: 'future-positions' },
  'metroAreas.get': {
    summary: 'Show a metro area (inland destination) by id or UN/LOCODE',
    example: 'shiptrack metro-areas get DEDUI',
    argument: "the metro area's id or UN/LOCODE",
  },
  'documents.list': {
    summary: 'List documents (bills of lading, invoices, ...) with what was read from them',
    example: 'shiptrack documents list --sort -created_at --fields id,name,documentType',
  },
  'documents.get': {
    summary: 'Show one document',
    example: 'shiptrack documents get <id> --include shipments',
  },
  'documents.types': { summary: 'List the document types the service classifies into' },
  'documents.reExtract': { summary: "Read a document's data again (queued)" },
  'documents.reClassify': { summary: 'Classify a document again (queued)' },
  'documents.reLink': { summary: 'Link a document to shipments and containers again (queued)' },
  'documents.downloadUrl': {
    summary: "Show a short-lived link to a document's file",
    example:
      'curl -o bl.pdf "$(shiptrack documents download-url <id> --json | jq -r .data.downloadUrl)"',
  },
  'documentSchemas.get': {
    summary: 'Show the JSON Schema a document type is extracted by',
    example: 'shiptrack document-schemas get bill_of_lading-1.0.0',
    argument: "the schema's id (a document type code and version)",
  },
  'emailSubmissions.list': {
    summary: 'List the emails documents came in with (newest first)',
    example: 'shiptrack email-submissions list --include documents',
  },
  'emailSubmissions.get': {
    summary: 'Show one email submission',
    example: 'shiptrack email-submissions get <id> --include documents',
  },
  'customFieldDefinitions.delete': {
    summary: 'Delete a custom field definition with its options and values',
    argument: "the field definition's id",
  },
  'customFieldDefinitions.get': {
    summary: 'Show one custom field definition',
    argument: "the field definition's id",
  },
  'customFields.get': { summary: 'Show one custom field value' },
  'customFields.delete': { summary: 'Remove a custom field value' },
  'parties.list': {
    summary: 'List parties (shippers, consignees, notify parties) by company name',
    example: 'shiptrack parties list --all',
  },
  'parties.get': { summary: 'Show one party' },
};

/** Commands written by hand although the SDK call takes only path arguments and options, with the reason. */
export const CLI_HAND_WRITTEN: Readonly<Record<string, string>> = {
  'customFieldDefinitions.options.list': 'two positional arguments, a list sent whole',
  'customFieldDefinitions.options.get': 'two positional arguments',
  'customFieldDefinitions.options.delete': 'two positional arguments',
  'customFieldDefinitions.list': '--entity-type takes the record kinds in either spelling',
  'customFields.list': '--entity-type takes the record kinds in either spelling',
};

/** The SDK groups whose records the CLI finds by id or by number (the SDK resolves them). */
export const RECORD_GROUPS: Readonly<
  Record<string, 'container' | 'shipment' | 'tracking_request'>
> = {
  shipments: 'shipment',
  containers: 'container',
  trackingRequests: 'tracking_request',
};

/** Commands of an operation's group that are not an operation, for the README's table. */
export const CLI_EXTRA_VERBS: Readonly<Record<string, readonly string[]>> = {
  containers: ['timeline'],
  'tracking-requests': ['find-existing', 'wait'],
  webhooks: ['listen'],
};

/** What each command group is about, for the README's table. */
export const CLI_GROUP_DOCS: Readonly<Record<string, string>> = {
  shipments: 'shipments, their reference numbers and tags, and stopping or resuming tracking',
  containers:
    'containers, their reference numbers, transport and raw carrier events, a summary of milestones, a terminal refresh, the route, the journey as GeoJSON',
  'tracking-requests':
    'tracking requests as they are (`create` takes the type and SCAC as given; `wait` polls until it settles)',
  webhooks: 'subscriptions, test deliveries, and a local receiver',
  'webhook-notifications': 'deliveries',
  'shipping-lines': 'the carriers the service tracks',
  ports: 'ports by id or UN/LOCODE',
  terminals: 'terminals by id',
  vessels: 'vessels, and where one is expected to be until its next port',
  'metro-areas': 'inland destinations by id or UN/LOCODE',
  documents: 'documents (bills of lading, invoices, ...) and what the service read from them',
  'document-schemas': 'the JSON Schema of a document type',
  'email-submissions': 'the emails documents came with',
  'custom-field-definitions': 'your own fields on shipments and containers',
  'custom-field-definitions options': 'the choices of `enum` fields',
  'custom-fields': 'custom field values of every record, by value id',
  parties: 'the companies of your shipments',
};
