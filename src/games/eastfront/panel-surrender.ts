/**
 * EastFront's satellite surrender tool (16.1): the chance before the roll, and the roll.
 */
import { html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { SATELLITES, surrenderOffer } from './rules';
import { EfTool, pct, numberBox } from './panel-tool';

type SurrenderForm = { satellite: string; hexes: string; eliminated: string };

@customElement('wc-ef-surrender')
export class WcEfSurrender extends EfTool {
  private get sur(): SurrenderForm {
    return this.formDraft<SurrenderForm>('ef-surrender', { satellite: 'romania', hexes: '1', eliminated: '0' });
  }
  private set sur(v: SurrenderForm) {
    this.setFormDraft('ef-surrender', v);
  }

  override render() {
    return this.surrenderTool();
  }

  private surrenderTool() {
    const lang = this.language;
    const form = this.sur;
    const dice = this.readings['ef.surrenderDice'] === '1d6' ? '1d6' : '2d6';
    const target = (Number(form.hexes) || 0) + (Number(form.eliminated) || 0);
    // Its chance, or why the roll is closed: the rules' (surrenderOffer, 16.1, Scn W44 2).
    const offer = surrenderOffer(this.scenario, target, dice);
    if (!offer.ok)
      return html`<fieldset>
        <legend>${t(lang, 'ef.ui.surrender')}</legend>
        <p data-testid="ef-surrender-done">${translate(lang, offer.key)}</p>
      </fieldset>`;
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.surrender')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.satellite')}<select
            @change=${(e: Event) => (this.sur = { ...form, satellite: (e.target as HTMLSelectElement).value })}
          >
            ${SATELLITES.map((x) => html`<option value=${x} ?selected=${form.satellite === x}>${t(lang, `ef.sat.${x}`)}</option>`)}
          </select></label
        >
        ${numberBox(t(lang, 'ef.ui.hexes'), form.hexes, (hexes) => (this.sur = { ...form, hexes }), '4rem')}
        ${numberBox(t(lang, 'ef.ui.elim'), form.eliminated, (eliminated) => (this.sur = { ...form, eliminated }), '4rem')}
      </div>
      <p class="muted">${t(lang, 'ef.ui.surrenderChance', { dice, p: pct(lang, offer.chance) })}</p>
      ${this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false })}
      <button
        class="primary"
        @click=${() =>
          this.runAt('surrender', 'ef.surrender', {
            satellite: form.satellite,
            hexes: /^\d+$/.test(form.hexes) ? Number(form.hexes) : form.hexes,
            eliminated: /^\d+$/.test(form.eliminated) ? Number(form.eliminated) : form.eliminated,
          })}
      >
        ${t(lang, 'ef.ui.rollSurrender')}
      </button>
      ${this.err('surrender')} ${this.result('surrender', this.latest(['ef.surrender']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-surrender': WcEfSurrender;
  }
}
