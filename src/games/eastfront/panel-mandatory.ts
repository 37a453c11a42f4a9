/**
 * EastFront's mandatory combat tool (7.15): the battles the rules make mandatory in this combat phase,
 * each to be confirmed as fought.
 */
import { html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { FORTRESSES, mandatoryBattles, phaseIndex, type FortressName } from './rules';
import { checkField, textField } from '../../ui/fields';
import { EfTool } from './panel-tool';

const FRESH_MUST = { newBattles: '', airBattles: '', fortresses: [] as string[], fought: [] as string[] };
type MustForm = typeof FRESH_MUST;

@customElement('wc-ef-mandatory')
export class WcEfMandatory extends EfTool {
  /** The combat phase (the Blitz combat phase has its own rules, 7.15). */
  @property() phase = '';

  override render() {
    return this.mandatoryTool(this.phase);
  }

  /**
   * The battles the rules make mandatory in this combat phase (7.15): the players name the new battles
   * and those given an air attack, and tick the fortresses where they are the Original Attacker; each
   * mandatory battle is then listed to be confirmed as fought.
   */
  private mandatoryTool(phase: string) {
    const lang = this.language;
    const { cur, turn } = this.view;
    const scope = `${turn}.${phaseIndex(cur.state.game, turn)}`;
    const form = this.formDraft<MustForm>('ef-must', FRESH_MUST, scope);
    const set = (patch: Partial<MustForm>) => this.setFormDraft('ef-must', { ...form, ...patch }, scope);
    const required = mandatoryBattles({
      phase: phase === 'blitz-combat' ? 'blitz-combat' : 'combat',
      newBattles: form.newBattles,
      airBattles: form.airBattles,
      fortresses: form.fortresses.filter((x): x is FortressName => (FORTRESSES as readonly string[]).includes(x)),
    });
    const name = (hex: string, fortress?: string) => (fortress ? translate(lang, hex) : hex);
    const left = required.battles.filter((b) => !form.fought.includes(b.hex.toLowerCase())).length;
    return html`<fieldset data-testid="ef-mandatory">
      <legend>${t(lang, 'ef.ui.must')} (${t(lang, 'x.rule', { rule: '7.15' })})</legend>
      ${textField(t(lang, 'ef.ui.mustNew'), form.newBattles, (newBattles) => set({ newBattles }), { testid: 'ef-must-new' })}
      ${textField(t(lang, 'ef.ui.mustAir'), form.airBattles, (airBattles) => set({ airBattles }), { testid: 'ef-must-air' })}
      <div class="row" role="group" aria-label=${t(lang, 'ef.ui.mustFortress')}>
        <span>${t(lang, 'ef.ui.mustFortress')}:</span>
        ${FORTRESSES.map((x) =>
          checkField(
            t(lang, `ef.fortress.${x}`),
            form.fortresses.includes(x),
            (on) => set({ fortresses: on ? [...form.fortresses, x] : form.fortresses.filter((y) => y !== x) }),
            { testid: `ef-must-${x}` },
          ),
        )}
      </div>
      ${required.notes.map((n) => html`<p class="muted">${translate(lang, n.key)} (${t(lang, 'x.rule', { rule: n.rule ?? '' })})</p>`)}
      ${
        required.battles.length === 0
          ? html`<p class="muted">${t(lang, 'ef.ui.mustNone')}</p>`
          : html`<ul data-testid="ef-must-list" style="padding-left:0;list-style:none">
                ${required.battles.map(
                  (b) =>
                    html`<li>
                      ${checkField(
                        t(lang, 'ef.ui.mustFought', { hex: name(b.hex, b.fortress) }),
                        form.fought.includes(b.hex.toLowerCase()),
                        (on) =>
                          set({
                            fought: on
                              ? [...form.fought, b.hex.toLowerCase()]
                              : form.fought.filter((y) => y !== b.hex.toLowerCase()),
                          }),
                        { testid: 'ef-must-fought' },
                      )}
                      <ul>
                        ${b.reasons.map(
                          (r) =>
                            html`<li>${translate(lang, r.key)} (${t(lang, 'x.rule', { rule: r.rule ?? '' })})</li>`,
                        )}
                      </ul>
                    </li>`,
                )}
              </ul>
              <p data-testid="ef-must-status" role="status">
                <strong>${left ? t(lang, 'ef.ui.mustLeft', { n: left }) : t(lang, 'ef.ui.mustDone')}</strong>
              </p>`
      }
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-mandatory': WcEfMandatory;
  }
}
