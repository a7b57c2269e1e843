import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { optionalText, requireText, shown } from '../core/arguments.js';
import { InvalidArgumentError } from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { SpecSchema } from '../core/operation.js';
import { ROTATION_DEGREES_VALUES } from '../generated/enums.js';
import type { ListDocumentsFilter, ListDocumentsParams } from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { DocumentsBase } from '../generated/resources/documents.js';
import { mapActionAccepted } from '../mapped/document-answers.js';
import type {
  MappedDocument,
  MappedDocumentActionAccepted,
  RotationDegrees,
} from '../mapped/documents.js';
import type { IncludeOf } from './shared.js';

/** What `include` accepts on documents: `shipments`, `cargos`, `email_submission`. */
export type DocumentInclude = IncludeOf<'listDocuments'>;
/** How `documents.list` sorts: a member, `-` first for descending. */
export type DocumentSort = SpecSchema<'DocumentSort'>;

/** Filters of `documents.list`, sent as `filter[...]`; an unknown one is an error, never dropped. */
export interface DocumentFilter extends ListDocumentsFilter {}

/** Parameters of `documents.list`. */
export interface DocumentListParams<F extends ResponseFormat> extends ListDocumentsParams<F> {}

/** What `documents.create` sends: a name and the id of an uploaded file. */
export interface DocumentCreate {
  name: string;
  /** The id of the uploaded file (an attached blob). */
  attachedDocument: string;
}

/** What `documents.update` changes; members left out are not changed. */
export interface DocumentUpdate {
  /** The document type you set (a code of `documents.types()`). */
  documentTypeManual?: string;
  /** Corrected extracted data; `null` clears your corrections. */
  extractedDataManual?: Record<string, unknown> | null;
}

/**
 * `client.documents`: bills of lading, invoices and other papers, with what
 * the service reads from them.
 */
export class Documents<DF extends ResponseFormat> extends DocumentsBase<DF> {
  /**
   * Creates a named document from an uploaded file (`POST /documents`).
   * Not retried after a failure the service may have acted on; a file that
   * already is a document throws `ConflictError` with `existingId`.
   */
  create<F extends ResponseFormat = DF>(
    document: DocumentCreate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawDocumentDocument, MappedDocument>> {
    const call = 'documents.create';
    return this.core.one('createDocument', {
      options,
      extra,
      body: () => ({
        data: {
          type: 'document',
          attributes: {
            name: requireText(call, 'name', document?.name, 'the name to show for the document'),
            attached_document: requireText(
              call,
              'attachedDocument',
              document?.attachedDocument,
              'the id of the uploaded file',
            ),
          },
        },
      }),
    });
  }

  /** Sets a document's type or corrects its extracted data (`PATCH /documents/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: DocumentUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawDocumentDocument, MappedDocument>> {
    return this.core.one('updateDocument', {
      path: { id },
      options,
      extra,
      body: () => {
        const { documentTypeManual, extractedDataManual } = changes ?? {};
        if (documentTypeManual === undefined && extractedDataManual === undefined) {
          throw new InvalidArgumentError(
            'changes',
            'documents.update needs `changes` with `documentTypeManual` and/or `extractedDataManual`. Nothing was sent.',
          );
        }
        return {
          data: {
            type: 'document',
            id: id.trim(),
            attributes: {
              document_type_manual: optionalText(
                'documents.update',
                'changes.documentTypeManual',
                documentTypeManual,
                'a document type code (see documents.types())',
              ),
              // Safe: the spec's schema is any JSON object, which openapi-typescript narrows to an empty record.
              extracted_data_manual: extractedDataManual as
                | Record<string, never>
                | null
                | undefined,
            },
          },
        };
      },
    });
  }

  /**
   * Rotates an image document clockwise (`POST /documents/{id}/rotate`) by
   * 90, 180 or 270 degrees; any other angle is an `InvalidArgumentError`
   * and nothing is sent. A document that is not an image answers 422
   * (`not_rotatable`), one without a file `DocumentNotAttachedError`.
   */
  rotate<F extends ResponseFormat = DF>(
    id: string,
    degrees: RotationDegrees,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawDocumentActionAccepted, MappedDocumentActionAccepted>> {
    return this.core.plain(
      'rotateDocument',
      {
        path: { id },
        options,
        extra,
        body: () => {
          const allowed = ROTATION_DEGREES_VALUES.find((value) => value === degrees);
          if (allowed === undefined) {
            throw new InvalidArgumentError(
              'degrees',
              `documents.rotate: \`degrees\` must be ${ROTATION_DEGREES_VALUES.join(', ')} (clockwise); got ${shown(degrees)}. Nothing was sent.`,
            );
          }
          return { degrees: allowed };
        },
      },
      mapActionAccepted,
    );
  }
}
