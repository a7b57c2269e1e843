/** The records around documents: the schemas data is extracted by, and the emails documents come in. */
import type { ResponseFormat } from '../core/format.js';
import type { ListEmailSubmissionsParams } from '../generated/parameters.js';
import type { IncludeOf } from './shared.js';

/** `client.documentSchemas` and `client.emailSubmissions`: every method is generated from the spec. */
export { DocumentSchemas } from '../generated/resources/document-schemas.js';
export { EmailSubmissions } from '../generated/resources/email-submissions.js';

/** What `include` accepts on email submissions: `documents`. */
export type EmailSubmissionInclude = IncludeOf<'listEmailSubmissions'>;

/** Parameters of `emailSubmissions.list`. */
export interface EmailSubmissionListParams<F extends ResponseFormat>
  extends ListEmailSubmissionsParams<F> {}
