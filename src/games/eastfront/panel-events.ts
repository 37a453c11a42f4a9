/**
 * EastFront's Order of Battle events (16.4, 16.5, 16.7, 16.8; OB chart lines 3028–3030): the players say
 * when one comes about; the rules say what it frees, brings or removes. What arrives at the next
 * Production is then listed by the reinforcements tool (eventArrivals).
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { Json } from '../../engine';
import { t, translate } from './messages-keys';
import { EVENT_IDS, EVENT_RULES, type EventId } from './rules';
import { checkField } from '../../ui/fields';
import { EfTool, numberBox } from './panel-tool';

type EventsForm = { hexes: string; sovietOnly: boolean };

@customElement('wc-ef-events')
export class WcEfEvents extends EfTool {
  private get typed(): EventsForm {
    return this.formDraft<EventsForm>('ef-events', { hexes: '', sovietOnly: false });
  }
  private set typed(v: EventsForm) {
    this.setFormDraft('ef-events', v);
  }

  private input(id: EventId): Json {
    const form = this.typed;
    if (id === 'hungarianPlain')
      return { event: id, hexes: /^\d+$/.test(form.hexes.trim()) ? Number(form.hexes) : form.hexes };
    if (id === 'polishPlain') return { event: id, sovietOnly: form.sovietOnly };
    return { event: id };
  }

  override render() {
    const lang = this.language;
    const form = this.typed;
    return html`<fieldset data-testid="ef-events">
      <legend>${t(lang, 'ef.reinf.events')}</legend>
      <ul style="padding-left:0;list-style:none">
        ${EVENT_IDS.map(
          (id) =>
            html`<li class="row" data-testid="ef-event-${id}">
              <span>${translate(lang, `ef.ui.ev.${id}`)} (${t(lang, 'x.rule', { rule: EVENT_RULES[id].rule })})</span>
              ${
                id === 'hungarianPlain'
                  ? numberBox(
                      t(lang, 'ef.ui.eventHexes'),
                      form.hexes,
                      (hexes) => (this.typed = { ...form, hexes }),
                      '3.5rem',
                      'ef-event-hexes',
                    )
                  : id === 'polishPlain'
                    ? checkField(
                        t(lang, 'ef.ui.eventSovietOnly'),
                        form.sovietOnly,
                        (sovietOnly) => (this.typed = { ...form, sovietOnly }),
                      )
                    : nothing
              }
              <button data-testid="ef-event-run-${id}" @click=${() => this.runAt('events', 'ef.event', this.input(id))}>
                ${t(lang, 'ef.ui.eventRun')}
              </button>
            </li>`,
        )}
      </ul>
      ${this.err('events')} ${this.result('events', this.latest(['ef.event']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-events': WcEfEvents;
  }
}
