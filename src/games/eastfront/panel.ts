/**
 * EastFront's turn panel: the month's sequence of play (Production → two fortnights of weather and
 * two player turns; one fortnight in June 1941, Scn S41 2, and in Edelweiss's July 1942, Scn
 * Edelweiss 1) and, for the segment the players are in, its tools — each its own element beside this
 * file (panel-weather, panel-battle, panel-pursuit, panel-hq, panel-mandatory, panel-surrender,
 * panel-victory, panel-attrition, panel-production, panel-reinforcements) over the shared EfTool
 * (panel-tool.ts), which runs each step through the store and shows its result and its refusal next
 * to the control that caused it.
 */
import { html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { PHASES, READINGS, battleOf, monthOf, playerTurnSide, stepOffer, type Side } from './rules';
import { EfTool, MONTHS } from './panel-tool';
import './panel-weather';
import './panel-battle';
import './panel-pursuit';
import './panel-hq';
import './panel-mandatory';
import './panel-surrender';
import './panel-victory';
import './panel-attrition';
import './panel-production';
import './panel-reinforcements';
import './panel-rally';
import './panel-overstack';
import './panel-setup';
import './panel-events';

@customElement('wc-eastfront-panel')
export class WcEastfrontPanel extends EfTool {
  /** A retreat is open in the battle tool, which shows pursuit fire inside it (its `ef-retreating`). */
  @state() private retreating?: Side;

  /** A tool of the month as its element, with the game, the dice mode and where the players are. */
  private tool(tool: string, fortnight: 1 | 2, phase = '') {
    const { store, current, physical } = this;
    switch (tool) {
      case 'hq':
        return html`<wc-ef-hq
          .store=${store}
          .current=${current}
          .physical=${physical}
          .phase=${phase}
          .fortnight=${fortnight}
        ></wc-ef-hq>`;
      case 'mandatory':
        return html`<wc-ef-mandatory
          .store=${store}
          .current=${current}
          .physical=${physical}
          .phase=${phase}
        ></wc-ef-mandatory>`;
      case 'reinforcements':
        return html`<wc-ef-reinforcements
          .store=${store}
          .current=${current}
          .physical=${physical}
        ></wc-ef-reinforcements>`;
      case 'weather':
        return html`<wc-ef-weather
          .store=${store}
          .current=${current}
          .physical=${physical}
          .fortnight=${fortnight}
        ></wc-ef-weather>`;
      case 'battle':
        return html`<wc-ef-battle
          .store=${store}
          .current=${current}
          .physical=${physical}
          @ef-retreating=${(e: CustomEvent<Side | undefined>) => (this.retreating = e.detail)}
        ></wc-ef-battle>`;
      case 'pursuit':
        return html`<wc-ef-pursuit .store=${store} .current=${current} .physical=${physical}></wc-ef-pursuit>`;
      case 'surrender':
        return html`<wc-ef-surrender .store=${store} .current=${current} .physical=${physical}></wc-ef-surrender>`;
      case 'victory':
        return html`<wc-ef-victory .store=${store} .current=${current} .physical=${physical}></wc-ef-victory>`;
      case 'production':
        return html`<wc-ef-production .store=${store} .current=${current} .physical=${physical}></wc-ef-production>`;
      case 'events':
        return html`<wc-ef-events .store=${store} .current=${current} .physical=${physical}></wc-ef-events>`;
      case 'setup':
        return html`<wc-ef-setup .store=${store} .current=${current} .physical=${physical}></wc-ef-setup>`;
      case 'rally':
        return html`<wc-ef-rally .store=${store} .current=${current} .physical=${physical}></wc-ef-rally>`;
      case 'overstack':
        return html`<wc-ef-overstack .store=${store} .current=${current} .physical=${physical}></wc-ef-overstack>`;
      case 'attrition':
        return html`<wc-ef-attrition .store=${store} .current=${current} .physical=${physical}></wc-ef-attrition>`;
      default:
        return nothing;
    }
  }

  // ------------------------------------------------------------------ the month

  override render() {
    const { lang, cur, turn } = this.view;
    const { year, month } = monthOf(this.scenario, turn);
    // What this segment offers, the month's segments and the fortnight its tools are for: the rules' (stepOffer).
    const offer = stepOffer(cur.state.game, this.scenario, turn);
    const { index, segments, fortnight, segment: ph } = offer;
    const at = segments.indexOf(index);
    // Who plays a player turn: known from a fixed month's weather before anyone rolls (4.4, 12.1, 12.21).
    const playerTurn = (f: number, n: 1 | 2) => {
      const side = playerTurnSide(cur.state.game, this.scenario, turn, f, n);
      return side
        ? t(lang, 'ef.ui.playerTurnOf', { n, side: t(lang, `ef.side.${side}`) })
        : t(lang, 'ef.ui.playerTurnAfterWeather', { n });
    };
    const label = (p: (typeof PHASES)[number]) =>
      p.fortnight === 0
        ? t(lang, 'ef.phase.production')
        : `${t(lang, 'ef.ui.fortnight', { n: p.fortnight })} · ${
            p.player ? `${playerTurn(p.fortnight, p.player)} · ` : ''
          }${translate(lang, `ef.phase.${p.phase}`)}`;
    // A retreat from the battle shows pursuit fire inside the battle tool (retreatOffer), not twice.
    const retreatInline = !!this.retreating && !!battleOf(cur.state.game);
    const shown = offer.tools.filter((x) => !(retreatInline && x === 'pursuit'));
    const others = offer.others.filter((x) => !(retreatInline && x === 'pursuit'));
    return html`<h3 style="margin-top:0" data-testid="ef-title">
        ${t(lang, 'ef.ui.title', { month: translate(lang, `ef.month.${MONTHS[month - 1]}`), year, phase: label(ph) })}
      </h3>
      <div class="row">
        <button ?disabled=${at === 0} @click=${() => this.run('phase', 'ef.phase', { index: segments[at - 1]! })}>
          ${t(lang, 'ef.ui.prev')}
        </button>
        <label
          ><span class="sr-only">${t(lang, 'ef.ui.segment')}</span
          ><select
            data-testid="ef-phase"
            aria-label=${t(lang, 'ef.ui.segment')}
            @change=${(e: Event) => this.run('phase', 'ef.phase', { index: Number((e.target as HTMLSelectElement).value) })}
          >
            ${segments.map((k) => html`<option value=${k} ?selected=${k === index}>${label(PHASES[k]!)}</option>`)}
          </select></label
        >
        ${this.nextPhaseButton({
          index: at,
          count: segments.length,
          next: () => this.run('phase', 'ef.phase', { index: segments[at + 1]! }),
          nextLabel: t(lang, 'ef.ui.next'),
          endLabel: t(lang, 'ef.ui.endMonth', { n: turn }),
          testid: 'ef-next',
        })}
      </div>
      ${this.err('phase')}
      ${offer.notes.map(
        (n) =>
          html`<p data-testid="ef-seq-note">
            <strong>${translate(lang, n.key)}</strong> (${t(lang, 'x.rule', { rule: n.rule ?? '' })})
          </p>`,
      )}
      ${offer.none ? html`<p class="muted" data-testid="ef-offer-none">${translate(lang, offer.none.key)}</p>` : nothing}
      ${shown.map((tool) => html`<div class="card" data-testid="ef-tool-${tool}">${this.tool(tool, fortnight, ph.phase)}</div>`)}
      <details data-testid="ef-other-tools">
        <summary>${t(lang, 'ef.ui.otherTools')}</summary>
        ${others.map((tool) => html`<div class="card">${this.tool(tool, fortnight)}</div>`)}
      </details>
      ${this.readingsChooser({
        summary: t(lang, 'ef.ui.readings'),
        readings: READINGS,
        legend: (id) => translate(lang, `ef.ui.r.${id.slice(3)}`),
        choice: (_, ch) => translate(lang, `ef.reading.${ch}`),
      })}`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-eastfront-panel': WcEastfrontPanel;
  }
}
