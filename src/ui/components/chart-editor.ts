/**
 * <wc-chart-editor>: the editor around a chart the text does not give (issue 13), for <wc-table-view>
 * when `editable`: what to type and which codes the chart takes, what still stops it from being rolled,
 * then the chart itself (the view's grid, handed in as `grid`, its missing cells as inputs), then the
 * forms that add a row or a column (key and labels) and set the chart's dice and ends. Each form is
 * read by the table model (table-model.ts): a refusal is shown at its form and nothing is sent;
 * otherwise a `wc-axes-change` or `wc-setup-change` event goes up.
 *
 * It renders into the view's shadow root (no shadow root of its own), so the chart and its editor are
 * one document for screen readers, forms and tests; its styles (chart-editor.styles.ts) are the
 * view's too.
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { axisKind, chartProblems, type EnteredCells, type ErrataMode, type TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, translate, use } from '../i18n';
import { tables } from '../i18n/tables';
import {
  readAxisAddition,
  readSetup,
  shownTable,
  tableProgress,
  type AxesChangeDetail,
  type PlayerAxes,
  type SetupChangeDetail,
} from './table-model';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables);

declare global {
  interface HTMLElementEventMap {
    'wc-axes-change': CustomEvent<AxesChangeDetail>;
    'wc-setup-change': CustomEvent<SetupChangeDetail>;
  }
  interface HTMLElementTagNameMap {
    'wc-chart-editor': WcChartEditor;
  }
}

/** Sends a chart's new rows/columns up (from the editor's forms, or a row's × in the view). */
export function sendAxesChange(from: HTMLElement, detail: AxesChangeDetail): void {
  from.dispatchEvent(new CustomEvent<AxesChangeDetail>('wc-axes-change', { detail, bubbles: true, composed: true }));
}
function sendSetupChange(from: HTMLElement, detail: SetupChangeDetail): void {
  from.dispatchEvent(new CustomEvent<SetupChangeDetail>('wc-setup-change', { detail, bubbles: true, composed: true }));
}

@customElement('wc-chart-editor')
export class WcChartEditor extends LitElement {
  /** The table as the text gives it (without the players' chart). */
  @property({ attribute: false }) table!: TableData;
  /** What the players defined for it: rows, columns, labels, dice and ends. */
  @property({ attribute: false }) axes?: PlayerAxes;
  /** The values typed in, by cell key. */
  @property({ attribute: false }) entered?: EnteredCells;
  /** Which reading of an erratum the cells show. */
  @property({ attribute: false }) mode: ErrataMode = 'default';
  @property({ attribute: false }) override lang: Lang = 'en';
  /** The chart itself, as the view renders it (its cells typed in place). */
  @property({ attribute: false }) grid: TemplateResult | typeof nothing = nothing;

  /** Refusal messages by form: "+rows", "+columns", "+setup". */
  @state() private refusals: Readonly<Record<string, string>> = {};

