import { describe, expect, it } from 'vitest';
import { createClientLogger } from './logger.js';

describe('createClientLogger', () => {
  const KEY = 'st_live_0123456789abcdef';

  it('blanks secrets out of messages and of every string in the fields, nested ones too', () => {
    const lines: Array<[string, unknown]> = [];
    const logger = createClientLogger({
      logger: { warn: (line, fields) => lines.push([line, fields]) },
      secrets: [KEY],
    });
    const cause = new Error('boom');
    logger.warn(`sent Token ${KEY}`, {
      requestId: `rid-${KEY}`,
      apiKey: 'anything',
      echoed: { headers: [`Token ${KEY}`], [KEY]: 1 },
      cause,
    });
    expect(lines).toEqual([
      [
        '[shiptrack] sent Token [redacted]',
        {
          requestId: 'rid-[redacted]',
          apiKey: '[redacted]',
          echoed: { headers: ['Token [redacted]'], '[redacted]': 1 },
          cause,
        },
      ],
    ]);
    const fields = lines[0]?.[1] as { cause?: unknown } | undefined;
    expect(fields?.cause).toBe(cause);
  });
});
