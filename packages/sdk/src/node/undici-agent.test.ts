import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../core/errors.js';
import { resolveNodeFetchOptions } from './options.js';
import { LazyAgent } from './undici-agent.js';

describe('LazyAgent', () => {
  it('rejects each request with a ConfigurationError saying how to install undici when it is missing', async () => {
    const missing = new Error("Cannot find package 'undici'");
    const agents = new LazyAgent(resolveNodeFetchOptions(), () => Promise.reject(missing));
    for (const round of [1, 2]) {
      const error = await Promise.resolve(agents.get()).catch((thrown: unknown) => thrown);
      expect(error, `request ${round}`).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ cause: missing });
      expect(String(error)).toContain('npm install undici@6');
    }
  });

  it('hands over the loaded agent itself once it has loaded', async () => {
    const agents = new LazyAgent(resolveNodeFetchOptions());
    const agent = await agents.get();
    expect(agents.get()).toBe(agent);
    agents.destroy();
  });
});
