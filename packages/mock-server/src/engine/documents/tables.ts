/**
 * The tables of documents and email submissions, with each account's ids in
 * creation order so lists never walk another account's records.
 */
import type { DocumentRecord, EmailSubmissionRecord } from './records.js';

/** Documents and email submissions of every account. */
export class DocumentTables {
  readonly documents = new Map<string, DocumentRecord>();
  readonly emailSubmissions = new Map<string, EmailSubmissionRecord>();
  private readonly documentIds = new Map<string, string[]>();
  private readonly submissionIds = new Map<string, string[]>();

  /** The account's document ids, oldest first. */
  documentIdsOf(accountId: string): readonly string[] {
    return this.documentIds.get(accountId) ?? [];
  }

  /** The account's email submission ids, oldest first. */
  submissionIdsOf(accountId: string): readonly string[] {
    return this.submissionIds.get(accountId) ?? [];
  }

  /** Adds a document. */
  addDocument(record: DocumentRecord): void {
    this.documents.set(record.id, record);
    listOf(this.documentIds, record.accountId).push(record.id);
  }

  /** Removes a document (and its place in its email submission). */
  removeDocument(record: DocumentRecord): void {
    this.documents.delete(record.id);
    const ids = listOf(this.documentIds, record.accountId);
    ids.splice(ids.indexOf(record.id), 1);
    const submission =
      record.emailSubmissionId === null
        ? undefined
        : this.emailSubmissions.get(record.emailSubmissionId);
    if (submission !== undefined) {
      submission.documentIds = submission.documentIds.filter((id) => id !== record.id);
    }
  }

  /** Adds an email submission. */
  addEmailSubmission(record: EmailSubmissionRecord): void {
    this.emailSubmissions.set(record.id, record);
    listOf(this.submissionIds, record.accountId).push(record.id);
  }

  /** Forgets everything (reset). */
  clear(): void {
    this.documents.clear();
    this.emailSubmissions.clear();
    this.documentIds.clear();
    this.submissionIds.clear();
  }
}

function listOf(map: Map<string, string[]>, accountId: string): string[] {
  let list = map.get(accountId);
  if (list === undefined) {
    list = [];
    map.set(accountId, list);
  }
  return list;
}
