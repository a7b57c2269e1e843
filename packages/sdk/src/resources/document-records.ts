/** The records around documents: the schemas data is extracted by, and the emails documents come in. */
import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  GetEmailSubmissionParams,
  ListEmailSubmissionsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import type { MappedDocumentTypeSchema, MappedEmailSubmission } from '../mapped/documents.js';
import { type IncludeOf, Resource } from './shared.js';

/** What `include` accepts on email submissions: `documents`. */
export type EmailSubmissionInclude = IncludeOf<'listEmailSubmissions'>;

/** Parameters of `emailSubmissions.list`. */
export interface EmailSubmissionListParams<F extends ResponseFormat>
  extends ListEmailSubmissionsParams<F> {}

/** `client.documentSchemas`: the JSON Schema each document type is extracted by. */
export class DocumentSchemas<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a document schema (`GET /document_schemas/{id}`), by id or document type code. */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawDocumentSchemaDocument, MappedDocumentTypeSchema>> {
    return this.core.one('getDocumentSchema', { path: { id }, options, extra });
  }
}

/** `client.emailSubmissions`: the emails that brought documents in. */
export class EmailSubmissions<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists email submissions (`GET /email_submissions`); `include: ['documents']` adds their documents. */
  list<F extends ResponseFormat = DF>(
    params: EmailSubmissionListParams<F> = {},
    ...extra: never[]
  ): PagePromise<
    Formatted<F, raw.RawEmailSubmission, MappedEmailSubmission>,
    raw.RawEmailSubmissionListDocument
  > {
    return this.core.list('listEmailSubmissions', { options: params, extra });
  }

  /** Gets one email submission (`GET /email_submissions/{id}`). */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: GetEmailSubmissionParams<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawEmailSubmissionDocument, MappedEmailSubmission>> {
    return this.core.one('getEmailSubmission', { path: { id }, options, extra });
  }
}
