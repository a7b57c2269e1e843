import { describe, expect, it } from 'vitest';
import { createServerLogger } from '../src/logging/logger.js';
import { prettyLine } from '../src/logging/pretty.js';
import { messageLogger } from '../src/logging/sdk-logger.js';

function capture(isTTY = false) {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => lines.push(line), isTTY } };
}

describe('createServerLogger', () => {
  it('writes one JSON record per line with a level name, an ISO time, the name and the message', () => {
    const { lines, destination } = capture();
    const logger = createServerLogger({ name: 'test-server', destination });
    logger.info({ requestId: 'r-1' }, 'request');
    const record = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(record).toMatchObject({
      level: 'info',
      name: 'test-server',
      msg: 'request',
      requestId: 'r-1',
    });
    expect(new Date(String(record.time)).toISOString()).toBe(record.time);
  });

  it('redacts credentials under their usual names, nested ones included', () => {
    const { lines, destination } = capture();
    const logger = createServerLogger({ name: 'test', destination });
    logger.info(
      {
        authorization: 'Token abc',
        apiKey: 'k-123',
        options: { password: 'pw' },
        headers: { authorization: 'Bearer t' },
      },
      'with secrets',
    );
    expect(lines[0]).not.toMatch(/abc|k-123|"pw"|Bearer t/);
    expect(lines[0]).toContain('[redacted]');
  });

  it('writes nothing below its level', () => {
    const { lines, destination } = capture();
    const logger = createServerLogger({ name: 'test', level: 'warn', destination });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines).toHaveLength(1);
  });

  it('prints for people on a TTY (the auto format), as JSON in a pipe', () => {
    const tty = capture(true);
    createServerLogger({ name: 'test', destination: tty.destination }).warn(
      { check: 'redis' },
      'cannot serve',
    );
    expect(tty.lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} .*WARN.* cannot serve check=redis\n$/);
    const pipe = capture(false);
    createServerLogger({ name: 'test', destination: pipe.destination }).warn('x');
    expect(() => JSON.parse(pipe.lines[0] ?? '')).not.toThrow();
  });
});

describe('messageLogger', () => {
  it("makes the SDK's and @shiptrack/redis's messages records, their [tag] a component", () => {
    const { lines, destination } = capture();
    const messages = messageLogger(createServerLogger({ name: 'test', destination }));
    messages.warn('[shiptrack redis] Redis is unavailable to the rate-limit store (down).');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'warn',
      component: 'shiptrack redis',
      msg: 'Redis is unavailable to the rate-limit store (down).',
    });
  });
});

describe('prettyLine', () => {
  it('quotes values with spaces and leaves a line that is not a JSON object as it is', () => {
    expect(
      prettyLine('{"level":"info","time":"2026-01-01T10:00:00.000Z","msg":"hi","detail":"a b"}', {
        colour: false,
      }),
    ).toBe('10:00:00.000 INFO  hi detail="a b"\n');
    expect(prettyLine('plain text', { colour: false })).toBe('plain text');
  });
});
