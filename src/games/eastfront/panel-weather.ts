/**
 * EastFront's weather tool (4.3, 12.1, 12.3): each front's weather for the fortnight, fixed by the
 * calendar or rolled (the chance before the roll), with who plays first (4.4, 12.21).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { scenarioFirstPlayer, type Front, weatherOffer } from './rules';
import { EfTool } from './panel-tool';

@customElement('wc-ef-weather')
export class WcEfWeather extends EfTool {
  /** The fortnight whose weather this is (Production's tools are for the one it leads to). */
  @property({ type: Number }) fortnight: 1 | 2 = 1;

  override render() {
    return this.weatherTool(this.fortnight);
  }

  private weatherTool(fortnight: 1 | 2) {
    const { lang, cur, turn } = this.view;
    const out: TemplateResult[] = [];
    // A scenario rule that names the first player over the weather (Scn S44 3), said beside the roll
    // and its recorded line, which keeps the weather's side (12.21) as saved games have it.
    const byRule = scenarioFirstPlayer(this.scenario, turn, fortnight);
    const ruleNote = byRule
      ? html`<p data-testid="ef-weather-first-rule">
          ${`${translate(lang, `ef.ui.firstByRule.${this.scenario}`)} (${t(lang, 'x.rule', { rule: byRule.rule })})`}
        </p>`
      : undefined;
    for (const front of ['east', 'west'] as Front[]) {
      // What the weather step offers, and what is known before it: the rules' (weatherOffer).
      const offer = weatherOffer(cur.state.game, this.scenario, turn, fortnight, front);
      const { recorded, fixed, chances } = offer;
      const note = front === 'east' ? ruleNote : undefined;
      const where = `weather-${front}`;
      out.push(
        html`<fieldset>
          <legend>${t(lang, front === 'east' ? 'ef.ui.weatherEast' : 'ef.ui.weatherWest')}</legend>
          ${
            recorded
              ? html`<p data-testid="ef-weather-${front}">
                  <strong
                    >${front === 'east' ? t(lang, 'ef.ui.weatherIs', { n: fortnight, weather: t(lang, `ef.w.${recorded}`), side: translate(lang, `ef.side.${offer.first}`) }) : t(lang, `ef.w.${recorded}`)}</strong
                  >
                </p>`
              : html`<p class="muted">
                    ${fixed ? t(lang, 'ef.ui.weatherFixed', { weather: t(lang, `ef.w.${fixed}`) }) : chances ? t(lang, 'ef.ui.weatherChance', { even: t(lang, `ef.w.${chances[0]!.code}`), odd: t(lang, `ef.w.${chances[1]!.code}`) }) : nothing}
                  </p>
                  ${note ?? nothing}
                  ${!fixed ? this.rollsField({ label: t(this.language, 'ef.ui.dice'), testid: 'ef-rolls', card: false }) : nothing}
                  ${
                    offer.offered
                      ? html`<button
                          class="primary"
                          data-testid="ef-weather-roll-${front}"
                          @click=${() => this.runAt(where, 'ef.weather', { front, fortnight })}
                        >
                          ${t(lang, front === 'east' ? 'ef.ui.weatherEast' : 'ef.ui.weatherWest')}
                        </button>`
                      : nothing
                  }`
          }
          ${this.err(where)}
          ${this.result(
            where,
            this.latest(['ef.weather'], (o) => {
              const result = o.result as { front?: string; fortnight?: number };
              return result.front === front && result.fortnight === fortnight;
            }),
            recorded ? note : undefined,
          )}
        </fieldset>`,
      );
    }
    return out;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-weather': WcEfWeather;
  }
}
