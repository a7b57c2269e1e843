/**
 * The files of the mock, bounded: a file larger than `maxFileBytes` is
 * refused, and so is any upload that would take the bytes kept (uploads and
 * documents of every account together) past `maxStoredBytes`. A file's bytes
 * are dropped when its document is deleted, so memory never grows without
 * limit however long the mock runs.
 */
import { hashBytes, type IdGenerator } from '../ids.js';
import type { AccountRecord, Millis } from '../records.js';
import type { BlobRecord } from './records.js';

/** The limits of the document store; every member has a default. */
export interface DocumentLimits {
  /** Largest file accepted, in bytes. Default 10 MiB. */
  maxFileBytes: number;
  /** Most documents one account keeps (deleted ones do not count). Default 200. */
  maxDocumentsPerAccount: number;
  /** Most bytes of files kept in all, uploads and documents of every account. Default 256 MiB. */
  maxStoredBytes: number;
  /** How long a download URL stays valid, in seconds of mock time. Default 300. */
  downloadUrlTtlSeconds: number;
}

/** The default {@link DocumentLimits}. */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = {
  maxFileBytes: 10 * 1024 * 1024,
  maxDocumentsPerAccount: 200,
  maxStoredBytes: 256 * 1024 * 1024,
  downloadUrlTtlSeconds: 300,
};

/** Checks limits given as options: positive integers, or a `TypeError` naming the bad one. */
export function documentLimits(overrides: Partial<DocumentLimits> = {}): DocumentLimits {
  const limits = { ...DEFAULT_DOCUMENT_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new TypeError(`documents.${name} must be a positive integer; got ${String(value)}.`);
    }
  }
  return limits;
}

/** Why an upload was refused; `status` is what the upload endpoint answers. */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError';

  constructor(
    readonly status: 413 | 422 | 507,
    readonly code: 'too_large' | 'blank' | 'storage_full',
    message: string,
  ) {
    super(message);
  }
}

/** A file to upload. */
export interface UploadInput {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The uploaded files of every account, within the limits. */
export class BlobStore {
  private readonly blobs = new Map<string, BlobRecord>();
  private storedBytes = 0;

  constructor(
    readonly limits: DocumentLimits,
    private readonly ids: () => IdGenerator,
  ) {}

  /** Keeps a file for the account and returns it with its signed id (its `attached_document`). */
  upload(account: AccountRecord, input: UploadInput, now: Millis): BlobRecord {
    const size = input.bytes.byteLength;
    if (size === 0)
      throw new UploadRefusedError(422, 'blank', 'The file is empty; send its bytes as the body.');
    if (size > this.limits.maxFileBytes) {
      throw new UploadRefusedError(
        413,
        'too_large',
        `The file is ${size} bytes; this mock accepts files up to ${this.limits.maxFileBytes} bytes (option documents.maxFileBytes).`,
      );
    }
    if (this.storedBytes + size > this.limits.maxStoredBytes) {
      throw new UploadRefusedError(
        507,
        'storage_full',
        `Keeping this file would take the mock past ${this.limits.maxStoredBytes} stored bytes (option documents.maxStoredBytes). Delete documents, or reset the mock.`,
      );
    }
    const blob: BlobRecord = {
      signedId: `blob_${this.ids().next().replaceAll('-', '')}`,
      accountId: account.id,
      fileName: input.fileName,
      contentType: input.contentType,
      bytes: input.bytes,
      checksum: hashBytes(input.bytes),
      createdAt: now,
    };
    this.blobs.set(blob.signedId, blob);
    this.storedBytes += size;
    return blob;
  }

  /** The account's upload with that signed id, if any. */
  find(account: AccountRecord, signedId: string): BlobRecord | undefined {
    const blob = this.blobs.get(signedId);
    return blob?.accountId === account.id ? blob : undefined;
  }

  /** Drops a file's bytes (its document was deleted). */
  release(blob: BlobRecord): void {
    if (this.blobs.delete(blob.signedId)) this.storedBytes -= blob.bytes.byteLength;
  }

  /** Bytes kept now, for the control API and tests. */
  get bytesStored(): number {
    return this.storedBytes;
  }

  /** Forgets every file (reset). */
  clear(): void {
    this.blobs.clear();
    this.storedBytes = 0;
  }
}
