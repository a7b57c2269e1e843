import { McpServer } from '@modelcontextprotocol/server';
import { createClient } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { ServerPool } from './server-pool.js';

/** A client that is never called: the pool only compares it. */
function client() {
  return createClient({ apiKey: 'pool-test', baseUrl: 'http://127.0.0.1:9/v2' });
}

const build = async () => new McpServer({ name: 'pool-test', version: '1.0.0' });

describe('ServerPool', () => {
  it('keeps at most `maxIdle` servers across many accounts, the most recently used', async () => {
    const pool = new ServerPool(3);
    const owner = client();
    const lent: McpServer[] = [];
    for (let account = 0; account < 20; account++) {
      const lease = await pool.acquire(`account-${account}`, owner, build);
      lent.push(lease.server);
      lease.release();
      expect(pool.size).toBeLessThanOrEqual(3);
    }
    expect(pool.size).toBe(3);
    expect((await pool.acquire('account-19', owner, build)).server).toBe(lent[19]);
    expect((await pool.acquire('account-0', owner, build)).server).not.toBe(lent[0]);
  });

  it('never lends a server built around another client of the account', async () => {
    const pool = new ServerPool(3);
    const evicted = client();
    const lease = await pool.acquire('account', evicted, build);
    lease.release();
    const again = await pool.acquire('account', client(), build);
    expect(again.server).not.toBe(lease.server);
    expect(pool.size).toBe(0);
  });
});
