/** Inputs for the faces of real dice rolled at the table, one per die. Values are checked by the engine. */
import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { facesOf, type DiceSpec } from '../../engine';
import type { Lang } from '../../app/store';
import { t } from '../i18n';
import { base } from '../styles';

@customElement('wc-manual-dice')
export class WcManualDice extends LitElement {
  static override styles = [base];
  @property({ attribute: false }) spec!: DiceSpec;
  @property() locale: Lang = 'en';

  /** The values typed in, as numbers where they parse (NaN otherwise, which the engine refuses with a message). */
  get values(): number[] {
    return [...this.renderRoot.querySelectorAll('input')].map((i) => (i.value.trim() === '' ? Number.NaN : Number(i.value)));
  }
  clear() { this.renderRoot.querySelectorAll('input').forEach((i) => { i.value = ''; }); }

  override render() {
    const faces = facesOf(this.spec);
    const n = Math.min(this.spec.n, 100);
    return html`<fieldset><legend>${t(this.locale, 'dice.enter')}</legend><div class="row">
      ${Array.from({ length: n }, (_, k) => html`<label>${t(this.locale, 'dice.die', { n: k + 1 })}
        <input type="number" inputmode="numeric" min=${Math.min(...faces)} max=${Math.max(...faces)} step="1" name=${`die${k + 1}`}></label>`)}
    </div></fieldset>`;
  }
}
declare global { interface HTMLElementTagNameMap { 'wc-manual-dice': WcManualDice } }