  /** In the view's shadow root: one document with the chart (see the comment at the top). */
  protected override createRenderRoot() {
    return this;
  }

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('table') && changed.get('table') !== undefined) this.refusals = {};
  }

  private setRefusal(form: string, message?: string) {
    const next = { ...this.refusals };
    if (message) next[form] = message;
    else delete next[form];
    this.refusals = next;
  }

  private onAdd(event: Event, which: 'rows' | 'columns') {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const formKey = `+${which}`;
    const edit = readAxisAddition(
      this.table,
      this.axes,
      which,
      { key: field('key'), en: field('en'), es: field('es') },
      this.lang,
    );
    if (edit.refused !== undefined) {
      this.setRefusal(formKey, edit.refused);
      return;
    }
    this.setRefusal(formKey);
    form.reset();
    sendAxesChange(this, edit.axes);
    if (edit.setup) sendSetupChange(this, edit.setup);
  }

  private onSetup(event: Event) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const field = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
    const edit = readSetup(this.table, field, this.lang);
    if (edit.refused !== undefined) {
      this.setRefusal('+setup', edit.refused);
      return;
    }
    this.setRefusal('+setup');
    sendSetupChange(this, edit.setup);
  }

  private renderHelp() {
    const lang = this.lang;
    const values = this.table.values;
    return html`<p class="muted">
      ${t(lang, 'tables.edit.help')}
      ${values.kind === 'codes' ? t(lang, 'tables.edit.codes', { codes: Object.keys(this.table.legend ?? {}).join(', ') }) : nothing}
      ${values.kind === 'number' ? t(lang, 'tables.edit.numbers', { min: values.min, max: values.max }) : nothing}
    </p>`;
  }

  private renderProblems() {
    const lang = this.lang;
    const problems = chartProblems(this.table, { ...this.axes, cells: this.entered ?? {} }).filter(
      (problem) => problem.key !== 'chart.missing.cells',
    );
    if (!this.table.playerDefinesAxes) return nothing;
    if (!problems.length) {
      if (this.table.type === 'reference') return nothing;
      // Complete only when every cell is filled; before that its rows and columns are enough to roll (#31).
      const done = tableProgress(this.table, this.mode, this.entered, this.axes);
      return done.complete
        ? html`<p class="ok" role="status">${t(lang, 'chart.ready', { total: done.total })}</p>`
        : html`<p role="status">${t(lang, 'chart.partly', { filled: done.filled, total: done.total })}</p>`;
    }
    return html`<div class="problems" role="status">
      <p><strong>${t(lang, 'chart.problems')}</strong></p>
      <ul>
        ${problems.map((problem) => html`<li>${translate(lang, problem.key, problem.params)}</li>`)}
      </ul>
    </div>`;
  }

  private renderAddForm(which: 'rows' | 'columns') {
    const lang = this.lang;
    const refusal = this.refusals[`+${which}`];
    const refusalId = `add-${which}-err`;
    const kind = axisKind(this.table, which);
    const help = which === 'rows' ? `chart.rowHelp.${kind === 'range' ? 'range' : 'key'}` : `chart.colHelp.${kind}`;
    return html`<form class="add" @submit=${(event: Event) => this.onAdd(event, which)}>
      <p class="muted help">${translate(lang, help)}</p>
      <label
        >${t(lang, which === 'rows' ? 'tables.edit.newRow' : 'tables.edit.newColumn')}
        <input
          name="key"
          maxlength="40"
          autocomplete="off"
          aria-invalid=${refusal ? 'true' : 'false'}
          aria-describedby=${refusal ? refusalId : nothing}
      /></label>
      <label>${t(lang, 'chart.labelEn')}<input name="en" maxlength="40" autocomplete="off" /></label>
      <label>${t(lang, 'chart.labelEs')}<input name="es" maxlength="40" autocomplete="off" /></label>
      <button type="submit">${t(lang, which === 'rows' ? 'tables.edit.addRow' : 'tables.edit.addColumn')}</button>
      ${refusal ? html`<span class="err" id=${refusalId} role="alert">${refusal}</span>` : nothing}
    </form>`;
  }

  private renderSetup() {
    const table = this.table;
    if (!table.roll && !table.odds) return nothing;
    const lang = this.lang;
    const shown = shownTable(table, this.axes);
    const refusal = this.refusals['+setup'];
    const dice = shown.roll?.dice;
    const diceText = dice && 'sides' in dice ? `${dice.n}d${dice.sides}` : '';
    const end = (which: 'below' | 'above') => {
      const setting = shown.odds![which];
      return html`<label
          >${t(lang, which === 'below' ? 'chart.below' : 'chart.above')}
          <select name="${which}-mode">
            <option value="clamp" ?selected=${setting.mode === 'clamp'}>${t(lang, 'chart.end.clamp')}</option>
            <option value="auto" ?selected=${setting.mode === 'auto'}>${t(lang, 'chart.end.auto')}</option>
          </select></label
        ><label
          >${t(lang, 'chart.end.result')}
          <input
            name="${which}-result"
            maxlength="12"
            autocomplete="off"
            list=${`codes-${table.id}`}
            .value=${setting.mode === 'auto' ? setting.result : ''}
        /></label>`;
    };
    return html`<form class="add setup" @submit=${(event: Event) => this.onSetup(event)}>
      <strong>${t(lang, 'chart.setup')}</strong>
      ${table.roll ? html`<label>${t(lang, 'chart.dice')}<input name="dice" maxlength="8" autocomplete="off" .value=${diceText} /></label>` : nothing}
      ${shown.odds ? html`${end('below')}${end('above')}` : nothing}
      <button type="submit">${t(lang, 'chart.save')}</button>
      ${refusal ? html`<span class="err" role="alert">${refusal}</span>` : nothing}
    </form>`;
  }

  override render() {
    const table = this.table;
    if (!table) return nothing;
    const lang = this.lang;
    const ownAxes = !!table.playerDefinesAxes;
    return html`${this.renderHelp()}
    ${ownAxes ? html`<p class="muted">${t(lang, 'tables.edit.axesHelp')}</p>` : nothing} ${this.renderProblems()}
    ${this.grid}
    ${ownAxes ? html`${this.renderAddForm('rows')}${this.renderAddForm('columns')}${this.renderSetup()}` : nothing}`;
  }
}
