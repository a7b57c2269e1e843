import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import { SERVER_INFO } from '@shiptrack/mcp';
import { describe, expect, it } from 'vitest';
import { modernAnswerAround, modernAnswerText, modernResult } from './modern-answer.js';

describe('the 2026-07-28 encoding of the fast path', () => {
  it('stamps resultType and the server identity as the SDK does', () => {
    expect(modernResult({ content: [] })).toEqual({
      content: [],
      resultType: 'complete',
      _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO },
    });
    expect(modernResult({ _meta: { a: 1 }, isError: true })).toEqual({
      _meta: { a: 1, [SERVER_INFO_META_KEY]: SERVER_INFO },
      isError: true,
      resultType: 'complete',
    });
  });

  it('keeps what the handler gave: its resultType, its serverInfo, a _meta that is not an object', () => {
    const own = { name: 'other', version: '1' };
    expect(
      modernResult({ resultType: 'input_required', _meta: { [SERVER_INFO_META_KEY]: own } }),
    ).toEqual({
      resultType: 'input_required',
      _meta: { [SERVER_INFO_META_KEY]: own },
    });
    expect(modernResult({ _meta: 'odd' })).toEqual({ _meta: 'odd', resultType: 'complete' });
  });

  it('writes the answer with the members in the SDK order', () => {
    expect(JSON.parse(modernAnswerText('x', { content: [] }))).toEqual({
      result: modernResult({ content: [] }),
      jsonrpc: '2.0',
      id: 'x',
    });
    expect(modernAnswerAround(3, '{"tools":[]}')).toBe(
      '{"result":{"tools":[]},"jsonrpc":"2.0","id":3}',
    );
    expect(JSON.parse(modernAnswerAround('a"b', '{}')).id).toBe('a"b');
  });
});

describe('the 2026-07-28 answer text', () => {
  /** What the SDK's encoding gives: the stamped copy, serialized. */
  const stamped = (id: string | number, result: object) =>
    JSON.stringify({ result: modernResult(result), jsonrpc: '2.0', id });

  it('is byte for byte the stamped copy, serialized, for every shape of result', () => {
    const results: object[] = [
      {},
      { content: [] },
      { content: [{ type: 'text', text: 'a"b\n' }], structuredContent: { n: 1, x: [null] } },
      { content: [], last: undefined },
      { content: [], isError: true, _meta: { a: 1 } },
      { content: [], _meta: { [SERVER_INFO_META_KEY]: { name: 'other', version: '1' } } },
      { content: [], _meta: 'odd' },
      { resultType: 'input_required', content: [] },
      { resultType: undefined, content: [] },
      { content: [], toJSON: () => ({ replaced: true }) },
      [1, 2],
    ];
    for (const result of results) {
      expect(modernAnswerText(7, result)).toBe(stamped(7, result));
      expect(modernAnswerText('q"', result)).toBe(stamped('q"', result));
    }
  });
});
