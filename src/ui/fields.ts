/**
 * A labelled text field bound to a value the component keeps: it shows `value`, and `onValue` gets
 * what is typed, keystroke by keystroke (numbers are typed as text and read by the step, which
 * refuses a bad one with a message naming the field).
 */
import { html, nothing } from 'lit';

export interface TextFieldOptions {
  readonly name?: string;
  readonly inputmode?: 'numeric' | 'decimal' | 'text';
  readonly maxlength?: number;
  readonly autocomplete?: 'off';
  readonly required?: boolean;
  readonly testid?: string;
}

export const textField = (
  label: unknown,
  value: string,
  onValue: (text: string) => void,
  opts: TextFieldOptions = {},
) =>
  html`<label
    >${label}<input
      type="text"
      name=${opts.name ?? nothing}
      inputmode=${opts.inputmode ?? nothing}
      maxlength=${opts.maxlength ?? nothing}
      autocomplete=${opts.autocomplete ?? nothing}
      ?required=${opts.required ?? false}
      data-testid=${opts.testid ?? nothing}
      .value=${value}
      @input=${(e: Event) => onValue((e.target as HTMLInputElement).value)}
  /></label>`;

export interface ChangeFieldOptions extends TextFieldOptions {
  readonly type?: 'text' | 'number' | 'color';
  readonly min?: number;
  readonly max?: number;
  readonly readonly?: boolean;
}

/**
 * A labelled field whose value is taken when the player leaves it or presses Enter (`change`), not
 * keystroke by keystroke: for settings and editors, where each change is saved or re-read at once.
 */
export const changeField = (
  label: unknown,
  value: string,
  onChange: (text: string) => void,
  opts: ChangeFieldOptions = {},
) =>
  html`<label
    >${label}<input
      type=${opts.type ?? 'text'}
      name=${opts.name ?? nothing}
      inputmode=${opts.inputmode ?? nothing}
      maxlength=${opts.maxlength ?? nothing}
      min=${opts.min ?? nothing}
      max=${opts.max ?? nothing}
      data-testid=${opts.testid ?? nothing}
      ?readonly=${opts.readonly ?? false}
      .value=${value}
      @change=${(e: Event) => onChange((e.target as HTMLInputElement).value)}
  /></label>`;

/** A checkbox with its label after it, on one line; `onChange` gets whether it is now checked. */
export const checkboxField = (label: unknown, checked: boolean, onChange: (checked: boolean) => void) =>
  html`<label class="inline"
    ><input
      type="checkbox"
      .checked=${checked}
      @change=${(e: Event) => onChange((e.target as HTMLInputElement).checked)}
    />
    ${label}</label
  >`;
