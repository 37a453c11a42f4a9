/**
 * What a player typed into a number field. Empty is the field's default; a number (with a leading
 * "+" or "−", or a decimal comma) is that number; anything else is NaN — never 0 — so the step that
 * reads it refuses it with a message naming the field, instead of quietly reading it as nothing.
 */
export function fieldNumber(text: unknown, empty = 0): number {
  const s = String(text ?? '')
    .trim()
    .replace(/^[−–]/, '-')
    .replace(/^\+/, '');
  if (s === '') return empty;
  return /^-?\d+(?:[.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : Number.NaN;
}

/**
 * Checks a number input in place, with the message at the field (the browser's own bubble, read
 * by screen readers): the number if it is a whole number within [min, max] (empty: `empty`), or
 * NaN with the message set on the field (shown at once with `report`; call input.reportValidity()
 * on change otherwise, so it does not interrupt typing "-3"). `message` says it in the player's language.
 */
export function checkNumberField(
  input: HTMLInputElement,
  opts: { min: number; max: number; empty?: number },
  message: (p: { min: number; max: number }) => string,
  report = false,
): number {
  // A type="number" field holding text reports badInput and an empty value: that is not "empty".
  const v = input.validity?.badInput ? Number.NaN : fieldNumber(input.value, opts.empty ?? 0);
  const ok = Number.isInteger(v) && v >= opts.min && v <= opts.max;
  input.setCustomValidity(ok ? '' : message(opts));
  if (!ok && report) input.reportValidity();
  return ok ? v : Number.NaN;
}

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
