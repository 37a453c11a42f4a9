/**
 * Labelled fields bound to a value the component keeps: each shows its value, and its callback gets
 * what the player changes, keystroke by keystroke (numbers are typed as text and read by the step,
 * which refuses a bad one with a message naming the field). A field its form reads when submitted
 * takes no callback.
 */
import { html, nothing } from 'lit';
import { checkNumberField } from './number-field';

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
  opts: { readonly name?: string; readonly testid?: string } = {},
) =>
  html`<label class="inline"
    ><input
      type="checkbox"
      name=${opts.name ?? nothing}
      data-testid=${opts.testid ?? nothing}
      .checked=${checked}
      @change=${(e: Event) => onChecked((e.target as HTMLInputElement).checked)}
    />${label}</label
  >`;

/**
 * A labelled whole-number input, checked in place within `range` (checkNumberField: text or a number
 * out of range is refused at the field with `message`, and `onNumber` gets NaN, never 0).
 */
export const wholeNumberField = (
  label: unknown,
  value: number,
  onNumber: (n: number) => void,
  range: { readonly min: number; readonly max: number },
  message: (p: { min: number; max: number }) => string,
) =>
  html`<label
    >${label}<input
      type="number"
      inputmode="numeric"
      step="1"
      .value=${String(value)}
      @input=${(e: Event) => onNumber(checkNumberField(e.target as HTMLInputElement, range, message))}
      @change=${(e: Event) => (e.target as HTMLInputElement).reportValidity()}
  /></label>`;
