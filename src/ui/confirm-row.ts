/**
 * An inline confirmation, shown in place of the button that asked for it: the question, the choices
 * and the way back, as one `alertdialog` row (no modal, so the screen around it stays readable).
 */
import { html, nothing } from 'lit';

/** One button of an inline confirmation. */
export interface ConfirmChoice {
  readonly label: string;
  readonly run: () => unknown;
  /** The choice that cannot be undone is `danger`; the one most players take is `primary`. */
  readonly kind?: 'primary' | 'danger';
  /** A longer explanation, shown on hover. */
  readonly title?: string;
}

/**
 * `question` is also the dialog's accessible name; `nameClass` marks it as holding a user-typed name
 * (wrapped anywhere, isolated). `cancel` comes last.
 */
export const confirmRow = (
  question: string,
  choices: readonly ConfirmChoice[],
  cancel: ConfirmChoice,
  opts: { nameClass?: boolean } = {},
) =>
  html`<div class="row" role="alertdialog" aria-label=${question}>
    <span class=${opts.nameClass ? 'name' : nothing}>${question}</span>
    ${[...choices, cancel].map(
      (choice) =>
        html`<button class=${choice.kind ?? nothing} title=${choice.title ?? nothing} @click=${choice.run}>
          ${choice.label}
        </button>`,
    )}
  </div>`;
