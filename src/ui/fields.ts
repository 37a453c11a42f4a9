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
