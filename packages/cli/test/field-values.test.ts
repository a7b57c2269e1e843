/** How a custom field's `--value` becomes the value the SDK checks and sends. */
import { describe, expect, it } from 'vitest';
import { fieldValue } from '../src/commands/operations/field-values.js';

describe('fieldValue', () => {
  it('reads the text for --data-type when given', () => {
    expect(fieldValue('12', 'number')).toBe(12);
    expect(fieldValue('1.5', 'number')).toBe(1.5);
    expect(fieldValue('true', 'boolean')).toBe(true);
    expect(fieldValue('false', 'boolean')).toBe(false);
    expect(fieldValue('a, b,c', 'enum_multi')).toEqual(['a', 'b', 'c']);
    expect(fieldValue('4711', 'short_text')).toBe('4711');
    expect(fieldValue('2025-03-01', 'date')).toBe('2025-03-01');
  });

  it('keeps what does not fit the type as typed, for the SDK to refuse', () => {
    expect(fieldValue('abc', 'number')).toBe('abc');
    expect(fieldValue(' ', 'number')).toBe(' ');
    expect(fieldValue('yes', 'boolean')).toBe('yes');
  });

  it('reads JSON without --data-type, else the text', () => {
    expect(fieldValue('12', undefined)).toBe(12);
    expect(fieldValue('["a","b"]', undefined)).toEqual(['a', 'b']);
    expect(fieldValue('"007"', undefined)).toBe('007');
    expect(fieldValue('rush', undefined)).toBe('rush');
  });

  it('clears with null whatever the type', () => {
    expect(fieldValue('null', undefined)).toBeNull();
    expect(fieldValue('null', 'number')).toBeNull();
  });
});
