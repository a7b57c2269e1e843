/** Documents, their schemas and the email submissions they arrive in. */
import * as z from 'zod';
import {
  DOCUMENT_ACTION_STATUS_VALUES,
  DOCUMENT_PROCESSING_STATUS_VALUES,
  DOCUMENT_SCHEMA_FORMAT_VALUES,
  DOCUMENT_SOURCE_VALUES,
} from '../generated/enums.js';
import type {
  DocumentSchemaSentMembers,
  DocumentSentMembers,
  EmailSubmissionSentMembers,
} from '../generated/mapped-members.js';
import {
  documentSchemaSentShape,
  documentSentShape,
  emailSubmissionSentShape,
} from '../generated/mapped-shapes.js';
import type { components } from '../generated/openapi.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  resourceMembers,
} from './common.js';
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

/** Schema of {@link MappedDocument}. */
export const MappedDocumentSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('document'),
    name: built(z.string()),
    documentType: built(z.string()),
    source: built(openEnum(DOCUMENT_SOURCE_VALUES)),
    fileName: built(z.string()),
    classificationStatus: built(openEnum(DOCUMENT_PROCESSING_STATUS_VALUES)),
    extractionStatus: built(openEnum(DOCUMENT_PROCESSING_STATUS_VALUES)),
    ...documentSentShape,
  }),
);

type _DocumentAgrees = Assert<Agrees<MappedDocument, typeof MappedDocumentSchema>>;

/** An email that brought documents in. */
export interface MappedEmailSubmission extends MappedResourceBase, EmailSubmissionSentMembers {
  type: 'email_submission';
  subject: string | null;
  from: string[] | null;
  to: string[] | null;
  sentAt: string | null;
}

/** Schema of {@link MappedEmailSubmission}. */
export const MappedEmailSubmissionSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('email_submission'),
    subject: built(z.string()),
    from: built(z.array(z.string())),
    to: built(z.array(z.string())),
    sentAt: built(z.string()),
    ...emailSubmissionSentShape,
  }),
);

type _EmailAgrees = Assert<Agrees<MappedEmailSubmission, typeof MappedEmailSubmissionSchema>>;

/** The JSON Schema the service extracts one document type by. */
export interface MappedDocumentTypeSchema extends MappedResourceBase, DocumentSchemaSentMembers {
  type: 'document_schema';
  documentType: string | null;
  label: string | null;
  schemaFormat: OpenEnum<Schemas['DocumentSchemaFormat']> | null;
  schemaPayload: Record<string, unknown> | null;
}

/** Schema of {@link MappedDocumentTypeSchema}. */
export const MappedDocumentTypeSchemaSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('document_schema'),
    documentType: built(z.string()),
    label: built(z.string()),
    schemaFormat: built(openEnum(DOCUMENT_SCHEMA_FORMAT_VALUES)),
    schemaPayload: built(z.record(z.string(), z.unknown())),
    ...documentSchemaSentShape,
  }),
);

type _SchemaAgrees = Assert<
  Agrees<MappedDocumentTypeSchema, typeof MappedDocumentTypeSchemaSchema>
>;

/** One document type the service classifies into. */
export interface DocumentTypeEntry {
  code: string;
  label: string;
}

/** Schema of {@link DocumentTypeEntry}. */
export const DocumentTypeEntrySchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ code: z.string(), label: z.string() }),
);

/** Where to download a document's file (the link expires: fetch it soon). */
export interface MappedDocumentDownloadUrl {
  downloadUrl: string;
}

/** Schema of {@link MappedDocumentDownloadUrl}. */
export const MappedDocumentDownloadUrlSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ downloadUrl: z.string() }),
);

/** The answer to re-extract, re-classify, re-link and rotate: the work was queued. */
export interface MappedDocumentActionAccepted {
  /** `accepted`; `null` when the service did not say. */
  status: OpenEnum<Schemas['DocumentActionStatus']> | null;
}

/** Schema of {@link MappedDocumentActionAccepted}. */
export const MappedDocumentActionAcceptedSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ status: built(openEnum(DOCUMENT_ACTION_STATUS_VALUES)) }),
);
