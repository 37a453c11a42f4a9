// @vitest-environment happy-dom
// Issue 18 (4), issue 28 (15): what is typed in a number field is read by its rule (readNumber): blank
// is never 0, and text, decimals and numbers out of range are said at the field (numberField), quoting
// what was typed, with the range, in the player's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'lit';
import { readNumber } from '../../../src/ui/number-field';
import { numberField } from '../../../src/ui/fields';
import { loadLanguage } from '../../../src/ui/i18n';

describe('readNumber (issue #28, item 15): what a number field holds, by its rule', () => {
  const whole = { min: -20, max: 20 };
  it('reads numbers as players type them: a sign (+, −, -), a decimal comma or point where decimals are allowed', () => {
    expect(readNumber('3', whole)).toEqual({ ok: true, value: 3 });
    expect(readNumber(' +2 ', whole)).toEqual({ ok: true, value: 2 });
    expect(readNumber('−1', whole)).toEqual({ ok: true, value: -1 });
    expect(readNumber('-0', whole)).toEqual({ ok: true, value: 0 });
    expect(readNumber('7,5', { min: 0, max: 10, whole: false })).toEqual({ ok: true, value: 7.5 });
    expect(readNumber('7.5', { min: 0, max: 10, whole: false })).toEqual({ ok: true, value: 7.5 });
  });
  it('blank is "required" unless the field is optional, where it is "not used" (undefined) — never 0', () => {
    expect(readNumber('', whole)).toEqual({ ok: false, problem: 'required', text: '' });
    expect(readNumber('   ', whole)).toMatchObject({ ok: false, problem: 'required' });
    expect(readNumber(undefined, whole)).toMatchObject({ ok: false, problem: 'required' });
    expect(readNumber('', { ...whole, optional: true })).toEqual({ ok: true, value: undefined });
  });
  it('what is not a number a player types is refused, quoting it as typed (trimmed)', () => {
    for (const bad of ['abc', 'NaN', '1e12', '3x', '--1', 'Infinity', '0x10', '-', '+', '1,2,3'])
      expect(readNumber(` ${bad}`, whole)).toEqual({ ok: false, problem: 'notNumber', text: bad });
  });
  it('a decimal where a whole number is needed, and a number out of range, say so', () => {
    expect(readNumber('2.5', whole)).toEqual({ ok: false, problem: 'whole', text: '2.5' });
    expect(readNumber('2,5', whole)).toEqual({ ok: false, problem: 'whole', text: '2,5' });
    expect(readNumber('21', whole)).toEqual({ ok: false, problem: 'range', text: '21' });
    expect(readNumber('-21', whole)).toEqual({ ok: false, problem: 'range', text: '-21' });
    expect(readNumber('1000000000000', whole)).toEqual({ ok: false, problem: 'range', text: '1000000000000' });
    expect(readNumber('20', whole)).toEqual({ ok: true, value: 20 });
  });
});

beforeAll(() => loadLanguage('es'));

describe("numberField: the message at the field, in the player's words and language", () => {
  const draw = (text: string, asked = false, lang: 'en' | 'es' = 'en') => {
    const host = document.createElement('div');
    document.body.append(host);
    render(
      numberField('Shift', text, () => {}, { min: -20, max: 20 }, { lang, id: 'f', asked }),
      host,
    );
    const input = host.querySelector('input')!;
    const id = input.getAttribute('aria-describedby');
    return { input, message: id ? host.querySelector(`#${id}`)!.textContent : null };
  };
  it('keeps the text as typed and quotes it, with the range', () => {
    expect(draw('2.5').input.value).toBe('2.5');
    expect(draw('2.5').input.getAttribute('aria-invalid')).toBe('true');
    expect(draw('2.5').message).toBe('“2.5” is not a whole number. Type a whole number from -20 to 20.');
    expect(draw('1e12').message).toBe('“1e12” is not a number. Type a whole number from -20 to 20.');
    expect(draw('99', false, 'es').message).toBe('«99» está fuera de rango. Escribe un número entero de -20 a 20.');
  });
  it('a blank field says nothing until its form is sent, then that it is needed', () => {
    expect(draw('').message).toBeNull();
    expect(draw('').input.getAttribute('aria-invalid')).toBeNull();
    expect(draw('', true).message).toBe('Nothing is typed here. Type a whole number from -20 to 20.');
    expect(draw('', true, 'es').message).toBe('Aquí no hay nada escrito. Escribe un número entero de -20 a 20.');
    expect(draw('3', true).message).toBeNull();
  });
});
