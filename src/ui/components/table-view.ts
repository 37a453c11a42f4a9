/**
 * <wc-table-view>: one table of a game as a real, accessible <table> (caption, scoped headers),
 * with its errata marked per the errata setting, the cells a player typed in, and everything the
 * text says about it underneath (legend, notes, errata, roll, odds). When `editable`, the cells the
 * text lacks become inputs and <wc-chart-editor> (chart-editor.ts) puts its help and forms around
 * the table: a value is read by the table model (table-model.ts) before a `wc-cell-change` event
 * goes up; refused input shows why and sends nothing. What a cell shows and how an edit is read
 * live in the model; this element renders them.
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { axesOf, type Cell, type EnteredCells, type ErrataMode, type TableData } from '../../engine';
import type { Lang } from '../../app/store';
import { t, tx, use } from '../i18n';
import { notesSection } from '../notes-section';
import { tables } from '../i18n/tables';
import { status } from '../i18n/status';
import { errors } from '../i18n/errors';
import {
  cellModel,
  cellNotes,
  cellText,
  entryLabel,
  erratumApplied,
  hasMissingCells,
  readCellEdit,
  shownTable,
  tableProgress,
  withoutAxisEntry,
  type CellChangeDetail,
  type CellModel,
  type PlayerAxes,
} from './table-model';
import { sendAxesChange, type WcChartEditor } from './chart-editor';
import { tableViewStyles } from './table-view.styles';

// The model and its event details, where the pages and tests have always found them.
export {
  cellModel,
  entryLabel,
  hasMissingCells,
  rangeText,
  tableProgress,
  type AxesChangeDetail,
  type CellChangeDetail,
  type CellModel,
  type PlayerAxes,
  type SetupChangeDetail,
} from './table-model';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables, status, errors);

declare global {
  interface HTMLElementEventMap {
    'wc-cell-change': CustomEvent<CellChangeDetail>;
  }
  interface HTMLElementTagNameMap {
    'wc-table-view': WcTableView;
  }
}

@customElement('wc-table-view')
export class WcTableView extends LitElement {
  static override styles = tableViewStyles;

  /** The table to show, as read by the engine (with the players' chart where the text gives none). */
  @property({ attribute: false }) table!: TableData;
  /** Reflected, so screen readers pronounce the table in its language. */
  @property({ reflect: true }) override lang: Lang = 'en';
  /** Which reading of an erratum the cells show: as printed, the default, or corrected. */
  @property() mode: ErrataMode = 'default';
  /** Values the player typed in for this table, by cell key. */
  @property({ attribute: false }) entered?: EnteredCells;
  /** Rows/columns the player added (playerDefinesAxes tables). */
  @property({ attribute: false }) axes?: PlayerAxes;
  /** The cell of the last result, marked. */
  @property({ attribute: false }) highlight?: { row: string; column: string };
  /** The players may type the cells in (a chart the text does not give). */
  @property({ type: Boolean }) editable = false;
  /** Show the title and rule above the table (a page that heads it already can turn this off; the caption always names it). */
  @property({ type: Boolean }) titled = true;

  /** Refusal messages by cell key. */
  @state() private refusals: Readonly<Record<string, string>> = {};

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('table') && changed.get('table') !== undefined) this.refusals = {};
  }

  /** Done once the editor around the table (when editing) has rendered too. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    const editor = this.renderRoot.querySelector<WcChartEditor>('wc-chart-editor');
    return editor ? (await editor.updateComplete) && done : done;
  }

  /** The table with the players' rows, columns, labels, dice and ends merged in. */
  private get shown(): TableData {
    return shownTable(this.table, this.axes);
  }

  private get editing(): boolean {
    return this.editable && hasMissingCells(this.table);
  }

  private setRefusal(key: string, message?: string) {
    const next = { ...this.refusals };
    if (message) next[key] = message;
    else delete next[key];
    this.refusals = next;
  }

  private onCellChange(event: Event, cell: CellModel) {
    const input = event.target as HTMLInputElement;
    const edit = readCellEdit(this.table, cell, input.value, this.lang);
    if (edit.refused !== undefined) {
      this.setRefusal(cell.key, edit.refused);
      return;
    }
    this.setRefusal(cell.key);
    if (edit.shown !== undefined) input.value = edit.shown;
    if (edit.send)
      this.dispatchEvent(
        new CustomEvent<CellChangeDetail>('wc-cell-change', { detail: edit.send, bubbles: true, composed: true }),
      );
  }

  private renderCell(cell: CellModel, rowLabel: string, colLabel: string, listId: string): TemplateResult {
    const lang = this.lang;
    const table = this.table;
    const marked = this.highlight?.row === cell.row && this.highlight?.column === cell.column;
    const text = table.values.kind === 'text';
    const classes = [cell.origin, text ? 'text' : '', marked ? 'hl' : '', cell.erratum ? 'erratum' : '']
      .filter(Boolean)
      .join(' ');
    const markedText = marked ? html`<span class="sr-only">, ${t(lang, 'tables.cell.highlight')}</span>` : nothing;
    const editable = this.editing && (cell.origin === 'missing' || cell.origin === 'entered');
    if (editable) {
      const refusal = this.refusals[cell.key];
      const refusalId = `err-${cell.r}-${cell.c}`;
      return html`<td class=${classes} data-key=${cell.key}>
        <input
          .value=${cellText(cell.value)}
          aria-label=${t(lang, 'tables.cell.input', { row: rowLabel, column: colLabel })}
          title=${cell.origin === 'entered' ? t(lang, 'tables.cell.entered') : t(lang, 'tables.cell.missing')}
          placeholder="—"
          autocomplete="off"
          spellcheck="false"
          enterkeyhint="next"
          inputmode=${table.values.kind === 'number' && table.values.min >= 0 ? 'numeric' : 'text'}
          autocapitalize=${table.values.kind === 'codes' ? 'characters' : 'sentences'}
          maxlength=${table.values.kind === 'text' ? 80 : 12}
          list=${table.values.kind === 'codes' ? listId : nothing}
          aria-invalid=${refusal ? 'true' : 'false'}
          aria-describedby=${refusal ? refusalId : nothing}
          @change=${(event: Event) => this.onCellChange(event, cell)}
        />
        ${refusal ? html`<span class="err" id=${refusalId} role="alert">${refusal}</span>` : nothing}${markedText}
      </td>`;
    }
    if (cell.value === null) {
      return html`<td class=${classes} data-key=${cell.key} title=${t(lang, 'tables.cell.missing')}>
        <span aria-hidden="true">—</span><span class="sr-only">${t(lang, 'tables.cell.missing')}</span>${markedText}
      </td>`;
    }
    const { name, notes, mark } = cellNotes(table, cell, lang);
    const title = [name, ...notes].filter(Boolean).join(' — ');
    return html`<td class=${classes} data-key=${cell.key} title=${title || nothing}>
      <span class="v">${cellText(cell.value)}</span
      >${mark ? html`<span class="mark" aria-hidden="true">${mark}</span>` : nothing}${name || notes.length ? html`<span class="sr-only">${name ? `, ${name}` : ''}${notes.map((note) => `, ${note}`).join('')}</span>` : nothing}${markedText}
    </td>`;
  }

  private renderTable(rows: string[], columns: string[]) {
    const table = this.shown;
    const lang = this.lang;
    const mode = this.mode;
    const rowEntries = new Map(table.rows.entries.map((entry) => [entry.key, entry]));
    const colEntries = new Map(table.columns.entries.map((entry) => [entry.key, entry]));
    const colLabels = columns.map((key) => entryLabel(table, 'columns', colEntries.get(key), key, lang));
    const listId = `codes-${table.id}`;
    return html` <div class="head" aria-hidden="true">
        ${this.titled ? html`<span class="title">${tx(lang, table.title)}</span> · <span class="rule">${t(lang, 'tables.rule', { rule: table.rule })}</span>` : nothing}
        <span class="axes"
          >${t(lang, 'tables.axes', { rows: tx(lang, table.rows.label), columns: tx(lang, table.columns.label) })}</span
        >
      </div>
      <div class="scroll" role="region" tabindex="0" aria-labelledby="cap">
        <table>
          <caption id="cap" class="sr-only">
            ${tx(lang, table.title)}, ${t(lang, 'tables.rule', { rule: table.rule })}.
            ${t(lang, 'tables.axes', { rows: tx(lang, table.rows.label), columns: tx(lang, table.columns.label) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">${tx(lang, table.rows.label)}</th>
              ${colLabels.map((label, c) => html`<th scope="col">${label}${this.removeButton('columns', columns[c]!)}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${rows.map((row, r) => {
              const rowLabel = entryLabel(table, 'rows', rowEntries.get(row), row, lang);
              return html`<tr>
                <th scope="row">${rowLabel}${this.removeButton('rows', row)}</th>
                ${columns.map((col, c) =>
                  this.renderCell(
                    cellModel(table, row, col, r, c, mode, this.entered),
                    rowLabel,
                    colLabels[c]!,
                    listId,
                  ),
                )}
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
      ${
        this.editing && table.values.kind === 'codes'
          ? html`<datalist id=${listId}>
              ${Object.entries(table.legend ?? {}).map(([code, entry]) => html`<option value=${code}>${tx(lang, entry.name)}</option>`)}
            </datalist>`
          : nothing
      }`;
  }

  /** A player's own row or column can be taken out again (its cells go with it). */
  private removeButton(which: 'rows' | 'columns', key: string) {
    if (!this.editing || !this.table.playerDefinesAxes || !this.axes?.[which]?.includes(key)) return nothing;
    return html` <button
      class="remove"
      type="button"
      aria-label=${t(this.lang, 'chart.remove', { key })}
      title=${t(this.lang, 'chart.remove', { key })}
      @click=${() => sendAxesChange(this, withoutAxisEntry(this.axes, which, key))}
    >
      ×
    </button>`;
  }

  private renderRoll() {
    const roll = this.shown.roll;
    if (!roll) return nothing;
    const lang = this.lang;
    const spec = roll.dice;
    const dice =
      'sides' in spec
        ? `${spec.n}d${spec.sides}`
        : `${spec.n > 1 ? `${spec.n} × ` : ''}${t(lang, 'tables.roll.faces', { faces: spec.faces.join(', ') })}`;
    return html`<section>
      <h3>${t(lang, 'tables.roll')}</h3>
      <p>
        ${t(lang, 'tables.roll.dice', { dice })}
        ${t(lang, roll.axis === 'rows' ? 'tables.roll.rows' : 'tables.roll.columns')}
      </p>
      ${roll.clamp ? html`<p>${t(lang, 'tables.roll.clamp', { min: roll.clamp.min, max: roll.clamp.max, rule: roll.clamp.rule })}</p>` : nothing}
      ${
        roll.modifiers?.length
          ? html`<h4>${t(lang, 'tables.roll.modifiers')}</h4>
              <ul>
                ${roll.modifiers.map(
                  (modifier) =>
                    html`<li>
                      <strong>${modifier.value > 0 ? `+${modifier.value}` : modifier.value}</strong>
                      ${tx(lang, modifier.label)}
                      <span class="muted">(${t(lang, 'tables.roll.rule', { rule: modifier.rule })})</span>
                    </li>`,
                )}
              </ul>`
          : nothing
      }
    </section>`;
  }

  private resultText(code: string): string {
    const entry = this.table.legend?.[code];
    return entry ? `${code} (${tx(this.lang, entry.name)})` : code;
  }

  private renderOdds() {
    const odds = this.shown.odds;
    if (!odds) return nothing;
    const lang = this.lang;
    const cols = this.shown.columns.entries;
    const end = (which: 'below' | 'above') => {
      const setting = odds[which];
      const edge = which === 'below' ? cols[0] : cols[cols.length - 1];
      if (setting.mode === 'clamp') return t(lang, `tables.odds.${which}.clamp`, { column: edge?.key ?? '' });
      return t(lang, `tables.odds.${which}.auto`, {
        label: setting.label ?? (edge ? `${which === 'below' ? '<' : '>'} ${edge.key}` : ''),
        result: this.resultText(setting.result),
      });
    };
    return html`<section>
      <h3>${t(lang, 'tables.odds')}</h3>
      <p>${t(lang, odds.kind === 'ratio' ? 'tables.odds.ratio' : 'tables.odds.differential', { rule: odds.rule })}</p>
      <p>${t(lang, odds.rounding === 'attacker' ? 'tables.odds.attacker' : 'tables.odds.defender')}</p>
      <ul>
        <li>${end('below')}</li>
        <li>${end('above')}</li>
      </ul>
    </section>`;
  }

  private renderErrata() {
    const errata = this.table.errata ?? [];
    if (!errata.length) return nothing;
    const lang = this.lang;
    const table = this.table;
    const shown = (value: Cell) => (value === null ? t(lang, 'tables.cell.blank') : String(value));
    return html`<section class="errata">
      <h3>${t(lang, 'tables.errata')}</h3>
      <ul>
        ${errata.map((erratum) => {
          const rowEntry = table.rows.entries.find((entry) => entry.key === erratum.row);
          const columnEntry = table.columns.entries.find((entry) => entry.key === erratum.column);
          const on = erratumApplied(table, erratum, this.mode, this.entered);
          const where = t(lang, 'tables.erratum.where', {
            row: entryLabel(table, 'rows', rowEntry, erratum.row, lang),
            column: entryLabel(table, 'columns', columnEntry, erratum.column, lang),
          });
          const change = t(lang, on ? 'tables.erratum.applied' : 'tables.erratum.notApplied', {
            printed: shown(erratum.printed),
            suggested: shown(erratum.suggested),
          });
          return html`<li class=${on ? 'on' : 'off'} id=${`erratum-${erratum.id}`}>
            <strong>${on ? '*' : '?'}${erratum.id}</strong> (${where}): <strong>${change}</strong> —
            ${tx(lang, erratum.reason)} <br /><span class="muted"
              >${t(lang, 'tables.erratum.confidence', { level: t(lang, `tables.confidence.${erratum.confidence}`) })}
              ${t(lang, on ? 'tables.erratum.on' : 'tables.erratum.off')}
              ${erratum.correctedByDefault ? t(lang, 'tables.erratum.byDefault') : nothing}</span
            >
          </li>`;
        })}
      </ul>
    </section>`;
  }

  override render() {
    const table = this.table;
    if (!table) return nothing;
    const lang = this.lang;
    const { rows, columns } = axesOf(this.shown, this.axes);
    const missing = hasMissingCells(table);
    const progress = missing ? tableProgress(table, this.mode, this.entered, this.axes) : undefined;
    const legend = Object.entries(table.legend ?? {});
    const grid = rows.length || columns.length ? this.renderTable(rows, columns) : nothing;
    return html` ${progress ? html`<p class="progress" aria-live="polite">${progress.total ? t(lang, 'tables.progress', { filled: progress.filled, total: progress.total }) : t(lang, 'tables.progress.empty')}</p>` : nothing}
      ${
        this.editing
          ? html`<wc-chart-editor
              .table=${table}
              .axes=${this.axes}
              .entered=${this.entered}
              .mode=${this.mode}
              .lang=${lang}
              .grid=${grid}
            ></wc-chart-editor>`
          : grid
      }
      ${missing || table.errata?.length ? html`<p class="muted">${t(lang, 'tables.marks')}</p>` : nothing}
      <div class="about">
        <h3>${t(lang, 'tables.about')}</h3>
        <p>
          ${t(lang, 'tables.status')} <span class="badge ${table.status}">${t(lang, `status.${table.status}`)}</span>
        </p>
        <details class="muted">
          <summary>${t(lang, 'tables.sourceTitle')}</summary>
          ${t(lang, 'tables.source', { source: table.source })}
        </details>
        ${
          legend.length
            ? html`<section>
                <h3>${t(lang, 'tables.legend')}</h3>
                <dl class="legend">
                  ${legend.map(
                    ([code, entry]) =>
                      html` <dt>${code}</dt>
                        <dd>
                          ${tx(lang, entry.name)}${entry.effect ? html` — ${tx(lang, entry.effect)}` : nothing}${entry.rule ? html` <span class="muted">(${t(lang, 'tables.roll.rule', { rule: entry.rule })})</span>` : nothing}
                        </dd>`,
                  )}
                </dl>
              </section>`
            : nothing
        }
        ${notesSection(lang, t(lang, 'tables.notes'), table.notes)} ${this.renderErrata()} ${this.renderRoll()}
        ${this.renderOdds()}
      </div>`;
  }
}
