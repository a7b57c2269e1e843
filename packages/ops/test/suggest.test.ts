import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean, parseArgsMessage } from '../src/config/suggest.js';

describe('did you mean', () => {
  it('names the closest known name: a letter missing, added, changed or two swapped', () => {
    const known = ['serve', 'sync', 'status', 'migrate'];
    expect(closestNames('serv', known)).toEqual(['serve']);
    expect(closestNames('synnc', known)).toEqual(['sync']);
    expect(closestNames('stauts', known)).toEqual(['status']);
    expect(closestNames('migrata', known)).toEqual(['migrate']);
  });

  it('suggests nothing for a name far from every known one', () => {
    expect(closestNames('deploy', ['serve', 'sync'])).toEqual([]);
    expect(didYouMean('deploy', ['serve', 'sync'])).toBe('');
  });

  it('answers an unknown parseArgs option with the closest flag, once', () => {
    const options = { port: { type: 'string' }, 'max-body-bytes': { type: 'string' } } as const;
    let error: unknown;
    try {
      parseArgs({ args: ['--prot', '80'], options, strict: true });
    } catch (cause) {
      error = cause;
    }
    expect(parseArgsMessage(error, Object.keys(options))).toBe(
      'Unknown option --prot. Did you mean --port?',
    );
  });

  it('keeps any other parseArgs message as it is', () => {
    const error = Object.assign(new TypeError("Option '--port <value>' argument missing"), {
      code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
    });
    expect(parseArgsMessage(error, ['port'])).toBe("Option '--port <value>' argument missing");
  });
});
