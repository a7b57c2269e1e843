import { describe, expect, it } from 'vitest';
import { JsonRpcLineGuard } from './line-guard.js';

/** Feeds `chunks` through a guard; what it passed on, answered and logged. */
async function guard(chunks: Array<string | Buffer>, maxLineBytes?: number) {
  const replies: unknown[] = [];
  const logs: string[] = [];
  const stream = new JsonRpcLineGuard({
    reply: (line) => replies.push(JSON.parse(line)),
    log: (message) => logs.push(message),
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
  });
  const passed: string[] = [];
  stream.on('data', (chunk: Buffer) => passed.push(chunk.toString('utf8')));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return { passed: passed.join(''), replies, logs };
}

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"note":"é"}}}';

describe('the stdio line guard', () => {
  it('joins a message split across chunks, even inside a UTF-8 character, and drops CR', async () => {
    const bytes = Buffer.from(`${PING}\r\n`);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    const { passed, replies } = await guard([
      bytes.subarray(0, 10),
      bytes.subarray(10, cut),
      bytes.subarray(cut),
    ]);
    expect(passed).toBe(`${PING}\n`);
    expect(replies).toEqual([]);
  });

  it('skips blank lines without an answer', async () => {
    const { passed, replies, logs } = await guard(['\n  \n\r\n', `${PING}\n`]);
    expect(passed).toBe(`${PING}\n`);
    expect(replies).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('answers a request with a malformed envelope under its own id', async () => {
    const { passed, replies } = await guard([
      '{"jsonrpc":"2.0","id":"a-7","method":"ping","params":3}\n',
    ]);
    expect(passed).toBe('');
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 'a-7', error: { code: -32600, message: expect.any(String) } },
    ]);
  });

  it('refuses a line over the limit once, then reads the next line', async () => {
    const { passed, replies, logs } = await guard(
      ['x'.repeat(60), 'y'.repeat(60), `\n${PING}\n`],
      100,
    );
    expect(passed).toBe(`${PING}\n`);
    expect(replies).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('longer than 100 bytes') },
      },
    ]);
    expect(logs).toEqual([
      'stdin line 1 is longer than 100 bytes: answered -32600 Invalid Request',
    ]);
  });

  it('says so when stdin ends inside a line, which it does not pass on', async () => {
    const { passed, logs } = await guard([`${PING}\n`, '{"jsonrpc":"2.0"']);
    expect(passed).toBe(`${PING}\n`);
    expect(logs).toEqual(['stdin ended inside line 2 (no newline after it); ignored']);
  });
});
