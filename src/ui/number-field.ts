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
