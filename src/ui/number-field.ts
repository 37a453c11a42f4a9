/**
 * The one reader of what players type into number fields (issue #28, item 15): readNumber, by the
 * field's rule. Blank is never 0; text, decimals and numbers out of range are refused with the text
 * as typed, for the field to say why (fields.ts numberField, numberMessage).
 */

/**
 * What a number field may hold: a number from `min` to `max`, whole unless `whole` is false.
 * `optional`: blank means "not used" — only where the form says so beside the field; otherwise a
 * blank field is refused as "required", never read as 0.
 */
export interface NumberRule {
  readonly min: number;
  readonly max: number;
  readonly whole?: boolean;
  readonly optional?: boolean;
}

/** Why a field's text is not a number the form can use. */
export type NumberProblem = 'required' | 'notNumber' | 'whole' | 'range';

/** A field's text read by its rule: the number (undefined: an optional field left blank), or why not, with the text as typed. */
export type NumberReading =
  | { readonly ok: true; readonly value: number | undefined }
  | { readonly ok: false; readonly problem: NumberProblem; readonly text: string };

/**
 * Reads what a player typed into a number field (issue #28, item 15). A number may carry a leading
 * "+" or "−" and a decimal comma or point; "1e12", "0x10", "Infinity" are not numbers a player types.
 */
export function readNumber(text: unknown, rule: NumberRule): NumberReading {
  const typed = String(text ?? '');
  const s = typed.trim();
  if (s === '') return rule.optional ? { ok: true, value: undefined } : { ok: false, problem: 'required', text: typed };
  const normal = s.replace(/^[−–]/, '-').replace(/^\+/, '');
  if (!/^-?(\d+(?:[.,]\d*)?|[.,]\d+)$/.test(normal)) return { ok: false, problem: 'notNumber', text: s };
  const value = Number(normal.replace(',', '.'));
  if (rule.whole !== false && !Number.isInteger(value)) return { ok: false, problem: 'whole', text: s };
  if (value < rule.min || value > rule.max) return { ok: false, problem: 'range', text: s };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}
