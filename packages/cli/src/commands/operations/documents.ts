import type { RotationDegrees } from '@shiptrack/sdk';
import {
  GET_DOCUMENT_OPTIONS,
  GET_EMAIL_SUBMISSION_OPTIONS,
  getDocumentArguments,
  getEmailSubmissionArguments,
  LIST_DOCUMENTS_OPTIONS,
  LIST_EMAIL_SUBMISSIONS_OPTIONS,
  listDocumentsArguments,
  listEmailSubmissionsArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { integer, jsonObject, required, text } from '../option-specs.js';
import { id } from './values.js';

/** An action on one document that the service queues (re-extract, re-classify, re-link). */
function queued(verb: 're-extract' | 're-classify' | 're-link', summary: string): Operation {
  return one({
    group: 'documents',
    verb,
    summary,
    example: `shiptrack documents ${verb} <id>`,
    args: id('document'),
    run: (client, a, _o, call) =>
      verb === 're-extract'
        ? client.documents.reExtract(a.id, call)
        : verb === 're-classify'
          ? client.documents.reClassify(a.id, call)
          : client.documents.reLink(a.id, call),
  });
}

/** `shiptrack documents ...`, `document-schemas` and `email-submissions`: one entry per SDK operation. */
export const DOCUMENT_OPERATIONS: readonly Operation[] = [
  list({
    group: 'documents',
    verb: 'list',
    summary: 'List documents (bills of lading, invoices, ...) with what was read from them',
    example: 'shiptrack documents list --sort -created_at --fields id,name,documentType',
    options: LIST_DOCUMENTS_OPTIONS,
    run: (client, _args, o, call) =>
      client.documents.list({ ...call, ...listDocumentsArguments(o) }),
  }),
  one({
    group: 'documents',
    verb: 'get',
    summary: 'Show one document',
    example: 'shiptrack documents get <id> --include shipments',
    args: id('document'),
    options: GET_DOCUMENT_OPTIONS,
    run: (client, a, o, call) =>
      client.documents.get(a.id, { ...call, ...getDocumentArguments(o) }),
  }),
  one({
    group: 'documents',
    verb: 'create',
    summary: 'Make a document of an uploaded file (the same file twice is refused, exit 5)',
    example: 'shiptrack documents create --name "Bill of lading" --attached-document <signed-id>',
    options: {
      name: required(text('the name to show', 'name')),
      attachedDocument: required(text('the id of the uploaded file', 'signed-id')),
    },
    run: (client, _args, o, call) =>
      client.documents.create({ name: o.name, attachedDocument: o.attachedDocument }, call),
  }),
  one({
    group: 'documents',
    verb: 'update',
    summary: "Set a document's type or correct what was read from it",
    example: 'shiptrack documents update <id> --document-type-manual bill_of_lading',
    args: id('document'),
    options: {
      documentTypeManual: text('a document type code (see `documents types`)', 'code'),
      extractedDataManual: jsonObject('corrected extracted data; null clears your corrections'),
    },
    run: (client, a, o, call) =>
      client.documents.update(
        a.id,
        { documentTypeManual: o.documentTypeManual, extractedDataManual: o.extractedDataManual },
        call,
      ),
  }),
  one({
    group: 'documents',
    verb: 'delete',
    summary: 'Delete a document',
    example: 'shiptrack documents delete <id>',
    args: id('document'),
    run: async (client, a, _o, call) => {
      await client.documents.delete(a.id, { signal: call.signal });
      return { id: a.id, deleted: true };
    },
  }),
  one({
    group: 'documents',
    verb: 'types',
    summary: 'List the document types the service classifies into',
    example: 'shiptrack documents types',
    run: (client, _args, _o, call) => client.documents.types(call),
  }),
  one({
    group: 'documents',
    verb: 'download-url',
    summary: "Show a short-lived link to a document's file",
    example:
      'curl -o bl.pdf "$(shiptrack documents download-url <id> --json | jq -r .data.downloadUrl)"',
    args: id('document'),
    run: (client, a, _o, call) => client.documents.downloadUrl(a.id, call),
  }),
  queued('re-extract', "Read a document's data again (queued)"),
  queued('re-classify', 'Classify a document again (queued)'),
  queued('re-link', 'Link a document to shipments and containers again (queued)'),
  one({
    group: 'documents',
    verb: 'rotate',
    summary: 'Rotate an image document clockwise by 90, 180 or 270 degrees (queued)',
    example: 'shiptrack documents rotate <id> --degrees 90',
    args: id('document'),
    options: { degrees: required(integer('90, 180 or 270 (clockwise)', 'degrees')) },
    run: (client, a, o, call) =>
      // Safe: the SDK refuses any other angle with its InvalidArgumentError before sending.
      client.documents.rotate(a.id, o.degrees as RotationDegrees, call),
  }),
  one({
    group: 'document-schemas',
    verb: 'get',
    summary: 'Show the JSON Schema a document type is extracted by',
    example: 'shiptrack document-schemas get bill_of_lading-1.0.0',
    args: [{ name: 'id', description: "the schema's id (a document type code and version)" }],
    run: (client, a, _o, call) => client.documentSchemas.get(a.id, call),
  }),
  list({
    group: 'email-submissions',
    verb: 'list',
    summary: 'List the emails documents came in with (newest first)',
    example: 'shiptrack email-submissions list --include documents',
    options: LIST_EMAIL_SUBMISSIONS_OPTIONS,
    run: (client, _args, o, call) =>
      client.emailSubmissions.list({ ...call, ...listEmailSubmissionsArguments(o) }),
  }),
  one({
    group: 'email-submissions',
    verb: 'get',
    summary: 'Show one email submission',
    example: 'shiptrack email-submissions get <id> --include documents',
    args: id('email submission'),
    options: GET_EMAIL_SUBMISSION_OPTIONS,
    run: (client, a, o, call) =>
      client.emailSubmissions.get(a.id, { ...call, ...getEmailSubmissionArguments(o) }),
  }),
];
