/**
 * Deterministic identifiers. Record ids come from a seeded generator, so the
 * same seed and the same sequence of requests give the same ids on every run;
 * reference data (ports, terminals, vessels, shipping lines) get ids derived
 * from their natural key, so they are stable whatever was created before.
 */

/** A small, fast, seedable PRNG (sfc32) returning floats in [0, 1). */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const [a, b, c, d] = hash128(seed);
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next unsigned 32-bit integer. */
  nextUint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/** A 128-bit hash (four 32-bit words) of a string: cyrb128, good enough for seeding. */
export function hash128(input: string): [number, number, number, number] {
  return cyrb128(input.length, (i) => input.charCodeAt(i));
}

/** A 128-bit hash of bytes (cyrb128), as 32 hex digits: recognises the same file uploaded twice. */
export function hashBytes(bytes: Uint8Array): string {
  return cyrb128(bytes.length, (i) => bytes[i] ?? 0)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
}

function cyrb128(
  length: number,
  codeAt: (index: number) => number,
): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < length; i++) {
    const k = codeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = '0123456789abcdef';

/**
 * Formats four 32-bit words as a version 4, RFC 4122 variant UUID (so every
 * id passes strict validators). Built from character codes in one go: the
 * result is a flat string, not a rope of slices, which matters with a
 * hundred thousand records each holding several ids.
 */
function formatUuid(words: readonly number[]): string {
  const codes: number[] = [];
  for (const word of words) {
    for (let shift = 28; shift >= 0; shift -= 4) codes.push(HEX.charCodeAt((word >>> shift) & 0xf));
  }
  codes[12] = HEX.charCodeAt(4);
  codes[16] = HEX.charCodeAt((HEX.indexOf(String.fromCharCode(codes[16] ?? 48)) & 0x3) | 0x8);
  for (const position of [20, 16, 12, 8]) codes.splice(position, 0, 45);
  return String.fromCharCode(...codes);
}

/** Generates UUIDs from a seed: the same seed yields the same sequence. */
export class IdGenerator {
  private readonly random: SeededRandom;

  constructor(seed: string) {
    this.random = new SeededRandom(`ids:${seed}`);
  }

  /** The next UUID of the sequence. */
  next(): string {
    const r = this.random;
    return formatUuid([r.nextUint32(), r.nextUint32(), r.nextUint32(), r.nextUint32()]);
  }
}

/** A UUID derived from a natural key (e.g. `port:USLAX`): the same key, the same id. */
export function stableId(key: string): string {
  return formatUuid(hash128(`shiptrack:${key}`));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of a UUID. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A flat copy of a string built by concatenation or slicing. V8 keeps such
 * strings as ropes that point at their parts; records that live as long as
 * the engine store flat strings so a large dataset stays small.
 */
export function flatString(text: string): string {
  // join() always allocates one flat string.
  return text.split('').join('');
}

/**
 * The id of the raw (carrier) event behind a transport event, and back: the
 * last twelve hex digits are mirrored (d -> 15 - d). Applying it twice gives
 * the original id, so raw events need no table of their own.
 */
export function mirrorEventId(id: string): string {
  const head = id.slice(0, 24);
  const tail = id
    .slice(24)
    .split('')
    .map((digit) => HEX.charAt(15 - HEX.indexOf(digit.toLowerCase())))
    .join('');
  return flatString(`${head}${tail}`);
}
