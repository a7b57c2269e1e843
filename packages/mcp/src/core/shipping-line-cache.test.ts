import type { MappedShippingLine } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { ShippingLineCache } from './shipping-line-cache.js';

const line = (scac: string): MappedShippingLine => ({
  id: scac,
  type: 'shipping_line',
  scac,
  name: scac,
});

describe('ShippingLineCache', () => {
  it('loads once per account and shares concurrent loads', async () => {
    const cache = new ShippingLineCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return [line('MAEU')];
    };
    const [a, b] = await Promise.all([cache.get('acme', load), cache.get('acme', load)]);
    expect(a).toBe(b);
    await cache.get('acme', load);
    expect(loads).toBe(1);
    await cache.get('globex', load);
    expect(loads).toBe(2);
  });

  it('loads again after its time to live', async () => {
    let now = 0;
    const cache = new ShippingLineCache({ ttlMs: 1000, now: () => now });
    let loads = 0;
    const load = async () => [line(`L${++loads}`)];
    await cache.get('acme', load);
    now = 999;
    await cache.get('acme', load);
    now = 1000;
    expect((await cache.get('acme', load))[0]?.scac).toBe('L2');
  });

  it('does not keep a failed load', async () => {
    const cache = new ShippingLineCache();
    await expect(cache.get('acme', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('acme', async () => [line('MSCU')])).toEqual([line('MSCU')]);
  });

  it('drops the oldest account beyond its size', async () => {
    const cache = new ShippingLineCache({ maxEntries: 1 });
    let loads = 0;
    const load = async () => [line(`L${++loads}`)];
    await cache.get('acme', load);
    await cache.get('globex', load);
    await cache.get('acme', load);
    expect(loads).toBe(3);
  });
});
