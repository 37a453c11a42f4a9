// @vitest-environment happy-dom
// Issue 18 (4): text in a number field is never read as 0: it is NaN, which the step refuses with a
// message naming the field; a number field out of range carries its message at the field.
import { describe, expect, it } from 'vitest';
import { checkNumberField, fieldNumber } from '../../../src/ui/number-field';

describe('number fields', () => {
  it('empty is the default; numbers with +, − or a decimal comma are read; anything else is NaN, not 0', () => {
    expect(fieldNumber('')).toBe(0);
    expect(fieldNumber('  ', 5)).toBe(5);
    expect(fieldNumber('3')).toBe(3);
    expect(fieldNumber('+2')).toBe(2);
    expect(fieldNumber('−1')).toBe(-1);
    expect(fieldNumber('-4')).toBe(-4);
    expect(fieldNumber('1,5')).toBe(1.5);
    for (const bad of ['abc', 'NaN', '1e12', '3x', '--1', 'Infinity', '0x10']) expect(fieldNumber(bad)).toBeNaN();
  });

  it('a field out of range, or holding text, gets its message at the field; a good value clears it', () => {
    const input = document.createElement('input');
    document.body.append(input);
    const msg = ({ min, max }: { min: number; max: number }) => `from ${min} to ${max}`;
    for (const bad of ['abc', '1000000000000', '21', '-21', '1.5']) {
      input.value = bad;
      expect(checkNumberField(input, { min: -20, max: 20 }, msg)).toBeNaN();
      expect(input.validationMessage).toBe('from -20 to 20');
    }
    input.value = '-3';
    expect(checkNumberField(input, { min: -20, max: 20 }, msg)).toBe(-3);
    expect(input.validationMessage).toBe('');
    input.value = '';
    expect(checkNumberField(input, { min: -20, max: 20 }, msg)).toBe(0);
  });
});
