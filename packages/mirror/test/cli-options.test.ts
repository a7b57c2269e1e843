import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/options.js';

const env = { SVC_MIRROR_DATABASE: '/tmp/mirror', SVC_MIRROR_WEBHOOK_SECRET: 'whsec-options' };

describe('shiptrack-mirror serve --request-timeout-ms', () => {
  it('passes the time limit to serve, and leaves the default when not given', () => {
    expect(parseCli(['serve', '--request-timeout-ms', '5000'], env)).toMatchObject({
      command: 'serve',
      requestTimeoutMs: 5000,
    });
    expect(parseCli(['serve'], env)).not.toHaveProperty('requestTimeoutMs');
  });

  it('refuses a limit that is not a whole number of milliseconds above 0', () => {
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => parseCli(['serve', `--request-timeout-ms=${bad}`], env)).toThrow(
        /--request-timeout-ms must be/,
      );
    }
  });
});
