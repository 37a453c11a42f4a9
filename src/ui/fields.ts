/**
 * Labelled fields bound to a value the component keeps: each shows its value, and its callback gets
 * what the player changes, keystroke by keystroke (numbers are typed as text and read by the step,
 * which refuses a bad one with a message naming the field). A field its form reads when submitted
 * takes no callback.
 */
import { html, nothing } from 'lit';
import { readNumber, type NumberReading, type NumberRule } from './number-field';
import type { Lang } from '../app/store';
import { formatNumber, t, use } from './i18n';
import { errors } from './i18n/errors';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(errors);

export interface TextFieldOptions {
  readonly name?: string;
  readonly inputmode?: 'numeric' | 'decimal' | 'text';
  readonly maxlength?: number;
  readonly autocomplete?: 'off';
  readonly required?: boolean;
  readonly testid?: string;
  /** The id of a `<datalist>` of suggestions. */
  readonly list?: string;
  /** An example of what to type, shown while the field is empty. */
  readonly placeholder?: string;
}

export interface ChangeFieldOptions extends TextFieldOptions {
  readonly type?: 'text' | 'number' | 'color';
  readonly min?: number;
  readonly max?: number;
  readonly readonly?: boolean;
}

/** A labelled input showing `value`; `on` names the event whose value goes to `take` (none: its form reads it). */
const inputField = (
  label: unknown,
  value: string,
  opts: ChangeFieldOptions,
  on: 'input' | 'change',
  take?: (text: string) => void,
) => {
  const read = take ? (e: Event) => take((e.target as HTMLInputElement).value) : nothing;
  return html`<label
    >${label}<input
      type=${opts.type ?? 'text'}
      name=${opts.name ?? nothing}
      inputmode=${opts.inputmode ?? nothing}
      maxlength=${opts.maxlength ?? nothing}
      min=${opts.min ?? nothing}
      max=${opts.max ?? nothing}
      autocomplete=${opts.autocomplete ?? nothing}
      list=${opts.list ?? nothing}
      placeholder=${opts.placeholder ?? nothing}
      ?required=${opts.required ?? false}
      ?readonly=${opts.readonly ?? false}
      data-testid=${opts.testid ?? nothing}
      .value=${value}
      @input=${on === 'input' ? read : nothing}
      @change=${on === 'change' ? read : nothing}
  /></label>`;
};

/** The labelled input whose value goes to its callback (if any) on `on`. */
const fieldOn =
  (on: 'input' | 'change') =>
  (label: unknown, value: string, take?: (text: string) => void, opts: ChangeFieldOptions = {}) =>
    inputField(label, value, opts, on, take);

/** A labelled text input showing `value`; its callback (if any) gets what is typed, keystroke by keystroke. */
export const textField = fieldOn('input');

/**
 * A labelled field whose value is taken when the player leaves it or presses Enter (`change`), not
 * keystroke by keystroke: for settings and editors, where each change is saved or re-read at once.
 */
export const changeField = fieldOn('change');

/** A checkbox with its label on one line, ticked when `checked`; `onChecked` gets each change. */
export const checkField = (
  label: unknown,
  checked: boolean,
  onChecked: (checked: boolean) => void,
  opts: { readonly name?: string; readonly testid?: string; readonly disabled?: boolean } = {},
) =>
  html`<label class="inline"
    ><input
      type="checkbox"
      name=${opts.name ?? nothing}
      ?disabled=${opts.disabled ?? false}
      data-testid=${opts.testid ?? nothing}
      .checked=${checked}
      @change=${(e: Event) => onChecked((e.target as HTMLInputElement).checked)}
    />${label}</label
  >`;

/**
 * What is wrong with a number field's text, in the player's words, quoting what was typed and
 * giving the range: "“2.5” is not a whole number. Type a whole number from −20 to 20." ('' when it is fine.)
 */
export function numberMessage(lang: Lang, reading: NumberReading, rule: NumberRule): string {
  if (reading.ok) return '';
  const range = t(lang, rule.whole === false ? 'field.numberRange' : 'field.wholeRange', {
    min: formatNumber(lang, rule.min),
    max: formatNumber(lang, rule.max),
  });
  return `${t(lang, `field.${reading.problem}`, { text: reading.text })} ${range}`;
}

/** How a number field is drawn: its id (unique in its shadow root; the message's is `<id>-error`) and whether its form was sent. */
export interface NumberFieldOptions {
  readonly lang: Lang;
  readonly id: string;
  readonly name?: string;
  readonly testid?: string;
  /** The form was sent (or its result asked for): a blank required field now says so too. */
  readonly asked?: boolean;
}

/**
 * A labelled number field (issue #28, item 15): it shows the text as typed (never "NaN"), and when
 * that text is not a number its rule allows, says why right under it (aria-invalid, aria-describedby),
 * quoting the text and giving the range. A blank required field says so once the form is sent (`asked`).
 * `onText` gets the text keystroke by keystroke; the form reads it with readNumber and the same rule.
 */
export const numberField = (
  label: unknown,
  text: string,
  onText: (text: string) => void,
  rule: NumberRule,
  opts: NumberFieldOptions,
) => {
  const reading = readNumber(text, rule);
  const shown = !reading.ok && (reading.problem !== 'required' || opts.asked === true);
  const errId = `${opts.id}-error`;
  // The field and its message stay together in a row of fields.
  return html`<span style="display:inline-flex;flex-direction:column;max-width:100%"
    ><label
      >${label}<input
        type="text"
        id=${opts.id}
        name=${opts.name ?? nothing}
        inputmode=${rule.whole === false ? 'decimal' : rule.min < 0 ? 'text' : 'numeric'}
        autocomplete="off"
        data-testid=${opts.testid ?? nothing}
        aria-invalid=${shown ? 'true' : nothing}
        aria-describedby=${shown ? errId : nothing}
        .value=${text}
        @input=${(e: Event) => onText((e.target as HTMLInputElement).value)} /></label
    >${shown ? html`<span class="err field-error" id=${errId}>${numberMessage(opts.lang, reading, rule)}</span>` : nothing}</span
  >`;
};
