/**
 * File names of documents over real HTTP: any Unicode name downloads with
 * an RFC 6266 `Content-Disposition` (an ASCII fallback and `filename*`),
 * a name with control characters, of more than 255 characters, or that is
 * `.` or `..` (a path segment no URL keeps) is refused at upload, the name in a
 * download URL is covered by its signature, and no log line carries a raw
 * control character.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { createDocument, upload, uploadRaw } from './documents-harness.js';
import { type Harness, httpHarness } from './harness.js';

describe('document file names', () => {
  let h: Harness;
  const lines: string[] = [];
  beforeEach(async () => {
    lines.length = 0;
    const log = (line: string) => lines.push(line);
    h = await httpHarness({
      dataset: 'empty',
      rateLimits: false,
      logger: { debug: log, info: log, warn: log, error: (line) => log(line) },
    });
  });
  afterEach(() => h.close());

  const downloadUrl = async (name: string, bytes: string): Promise<string> => {
    const signedId = await upload(h, { name, type: 'text/plain', bytes });
    const created = await createDocument(h, 'Doc', signedId);
    expect(created.status).toBe(201);
    const answer = await h.api('GET', `/documents/${created.body.data.id}/download_url`);
    return answer.body.download_url;
  };

  it('downloads a non-ASCII file name with an ASCII fallback and filename*', async () => {
    const name = 'connaissement-été "No 1" 日本.pdf';
    const file = await fetch(await downloadUrl(name, 'BL one'));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('BL one');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toBe(
      `attachment; filename="connaissement-_t_ _No 1_ __.pdf"; filename*=UTF-8''connaissement-%C3%A9t%C3%A9%20%22No%201%22%20%E6%97%A5%E6%9C%AC.pdf`,
    );
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);
  });

  it("percent-encodes the RFC 5987 specials ' ( ) * in filename*", async () => {
    const file = await fetch(await downloadUrl("it's (a)*.txt", 'specials'));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="it's (a)*.txt"; filename*=UTF-8''it%27s%20%28a%29%2A.txt`,
    );
  });

  it('serves a name with URL specials, whose segment the signature covers as decoded', async () => {
    const name = 'a/b%20?#.pdf';
    const file = await fetch(await downloadUrl(name, 'specials in the name'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
  });

  it('refuses a file name with a NUL or another control character with a 422 naming filename', async () => {
    for (const name of ['bl\u0000.pdf', 'bl\u001b[31m.pdf', 'bl\u007f.pdf', 'bl\u0085.pdf']) {
      const refused = await uploadRaw(h, { name, type: 'application/pdf', bytes: 'x' });
      expect(refused.status, JSON.stringify(name)).toBe(422);
      const [error] = (await refused.json()).errors;
      expect(error).toMatchObject({ code: 'invalid', source: { parameter: 'filename' } });
      expect(error.detail).toContain('control character');
    }
  });

  it('takes a name of 255 characters and refuses one of 256 with a 422 naming filename', async () => {
    const longest = `${'b'.repeat(251)}.pdf`;
    const file = await fetch(await downloadUrl(longest, 'long name'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename="${longest}"`);

    const refused = await uploadRaw(h, {
      name: `b${longest}`,
      type: 'application/pdf',
      bytes: 'x',
    });
    expect(refused.status).toBe(422);
    const [error] = (await refused.json()).errors;
    expect(error).toMatchObject({ code: 'invalid', source: { parameter: 'filename' } });
    expect(error.detail).toContain('256 characters');
  });

  it('refuses an empty name with a 422 and a missing ?filename= with a 400, both naming filename', async () => {
    const empty = await uploadRaw(h, { name: ' ', type: 'application/pdf', bytes: 'x' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors[0]).toMatchObject({ source: { parameter: 'filename' } });
    const missing = await fetch(`${new URL(h.baseUrl).origin}/_mock/uploads`, {
      method: 'POST',
      headers: { authorization: `Token ${DEMO_API_KEY}`, 'content-type': 'application/pdf' },
      body: 'x',
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0]).toMatchObject({ source: { parameter: 'filename' } });
  });

  it('refuses the names . and .., which no download URL can carry, with a 422 naming filename', async () => {
    for (const name of ['.', '..', ' .. ']) {
      const refused = await uploadRaw(h, { name, type: 'application/pdf', bytes: `dots ${name}` });
      expect(refused.status, JSON.stringify(name)).toBe(422);
      const [error] = (await refused.json()).errors;
      expect(error).toMatchObject({ code: 'invalid', source: { parameter: 'filename' } });
    }
    // Dots inside a name are a name like any other, served under its download URL.
    for (const name of ['...', '.pdf', '..pdf']) {
      const file = await fetch(await downloadUrl(name, `dots ${name}`));
      expect(file.status, name).toBe(200);
      expect(await file.text()).toBe(`dots ${name}`);
    }
  });

  it('refuses a download URL whose file name was changed', async () => {
    const url = await downloadUrl('invoice.pdf', 'invoice');
    expect((await fetch(url)).status).toBe(200);
    const renamed = await fetch(url.replace('/invoice.pdf?', '/invoice.exe?'));
    expect(renamed.status).toBe(403);
    expect((await renamed.json()).errors[0].code).toBe('invalid_signature');
  });

  it('escapes control characters in every log line', async () => {
    h.mock.engine.logger.warn('a\u0000b\nc\u001bd\u0085e');
    h.mock.engine.logger.error('x\ry', new Error('boom'));
    expect(lines).toEqual(['a\\x00b\\x0ac\\x1bd\\x85e', 'x\\x0dy']);
  });
});
