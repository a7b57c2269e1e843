/**
 * The service's background work on documents, on the mock clock: a job is
 * `pending` when asked for, `processing` half-way and `completed` at the end
 * (classification sets `document_type`; extraction sets `extracted_data` and
 * links the document to the shipments and containers it mentions). Asking
 * again restarts a job: only the latest request of a kind completes.
 */
import type { EngineContext } from '../context.js';
import type { JsonValue } from '../records.js';
import { SECOND } from '../time.js';
import { classify, DOCUMENT_TYPES, extractReferences, linkedRecords, textOf } from './reading.js';
import type { DocumentRecord } from './records.js';
import type { DocumentTables } from './tables.js';

/** How long a classification or extraction takes on the mock clock. */
export const PROCESSING_MS = 60 * SECOND;
/** How long re-linking and rotating take on the mock clock. */
export const QUICK_JOB_MS = 10 * SECOND;

type JobKind = 'classification' | 'extraction' | 'linking';

/** Runs classification, extraction, linking and rotation of documents on the clock. */
export class DocumentProcessing {
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly tables: DocumentTables,
  ) {}

  /** Classifies the document's file after `delayMs` (then {@link PROCESSING_MS}). */
  classify(document: DocumentRecord, delayMs = 0): void {
    document.classificationStatus = 'pending';
    this.run(document, 'classification', delayMs, (current) => this.classifyNow(current));
  }

  /** Extracts the numbers the file mentions after `delayMs`, then links the document. */
  extract(document: DocumentRecord, delayMs = 0): void {
    document.extractionStatus = 'pending';
    this.run(document, 'extraction', delayMs, (current) => this.extractNow(current));
  }

  /** Classifies the file at once (the type from its name and text). */
  classifyNow(document: DocumentRecord): void {
    const blob = document.blob;
    if (blob === null) return;
    const code = classify(blob.fileName, textOf(blob.bytes));
    const label = DOCUMENT_TYPES.find((type) => type.code === code)?.label ?? code;
    document.documentType = code;
    document.classificationNotes = `Read as ${label.toLowerCase()} from the file name and text.`;
    document.classificationStatus = 'completed';
  }

  /** Extracts at once the numbers the file mentions, then links the document. */
  extractNow(document: DocumentRecord): void {
    const blob = document.blob;
    if (blob === null) return;
    const references = extractReferences(this.ctx.store, document.accountId, textOf(blob.bytes));
    document.extractedData = { ...references };
    document.extractionStatus = 'completed';
    this.link(document);
  }

  /** Links the document again to what its data names, after {@link QUICK_JOB_MS}. */
  relink(document: DocumentRecord): void {
    this.schedule(document, 'linking', QUICK_JOB_MS, (current) => this.link(current));
  }

  /** Turns the file clockwise after {@link QUICK_JOB_MS}: a new rendition of it. */
  rotate(document: DocumentRecord, degrees: 90 | 180 | 270): void {
    const turns = degrees / 90;
    // Rotations add up: each request is applied, not only the latest (so no generation check).
    this.ctx.clock.schedule(
      this.ctx.clock.now() + QUICK_JOB_MS,
      () => {
        const current = this.tables.documents.get(document.id);
        if (current === undefined) return;
        current.quarterTurns = (current.quarterTurns + turns) % 4;
        current.representationId = this.ctx.ids.next();
        current.updatedAt = this.ctx.clock.now();
      },
      `rotate document ${document.id}`,
    );
  }

  private link(document: DocumentRecord): void {
    const data: Record<string, JsonValue> | null =
      document.extractedDataManual ?? document.extractedData;
    const links = linkedRecords(this.ctx.store, document.accountId, data);
    document.shipmentIds = links.shipmentIds;
    document.containerIds = links.containerIds;
    document.updatedAt = this.ctx.clock.now();
  }

  /** A two-step job: `processing` half-way, `done` at the end. */
  private run(
    document: DocumentRecord,
    kind: 'classification' | 'extraction',
    delayMs: number,
    done: (current: DocumentRecord) => void,
  ): void {
    const statusKey = kind === 'classification' ? 'classificationStatus' : 'extractionStatus';
    this.schedule(document, kind, delayMs + PROCESSING_MS / 2, (current) => {
      current[statusKey] = 'processing';
      current.updatedAt = this.ctx.clock.now();
      this.schedule(current, kind, PROCESSING_MS / 2, (last) => {
        done(last);
        last.updatedAt = this.ctx.clock.now();
      });
    });
  }

  /** Schedules a job of a kind; a later job of the same kind supersedes it. */
  private schedule(
    document: DocumentRecord,
    kind: JobKind,
    delayMs: number,
    job: (current: DocumentRecord) => void,
  ): void {
    const key = `${document.id}:${kind}`;
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    this.ctx.clock.schedule(
      this.ctx.clock.now() + delayMs,
      () => {
        const current = this.tables.documents.get(document.id);
        if (current === undefined || this.generations.get(key) !== generation) return;
        job(current);
      },
      `${kind} of document ${document.id}`,
    );
  }

  /** Forgets job generations (reset; the clock drops the jobs themselves). */
  clear(): void {
    this.generations.clear();
  }
}
