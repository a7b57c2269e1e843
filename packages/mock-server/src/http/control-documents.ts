/**
 * The file side of documents, under the control API: `POST /_mock/uploads`
 * stands in for the service's direct upload (the file's bytes as the body,
 * `Content-Type` its type, `?filename=` its name, the account's API key) and
 * answers the signed id that `POST /v2/documents` takes as
 * `attached_document`; `GET /_mock/downloads/{id}/{name}` serves the
 * presigned download URLs, checked on the mock clock (403 once expired).
 */
import type { Context } from 'hono';
import { UploadRefusedError } from '../engine/documents/blob-store.js';
import type { Engine } from '../engine/engine.js';
import { readBodyBytes } from './body.js';
import { attachmentDisposition } from './content-disposition.js';
import { controlAccount } from './control-account.js';
import type { ControlRoute } from './control-route.js';
import { plainJson } from './documents.js';
import type { AppEnv } from './env.js';
import { HttpError, notFound } from './errors.js';
import { uploadFileName } from './upload-file-name.js';

/** The upload and download routes of the control API. */
export function documentControlRoutes(engine: Engine): ControlRoute[] {
  return [
    { method: 'POST', path: '/uploads', handle: (c) => upload(engine, c) },
    { method: 'GET', path: '/downloads/:id/:name', handle: (c) => download(engine, c) },
  ];
}

async function upload(engine: Engine, c: Context<AppEnv>): Promise<Response> {
  const account = controlAccount(engine, c, 'Uploads');
  const fileName = uploadFileName(c.req.query('filename'));
  const contentType =
    c.req.header('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
  const bytes = await readBodyBytes(c.req.raw, engine.documents.limits.maxFileBytes);
  try {
    const blob = engine.documents.upload(account, { fileName, contentType, bytes });
    return plainJson(
      {
        signed_id: blob.signedId,
        filename: blob.fileName,
        content_type: blob.contentType,
        byte_size: blob.bytes.byteLength,
      },
      201,
    );
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    throw new HttpError(error.status, [
      {
        status: String(error.status),
        title: 'Upload refused',
        detail: error.message,
        code: error.code,
      },
    ]);
  }
}

async function download(engine: Engine, c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const expires = Number(c.req.query('expires'));
  const found = await engine.documents.download({
    documentId: id,
    fileName: c.req.param('name') ?? '',
    expires,
    signature: c.req.query('signature') ?? '',
  });
  if (found === 'gone') throw notFound(`Document ${id} was deleted; its file is gone.`);
  if (found === 'expired' || found === 'invalid') {
    throw new HttpError(403, [
      {
        status: '403',
        title: 'Forbidden',
        code: found === 'expired' ? 'expired' : 'invalid_signature',
        detail:
          found === 'expired'
            ? `This download URL expired on the mock clock. Ask GET /v2/documents/${id}/download_url for a fresh one.`
            : 'This download URL was not signed by this mock (or was changed). Ask GET /v2/documents/{id}/download_url for one.',
      },
    ]);
  }
  // A fresh ArrayBuffer-backed copy: the Response body type wants one, and the stored file stays unshared.
  return new Response(new Uint8Array(found.bytes), {
    status: 200,
    headers: new Headers({
      'content-type': found.contentType,
      'content-length': String(found.bytes.byteLength),
      'content-disposition': attachmentDisposition(found.fileName),
    }),
  });
}
