/**
 * ISO 6346 container numbers: four letters (owner code and category U, J or Z),
 * six serial digits and a check digit.
 */
const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ][0-9]{6}[0-9]$/;

/** Letter values run from A=10 upward, skipping multiples of 11 (so K=21, L=23, U=32, Z=38). */
function letterValue(letter: string): number {
  let value = 9;
  for (let code = 65; code <= letter.charCodeAt(0); code++) {
    value += value % 11 === 10 ? 2 : 1;
  }
  return value;
}

/**
 * Computes the ISO 6346 check digit of the first ten characters of a container
 * number (owner code, category and serial). The result is 0 to 9 (a sum of 10
 * reads as 0).
 */
export function containerCheckDigit(firstTen: string): number {
  const chars = firstTen.toUpperCase();
  if (!/^[A-Z]{4}[0-9]{6}$/.test(chars)) {
    throw new TypeError(
      `Expected four letters and six digits, got "${firstTen}". Pass the first ten characters of a container number.`,
    );
  }
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = chars.charAt(i);
    const value = i < 4 ? letterValue(ch) : Number(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/**
 * Tells whether a string is a well-formed ISO 6346 container number whose
 * check digit is right. Spaces and case are ignored.
 */
export function isValidContainerNumber(value: string): boolean {
  const normalized = normalizeContainerNumber(value);
  if (!CONTAINER_NUMBER.test(normalized)) return false;
  return containerCheckDigit(normalized.slice(0, 10)) === Number(normalized.charAt(10));
}

/** Upper-cases a container number and removes spaces, dashes and slashes. */
export function normalizeContainerNumber(value: string): string {
  return value.toUpperCase().replace(/[\s\-/]/g, '');
}

/** Tells whether a string has the shape of a container number, check digit aside. */
export function looksLikeContainerNumber(value: string): boolean {
  return CONTAINER_NUMBER.test(normalizeContainerNumber(value));
}
