/** The die-roll modifiers a table states (checkboxes, with their rule) plus one free modifier with a reason. */
import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Modifier, TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, tx, use } from '../i18n';
import { base } from '../styles';
import { ModifiersChangeEvent } from '../events';
import { checkNumberField } from '../number-field';
import { session } from '../i18n/session';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

@customElement('wc-modifier-picker')
export class WcModifierPicker extends LitElement {
  static override styles = [base];
  /** The table whose stated modifiers are offered; choosing another table clears the choice. */
  @property({ attribute: false }) table?: TableData;
  @property() locale: Lang = 'en';
  @state() private checked = new Set<string>();
  @state() private other = 0;
  @state() private otherLabel = '';

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('table') && changed.get('table') !== undefined) {
      this.checked = new Set();
      this.other = 0;
      this.otherLabel = '';
    }
  }

  override updated(changed: Map<string, unknown>) {
    if (changed.has('table') && changed.get('table') !== undefined) this.changed();
  }
  /** The modifiers chosen, each with its source. A non-numeric free modifier is passed on as NaN for the engine to refuse. */
  private chosen(): Modifier[] {
    const L = this.locale;
    const mods: Modifier[] = (this.table?.roll?.modifiers ?? [])
      .filter((m) => this.checked.has(m.id))
      .map((m) => ({ value: m.value, label: m.label, rule: m.rule }));
    if (this.other !== 0)
      mods.push({ value: this.other, label: this.otherLabel.trim() || t(L, 'table.otherModifier') });
    return mods;
  }

  private changed() {
    this.dispatchEvent(new ModifiersChangeEvent(this.chosen()));
  }

  override render() {
    const L = this.locale;
    const mods = this.table?.roll?.modifiers ?? [];
    return html`<fieldset>
      <legend>${t(L, 'table.modifiers')}</legend>
      ${mods.map(
        (m) =>
          html`<label class="inline">
            <input
              type="checkbox"
              .checked=${this.checked.has(m.id)}
              @change=${(e: Event) => {
                const s = new Set(this.checked);
                if ((e.target as HTMLInputElement).checked) s.add(m.id);
                else s.delete(m.id);
                this.checked = s;
                this.changed();
              }}
            />
            <span
              >${m.value > 0 ? '+' : ''}${m.value} ${tx(L, m.label)} <span class="muted">(${m.rule})</span></span
            ></label
          >`,
      )}
      <div class="row">
        <label
          >${t(L, 'table.otherModifier')}<input
            type="number"
            inputmode="numeric"
            step="1"
            .value=${String(this.other)}
            @input=${(e: Event) => {
              // Text, or a number beyond any chart, is refused at the field (and by the engine), never read as 0.
              this.other = checkNumberField(e.target as HTMLInputElement, { min: -99, max: 99 }, (p) =>
                t(L, 'field.number', p),
              );
              this.changed();
            }}
            @change=${(e: Event) => (e.target as HTMLInputElement).reportValidity()}
        /></label>
        <label
          >${t(L, 'table.otherLabel')}<input
            type="text"
            maxlength="80"
            .value=${this.otherLabel}
            @input=${(e: Event) => {
              this.otherLabel = (e.target as HTMLInputElement).value;
              this.changed();
            }}
        /></label>
      </div>
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-modifier-picker': WcModifierPicker;
  }
}
