/**
 * EastFront's paratroop rally tool (14.6): at the start of the friendly Supply Phase the players say which
 * of the three conditions the Dispersed unit meets; the rules say whether it rallies or is eliminated.
 */
import { html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { RALLY_CONDITIONS, type RallyCondition } from './rules';
import { checkField, textField } from '../../ui/fields';
import { EfTool } from './panel-tool';

type RallyForm = { unit: string } & Partial<Record<RallyCondition, boolean>>;

@customElement('wc-ef-rally')
export class WcEfRally extends EfTool {
  private get typed(): RallyForm {
    return this.formDraft<RallyForm>('ef-rally', { unit: '' });
  }
  private set typed(v: RallyForm) {
    this.setFormDraft('ef-rally', v);
  }

  override render() {
    const lang = this.language;
    const form = this.typed;
    return html`<fieldset data-testid="ef-rally">
      <legend>${t(lang, 'ef.ui.rally')}</legend>
      ${textField(t(lang, 'ef.ui.rallyUnit'), form.unit, (unit) => (this.typed = { ...form, unit }), {
        testid: 'ef-rally-unit',
        maxlength: 24,
      })}
      ${RALLY_CONDITIONS.map((condition) =>
        checkField(
          translate(lang, `ef.ui.rally.${condition}`),
          form[condition] === true,
          (on) => (this.typed = { ...form, [condition]: on }),
          { testid: `ef-rally-${condition}` },
        ),
      )}
      <button
        class="primary"
        data-testid="ef-rally-check"
        @click=${() =>
          this.runAt('rally', 'ef.rally', {
            unit: form.unit,
            ...Object.fromEntries(RALLY_CONDITIONS.filter((c) => form[c] === true).map((c) => [c, true])),
          })}
      >
        ${t(lang, 'ef.ui.rallyCheck')}
      </button>
      ${this.err('rally')} ${this.result('rally', this.latest(['ef.rally']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-rally': WcEfRally;
  }
}
