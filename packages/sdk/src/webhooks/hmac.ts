import { cachedWebhookKey } from './key-cache.js';

/** The part of `node:crypto` a signature check needs. */
interface NodeHmac {
  createHmac(
    algorithm: 'sha256',
    key: string,
  ): {
    update(data: Uint8Array): { digest(): Uint8Array };
  };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/**
 * `node:crypto` where the runtime has it (Node, Deno, Bun), through
 * `process.getBuiltinModule` so bundles for browsers and Workers never import
 * it; `undefined` there, and WebCrypto is used instead.
 */
function loadNodeHmac(): NodeHmac | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const crypto = runtime?.getBuiltinModule?.('node:crypto') as Partial<NodeHmac> | undefined;
  return typeof crypto?.createHmac === 'function' && typeof crypto.timingSafeEqual === 'function'
    ? (crypto as NodeHmac)
    : undefined;
}

const nodeHmac = loadNodeHmac();

/**
 * Whether `digest` (32 bytes) is the HMAC-SHA256 of `bytes` with `secret`,
 * compared in constant time. On Node the HMAC is computed on this thread:
 * WebCrypto hands each small body to the thread pool and back, which costs
 * more than the hash itself (and a context switch on a busy machine).
 */
export async function isHmacSha256(
  secret: string,
  digest: Uint8Array<ArrayBuffer>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  if (nodeHmac === undefined) return isHmacSha256WebCrypto(secret, digest, bytes);
  const expected = nodeHmac.createHmac('sha256', secret).update(bytes).digest();
  return expected.byteLength === digest.byteLength && nodeHmac.timingSafeEqual(expected, digest);
}

/** {@link isHmacSha256} with WebCrypto alone (browsers, Workers); the key is imported once per secret. */
export async function isHmacSha256WebCrypto(
  secret: string,
  digest: Uint8Array<ArrayBuffer>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await cachedWebhookKey(secret), digest, bytes);
}
