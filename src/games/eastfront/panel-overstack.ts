/**
 * EastFront's overstacking tool (6.21, 6.22): the hex's terrain, the owner's units in it after a repulse,
 * and — when the rules count some over the limit (overstackOffer) — the owner's choice of which are out
 * of supply. Where 6.21 gives no limit the players type the printed chart's.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { asJson } from '../../engine';
import { t, translate } from './messages-keys';
import { TERRAINS, overstackOffer, type Terrain } from './rules';
import { checkField, textField } from '../../ui/fields';
import { readNumber } from '../../ui/number-field';
import { EfTool, numberBox } from './panel-tool';

type OverstackForm = { terrain: string; limit: string; units: string; chosen: string[] };

@customElement('wc-ef-overstack')
export class WcEfOverstack extends EfTool {
  private get typed(): OverstackForm {
    return this.formDraft<OverstackForm>('ef-overstack', { terrain: 'clear', limit: '', units: '', chosen: [] });
  }
  private set typed(v: OverstackForm) {
    this.setFormDraft('ef-overstack', v);
  }

  override render() {
    const lang = this.language;
    const form = this.typed;
    const terrain = form.terrain as Terrain;
    const units = this.parseUnits(form.units, 'axis');
    const typedLimit = readNumber(form.limit, { min: 1, max: 9 });
    const offer = overstackOffer(terrain, units.length, typedLimit.ok ? typedLimit.value : undefined);
    return html`<fieldset data-testid="ef-overstack">
      <legend>${t(lang, 'ef.ui.overstack')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.terrain')}<select
            data-testid="ef-stack-terrain"
            @change=${(e: Event) =>
              (this.typed = { ...form, terrain: (e.target as HTMLSelectElement).value, chosen: [] })}
          >
            ${TERRAINS.map((x) => html`<option value=${x} ?selected=${form.terrain === x}>${t(lang, `ef.t.${x}`)}</option>`)}
          </select></label
        >
        ${
          // The limit is typed only where 6.21 gives none (the rules say so: overstackOffer).
          !offer.ok || offer.typed
            ? numberBox(
                t(lang, 'ef.ui.stackLimit'),
                form.limit,
                (limit) => (this.typed = { ...form, limit }),
                '4rem',
                'ef-stack-limit',
              )
            : nothing
        }
      </div>
      ${textField(
        t(lang, 'ef.ui.stackUnits'),
        form.units,
        (text) => (this.typed = { ...form, units: text, chosen: [] }),
        {
          placeholder: 'A inf 2, B armor 3',
          testid: 'ef-stack-units',
        },
      )}
      ${
        !offer.ok
          ? html`<p class="muted" data-testid="ef-stack-why">
              ${translate(lang, offer.key, { terrain: t(lang, `ef.t.${terrain}`) })}
            </p>`
          : offer.excess > 0
            ? html`<div
                class="row"
                role="group"
                aria-label=${t(lang, 'ef.ui.stackOver', { n: offer.excess, limit: offer.limit })}
              >
                <span>${t(lang, 'ef.ui.stackOver', { n: offer.excess, limit: offer.limit })}:</span>
                ${units.map((u) =>
                  checkField(
                    u.id,
                    form.chosen.includes(u.id),
                    (on) =>
                      (this.typed = {
                        ...form,
                        chosen: on ? [...form.chosen, u.id] : form.chosen.filter((id) => id !== u.id),
                      }),
                    { testid: 'ef-stack-chosen' },
                  ),
                )}
              </div>`
            : nothing
      }
      <button
        class="primary"
        data-testid="ef-stack-apply"
        @click=${() =>
          this.runAt('overstack', 'ef.overstack', {
            terrain: form.terrain,
            ...(typedLimit.ok && typedLimit.value !== undefined ? { limit: typedLimit.value } : {}),
            units: asJson(units),
            chosen: form.chosen.filter((id) => units.some((u) => u.id === id)),
          })}
      >
        ${t(lang, 'ef.ui.stackCheck')}
      </button>
      ${this.err('overstack')} ${this.result('overstack', this.latest(['ef.overstack']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-overstack': WcEfOverstack;
  }
}
