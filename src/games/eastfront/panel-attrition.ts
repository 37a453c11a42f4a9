/**
 * EastFront's out-of-supply attrition tool (10.4, 10.5).
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { asJson } from '../../engine';
import { t } from './messages-keys';
import { fortressSupplied } from './rules';
import { checkField, textField } from '../../ui/fields';
import { EfTool } from './panel-tool';

/** The units out of supply as typed, the Original Defender's units in a fortress among them, and the exempt one (10.5). */
type AttritionForm = { units: string; exempt: string; fortress: string[] };

@customElement('wc-ef-attrition')
export class WcEfAttrition extends EfTool {
  private get oos(): AttritionForm {
    return this.formDraft<AttritionForm>('ef-attrition', { units: '', exempt: '', fortress: [] });
  }
  private set oos(v: AttritionForm) {
    this.setFormDraft('ef-attrition', v);
  }

  override render() {
    return this.attritionTool();
  }

  private attritionTool() {
    const lang = this.language;
    const form = this.oos;
    const units = this.parseUnits(form.units, 'axis');
    // The Original Defender's units in a fortress (10.5): Fortress Supply goes to their largest, the
    // owner choosing among equals — which units those are is the rules' (fortressSupplied).
    const inFortress = units.filter((u) => form.fortress.includes(u.id));
    const candidates = inFortress.length ? fortressSupplied(inFortress) : units.map((u) => u.id);
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.attrition')}</legend>
      ${textField(t(lang, 'ef.ui.oosUnits'), form.units, (units) => (this.oos = { ...form, units }), { placeholder: 'Z inf 1, W armor 3' })}
      ${
        units.length
          ? html`<div class="row" role="group" aria-label=${t(lang, 'ef.ui.inFortress')}>
              <span>${t(lang, 'ef.ui.inFortress')}:</span>
              ${units.map((u) =>
                checkField(
                  u.id,
                  form.fortress.includes(u.id),
                  (on) =>
                    (this.oos = {
                      ...form,
                      exempt: '',
                      fortress: on ? [...form.fortress, u.id] : form.fortress.filter((id) => id !== u.id),
                    }),
                  { testid: 'ef-oos-fortress' },
                ),
              )}
            </div>`
          : nothing
      }
      <label
        >${t(lang, 'ef.ui.exempt')}<select
          data-testid="ef-oos-exempt"
          @change=${(e: Event) => (this.oos = { ...form, exempt: (e.target as HTMLSelectElement).value })}
        >
          <option value=""></option>
          ${candidates.map((id) => html`<option value=${id} ?selected=${form.exempt === id}>${id}</option>`)}
        </select></label
      >
      <button
        class="primary"
        @click=${() =>
          this.runAt('attrition', 'ef.attrition', {
            units: asJson(units),
            ...(inFortress.length ? { fortress: inFortress.map((u) => u.id) } : {}),
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
