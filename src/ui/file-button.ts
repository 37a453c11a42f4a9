/** A button that opens the device's file picker for game files (JSON): a label around a hidden input. */
import { html, nothing } from 'lit';

export const fileButton = (
  label: string,
  onChange: (e: Event) => unknown,
  opts: { testid?: string; multiple?: boolean; disabled?: boolean } = {},
) =>
  html`<label class="button"
    >${label}
    <input
      class="sr-only"
      type="file"
      accept="application/json,.json"
      data-testid=${opts.testid ?? nothing}
      ?multiple=${opts.multiple ?? false}
      ?disabled=${opts.disabled ?? false}
      @change=${onChange}
  /></label>`;
