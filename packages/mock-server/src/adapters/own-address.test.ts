import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { OwnAddressGuard } from './own-address.js';

/** A resolver that answers from a script and counts its calls (a DNS server under test control). */
function scriptedResolver(answers: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const next = answers[hostname]?.shift();
    if (next === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return next;
  };
  return { resolve, calls };
}

describe('OwnAddressGuard', () => {
  it('refuses a name that resolves to the mock now, though it did not before (DNS rebinding)', async () => {
    const dns = scriptedResolver({ 'hooks.rebind.test': [['192.0.2.10'], ['127.0.0.1']] });
    const guard = new OwnAddressGuard({ address: '127.0.0.1', port: 4010, resolve: dns.resolve });
    const url = new URL('https://hooks.rebind.test:4010/_mock/reset');
    expect(await guard.refusal(url)).toBeUndefined();
    expect(await guard.refusal(url)).toMatch(
      /^points at the mock server itself \(hooks\.rebind\.test resolves to 127\.0\.0\.1/,
    );
    expect(dns.calls).toEqual(['hooks.rebind.test', 'hooks.rebind.test']);
  });

  it('refuses a name with any of its addresses on the mock, IPv4-mapped IPv6 included', async () => {
    const dns = scriptedResolver({ 'two.test': [['192.0.2.10', '::ffff:127.0.0.1']] });
    const guard = new OwnAddressGuard({ address: '127.0.0.1', port: 4010, resolve: dns.resolve });
    expect(await guard.refusal(new URL('http://two.test:4010/'))).toMatch(/itself/);
  });

  it('asks DNS nothing for URLs on other ports, and lets them through', async () => {
    const dns = scriptedResolver({});
    const guard = new OwnAddressGuard({ address: '127.0.0.1', port: 4010, resolve: dns.resolve });
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost:4011/',
      'https://hooks.example.com/x',
      'http://127.0.0.1/',
    ]) {
      expect(await guard.refusal(new URL(url)), url).toBeUndefined();
    }
    expect(dns.calls).toEqual([]);
  });

  it('counts the default port of the scheme', async () => {
    const guard = new OwnAddressGuard({ address: '127.0.0.1', port: 80 });
    expect(await guard.refusal(new URL('http://localhost/_mock/reset'))).toMatch(/itself/);
    expect(await guard.refusal(new URL('https://localhost/_mock/reset'))).toBeUndefined();
  });

  it('lets a name that does not resolve through (the delivery reports it)', async () => {
    const dns = scriptedResolver({});
    const guard = new OwnAddressGuard({ address: '127.0.0.1', port: 4010, resolve: dns.resolve });
    expect(await guard.refusal(new URL('https://nowhere.test:4010/'))).toBeUndefined();
  });

  it('on every interface, refuses each interface address on its port', async () => {
    const guard = new OwnAddressGuard({ address: '0.0.0.0', port: 4010 });
    const addresses = Object.values(networkInterfaces()).flatMap((list) =>
      (list ?? []).map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address)),
    );
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses.filter((a) => !a.includes('%'))) {
      if (!URL.canParse(`http://${address}:4010/`)) continue;
      expect(await guard.refusal(new URL(`http://${address}:4010/`)), address).toMatch(/itself/);
      expect(await guard.refusal(new URL(`http://${address}:4011/`)), address).toBeUndefined();
    }
  });

  it('bound to one address, refuses it and loopback, not another machine', async () => {
    const guard = new OwnAddressGuard({ address: '192.0.2.5', port: 4010 });
    expect(await guard.refusal(new URL('https://192.0.2.5:4010/'))).toMatch(/192\.0\.2\.5/);
    expect(await guard.refusal(new URL('http://127.0.0.1:4010/'))).toMatch(/itself/);
    expect(await guard.refusal(new URL('https://192.0.2.6:4010/'))).toBeUndefined();
  });
});
