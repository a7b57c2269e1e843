/**
 * Documents of an account: made from an uploaded file (one document per
 * file: the same file again is a 409 naming the first), bounded per account,
 * edited, deleted (which drops the file's bytes), and worked on in the
 * background (`processing.ts`). Operations that need the file answer "No
 * document attached" for a document without one; only images rotate.
 */
import { ROTATION_DEGREES_VALUES } from '@shiptrack/sdk/spec';
import type { EngineContext } from '../context.js';
import {
  DuplicateRecordError,
  InvalidInputError,
  RecordNotFoundError,
  StateConflictError,
} from '../problems.js';
import type { AccountRecord, JsonValue } from '../records.js';
import { SECOND } from '../time.js';
import { BlobStore, type DocumentLimits, documentLimits, type UploadInput } from './blob-store.js';
import { DownloadSigner, type SignedParts } from './download-links.js';
import { DocumentProcessing, PROCESSING_MS } from './processing.js';
import { DOCUMENT_TYPES } from './reading.js';
import type { BlobRecord, DocumentRecord } from './records.js';
import { DocumentTables } from './tables.js';

/** What a client may change on a document. */
export interface DocumentChanges {
  documentTypeManual?: string;
  extractedDataManual?: Record<string, JsonValue> | null;
}

/** A document as it arrives: its name, source and file (or none), and the email it came by. */
export type ArrivingDocument = Pick<
  DocumentRecord,
  'name' | 'source' | 'blob' | 'emailSubmissionId'
> & {
  /** The file's name when no blob carries it. */
  fileName?: string | null;
};

/** The documents service of the engine. */
export class Documents {
  readonly tables = new DocumentTables();
  readonly blobs: BlobStore;
  readonly limits: DocumentLimits;
  private readonly processing: DocumentProcessing;
  private readonly signer = new DownloadSigner();

  constructor(
    private readonly ctx: EngineContext,
    limits: Partial<DocumentLimits> = {},
  ) {
    this.limits = documentLimits(limits);
    this.blobs = new BlobStore(this.limits, () => ctx.ids);
    this.processing = new DocumentProcessing(ctx, this.tables);
  }

  /** Keeps an uploaded file for the account; its `signedId` is what `attached_document` names. */
  upload(account: AccountRecord, input: UploadInput): BlobRecord {
    return this.blobs.upload(account, input, this.ctx.clock.now());
  }

