/**
 * EastFront's reinforcements tool (11.5): the month's arrivals from the scenario's list, each to tick once
 * placed (11.6), and the Order of Battle's events.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { OB_EVENTS, REINFORCEMENTS, eventArrivals, monthOf, reinforcementsIn } from './rules';
import { checkField } from '../../ui/fields';
import { EfTool } from './panel-tool';

@customElement('wc-ef-reinforcements')
export class WcEfReinforcements extends EfTool {
  override render() {
    return this.reinforcementsTool();
  }

  /**
   * The month's reinforcements (11.5) as the scenario's list gives them, each with its seed line and a
   * box to tick once placed (11.6); the text's "(NINGUNO)" and what it does not say; the OB's events.
   */
  private reinforcementsTool() {
    const lang = this.language;
    const { turn } = this.view;
    const { year, month } = monthOf(this.scenario, turn);
    const data = REINFORCEMENTS[this.scenario];
    const list = reinforcementsIn(this.scenario, year, month);
    const placed = this.formDraft<{ placed: string[] }>('ef-reinf', { placed: [] }, String(turn));
    const rule = (x: string) => t(lang, 'x.rule', { rule: x });
    return html`<fieldset data-testid="ef-reinforcements">
      <legend>${t(lang, 'ef.reinf.title')} (${rule('11.5')})</legend>
      ${
        list.length
          ? html`<ul style="padding-left:0;list-style:none" data-testid="ef-reinf-list">
                ${list.map(
                  (x) =>
                    html`<li>
                      ${checkField(
                        html`<span
                          ><strong>${t(lang, `ef.side.${x.side}`)}</strong> ·
                          ${t(lang, 'ef.reinf.entry', {
                            unit: x.unit,
                            type: `${x.elite ? `${t(lang, `ef.reinf.${x.elite}`)} ` : ''}${t(lang, `ef.type.${x.type}`)}`,
                            cv: x.cv,
                          })}${x.startsInHomeCity ? html` · ${t(lang, 'ef.reinf.homeCity')}` : nothing}
                          <span class="muted">(${t(lang, 'ef.reinf.line', { n: x.line })})</span></span
                        >`,
                        placed.placed.includes(x.unit),
                        (on) =>
                          this.setFormDraft(
                            'ef-reinf',
                            { placed: on ? [...placed.placed, x.unit] : placed.placed.filter((u) => u !== x.unit) },
                            String(turn),
                          ),
                        { testid: 'ef-reinf-placed' },
                      )}
                    </li>`,
                )}
              </ul>
              <p class="muted">${t(lang, 'ef.reinf.place')} (${rule('11.5, 11.51, 11.6')})</p>`
          : html`<p class="muted" data-testid="ef-reinf-none">
              ${data.none.length ? t(lang, 'ef.reinf.noneText') : t(lang, 'ef.reinf.none')}
            </p>`
      }
      ${data.missing ? html`<p class="muted">${translate(lang, data.missing)}</p>` : nothing}
      ${(() => {
        // What last month's events bring at this Production (16.4, 16.5): the rules' (eventArrivals).
        const due = eventArrivals(this.current.state.game, turn);
        return due.length
          ? html`<ul data-testid="ef-reinf-events-due">
              ${due.map((line) => html`<li><strong>${translate(lang, line.key)}</strong> (${rule(line.rule ?? '')})</li>`)}
            </ul>`
          : nothing;
      })()}
      <details>
        <summary>${t(lang, 'ef.reinf.events')}</summary>
        <ul>
          ${OB_EVENTS.map(
            (e) =>
              html`<li>
                ${translate(lang, e.key)} (${rule(e.rule)};
                <span class="muted">${t(lang, 'ef.reinf.line', { n: e.line })}</span>)
              </li>`,
          )}
        </ul>
      </details>
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-reinforcements': WcEfReinforcements;
  }
}
