/** Schemas of documents, document schemas and email submissions (`../documents.ts`). */
import * as z from 'zod';
import {
  DOCUMENT_ACTION_STATUS_VALUES,
  DOCUMENT_PROCESSING_STATUS_VALUES,
  DOCUMENT_SCHEMA_FORMAT_VALUES,
  DOCUMENT_SOURCE_VALUES,
} from '../../generated/enums.js';
import {
  documentSchemaSentShape,
  documentSentShape,
  emailSubmissionSentShape,
} from '../../generated/mapped-shapes.js';
import type {
  DocumentTypeEntry,
  MappedDocument,
  MappedDocumentActionAccepted,
  MappedDocumentDownloadUrl,
  MappedDocumentTypeSchema,
  MappedEmailSubmission,
} from '../documents.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  resourceSchema,
} from './common.js';

/** Schema of {@link MappedDocument}. */
export const MappedDocumentSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('document', {
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

/** Schema of {@link MappedEmailSubmission}. */
export const MappedEmailSubmissionSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('email_submission', {
    subject: built(z.string()),
    from: built(z.array(z.string())),
    to: built(z.array(z.string())),
    sentAt: built(z.string()),
    ...emailSubmissionSentShape,
  }),
);

type _EmailAgrees = Assert<Agrees<MappedEmailSubmission, typeof MappedEmailSubmissionSchema>>;

/** Schema of {@link MappedDocumentTypeSchema}. */
export const MappedDocumentTypeSchemaSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('document_schema', {
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

/** Schema of {@link DocumentTypeEntry}. */
export const DocumentTypeEntrySchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ code: z.string(), label: z.string() }),
);

/** Schema of {@link MappedDocumentDownloadUrl}. */
export const MappedDocumentDownloadUrlSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ downloadUrl: z.string() }),
);

/** Schema of {@link MappedDocumentActionAccepted}. */
export const MappedDocumentActionAcceptedSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ status: built(openEnum(DOCUMENT_ACTION_STATUS_VALUES)) }),
);