  /** Makes a document from an upload of the account; classification and extraction follow. */
  create(
    account: AccountRecord,
    input: { name: string; attachedDocument: string },
  ): DocumentRecord {
    const blob = this.blobs.find(account, input.attachedDocument, this.ctx.clock.now());
    if (blob === undefined) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/attached_document',
          code: 'invalid',
          detail: `names no uploaded file of this account ("${input.attachedDocument}"), or one that expired unused (after documents.pendingUploadTtlSeconds of mock time). Upload the file first (POST /_mock/uploads on the mock) and pass its signed id.`,
        },
      ]);
    }
    const existing = this.liveDocuments(account).find(
      (document) => document.blob?.checksum === blob.checksum,
    );
    if (existing !== undefined) {
      throw new DuplicateRecordError(
        `This file is already the document "${existing.name}" (${existing.id}). Use that document, or delete it first.`,
        { existing_document_id: existing.id, existing_document_name: existing.name },
      );
    }
    if (this.tables.documentIdsOf(account.id).length >= this.limits.maxDocumentsPerAccount) {
      throw new InvalidInputError([
        {
          pointer: '/data',
          code: 'limit_reached',
          detail: `cannot be stored: this account keeps ${this.limits.maxDocumentsPerAccount} documents, the most this mock allows (option documents.maxDocumentsPerAccount). Delete documents first.`,
        },
      ]);
    }
    const document = this.add(account, {
      name: input.name,
      source: 'api',
      blob,
      emailSubmissionId: null,
    });
    this.processing.classify(document);
    this.processing.extract(document, PROCESSING_MS);
    return document;
  }

  /** Adds a document as it arrived (datasets use it for emailed documents). */
  add(account: AccountRecord, input: ArrivingDocument): DocumentRecord {
    const now = this.ctx.clock.now();
    const document: DocumentRecord = {
      id: this.ctx.ids.next(),
      accountId: account.id,
      name: input.name,
      source: input.source,
      blob: input.blob,
      fileName: input.blob?.fileName ?? input.fileName ?? null,
      documentType: null,
      documentTypeManual: null,
      classificationNotes: null,
      classificationStatus: input.blob === null ? 'failed' : 'pending',
      extractionStatus: input.blob === null ? 'failed' : 'pending',
      extractedData: null,
      extractedDataManual: null,
      quarterTurns: 0,
      representationId: input.blob === null ? null : this.ctx.ids.next(),
      shipmentIds: [],
      containerIds: [],
      userId: input.source === 'api' ? null : account.userId,
      emailSubmissionId: input.emailSubmissionId,
      createdAt: now,
      updatedAt: now,
    };
    this.tables.addDocument(document);
    if (input.blob !== null) this.blobs.attach(input.blob);
    return document;
  }

  /**
   * Adds a document that arrived and was processed before now (datasets use
   * it for emailed documents): classified and extracted at once.
   */
  receive(account: AccountRecord, input: ArrivingDocument): DocumentRecord {
    const document = this.add(account, input);
    this.processing.classifyNow(document);
    this.processing.extractNow(document);
    return document;
  }

  /** The account's document with that id; 404 otherwise. */
  get(account: AccountRecord, id: string): DocumentRecord {
    const document = this.tables.documents.get(id.toLowerCase());
    if (document === undefined || document.accountId !== account.id) {
      throw new RecordNotFoundError(
        `No document with id ${id} exists in this account. List GET /documents to find a valid id.`,
      );
    }
    return document;
  }

  /** The account's documents, oldest first. */
  liveDocuments(account: AccountRecord): DocumentRecord[] {
    return this.tables
      .documentIdsOf(account.id)
      .flatMap((id) => this.tables.documents.get(id) ?? []);
  }

  /** Sets the manual type (a code of the document types) and the manual data; links follow the data. */
  update(document: DocumentRecord, changes: DocumentChanges): void {
    const type = changes.documentTypeManual;
    if (type !== undefined && !DOCUMENT_TYPES.some((known) => known.code === type)) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/document_type_manual',
          code: 'inclusion',
          detail: `must be a code of GET /documents/types (${DOCUMENT_TYPES.map((t) => t.code).join(', ')}); got "${type}".`,
        },
      ]);
    }
    if (type !== undefined) document.documentTypeManual = type;
    if (changes.extractedDataManual !== undefined) {
      document.extractedDataManual = changes.extractedDataManual;
      this.processing.relink(document);
    }
    document.updatedAt = this.ctx.clock.now();
  }

  /** Discards a document and drops its file's bytes. */
  delete(document: DocumentRecord): void {
    this.tables.removeDocument(document);
    if (document.blob !== null) this.blobs.release(document.blob);
  }

  /** Runs extraction again (422 "No document attached" without a file). */
  reextract(document: DocumentRecord): void {
    this.requireFile(document);
    this.processing.extract(document);
    document.updatedAt = this.ctx.clock.now();
  }

  /** Runs classification again (422 "No document attached" without a file). */
  reclassify(document: DocumentRecord): void {
    this.requireFile(document);
    this.processing.classify(document);
    document.updatedAt = this.ctx.clock.now();
  }

  /** Links the document again to what its data names. */
  relink(document: DocumentRecord): void {
    this.processing.relink(document);
  }

  /**
   * Queues a clockwise rotation: only 90, 180 or 270 degrees ("Invalid
   * rotation" otherwise), only for a document with a file that is an image.
   */
  rotate(document: DocumentRecord, degrees: unknown): void {
    const allowed = ROTATION_DEGREES_VALUES.find((value) => value === degrees);
    if (allowed === undefined) {
      throw new InvalidInputError(
        [
          {
            pointer: '/degrees',
            code: 'invalid_rotation',
            detail: `must be 90, 180 or 270 (degrees clockwise); got ${JSON.stringify(degrees) ?? 'nothing'}.`,
          },
        ],
        { title: 'Invalid rotation' },
      );
    }
    const blob = this.requireFile(document);
    if (!blob.contentType.toLowerCase().startsWith('image/')) {
      throw new StateConflictError(
        'Unprocessable Entity',
        'not_rotatable',
        `Only image documents rotate; ${document.id} is ${blob.contentType}.`,
      );
    }
    this.processing.rotate(document, allowed);
  }

  /** A presigned URL of the document's file, valid for `downloadUrlTtlSeconds` of mock time. */
  downloadUrl(document: DocumentRecord, root: string): Promise<string> {
    const blob = this.requireFile(document);
    const expiresAt = this.ctx.clock.now() + this.limits.downloadUrlTtlSeconds * SECOND;
    return this.signer.url(root, document.id, blob.fileName, expiresAt);
  }

  /**
   * The file a download URL names, or why it is refused: `expired` (its time
   * passed on the mock clock), `invalid` (not signed by this mock, or any
   * part changed: id, file name, expiry) or `gone` (the document was deleted
   * since).
   */
  async download(
    link: SignedParts & { signature: string },
  ): Promise<BlobRecord | 'expired' | 'invalid' | 'gone'> {
    if (!Number.isSafeInteger(link.expires) || !(await this.signer.verify(link, link.signature))) {
      return 'invalid';
    }
    if (this.ctx.clock.now() > link.expires * SECOND) return 'expired';
    return this.tables.documents.get(link.documentId)?.blob ?? 'gone';
  }

  /** Forgets every document, email and file (reset). */
  clear(): void {
    this.tables.clear();
    this.blobs.clear();
    this.processing.clear();
  }

  private requireFile(document: DocumentRecord): BlobRecord {
    if (document.blob === null) {
      throw new StateConflictError(
        'No document attached',
        'no_document_attached',
        `Document ${document.id} has no file to work on. Create a document from an uploaded file instead.`,
      );
    }
    return document.blob;
  }
}
