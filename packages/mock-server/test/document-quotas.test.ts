/**
 * The document store is bounded per account over real HTTP: one account
 * that fills its storage or leaves uploads unused denies no other account,
 * and its abandoned uploads expire on the mock clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { createDocument, uploadRaw } from './documents-harness.js';
import { type Harness, httpHarness } from './harness.js';

describe('per-account document quotas', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({
      dataset: 'empty',
      rateLimits: false,
      documents: {
        maxFileBytes: 1000,
        maxStoredBytesPerAccount: 2000,
        maxPendingUploadsPerAccount: 3,
        pendingUploadTtlSeconds: 600,
      },
    });
  });
  afterEach(() => h.close());

  let serial = 0;
  const put = (apiKey: string, size: number) => {
    serial += 1;
    return uploadRaw(
      h,
      { name: `f${serial}.txt`, type: 'text/plain', bytes: `${serial}:`.padEnd(size, 'x') },
      apiKey,
    );
  };

  it('lets account B upload while account A has filled its storage', async () => {
    expect((await put(DEMO_API_KEY, 1000)).status).toBe(201);
    expect((await put(DEMO_API_KEY, 1000)).status).toBe(201);
    const full = await put(DEMO_API_KEY, 10);
    expect(full.status).toBe(507);
    const [error] = (await full.json()).errors;
    expect(error.code).toBe('storage_full');
    expect(error.detail).toContain('maxStoredBytesPerAccount');
    expect((await put(DEMO_SECOND_API_KEY, 1000)).status).toBe(201);
    expect((await put(DEMO_SECOND_API_KEY, 1000)).status).toBe(201);
  });

  it('lets account B upload while account A has its most pending uploads', async () => {
    for (let i = 0; i < 3; i += 1) expect((await put(DEMO_API_KEY, 10)).status).toBe(201);
    const refused = await put(DEMO_API_KEY, 10);
    expect(refused.status).toBe(507);
    const [error] = (await refused.json()).errors;
    expect(error.code).toBe('too_many_pending_uploads');
    expect(error.detail).toContain('pendingUploadTtlSeconds');
    expect((await put(DEMO_SECOND_API_KEY, 10)).status).toBe(201);
  });

  it('drops abandoned uploads once their time passes on the mock clock, not the documents', async () => {
    const kept = (await (await put(DEMO_API_KEY, 1000)).json()).signed_id;
    const document = await createDocument(h, 'kept', kept);
    expect(document.status).toBe(201);
    const abandoned = (await (await put(DEMO_API_KEY, 1000)).json()).signed_id;
    expect((await put(DEMO_API_KEY, 10)).status).toBe(507);

    await h.advance(599);
    expect((await put(DEMO_API_KEY, 10)).status).toBe(507);
    await h.advance(1);
    // The abandoned upload is gone: its bytes are free, its signed id names nothing.
    expect((await put(DEMO_API_KEY, 1000)).status).toBe(201);
    const late = await createDocument(h, 'late', abandoned);
    expect(late.status).toBe(422);
    expect(late.body.errors[0].detail).toContain('expired');
    // The document's file stays, and still counts.
    const link = await h.api('GET', `/documents/${document.body.data.id}/download_url`);
    expect((await fetch(link.body.download_url)).status).toBe(200);
    expect((await put(DEMO_API_KEY, 10)).status).toBe(507);
  });

  it('refuses a limit that is not one, naming the limits', async () => {
    await expect(
      // The old, global name: a plain object as a user's JavaScript would pass it.
      httpHarness({ documents: JSON.parse('{"maxStoredBytes": 1000}') }),
    ).rejects.toThrow(/documents\.maxStoredBytes is not a limit.*maxStoredBytesPerAccount/);
  });
});
