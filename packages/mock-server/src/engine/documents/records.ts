/**
 * The stored records of documents: uploaded files (blobs), documents made
 * from them, and the emails documents arrive with. Times are epoch ms on the
 * mock clock.
 */
import type {
  DOCUMENT_PROCESSING_STATUS_VALUES,
  DOCUMENT_SOURCE_VALUES,
} from '@shiptrack/sdk/spec';
import type { JsonValue, Millis } from '../records.js';

/** How a document reached the service. */
export type DocumentSource = (typeof DOCUMENT_SOURCE_VALUES)[number];
/** State of a document's background classification or extraction. */
export type DocumentProcessingStatus = (typeof DOCUMENT_PROCESSING_STATUS_VALUES)[number];

/** An uploaded file, known by its signed id until a document is made from it. */
export interface BlobRecord {
  /** The opaque id a client passes as `attached_document`. */
  signedId: string;
  accountId: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** Hash of the bytes (`hashBytes`): two documents of one account never share a file. */
  checksum: string;
  createdAt: Millis;
}

/** A document of an account. */
export interface DocumentRecord {
  id: string;
  accountId: string;
  name: string;
  source: DocumentSource;
  /** The file; null when the document has none ("No document attached"). */
  blob: BlobRecord | null;
  /** The file name even when the file itself is gone (an email attachment that was not kept). */
  fileName: string | null;
  documentType: string | null;
  documentTypeManual: string | null;
  classificationNotes: string | null;
  classificationStatus: DocumentProcessingStatus;
  extractionStatus: DocumentProcessingStatus;
  extractedData: Record<string, JsonValue> | null;
  extractedDataManual: Record<string, JsonValue> | null;
  /** Clockwise quarter turns applied to the file so far (0-3). */
  quarterTurns: number;
  /** Rendition of the file with the rotations applied; a new one after each rotation. */
  representationId: string | null;
  shipmentIds: string[];
  containerIds: string[];
  userId: string | null;
  emailSubmissionId: string | null;
  createdAt: Millis;
  updatedAt: Millis;
}

/** An email forwarded to the document inbox. */
export interface EmailSubmissionRecord {
  id: string;
  accountId: string;
  subject: string;
  body: string | null;
  from: string[];
  to: string[];
  cc: string[];
  sentAt: Millis | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  contentType: string | null;
  userId: string | null;
  documentIds: string[];
  createdAt: Millis;
  updatedAt: Millis;
}
