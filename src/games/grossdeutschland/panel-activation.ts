/**
 * Grossdeutschland's Activation phase: arriving HQ chits, the first turn's opening picks, one big
 * draw button, activate or pass the chit drawn (a Division HQ names its battalion), which
 * battalions have activated this turn, and HQs lost or battalions eliminated. A step the rules refuse
 * is said beside the control it was asked from (SessionTool `runAt`, `refusalAt`: `gd-error-<where>`).
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { cupCounts, type Json } from '../../engine';
import { ACTIVATION_CUP, activatedOf, activationOf, dueArrivals, hqDrawOffer } from './activation';
import { dayOf } from './rules';
import { tx, use } from '../../ui/i18n';
import { t, translate } from './messages-keys';
import { chitLabel, sideName } from '../../ui/explain';
import { gdActivationStyles } from './panel-activation.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { session } from '../../ui/i18n/session';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

@customElement('wc-gd-activation')
export class WcGdActivation extends SessionTool<ProcedureId> {
  static override styles = gdActivationStyles;
  @state() private picks: string[] = [];
  @state() private battalion = '';
  @state() private which = '';

  /** Runs a step from the control `where` (nothing here rolls dice: no typed dice go with it). */
  private run(where: string, id: ProcedureId, input: Json) {
    return this.actAt(where, { type: 'procedure', id, input });
  }
  /** The refusal of the step asked for at `where`, beside its control. */
  private err(where: string) {
    return this.refusalAt(where, 'gd-');
  }
  private label(id: string) {
    return chitLabel(this.language, this.current.ctx, ACTIVATION_CUP, id);
  }

  /** An arriving HQ with the units the set-up table lists under it (18.5, 19.5, 21.4, 21.5), and a special rule's other entry hex. */
  private arrival(id: string) {
    const lang = this.language;
    const arrival = this.current.ctx.scenario?.cups
      ?.find((c) => c.id === ACTIVATION_CUP)
      ?.chits.find((c) => c.id === id)?.arrives;
    if (!arrival) return this.label(id);
    const params = { hq: this.label(id), entry: arrival.entry ?? '?' };
    const text = arrival.units
      ? t(lang, 'gdev.arrivalUnits', { ...params, list: arrival.units.join(', ') })
      : t(lang, 'gdev.arrivalNoUnits', params);
    return arrival.altEntry
      ? `${text} ${t(lang, 'gdev.arrivalAlt', { entry: arrival.altEntry.entry, rule: arrival.altEntry.rule })}`
      : text;
  }

  override render() {
    const lang = this.language;
    const cur = this.current;
    const data = cur.ctx.scenario?.cups?.find((c) => c.id === ACTIVATION_CUP);
    const cup = cur.state.cups[ACTIVATION_CUP];
    if (!data || !cup) return nothing;
    const sides = cur.bundle.game.sides;
    const side = (id: string) => data.chits.find((c) => c.id === id)?.side ?? '';
    const colour = (s: string) => sides.find((x) => x.id === s)?.colour ?? '';
    const turn = cur.state.turn;
    const readings = this.readings;
    const activation = activationOf(cur.state.game, turn);
    const activated = activatedOf(activation);
    const passed = activation.decisions.filter((d) => d.how === 'passed').map((d) => d.chit);
    const undecided = cup.discard.filter((c) => !activation.decisions.some((d) => d.chit === c));
    const drawn = undecided[undecided.length - 1];
    const drawnData = drawn ? data.chits.find((c) => c.id === drawn) : undefined;
    const due = dueArrivals({ scenario: cur.ctx.scenario, cups: cur.state.cups, game: cur.state.game, turn, readings });
    const conditional = dueArrivals(
      { scenario: cur.ctx.scenario, cups: cur.state.cups, game: cur.state.game, turn, readings },
      true,
    );
    const day = dayOf(cur.state.game, turn);
    const opening = data.opening;
    const canOpen =
      opening &&
      (turn === 1 || readings['gd.opening'] === 'every-turn') &&
      cup.discard.length === 0 &&
      cup.next.length === 0;
    const openingChoices = opening ? cup.chits.filter((c) => side(c) === opening.side) : [];
    const openN = opening ? Math.min(opening.count, openingChoices.length) : 0;
    const list = (ids: readonly string[]) =>
      ids.length ? ids.map((c) => this.label(c)).join(', ') : t(lang, 'gdev.none');
    const counts = cupCounts(cup);
    // Whether another HQ is drawn, and why not (the cup is empty: the phase is over, 3.4), is the rules'.
    const drawOffer = hqDrawOffer(this.current.state.cups);
    // Dealt between the players' phones (a face-down draw with each side's phone linked, issue #33):
    // the cup is not empty; its chits are drawn hidden from the cups tool until the turn ends.
    const whyNot = this.current.state.hidden?.[ACTIVATION_CUP]
      ? t(lang, 'gdui.cupDealt')
      : drawOffer.ok
        ? undefined
        : translate(lang, drawOffer.key, drawOffer.params);
    // Reading gd.divisionChit 'own-group': the Division HQ's chit activates its own units, no battalion to pick.
    const pick = drawnData?.division && readings['gd.divisionChit'] !== 'own-group';
    const divisionTargets = drawnData?.division
      ? data.chits.filter(
          (c) =>
            !c.division &&
            c.side === drawnData.side &&
            !activated.includes(c.id) &&
            !activation.eliminated.includes(c.id),
        )
      : [];
    const arrivals = due.length ? t(lang, 'gdev.arrivalsDue', { list: list(due) }) : t(lang, 'gdev.arrivalsNone');
    return html` <div class="card">
        ${
          day === undefined
            ? html`<p class="muted">${t(lang, 'gdev.dayHelp')}</p>`
            : html`<p>${arrivals}</p>
                ${
                  due.length + conditional.length
                    ? html`<ul data-testid="gd-arrival-units">
                        ${[...due, ...conditional].map((c) => html`<li>${this.arrival(c)}</li>`)}
                      </ul>`
                    : nothing
                }
                ${due.length ? html`<button class="primary" data-testid="gd-arrivals" @click=${() => this.run('arrivals', 'gd.arrivals', {})}>${t(lang, 'gdev.putArrivals')}</button>` : nothing}
                ${conditional.map(
                  (c) =>
                    html`<p>
                        ${t(lang, 'gdev.conditional', { hq: this.label(c), condition: tx(lang, data.chits.find((x) => x.id === c)!.arrives!.condition) })}
                      </p>
                      <button @click=${() => this.run('arrivals', 'gd.arrivals', { include: [c] })}>
                        ${t(lang, 'gdev.conditionMet', { hq: this.label(c) })}
                      </button>`,
                )}
                ${this.err('arrivals')}`
        }
      </div>
      ${
        canOpen
          ? html`<fieldset class="card">
              <legend>${t(lang, 'gdev.opening', { side: sideName(lang, sides, opening.side), n: openN })}</legend>
              <p class="muted">${opening.rule}</p>
              ${Array.from(
                { length: openN },
                (_, k) =>
                  html`<label
                    >${k + 1}.<select
                      data-testid="gd-open-${k}"
                      @change=${(e: Event) => {
                        const picks = [...this.picks];
                        picks[k] = (e.target as HTMLSelectElement).value;
                        this.picks = picks;
                      }}
                    >
                      <option value="">—</option>
                      ${openingChoices.map((c) => html`<option value=${c} ?selected=${this.picks[k] === c}>${this.label(c)}</option>`)}
                    </select></label
                  >`,
              )}
              <button
                @click=${async () => {
                  if (await this.run('opening', 'gd.opening', { chits: this.picks.slice(0, openN) })) this.picks = [];
                }}
              >
                ${t(lang, 'gdev.openingSet')}
              </button>
              ${this.err('opening')}
            </fieldset>`
          : nothing
      }
      <div class="card">
        <p><strong>${t(lang, 'gdev.inCup', { n: counts.inCup })}</strong></p>
        ${
          drawn
            ? html`<div role="group" aria-label=${t(lang, 'gdev.drawn', { hq: this.label(drawn) })}>
                <p class="drawn" style=${`--side:${colour(side(drawn))}`} data-testid="gd-drawn">
                  ${t(lang, 'gdev.drawn', { hq: this.label(drawn) })} — ${sideName(lang, sides, side(drawn))}
                </p>
                ${
                  pick
                    ? html`<label
                        >${t(lang, 'gdev.divisionPick')}<select
                          data-testid="gd-division"
                          @change=${(e: Event) => (this.battalion = (e.target as HTMLSelectElement).value)}
                        >
                          <option value="">—</option>
                          ${divisionTargets.map((c) => html`<option value=${c.id}>${tx(lang, c.label)}</option>`)}
                        </select></label
                      >`
                    : nothing
                }
                <div class="row">
                  <button
                    class="primary"
                    data-testid="gd-activate"
                    @click=${() => this.run('activate', 'gd.activate', { chit: drawn, choice: 'activate', ...(pick ? { battalion: this.battalion } : {}) })}
                  >
                    ${t(lang, 'gdev.activate')}
                  </button>
                  <button
                    data-testid="gd-pass"
                    @click=${() => this.run('activate', 'gd.activate', { chit: drawn, choice: 'pass' })}
                  >
                    ${t(lang, 'gdev.pass')}
                  </button>
                </div>
                ${this.err('activate')}
              </div>`
            : html`<button
                  class="primary big"
                  data-testid="gd-draw-hq"
                  ?disabled=${!drawOffer.ok}
                  @click=${() => this.actAt('draw', { type: 'cup.draw', cup: ACTIVATION_CUP })}
                >
                  ${t(lang, 'gdui.drawHq')}
                </button>
                ${this.err('draw')}
                ${whyNot ? html`<p class="muted" role="status" data-testid="gd-draw-why-not">${whyNot}</p>` : nothing}`
        }
        <p data-testid="gd-activated">${t(lang, 'gdev.activated', { list: list(activated) })}</p>
        ${passed.length ? html`<p class="muted">${t(lang, 'gdev.passed', { list: list(passed) })}</p>` : nothing}
      </div>
      <details class="card">
        <summary>${t(lang, 'gdev.battalions')}</summary>
        <label
          >HQ<select @change=${(e: Event) => (this.which = (e.target as HTMLSelectElement).value)}>
            <option value="">—</option>
            ${data.chits.filter((c) => !c.division).map((c) => html`<option value=${c.id}>${tx(lang, c.label)} (${sideName(lang, sides, c.side ?? '')})${activation.eliminated.includes(c.id) ? ' ✗' : activation.hqLost.includes(c.id) ? ' !' : ''}</option>`)}
          </select></label
        >
        <div class="row">
          <button
            ?disabled=${!this.which}
            @click=${() => this.run('battalion', 'gd.battalion', { chit: this.which, status: 'hq-lost' })}
          >
            ${t(lang, 'gdev.hqLost')}
          </button>
          <button
            ?disabled=${!this.which}
            @click=${() => this.run('battalion', 'gd.battalion', { chit: this.which, status: 'hq-restored' })}
          >
            ${t(lang, 'gdev.hqBack')}
          </button>
          <button
            ?disabled=${!this.which}
            @click=${() => this.run('battalion', 'gd.battalion', { chit: this.which, status: 'eliminated' })}
          >
            ${t(lang, 'gdev.eliminated')}
          </button>
        </div>
        ${this.err('battalion')}
      </details>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-gd-activation': WcGdActivation;
  }
}
