/** Wire form of documents and email submissions. */
import type { Serializer } from '../serialize/resource-object.js';
import { toMany, toOne } from '../serialize/resource-object.js';
import type { SpecResource } from '../serialize/spec-resource.js';
import { toIso } from '../time.js';
import type { DocumentRecord, EmailSubmissionRecord } from './records.js';
import type { DocumentTables } from './tables.js';

/** The wire form of a document. */
export function serializeDocument(record: DocumentRecord): SpecResource<'Document'> & {
  links: { self: string; download: string };
} {
  return {
    id: record.id,
    type: 'document',
    attributes: {
      id: record.id,
      name: record.name,
      document_type: record.documentType,
      document_type_manual: record.documentTypeManual,
      classification_notes: record.classificationNotes,
      source: record.source,
      file_name: record.fileName,
      file_content_type: record.blob?.contentType ?? null,
      file_size_bytes: record.blob?.bytes.byteLength ?? null,
      created_at: toIso(record.createdAt),
      updated_at: toIso(record.updatedAt),
      classification_status: record.classificationStatus,
      extraction_status: record.extractionStatus,
      extracted_data: record.extractedData,
      extracted_data_manual: record.extractedDataManual,
    },
    relationships: {
      account: toOne('account', record.accountId),
      user: toOne('user', record.userId),
      email_submission: toOne('email_submission', record.emailSubmissionId),
      last_document_representation: toOne('document_representation', record.representationId),
      shipments: toMany('shipment', record.shipmentIds),
      cargos: toMany('container', record.containerIds),
    },
    links: {
      self: `/v2/documents/${record.id}`,
      download: `/v2/documents/${record.id}/download_url`,
    },
  };
}

/** The wire form of an email submission. */
export function serializeEmailSubmission(
  record: EmailSubmissionRecord,
): SpecResource<'EmailSubmission'> {
  return {
    id: record.id,
    type: 'email_submission',
    attributes: {
      subject: record.subject,
      body: record.body,
      from: record.from,
      to: record.to,
      cc: record.cc,
      sent_at: toIso(record.sentAt),
      message_id: record.messageId,
      in_reply_to: record.inReplyTo,
      references: record.references,
      content_type: record.contentType,
      documents_count: record.documentIds.length,
      created_at: toIso(record.createdAt),
      updated_at: toIso(record.updatedAt),
    },
    relationships: {
      account: toOne('account', record.accountId),
      user: toOne('user', record.userId),
      documents: toMany('document', record.documentIds),
    },
    links: { self: `/v2/email_submissions/${record.id}` },
  };
}

/** Registers the serializers of documents and email submissions. */
export function registerDocumentSerializers(serializer: Serializer, tables: DocumentTables): void {
  serializer.registerRecords('document', tables.documents, serializeDocument);
  serializer.registerRecords('email_submission', tables.emailSubmissions, serializeEmailSubmission);
}
