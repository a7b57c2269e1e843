import { describe, expect, it } from 'vitest';
import {
  containerCheckDigit,
  isValidContainerNumber,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from './iso6346.js';

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of the documented example CSQU3054383', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
  });

  it('maps letters skipping multiples of eleven (A=10, K=21, L=23, U=32, Z=38)', () => {
    const table =
      'A10 B12 C13 D14 E15 F16 G17 H18 I19 J20 K21 L23 M24 N25 O26 P27 Q28 R29 S30 T31 U32 V34 W35 X36 Y37 Z38';
    for (const entry of table.split(' ')) {
      const letter = entry.charAt(0);
      const value = Number(entry.slice(1));
      // Only the first letter varies, so the check digit moves by exactly its value.
      const expected = ((value + 30 * 2 + 28 * 4 + 32 * 8) % 11) % 10;
      expect(containerCheckDigit(`${letter}SQU000000`)).toBe(expected);
    }
  });

  it('reads a remainder of ten as check digit 0', () => {
    // Find a serial whose weighted sum is 10 mod 11 and confirm the digit is 0.
    let found = '';
    for (let serial = 0; serial < 1000 && !found; serial++) {
      const firstTen = `ABCU${String(serial).padStart(6, '0')}`;
      let sum = 0;
      const values = [10, 12, 13, 32];
      for (let i = 0; i < 10; i++) {
        const v = i < 4 ? (values[i] ?? 0) : Number(firstTen.charAt(i));
        sum += v * 2 ** i;
      }
      if (sum % 11 === 10) found = firstTen;
    }
    expect(found).not.toBe('');
    expect(containerCheckDigit(found)).toBe(0);
  });

  it('rejects a wrong check digit, a bad category letter and a bad shape', () => {
    expect(isValidContainerNumber('CSQU3054384')).toBe(false);
    expect(isValidContainerNumber('CSQA3054383')).toBe(false);
    expect(isValidContainerNumber('CSQU305438')).toBe(false);
    expect(looksLikeContainerNumber('CSQU3054384')).toBe(true);
  });

  it('ignores case, spaces and dashes', () => {
    expect(normalizeContainerNumber(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(isValidContainerNumber('csqu 305438-3')).toBe(true);
  });

  it('explains what it expected when given a malformed prefix', () => {
    expect(() => containerCheckDigit('CSQ')).toThrow(/four letters and six digits/);
  });
});
