/** The mapped forms of the document answers that are plain JSON rather than JSON:API. */
import { objectOrNull, objectsOrNull, text } from './coerce.js';
import type {
  DocumentTypeEntry,
  MappedDocumentActionAccepted,
  MappedDocumentDownloadUrl,
} from './documents.js';

/** `GET /documents/types`: the list of `{ code, label }`, each kept as sent. */
export function mapDocumentTypes(body: unknown): DocumentTypeEntry[] {
  return (objectsOrNull(objectOrNull(body)?.document_types) ?? []).map((entry) => ({
    ...entry,
    code: text(entry.code) ?? '',
    label: text(entry.label) ?? '',
  }));
}

/** `GET /documents/{id}/download_url`: `{ downloadUrl }`. */
export function mapDownloadUrl(body: unknown): MappedDocumentDownloadUrl {
  return { downloadUrl: text(objectOrNull(body)?.download_url) ?? '' };
}

/** The `202` of re-extract, re-classify, re-link and rotate: `{ status }` as sent. */
export function mapActionAccepted(body: unknown): MappedDocumentActionAccepted {
  return { status: text(objectOrNull(body)?.status) };
}
