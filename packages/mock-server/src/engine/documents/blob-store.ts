/**
 * The files of the mock, bounded per account so that no account can fill
 * the store of another: a file larger than `maxFileBytes` is refused, and so
 * is an upload that would take the account's bytes (its uploads and
 * documents together) past `maxStoredBytesPerAccount` or its uploads not yet
 * made into a document past `maxPendingUploadsPerAccount`. Such a pending
 * upload expires `pendingUploadTtlSeconds` after it was made, on the mock
 * clock; a file's bytes are dropped when its document is deleted. Memory
 * stays bounded however long the mock runs.
 */
import { hashBytes, type IdGenerator } from '../ids.js';
import type { AccountRecord, Millis } from '../records.js';
import { SECOND } from '../time.js';
import type { BlobRecord } from './records.js';

/** The limits of the document store, each per account; every member has a default. */
export interface DocumentLimits {
  /** Largest file accepted, in bytes. Default 10 MiB. */
  maxFileBytes: number;
  /** Most documents one account keeps (deleted ones do not count). Default 200. */
  maxDocumentsPerAccount: number;
  /** Most bytes of files one account keeps, its uploads and documents together. Default 64 MiB. */
  maxStoredBytesPerAccount: number;
  /** Most uploads one account keeps that are not (yet) a document. Default 20. */
  maxPendingUploadsPerAccount: number;
  /** How long an upload that is not made into a document is kept, in seconds of mock time. Default 3600. */
  pendingUploadTtlSeconds: number;
  /** How long a download URL stays valid, in seconds of mock time. Default 300. */
  downloadUrlTtlSeconds: number;
}

/** The default {@link DocumentLimits}. */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = {
  maxFileBytes: 10 * 1024 * 1024,
  maxDocumentsPerAccount: 200,
  maxStoredBytesPerAccount: 64 * 1024 * 1024,
  maxPendingUploadsPerAccount: 20,
  pendingUploadTtlSeconds: 3600,
  downloadUrlTtlSeconds: 300,
};

/** Checks limits given as options: known names, positive integers, or a `TypeError` naming the bad one. */
export function documentLimits(overrides: Partial<DocumentLimits> = {}): DocumentLimits {
  const names = Object.keys(DEFAULT_DOCUMENT_LIMITS);
  for (const [name, value] of Object.entries(overrides)) {
    if (!names.includes(name)) {
      throw new TypeError(`documents.${name} is not a limit of the mock; use ${names.join(', ')}.`);
    }
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new TypeError(`documents.${name} must be a positive integer; got ${String(value)}.`);
    }
  }
  return { ...DEFAULT_DOCUMENT_LIMITS, ...overrides };
}

/** Why an upload was refused; `status` is what the upload endpoint answers. */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError';

  constructor(
    readonly status: 413 | 422 | 507,
    readonly code: 'too_large' | 'blank' | 'storage_full' | 'too_many_pending_uploads',
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

/** What one account keeps. */
interface AccountFiles {
  bytes: number;
  /** Signed ids of its uploads that no document holds, oldest first. */
  pending: Set<string>;
}

/** The uploaded files of every account, each account within its own limits. */
export class BlobStore {
  private readonly blobs = new Map<string, BlobRecord>();
  private readonly accounts = new Map<string, AccountFiles>();

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
    const files = this.filesOf(account.id, now);
    const expiry = `an upload that is not made into a document is dropped ${this.limits.pendingUploadTtlSeconds} s after it was made (mock clock; option documents.pendingUploadTtlSeconds)`;
    if (files.pending.size >= this.limits.maxPendingUploadsPerAccount) {
      throw new UploadRefusedError(
        507,
        'too_many_pending_uploads',
        `This account has ${files.pending.size} uploads that are not a document yet, the most this mock keeps (option documents.maxPendingUploadsPerAccount). Create documents from them (POST /v2/documents), or wait: ${expiry}.`,
      );
    }
    if (files.bytes + size > this.limits.maxStoredBytesPerAccount) {
      throw new UploadRefusedError(
        507,
        'storage_full',
        `Keeping this file would take this account past ${this.limits.maxStoredBytesPerAccount} stored bytes (option documents.maxStoredBytesPerAccount). Delete documents, or wait: ${expiry}.`,
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
    files.bytes += size;
    files.pending.add(blob.signedId);
    return blob;
  }

  /** The account's upload with that signed id, if any (a pending upload past its time is gone). */
  find(account: AccountRecord, signedId: string, now: Millis): BlobRecord | undefined {
    this.filesOf(account.id, now);
    const blob = this.blobs.get(signedId);
    return blob?.accountId === account.id ? blob : undefined;
  }

  /** Marks an upload as held by a document: it no longer expires or counts as pending. */
  attach(blob: BlobRecord): void {
    this.accounts.get(blob.accountId)?.pending.delete(blob.signedId);
  }

  /** Drops a file's bytes (its document was deleted, or it expired). */
  release(blob: BlobRecord): void {
    if (!this.blobs.delete(blob.signedId)) return;
    const files = this.accounts.get(blob.accountId);
    if (files === undefined) return;
    files.bytes -= blob.bytes.byteLength;
    files.pending.delete(blob.signedId);
  }

  /** Forgets every file (reset). */
  clear(): void {
    this.blobs.clear();
    this.accounts.clear();
  }

  /** What the account keeps, once its pending uploads past their time are dropped. */
  private filesOf(accountId: string, now: Millis): AccountFiles {
    let files = this.accounts.get(accountId);
    if (files === undefined) {
      files = { bytes: 0, pending: new Set() };
      this.accounts.set(accountId, files);
    }
    const oldestKept = now - this.limits.pendingUploadTtlSeconds * SECOND;
    for (const signedId of files.pending) {
      const blob = this.blobs.get(signedId);
      // Oldest first: the first one still in time ends the sweep.
      if (blob !== undefined && blob.createdAt > oldestKept) break;
      if (blob !== undefined) this.release(blob);
      else files.pending.delete(signedId);
    }
    return files;
  }
}
