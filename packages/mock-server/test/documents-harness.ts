/**
 * Helpers of the document tests: uploading a file through the mock's
 * control API (as the service's direct upload would take it) and creating
 * a document from it over the REST API.
 */
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import type { Harness, TestResponse } from './harness.js';

/** An uploaded file as the control API answers it. */
export interface Upload {
  signed_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
}

/** Uploads bytes as a file of the key's account; resolves to the raw response. */
export async function uploadRaw(
  h: Harness,
  file: { name: string; type: string; bytes: Uint8Array | string },
  apiKey: string | null = DEMO_API_KEY,
): Promise<Response> {
  const origin = new URL(h.baseUrl).origin;
  // A fresh ArrayBuffer-backed copy: fetch's body type wants one.
  const bytes =
    typeof file.bytes === 'string'
      ? new TextEncoder().encode(file.bytes)
      : new Uint8Array(file.bytes);
  return fetch(`${origin}/_mock/uploads?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: {
      'content-type': file.type,
      ...(apiKey === null ? {} : { authorization: `Token ${apiKey}` }),
    },
    body: bytes,
  });
}

/** Uploads a file and returns its signed id (fails the test when refused). */
export async function upload(
  h: Harness,
  file: { name: string; type: string; bytes: Uint8Array | string },
): Promise<string> {
  const response = await uploadRaw(h, file);
  const body = (await response.json()) as Upload;
  if (response.status !== 201) throw new Error(`upload refused: ${JSON.stringify(body)}`);
  return body.signed_id;
}

/** `POST /documents` from a signed id. */
export function createDocument(h: Harness, name: string, signedId: string): Promise<TestResponse> {
  return h.api('POST', '/documents', {
    body: { data: { type: 'document', attributes: { name, attached_document: signedId } } },
  });
}

/** A tiny PNG (1x1), an image document. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
  0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
  0x42, 0x60, 0x82,
]);
