/**
 * The demo account's documents, emails, parties and custom fields: two
 * emails to the document inbox (an arrival notice, read and linked to its
 * shipment; a delivery order whose attachment was not kept, so it has no
 * file), three parties, and custom fields with values (a PO number on a
 * shipment, a priority on a container, a consignee party).
 */
import type { EmailSubmissionRecord } from './documents/records.js';
import type { AccountRecord } from './records.js';
import type { SeedTarget } from './seed-target.js';
import { HOUR } from './time.js';

const ARRIVAL_NOTICE = `ARRIVAL NOTICE
Carrier: Maersk    Bill of lading: 241038926
Port of discharge: Los Angeles    Reference: PO-48377
Please arrange customs clearance and pickup before the last free day.
`;

/** Adds the demo records of the first account (call after its shipments exist). */
export function seedDemoRecords(engine: SeedTarget, account: AccountRecord): void {
  const [consignee] = ['Acme Imports B.V.', 'Northwind Traders', 'Contoso Retail'].map((name) =>
    engine.parties.create(account, name),
  );
  seedEmails(engine, account);
  seedCustomFields(engine, account, consignee?.id ?? null);
}

function seedEmails(engine: SeedTarget, account: AccountRecord): void {
  const { documents } = engine;
  const now = engine.now();
  const email = (subject: string, from: string, hoursAgo: number): EmailSubmissionRecord => {
    const at = now - hoursAgo * HOUR;
    const record: EmailSubmissionRecord = {
      id: engine.ids.next(),
      accountId: account.id,
      subject,
      body: 'Please find the document attached.',
      from: [from],
      to: ['docs@acme.example'],
      cc: [],
      sentAt: at - 60_000,
      messageId: `<${subject.toLowerCase().replaceAll(' ', '-')}@carrier.example>`,
      inReplyTo: null,
      references: [],
      contentType: 'multipart/mixed',
      userId: account.userId,
      documentIds: [],
      createdAt: at,
      updatedAt: at,
    };
    documents.tables.addEmailSubmission(record);
    return record;
  };
  const notice = email('Arrival notice 241038926', 'notices@maersk.example', 6);
  const blob = documents.upload(account, {
    fileName: 'arrival-notice-241038926.txt',
    contentType: 'text/plain',
    bytes: new TextEncoder().encode(ARRIVAL_NOTICE),
  });
  notice.documentIds.push(
    documents.receive(account, {
      name: 'Arrival notice 241038926',
      source: 'email',
      blob,
      emailSubmissionId: notice.id,
    }).id,
  );
  // The attachment of this email was not kept: its document has no file ("No document attached").
  const order = email('Delivery order MEDUQ4821563', 'docs@msc.example', 2);
  order.documentIds.push(
    documents.receive(account, {
      name: 'Delivery order MEDUQ4821563',
      source: 'email',
      blob: null,
      fileName: 'delivery-order-MEDUQ4821563.pdf',
      emailSubmissionId: order.id,
    }).id,
  );
}

function seedCustomFields(
  engine: SeedTarget,
  account: AccountRecord,
  consigneeId: string | null,
): void {
  const { definitions, values } = engine.customFields;
  const store = engine.store;
  definitions.create(account, {
    entityType: 'Shipment',
    apiSlug: 'po_number',
    displayName: 'PO number',
    dataType: 'short_text',
  });
  const priority = definitions.create(account, {
    entityType: 'Container',
    apiSlug: 'priority',
    displayName: 'Priority',
    description: 'How urgently the consignee needs the box.',
    dataType: 'enum',
  });
  for (const [label, value] of [
    ['High', 'high'],
    ['Normal', 'normal'],
    ['Low', 'low'],
  ] as const) {
    definitions.addOption(priority, { label, value });
  }
  definitions.create(account, {
    entityType: 'Shipment',
    apiSlug: 'consignee',
    displayName: 'Consignee',
    dataType: 'reference',
    referenceType: 'Party',
  });
  const shipments = store
    .indexOf(account.id)
    .shipments.flatMap((id) => store.shipments.get(id) ?? []);
  const atTerminal = shipments.find((shipment) => shipment.billOfLadingNumber === '241038926');
  if (atTerminal === undefined) return;
  values.create(account, { entity: 'shipment', id: atTerminal.id }, 'po_number', 'PO-48377');
  if (consigneeId !== null) {
    values.create(account, { entity: 'shipment', id: atTerminal.id }, 'consignee', consigneeId);
  }
  const [container] = atTerminal.containerIds;
  if (container !== undefined) {
    values.create(account, { entity: 'container', id: container }, 'priority', 'high');
  }
}
