/**
 * <wc-table-view>: one table of a game as a real, accessible <table> (caption, scoped headers),
 * with its errata marked per the errata setting, the cells a player typed in, and everything the
 * text says about it underneath (legend, notes, errata, roll, odds). When `editable`, the cells the
 * text lacks become inputs (the chart editor): a value is checked with parseCellInput before a
 * `wc-cell-change` event goes up; refused input shows why and sends nothing.
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  axesOf,
  axisKind,
  cellKey,
  chartCompleteness,
  chartProblems,
  checkAxisKey,
  effectiveCell,
  parseCellInput,
  parseChartDice,
  withPlayerChart,
  type ChartProblem,
  type ChartSetup,
  type DiceSpecData,
  type I18n,
  type OffTableSetup,
  type AxisEntry,
  type Cell,
  type EnteredCells,
  type ErrataMode,
  type Erratum,
  type TableData,
} from '../../engine';
import type { Lang } from '../../app/store';
import { t, translate, tx, use } from '../i18n';
import { notesSection } from '../notes-section';
import { base } from '../styles';
import { tables } from '../i18n/tables';
import { status } from '../i18n/status';
import { errors } from '../i18n/errors';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(tables, status, errors);

export interface CellChangeDetail {
  readonly key: string;
  readonly value: string | number | null;
}
/** The rows/columns a player added to a table whose shape the text does not give (only the added ones). */
export interface AxesChangeDetail {
  readonly rows: string[];
  readonly columns: string[];
  /** The key added or removed, for the announcement. */
  readonly changed?: string;
  readonly removed?: boolean;
}
/** Labels, dice and ends a player defined for such a table. */
export interface SetupChangeDetail {
  readonly labels?: Readonly<Record<string, I18n>>;
  readonly dice?: DiceSpecData;
  readonly below?: OffTableSetup;
  readonly above?: OffTableSetup;
}
/** What the players defined for a table whose shape the text does not give (rows, columns, labels, dice, ends). */
export type PlayerAxes = ChartSetup;

declare global {
  interface HTMLElementEventMap {
    'wc-cell-change': CustomEvent<CellChangeDetail>;
    'wc-axes-change': CustomEvent<AxesChangeDetail>;
    'wc-setup-change': CustomEvent<SetupChangeDetail>;
  }
  interface HTMLElementTagNameMap {
    'wc-table-view': WcTableView;
  }
}

/** "2", "3–4", "≤1", "≥6" for a rolled axis entry. */
export function rangeText(e: Pick<AxisEntry, 'min' | 'max'>): string {
  if (e.min !== undefined && e.max !== undefined) return e.min === e.max ? `${e.min}` : `${e.min}–${e.max}`;
  if (e.max !== undefined) return `≤${e.max}`;
  if (e.min !== undefined) return `≥${e.min}`;
  return '';
}

/** The header text of an axis entry (label, else the roll range on the rolled axis, else the key). */
export function entryLabel(
  tbl: TableData,
  axis: 'rows' | 'columns',
  e: AxisEntry | undefined,
  key: string,
  lang: Lang,
): string {
  if (!e) return key;
  if (e.label) return tx(lang, e.label);
  if (tbl.roll?.axis === axis && (e.min !== undefined || e.max !== undefined)) return rangeText(e);
  return e.key;
}

export interface CellModel {
  readonly r: number;
  readonly c: number;
  readonly row: string;
  readonly column: string;
  readonly key: string;
  readonly value: Cell;
  readonly origin: 'printed' | 'erratum' | 'entered' | 'missing';
  readonly printed: Cell;
  readonly erratum?: Erratum;
}

/** A cell as the settings say to read it; also for rows/columns a player added. */
export function cellModel(
  tbl: TableData,
  row: string,
  column: string,
  r: number,
  c: number,
  mode: ErrataMode,
  entered?: EnteredCells,
): CellModel {
  const key = cellKey(row, column);
  const erratum = tbl.errata?.find((x) => x.row === row && x.column === column);
  if (r < tbl.rows.entries.length && c < tbl.columns.entries.length) {
    const e = effectiveCell(tbl, r, c, mode, entered);
    return {
      r,
      c,
      row,
      column,
      key,
      value: e.value,
      origin: e.origin,
      printed: tbl.cells[r]?.[c] ?? null,
      ...(erratum ? { erratum } : {}),
    };
  }
  const typed = entered?.[key];
  return {
    r,
    c,
    row,
    column,
    key,
    value: typed ?? null,
    origin: typed === undefined ? 'missing' : 'entered',
    printed: null,
  };
}

