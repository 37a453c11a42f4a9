/**
 * EastFront's set-up tool (3.2.2, 3.1.2): a side's starting forces typed row by row against its scenario
 * card — the rows are the card's (ef-forces-axis / ef-forces-soviet) — or, chained from the previous
 * scenario, what changes instead. The verdict is the rules' (ef.setup).
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { t, translate } from './messages-keys';
import { forcesCell, type Side } from './rules';
import { checkField } from '../../ui/fields';
import { readNumber } from '../../ui/number-field';
import { EfTool, numberBox } from './panel-tool';

type SetupForm = { side: Side; chained: boolean } & Record<string, string | boolean>;

@customElement('wc-ef-setup')
export class WcEfSetup extends EfTool {
  private get typed(): SetupForm {
    return this.formDraft<SetupForm>('ef-setup-check', { side: 'axis', chained: false });
  }
  private set typed(v: SetupForm) {
    this.setFormDraft('ef-setup-check', v);
  }

  override render() {
    const lang = this.language;
    const form = this.typed;
    const card = this.current.ctx.tables.get(form.side === 'axis' ? 'ef-forces-axis' : 'ef-forces-soviet');
    const col = card?.columns.entries.findIndex((c) => c.key === this.scenario) ?? -1;
    // The card's rows of units and CV for this scenario (the others — production, air — are not forces).
    const rows = (card?.rows.entries ?? []).flatMap((row, k) => {
      const text = card!.cells[k]?.[col];
      return typeof text === 'string' && text.includes('/') && forcesCell(text).kind !== 'unprinted' ? [row.key] : [];
    });
    const number = (key: string) => {
      const read = readNumber(String(form[key] ?? ''), { min: 0, max: 400 });
      return read.ok ? read.value : undefined;
    };
    const forces = Object.fromEntries(
      rows.flatMap((row) => {
        const units = number(`${row}.units`);
        const cv = number(`${row}.cv`);
        return units === undefined || cv === undefined ? [] : [[row, { units, cv }]];
      }),
    );
    return html`<fieldset data-testid="ef-setup-check">
      <legend>${t(lang, 'ef.ui.setup')}</legend>
      <div class="row">
        <label
          >${t(lang, 'ef.ui.side')}<select
            data-testid="ef-setup-side"
            @change=${(e: Event) => (this.typed = { side: (e.target as HTMLSelectElement).value as Side, chained: form.chained })}
          >
            ${(['axis', 'soviet'] as Side[]).map((x) => html`<option value=${x} ?selected=${form.side === x}>${t(lang, `ef.side.${x}`)}</option>`)}
          </select></label
        >
        ${checkField(t(lang, 'ef.ui.setupChained'), form.chained, (chained) => (this.typed = { ...form, chained }), {
          testid: 'ef-setup-chained',
        })}
      </div>
      ${
        form.chained
          ? nothing
          : rows.map(
              (row) =>
                html`<div class="row">
                  <span style="min-width:8rem">${translate(lang, `ef.setup.row.${row}`)}</span>
                  ${numberBox(t(lang, 'ef.ui.setupUnits'), String(form[`${row}.units`] ?? ''), (v) => (this.typed = { ...form, [`${row}.units`]: v }), '3.5rem', `ef-setup-${row}-units`)}
                  ${numberBox(t(lang, 'ef.ui.cv'), String(form[`${row}.cv`] ?? ''), (v) => (this.typed = { ...form, [`${row}.cv`]: v }), '3.5rem', `ef-setup-${row}-cv`)}
                </div>`,
            )
      }
      <button
        class="primary"
        data-testid="ef-setup-run"
        @click=${() =>
          this.runAt(
            'setup-check',
            'ef.setup',
            form.chained ? { side: form.side, chained: true } : { side: form.side, forces },
          )}
      >
        ${t(lang, 'ef.ui.setupCheck')}
      </button>
      ${this.err('setup-check')} ${this.result('setup-check', this.latest(['ef.setup']))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-ef-setup': WcEfSetup;
  }
}
