import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NodeReply } from './reply.js';
import { decodeAnswer } from './response.js';

const TEXT = JSON.stringify({ data: { type: 'container', id: 'x'.repeat(100) } });

describe('NodeReply', () => {
  it('reads a decoded answer as its Response does: text, and headers without the encoding', async () => {
    const body = gzipSync(TEXT);
    const answer = await decodeAnswer(
      {
        status: 200,
        statusText: 'OK',
        rawHeaders: [
          'Content-Type',
          'application/json',
          'Content-Encoding',
          'gzip',
          'Content-Length',
          String(body.length),
          'X-Request-Id',
          ' req-1 ',
        ],
        location: undefined,
        body,
        cutOff: undefined,
      },
      'GET',
    );
    const reply = new NodeReply(answer, 'http://service/v2/containers/1');
    expect(reply.text).toBe(TEXT);
    expect(reply.cutOff).toBeUndefined();
    const response = reply.response();
    for (const name of ['content-type', 'content-encoding', 'content-length', 'x-request-id']) {
      expect(reply.header(name), name).toBe(response.headers.get(name));
    }
    expect(reply.header('x-request-id')).toBe('req-1');
    expect(reply.header('content-encoding')).toBeNull();
    expect(response.url).toBe('http://service/v2/containers/1');
    expect(response.bodyUsed).toBe(true);
    expect(reply.response()).toBe(response);
  });
});
