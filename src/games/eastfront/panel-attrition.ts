/**
 * EastFront's out-of-supply attrition tool (10.4, 10.5).
 */
import { html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { asJson } from '../../engine';
import { t } from './messages-keys';
import { type Side } from './rules';
import { textField } from '../../ui/fields';
import { EfTool } from './panel-tool';

@customElement('wc-ef-attrition')
export class WcEfAttrition extends EfTool {
  private get oos(): { units: string; exempt: string } {
    return this.formDraft('ef-attrition', { units: '', exempt: '' });
  }
  private set oos(v: { units: string; exempt: string }) {
    this.setFormDraft('ef-attrition', v);
  }

  override render() {
    return this.attritionTool();
  }

  /** "Z inf 1, W armor 3" → blocks (type by its first letters, as in the pursuit tool). */
  private parseUnits(text: string, side: Side) {
    return text
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, k) => {
        const parts = s.split(/\s+/);
        const cv = Number(parts.at(-1));
        const typeWord = (parts.length >= 3 ? parts[parts.length - 2] : parts[0]) ?? '';
        const id = parts.length >= 3 ? parts.slice(0, -2).join(' ') : `#${k + 1}`;
        return { id, side, type: this.typeOf(typeWord), cv };
      });
  }

  private attritionTool() {
    const lang = this.language;
    const form = this.oos;
    const units = this.parseUnits(form.units, 'axis');
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.attrition')}</legend>
      ${textField(t(lang, 'ef.ui.oosUnits'), form.units, (units) => (this.oos = { ...form, units }), { placeholder: 'Z inf 1, W armor 3' })}
      <label
        >${t(lang, 'ef.ui.exempt')}<select
          @change=${(e: Event) => (this.oos = { ...form, exempt: (e.target as HTMLSelectElement).value })}
        >
          <option value=""></option>
          ${units.map((u) => html`<option value=${u.id} ?selected=${form.exempt === u.id}>${u.id}</option>`)}
        </select></label
      >
      <button
        class="primary"
        @click=${() =>
          this.run('attrition', 'ef.attrition', {
            units: asJson(units),
            ...(form.exempt ? { fortressExempt: form.exempt } : {}),
          })}
      >
        ${t(lang, 'ef.ui.applyAttrition')}
      </button>
      ${this.err('attrition')} ${this.result('attrition', this.latest(['ef.attrition']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-attrition': WcEfAttrition;
  }
}
