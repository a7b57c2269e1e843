/** Documents, their schemas and the email submissions they arrive in. */
import type {
  DocumentSchemaSentMembers,
  DocumentSentMembers,
  EmailSubmissionSentMembers,
} from '../generated/mapped-members.js';
import type { components } from '../generated/openapi.js';
import type { MappedResourceBase } from './common.js';
import type { OpenEnum } from './enums.js';

type Schemas = components['schemas'];

/** Where a document came from. */
export type DocumentSource = Schemas['DocumentSource'];

/** Where the classification or extraction of a document stands. */
export type DocumentProcessingStatus = Schemas['DocumentProcessingStatus'];

/** A rotation a document accepts, in degrees clockwise. */
export type RotationDegrees = Schemas['RotationDegrees'];

/** A document (a bill of lading, an invoice, ...) with what the service read from it. */
export interface MappedDocument extends MappedResourceBase, DocumentSentMembers {
  type: 'document';
  name: string | null;
  /** The type the service classified it as (see `documents.types()`); `null` until classified. */
  documentType: string | null;
  source: OpenEnum<DocumentSource> | null;
  fileName: string | null;
  classificationStatus: OpenEnum<DocumentProcessingStatus> | null;
  extractionStatus: OpenEnum<DocumentProcessingStatus> | null;
}

/** An email that brought documents in. */
export interface MappedEmailSubmission extends MappedResourceBase, EmailSubmissionSentMembers {
  type: 'email_submission';
  subject: string | null;
  from: string[] | null;
  to: string[] | null;
  sentAt: string | null;
}

/** The JSON Schema the service extracts one document type by. */
export interface MappedDocumentTypeSchema extends MappedResourceBase, DocumentSchemaSentMembers {
  type: 'document_schema';
  documentType: string | null;
  label: string | null;
  schemaFormat: OpenEnum<Schemas['DocumentSchemaFormat']> | null;
  schemaPayload: Record<string, unknown> | null;
}

/** One document type the service classifies into. */
export interface DocumentTypeEntry {
  code: string;
  label: string;
}

/** Where to download a document's file (the link expires: fetch it soon). */
export interface MappedDocumentDownloadUrl {
  downloadUrl: string;
}

/** The answer to re-extract, re-classify, re-link and rotate: the work was queued. */
export interface MappedDocumentActionAccepted {
  /** `accepted`; `null` when the service did not say. */
  status: OpenEnum<Schemas['DocumentActionStatus']> | null;
}
