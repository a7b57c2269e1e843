import { McpServer } from '@modelcontextprotocol/server';
import { createClient } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { ServerPool } from './server-pool.js';

/** A client that is never called: the pool only compares it. */
function client() {
  return createClient({ apiKey: 'pool-test', baseUrl: 'http://127.0.0.1:9/v2' });
}

const build = async () => new McpServer({ name: 'pool-test', version: '1.0.0' });
const era = 'modern';

describe('ServerPool', () => {
  it('keeps at most `maxIdle` servers across many accounts, the most recently used', async () => {
    const pool = new ServerPool(3);
    const owner = client();
    const lent: McpServer[] = [];
    for (let account = 0; account < 20; account++) {
      const lease = await pool.acquire(
        { account: `account-${account}`, era, client: owner },
        build,
      );
      lent.push(lease.server);
      lease.release();
      expect(pool.size).toBeLessThanOrEqual(3);
    }
    expect(pool.size).toBe(3);
    const again = (account: string) => pool.acquire({ account, era, client: owner }, build);
    expect((await again('account-19')).server).toBe(lent[19]);
    expect((await again('account-0')).server).not.toBe(lent[0]);
  });

  it('never lends a server built around another client of the account', async () => {
    const pool = new ServerPool(3);
    const evicted = client();
    const lease = await pool.acquire({ account: 'account', era, client: evicted }, build);
    lease.release();
    const again = await pool.acquire({ account: 'account', era, client: client() }, build);
    expect(again.server).not.toBe(lease.server);
    expect(pool.size).toBe(0);
  });

  it('gives each of two accounts taking turns its own server back, never the other one', async () => {
    const pool = new ServerPool(3);
    const accounts = [
      { account: 'acme', era, client: client() },
      { account: 'globex', era, client: client() },
    ] as const;
    const first = new Map<string, McpServer>();
    for (let turn = 0; turn < 4; turn++) {
      for (const owner of accounts) {
        const lease = await pool.acquire(owner, build);
        const own = first.get(owner.account) ?? lease.server;
        first.set(owner.account, own);
        expect(lease.server, `${owner.account}, turn ${turn}`).toBe(own);
        lease.release();
      }
    }
    expect(first.get('acme')).not.toBe(first.get('globex'));
    // The era is part of whom a server serves too.
    const legacy = await pool.acquire({ ...accounts[0], era: 'legacy' }, build);
    expect(legacy.server).not.toBe(first.get('acme'));
  });
});