/** Filled and total cells, counting the rows/columns a player added (the engine's chartCompleteness: one place decides). */
export function tableProgress(
  tbl: TableData,
  mode: ErrataMode,
  entered?: EnteredCells,
  axes?: PlayerAxes,
): { filled: number; total: number; complete: boolean } {
  return chartCompleteness(tbl, { ...axes, ...(entered ? { cells: entered } : {}) }, mode);
}

/** Whether the table has cells a player can fill in. */
export function hasMissingCells(tbl: TableData): boolean {
  return !!tbl.playerDefinesAxes || tbl.cells.some((row) => row.some((v) => v === null));
}

const fmt = (v: Cell) => (v === null ? '' : String(v));

@customElement('wc-table-view')
export class WcTableView extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      .scroll {
        position: relative;
        overflow-x: auto;
        max-width: 100%;
        border: 1px solid var(--border);
        border-radius: 12px;
        background: var(--surface);
        -webkit-overflow-scrolling: touch;
      }
      table {
        border-collapse: separate;
        border-spacing: 0;
        min-width: 100%;
        font-size: 1.05rem;
      }
      .head {
        margin: 0.3rem 0;
      }
      .head .title {
        font-weight: 700;
        font-size: 1.15rem;
      }
      .head .axes {
        display: block;
        font-size: 0.9rem;
        color: var(--muted);
      }
      th,
      td {
        border-right: 1px solid var(--border);
        border-bottom: 1px solid var(--border);
        padding: 0.4rem 0.55rem;
        text-align: center;
        vertical-align: middle;
        height: 44px;
        min-width: 2.8rem;
      }
      thead th {
        background: var(--surface-2);
        white-space: normal;
        min-width: 3.2rem;
        max-width: 9rem;
      }
      th[scope='row'],
      thead th:first-child {
        position: sticky;
        left: 0;
        z-index: 1;
        background: var(--surface-2);
        text-align: left;
        max-width: 8rem;
      }
      thead th:first-child {
        white-space: normal;
        font-size: 0.8rem;
        font-weight: 600;
        color: var(--muted);
        min-width: 4rem;
      }
      td {
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
      }
      td.text {
        font-weight: 400;
        white-space: normal;
        text-align: left;
        min-width: 8rem;
        max-width: 18rem;
      }
      td.missing {
        color: var(--muted);
        font-weight: 400;
      }
      td.entered .v {
        text-decoration: underline dotted;
        text-underline-offset: 0.25em;
      }
      td.entered {
        background: color-mix(in srgb, var(--link) 10%, transparent);
      }
      td.erratum {
        background: color-mix(in srgb, var(--warn) 12%, transparent);
      }
      .mark {
        color: var(--warn);
        font-size: 0.75rem;
        margin-left: 0.1rem;
        vertical-align: super;
      }
      td.hl {
        outline: 4px solid var(--accent);
        outline-offset: -4px;
        background: color-mix(in srgb, var(--accent) 22%, transparent);
      }
      td input {
        width: 4.2rem;
        min-width: 44px;
        padding: 0.2rem 0.3rem;
        text-align: center;
        font-weight: 700;
      }
      td.text input {
        width: 10rem;
        text-align: left;
        font-weight: 400;
      }
      .err {
        display: block;
        color: var(--danger);
        font-size: 0.85rem;
        font-weight: 600;
        white-space: normal;
        text-align: left;
        min-width: 10rem;
        max-width: 16rem;
        margin-top: 0.2rem;
      }
      .progress {
        font-weight: 600;
      }
      .about h3 {
        font-size: 1.05rem;
        margin-top: 1rem;
      }
      .about ul {
        padding-left: 1.2rem;
        margin: 0.3rem 0;
      }
      .about li {
        margin: 0.3rem 0;
      }
      dl.legend {
        display: grid;
        grid-template-columns: minmax(2.5rem, max-content) minmax(0, 1fr);
        gap: 0.3rem 0.8rem;
        margin: 0.3rem 0;
      }
      dl.legend dt {
        max-width: 9rem;
        overflow-wrap: anywhere;
      }
      dl.legend dd {
        min-width: 0;
        overflow-wrap: anywhere;
      }
      dl.legend dt {
        font-weight: 800;
      }
      dl.legend dd {
        margin: 0;
      }
      .errata li.on {
        border-left: 4px solid var(--warn);
        padding-left: 0.5rem;
        list-style: none;
        margin-left: -1.2rem;
      }
      .errata li.off {
        list-style: none;
        margin-left: -1.2rem;
        padding-left: 0.5rem;
        border-left: 4px solid var(--border);
      }
      form.add {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: flex-end;
        margin: 0.4rem 0;
      }
      form.add .err {
        min-width: 0;
      }
      form.add .help {
        flex-basis: 100%;
        margin: 0;
      }
      button.remove {
        min-height: 32px;
        min-width: 32px;
        padding: 0 0.4rem;
        margin-left: 0.3rem;
      }
      .problems {
        border-left: 4px solid var(--warn);
        padding-left: 0.6rem;
      }
      .problems ul {
        margin: 0.2rem 0;
        padding-left: 1.2rem;
      }
    `,
  ];

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

  /** Refusal messages by cell key (or "+rows"/"+columns" for the add forms). */
  @state() private errors: Readonly<Record<string, string>> = {};

  override willUpdate(changed: Map<string, unknown>) {
    if (changed.has('table') && changed.get('table') !== undefined) this.errors = {};
  }

  /** The table with the players' rows, columns, labels, dice and ends merged in. */
  private get shown(): TableData {
    return withPlayerChart(this.table, this.axes);
  }

  private get editing(): boolean {
    return this.editable && hasMissingCells(this.table);
  }

  private setError(key: string, msg?: string) {
    const next = { ...this.errors };
    if (msg) next[key] = msg;
    else delete next[key];
    this.errors = next;
  }

  private refusal(reason: string, value: string, allowed?: string): string {
    const lang = this.lang;
    const k = `tables.edit.${reason}`;
    return ['unknown-code', 'not-a-number', 'out-of-range', 'too-long'].includes(reason)
      ? translate(lang, k, { value: value.trim(), allowed: allowed ?? '' })
      : t(lang, 'tables.edit.refused', { value: value.trim() });
  }

  private onCellChange(e: Event, m: CellModel) {
    const input = e.target as HTMLInputElement;
    const text = input.value;
    if (text.trim() === '') {
      this.setError(m.key);
      if (m.origin === 'entered') this.emit(m.key, null);
      return;
    }
    const r = parseCellInput(this.table, text);
    if (!r.ok) {
      this.setError(m.key, this.refusal(r.reason, text, r.allowed));
      return;
    }
    this.setError(m.key);
    input.value = String(r.value);
    if (m.origin === 'entered' && m.value === r.value) return;
    this.emit(m.key, r.value);
  }

  private emit(key: string, value: string | number | null) {
    this.dispatchEvent(
      new CustomEvent<CellChangeDetail>('wc-cell-change', { detail: { key, value }, bubbles: true, composed: true }),
    );
  }

  private onAdd(e: Event, which: 'rows' | 'columns') {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const input = field('key')!;
    const key = input.value.trim();
    const errKey = `+${which}`;
    const existing = axesOf(this.shown, this.axes)[which];
    const problem = checkAxisKey(this.table, which, key);
    if (problem) {
      this.setError(errKey, translate(this.lang, problem.key, problem.params));
      return;
    }
    if (existing.includes(key)) {
      this.setError(errKey, t(this.lang, 'tables.edit.keyDuplicate', { key }));
      return;
    }
    this.setError(errKey);
    const rows = [...(this.axes?.rows ?? [])];
    const columns = [...(this.axes?.columns ?? [])];
    (which === 'rows' ? rows : columns).push(key);
    const en = field('en')?.value.trim() ?? '',
      es = field('es')?.value.trim() ?? '';
    form.reset();
    this.dispatchEvent(
      new CustomEvent<AxesChangeDetail>('wc-axes-change', {
        detail: { rows, columns, changed: key },
        bubbles: true,
        composed: true,
      }),
    );
    if (en || es) {
      const label = { en: en || es, es: es || en };
      this.emitSetup({ labels: { ...(this.axes?.labels ?? {}), [`${which}|${key}`]: label } });
    }
  }

  private onRemove(which: 'rows' | 'columns', key: string) {
    const rows = (this.axes?.rows ?? []).filter((k) => which !== 'rows' || k !== key);
    const columns = (this.axes?.columns ?? []).filter((k) => which !== 'columns' || k !== key);
    this.dispatchEvent(
      new CustomEvent<AxesChangeDetail>('wc-axes-change', {
        detail: { rows: [...rows], columns: [...columns], changed: key, removed: true },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private emitSetup(detail: SetupChangeDetail) {
    this.dispatchEvent(
      new CustomEvent<SetupChangeDetail>('wc-setup-change', { detail, bubbles: true, composed: true }),
    );
  }

  private onSetup(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
    const detail: { -readonly [K in keyof SetupChangeDetail]: SetupChangeDetail[K] } = {};
    const diceText = value('dice');
    if (diceText !== undefined && diceText.trim() !== '') {
      const d = parseChartDice(diceText);
      if (!d.ok) {
        this.setError('+setup', translate(this.lang, d.problem.key, d.problem.params));
        return;
      }
      detail.dice = d.value;
    }
    for (const end of ['below', 'above'] as const) {
      const mode = value(`${end}-mode`);
      if (mode === undefined) continue;
      if (mode === 'clamp') detail[end] = { mode: 'clamp' };
      else {
        const code = (value(`${end}-result`) ?? '').trim();
        const parsed = parseCellInput(this.table, code);
        if (!parsed.ok || typeof parsed.value !== 'string') {
          this.setError(
            '+setup',
            this.refusal(parsed.ok ? 'unknown-code' : parsed.reason, code, parsed.ok ? undefined : parsed.allowed),
          );
          return;
        }
        detail[end] = { mode: 'auto', result: parsed.value };
      }
    }
    this.setError('+setup');
    this.emitSetup(detail);
  }

  private renderCell(m: CellModel, rowLabel: string, colLabel: string, listId: string): TemplateResult {
    const lang = this.lang;
    const tbl = this.table;
    const hl = this.highlight?.row === m.row && this.highlight?.column === m.column;
    const text = tbl.values.kind === 'text';
    const cls = [m.origin, text ? 'text' : '', hl ? 'hl' : '', m.erratum ? 'erratum' : ''].filter(Boolean).join(' ');
    const hlText = hl ? html`<span class="sr-only">, ${t(lang, 'tables.cell.highlight')}</span>` : nothing;
    const editable = this.editing && (m.origin === 'missing' || m.origin === 'entered');
    if (editable) {
      const err = this.errors[m.key];
      const errId = `err-${m.r}-${m.c}`;
      return html`<td class=${cls} data-key=${m.key}>
        <input
          .value=${fmt(m.value)}
          aria-label=${t(lang, 'tables.cell.input', { row: rowLabel, column: colLabel })}
          title=${m.origin === 'entered' ? t(lang, 'tables.cell.entered') : t(lang, 'tables.cell.missing')}
          placeholder="—"
          autocomplete="off"
          spellcheck="false"
          enterkeyhint="next"
          inputmode=${tbl.values.kind === 'number' && tbl.values.min >= 0 ? 'numeric' : 'text'}
          autocapitalize=${tbl.values.kind === 'codes' ? 'characters' : 'sentences'}
          maxlength=${tbl.values.kind === 'text' ? 80 : 12}
          list=${tbl.values.kind === 'codes' ? listId : nothing}
          aria-invalid=${err ? 'true' : 'false'}
          aria-describedby=${err ? errId : nothing}
          @change=${(e: Event) => this.onCellChange(e, m)}
        />
        ${err ? html`<span class="err" id=${errId} role="alert">${err}</span>` : nothing}${hlText}
      </td>`;
    }
    if (m.value === null) {
      return html`<td class=${cls} data-key=${m.key} title=${t(lang, 'tables.cell.missing')}>
        <span aria-hidden="true">—</span><span class="sr-only">${t(lang, 'tables.cell.missing')}</span>${hlText}
      </td>`;
    }
    const legend = typeof m.value === 'string' ? tbl.legend?.[m.value] : undefined;
    const name = legend ? tx(lang, legend.name) : '';
    const notes: string[] = [];
    let mark: TemplateResult | typeof nothing = nothing;
    if (m.erratum) {
      const e = m.erratum;
      if (m.origin === 'erratum') {
        notes.push(
          t(lang, 'tables.cell.corrected', {
            id: e.id,
            printed: m.printed === null ? t(lang, 'tables.cell.blank') : String(m.printed),
          }),
        );
        mark = html`<span class="mark" aria-hidden="true">*${e.id}</span>`;
      } else {
        notes.push(t(lang, 'tables.cell.suspect', { id: e.id, suggested: String(e.suggested) }));
        mark = html`<span class="mark" aria-hidden="true">?${e.id}</span>`;
      }
    }
    if (m.origin === 'entered') notes.push(t(lang, 'tables.cell.entered'));
    const title = [name, ...notes].filter(Boolean).join(' — ');
    return html`<td class=${cls} data-key=${m.key} title=${title || nothing}>
      <span class="v">${fmt(m.value)}</span
      >${mark}${name || notes.length ? html`<span class="sr-only">${name ? `, ${name}` : ''}${notes.map((n) => `, ${n}`).join('')}</span>` : nothing}${hlText}
    </td>`;
  }

  private renderTable(rows: string[], columns: string[]) {
    const tbl = this.shown;
    const lang = this.lang;
    const mode = this.mode;
    const rowEntries = new Map(tbl.rows.entries.map((e) => [e.key, e]));
    const colEntries = new Map(tbl.columns.entries.map((e) => [e.key, e]));
    const colLabels = columns.map((k) => entryLabel(tbl, 'columns', colEntries.get(k), k, lang));
    const listId = `codes-${tbl.id}`;
    return html` <div class="head" aria-hidden="true">
        ${this.titled ? html`<span class="title">${tx(lang, tbl.title)}</span> · <span class="rule">${t(lang, 'tables.rule', { rule: tbl.rule })}</span>` : nothing}
        <span class="axes"
          >${t(lang, 'tables.axes', { rows: tx(lang, tbl.rows.label), columns: tx(lang, tbl.columns.label) })}</span
        >
      </div>
      <div class="scroll" role="region" tabindex="0" aria-labelledby="cap">
        <table>
          <caption id="cap" class="sr-only">
            ${tx(lang, tbl.title)}, ${t(lang, 'tables.rule', { rule: tbl.rule })}.
            ${t(lang, 'tables.axes', { rows: tx(lang, tbl.rows.label), columns: tx(lang, tbl.columns.label) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">${tx(lang, tbl.rows.label)}</th>
              ${colLabels.map((l, c) => html`<th scope="col">${l}${this.removeButton('columns', columns[c]!)}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${rows.map((row, r) => {
              const rowLabel = entryLabel(tbl, 'rows', rowEntries.get(row), row, lang);
              return html`<tr>
                <th scope="row">${rowLabel}${this.removeButton('rows', row)}</th>
                ${columns.map((col, c) =>
                  this.renderCell(cellModel(tbl, row, col, r, c, mode, this.entered), rowLabel, colLabels[c]!, listId),
                )}
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
      ${
        this.editing && tbl.values.kind === 'codes'
          ? html`<datalist id=${listId}>
              ${Object.entries(tbl.legend ?? {}).map(([code, l]) => html`<option value=${code}>${tx(lang, l.name)}</option>`)}
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
      @click=${() => this.onRemove(which, key)}
    >
      ×
    </button>`;
  }

  private renderProblems() {
    const lang = this.lang;
    const problems: ChartProblem[] = chartProblems(this.table, { ...this.axes, cells: this.entered ?? {} }).filter(
      (p) => p.key !== 'chart.missing.cells',
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
        ${problems.map((p) => html`<li>${translate(lang, p.key, p.params)}</li>`)}
      </ul>
    </div>`;
  }

  private renderSetup() {
    const tbl = this.table;
    if (!tbl.roll && !tbl.odds) return nothing;
    const lang = this.lang;
    const shown = this.shown;
    const err = this.errors['+setup'];
    const d = shown.roll?.dice;
    const diceText = d && 'sides' in d ? `${d.n}d${d.sides}` : '';
    const end = (which: 'below' | 'above') => {
      const o = shown.odds![which];
      return html`<label
          >${t(lang, which === 'below' ? 'chart.below' : 'chart.above')}
          <select name="${which}-mode">
            <option value="clamp" ?selected=${o.mode === 'clamp'}>${t(lang, 'chart.end.clamp')}</option>
            <option value="auto" ?selected=${o.mode === 'auto'}>${t(lang, 'chart.end.auto')}</option>
          </select></label
        ><label
          >${t(lang, 'chart.end.result')}
          <input
            name="${which}-result"
            maxlength="12"
            autocomplete="off"
            list=${`codes-${tbl.id}`}
            .value=${o.mode === 'auto' ? o.result : ''}
        /></label>`;
    };
    return html`<form class="add setup" @submit=${(e: Event) => this.onSetup(e)}>
      <strong>${t(lang, 'chart.setup')}</strong>
      ${tbl.roll ? html`<label>${t(lang, 'chart.dice')}<input name="dice" maxlength="8" autocomplete="off" .value=${diceText} /></label>` : nothing}
      ${shown.odds ? html`${end('below')}${end('above')}` : nothing}
      <button type="submit">${t(lang, 'chart.save')}</button>
      ${err ? html`<span class="err" role="alert">${err}</span>` : nothing}
    </form>`;
  }

  private renderEditorHelp() {
    const lang = this.lang;
    const v = this.table.values;
    return html`<p class="muted">
      ${t(lang, 'tables.edit.help')}
      ${v.kind === 'codes' ? t(lang, 'tables.edit.codes', { codes: Object.keys(this.table.legend ?? {}).join(', ') }) : nothing}
      ${v.kind === 'number' ? t(lang, 'tables.edit.numbers', { min: v.min, max: v.max }) : nothing}
    </p>`;
  }

  private renderAddForm(which: 'rows' | 'columns') {
    const lang = this.lang;
    const err = this.errors[`+${which}`];
    const id = `add-${which}-err`;
    const kind = axisKind(this.table, which);
    const help = which === 'rows' ? `chart.rowHelp.${kind === 'range' ? 'range' : 'key'}` : `chart.colHelp.${kind}`;
    return html`<form class="add" @submit=${(e: Event) => this.onAdd(e, which)}>
      <p class="muted help">${translate(lang, help)}</p>
      <label
        >${t(lang, which === 'rows' ? 'tables.edit.newRow' : 'tables.edit.newColumn')}
        <input
          name="key"
          maxlength="40"
          autocomplete="off"
          aria-invalid=${err ? 'true' : 'false'}
          aria-describedby=${err ? id : nothing}
      /></label>
      <label>${t(lang, 'chart.labelEn')}<input name="en" maxlength="40" autocomplete="off" /></label>
      <label>${t(lang, 'chart.labelEs')}<input name="es" maxlength="40" autocomplete="off" /></label>
      <button type="submit">${t(lang, which === 'rows' ? 'tables.edit.addRow' : 'tables.edit.addColumn')}</button>
      ${err ? html`<span class="err" id=${id} role="alert">${err}</span>` : nothing}
    </form>`;
  }

  private renderRoll() {
    const roll = this.shown.roll;
    if (!roll) return nothing;
    const lang = this.lang;
    const d = roll.dice;
    const dice =
      'sides' in d
        ? `${d.n}d${d.sides}`
        : `${d.n > 1 ? `${d.n} × ` : ''}${t(lang, 'tables.roll.faces', { faces: d.faces.join(', ') })}`;
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
                  (m) =>
                    html`<li>
                      <strong>${m.value > 0 ? `+${m.value}` : m.value}</strong> ${tx(lang, m.label)}
                      <span class="muted">(${t(lang, 'tables.roll.rule', { rule: m.rule })})</span>
                    </li>`,
                )}
              </ul>`
          : nothing
      }
    </section>`;
  }

  private resultText(code: string): string {
    const l = this.table.legend?.[code];
    return l ? `${code} (${tx(this.lang, l.name)})` : code;
  }

  private renderOdds() {
    const odds = this.shown.odds;
    if (!odds) return nothing;
    const lang = this.lang;
    const cols = this.shown.columns.entries;
    const end = (which: 'below' | 'above') => {
      const o = odds[which];
      const edge = which === 'below' ? cols[0] : cols[cols.length - 1];
      if (o.mode === 'clamp') return t(lang, `tables.odds.${which}.clamp`, { column: edge?.key ?? '' });
      return t(lang, `tables.odds.${which}.auto`, {
        label: o.label ?? (edge ? `${which === 'below' ? '<' : '>'} ${edge.key}` : ''),
        result: this.resultText(o.result),
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
    const tbl = this.table;
    const shown = (v: Cell) => (v === null ? t(lang, 'tables.cell.blank') : String(v));
    return html`<section class="errata">
      <h3>${t(lang, 'tables.errata')}</h3>
      <ul>
        ${errata.map((e) => {
          const r = tbl.rows.entries.findIndex((x) => x.key === e.row);
          const c = tbl.columns.entries.findIndex((x) => x.key === e.column);
          const on = r >= 0 && c >= 0 && effectiveCell(tbl, r, c, this.mode, this.entered).origin === 'erratum';
          const where = t(lang, 'tables.erratum.where', {
            row: entryLabel(tbl, 'rows', tbl.rows.entries[r], e.row, lang),
            column: entryLabel(tbl, 'columns', tbl.columns.entries[c], e.column, lang),
          });
          const change = t(lang, on ? 'tables.erratum.applied' : 'tables.erratum.notApplied', {
            printed: shown(e.printed),
            suggested: shown(e.suggested),
          });
          return html`<li class=${on ? 'on' : 'off'} id=${`erratum-${e.id}`}>
            <strong>${on ? '*' : '?'}${e.id}</strong> (${where}): <strong>${change}</strong> — ${tx(lang, e.reason)}
            <br /><span class="muted"
              >${t(lang, 'tables.erratum.confidence', { level: t(lang, `tables.confidence.${e.confidence}`) })}
              ${t(lang, on ? 'tables.erratum.on' : 'tables.erratum.off')}
              ${e.correctedByDefault ? t(lang, 'tables.erratum.byDefault') : nothing}</span
            >
          </li>`;
        })}
      </ul>
    </section>`;
  }

  override render() {
    const tbl = this.table;
    if (!tbl) return nothing;
    const lang = this.lang;
    const { rows, columns } = axesOf(this.shown, this.axes);
    const missing = hasMissingCells(tbl);
    const prog = missing ? tableProgress(tbl, this.mode, this.entered, this.axes) : undefined;
    const legend = Object.entries(tbl.legend ?? {});
    return html` ${prog ? html`<p class="progress" aria-live="polite">${prog.total ? t(lang, 'tables.progress', { filled: prog.filled, total: prog.total }) : t(lang, 'tables.progress.empty')}</p>` : nothing}
      ${this.editing ? this.renderEditorHelp() : nothing}
      ${this.editing && tbl.playerDefinesAxes ? html`<p class="muted">${t(lang, 'tables.edit.axesHelp')}</p>` : nothing}
      ${this.editing ? this.renderProblems() : nothing}
      ${rows.length || columns.length ? this.renderTable(rows, columns) : nothing}
      ${this.editing && tbl.playerDefinesAxes ? html`${this.renderAddForm('rows')}${this.renderAddForm('columns')}${this.renderSetup()}` : nothing}
      ${missing || tbl.errata?.length ? html`<p class="muted">${t(lang, 'tables.marks')}</p>` : nothing}
      <div class="about">
        <h3>${t(lang, 'tables.about')}</h3>
        <p>${t(lang, 'tables.status')} <span class="badge ${tbl.status}">${t(lang, `status.${tbl.status}`)}</span></p>
        <details class="muted">
          <summary>${t(lang, 'tables.sourceTitle')}</summary>
          ${t(lang, 'tables.source', { source: tbl.source })}
        </details>
        ${
          legend.length
            ? html`<section>
                <h3>${t(lang, 'tables.legend')}</h3>
                <dl class="legend">
                  ${legend.map(
                    ([code, l]) =>
                      html` <dt>${code}</dt>
                        <dd>
                          ${tx(lang, l.name)}${l.effect ? html` — ${tx(lang, l.effect)}` : nothing}${l.rule ? html` <span class="muted">(${t(lang, 'tables.roll.rule', { rule: l.rule })})</span>` : nothing}
                        </dd>`,
                  )}
                </dl>
              </section>`
            : nothing
        }
        ${notesSection(lang, t(lang, 'tables.notes'), tbl.notes)} ${this.renderErrata()} ${this.renderRoll()}
        ${this.renderOdds()}
      </div>`;
  }
}
