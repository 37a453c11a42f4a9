/**
 * EastFront's victory tool (17.1–17.3, Scn W44): each side's victory points and the tally.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { type Json } from '../../engine';
import { t, translate } from './messages-keys';
import { W44_MONTHS, type Side } from './rules';
import { checkField } from '../../ui/fields';
import { EfTool, numberBox } from './panel-tool';

@customElement('wc-ef-victory')
export class WcEfVictory extends EfTool {
  private get vp(): Record<string, string> {
    return this.formDraft<Record<string, string>>('ef-victory', {});
  }
  private set vp(v: Record<string, string>) {
    this.setFormDraft('ef-victory', v);
  }

  override render() {
    return this.victoryTool();
  }

  private victoryTool() {
    const lang = this.language;
    const form = this.vp;
    const set = (k: string, val: string) => {
      this.vp = { ...form, [k]: val };
    };
    const num = (k: string) =>
      numberBox(
        translate(lang, `ef.ui.vp.${k.split('.')[1]!}`),
        form[k] ?? '',
        (val) => set(k, val),
        '4.5rem',
        `ef-vp-${k}`,
      );
    const side = (s: Side) => {
      const typedSide: Record<string, Json> = {};
      for (const [k, val] of Object.entries(form))
        if (k.startsWith(`${s}.`) && val.trim() !== '')
          typedSide[k.split('.')[1]!] = /^\d+$/.test(val.trim()) ? Number(val) : val;
      if (s === 'axis' && form['axis.italian8th'] === 'yes') typedSide['italian8th'] = true;
      return typedSide;
    };
    const w44 = this.scenario === 'w44';
    return html`<fieldset>
      <legend>${t(lang, 'ef.ui.victory')}</legend>
      ${
        w44
          ? html`<label
              >${t(lang, 'ef.ui.vp.month')}<select
                @change=${(e: Event) => set('w44Month', (e.target as HTMLSelectElement).value)}
              >
                <option value=""></option>
                ${W44_MONTHS.map((m) => html`<option value=${m} ?selected=${form['w44Month'] === m}>${m === 'never' ? t(lang, 'ef.ui.vp.never') : translate(lang, `ef.month.${m}`)}</option>`)}
              </select></label
            >`
          : html`${(['soviet', 'axis'] as Side[]).map(
              (s) =>
                html`<fieldset>
                  <legend>${t(lang, `ef.side.${s}`)}</legend>
                  <div class="row">
                    ${num(`${s}.production`)} ${num(`${s}.hqVm`)} ${num(`${s}.hqEliminated`)} ${num(`${s}.eliminated`)}
                    ${s === 'axis' ? html`${num('axis.expeditions')} ${num('axis.outOfSupply')}${checkField(t(lang, 'ef.ui.vp.italian8th'), form['axis.italian8th'] === 'yes', (on) => set('axis.italian8th', on ? 'yes' : ''))}` : nothing}
                  </div>
                </fieldset>`,
            )}`
      }
      <button
        class="primary"
        data-testid="ef-vp-tally"
        @click=${() => this.runAt('victory', 'ef.victory', w44 ? { w44Month: form['w44Month'] ?? '' } : { soviet: side('soviet'), axis: side('axis') })}
      >
        ${t(lang, 'ef.ui.tally')}
      </button>
      ${this.err('victory')} ${this.result('victory', this.latest(['ef.victory']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-victory': WcEfVictory;
  }
}
