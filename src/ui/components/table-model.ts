/**
 * What a table shows, without Lit or the DOM: its header labels, each cell's state (printed, corrected
 * by an erratum, typed in by a player, or missing from the text), how full it is, and the edits a
 * player makes to a chart the text does not give — a typed cell, an added or removed row or column,
 * the chart's dice and ends — each read into the event detail to send or the words that refuse it.
 * <wc-table-view> (the view) and <wc-chart-editor> (the editor) render from it; its unit tests need
 * no browser (tests/unit/ui/table-model.test.ts).
 */
import {
  axesOf,
  cellKey,
  chartCompleteness,
  checkAxisKey,
  effectiveCell,
  parseCellInput,
  parseChartDice,
  withPlayerChart,
  type AxisEntry,
  type Cell,
  type ChartSetup,
  type DiceSpecData,
  type EnteredCells,
  type ErrataMode,
  type Erratum,
  type I18n,
  type OffTableSetup,
  type TableData,
} from '../../engine';
import type { Lang } from '../../app/store';
import { t, translate, tx, use } from '../i18n';
import { tables } from '../i18n/tables';
import { errors } from '../i18n/errors';

// The messages it words load with it (src/ui/i18n/index.ts).
use(tables, errors);

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

/** "2", "3–4", "≤1", "≥6" for a rolled axis entry. */
export function rangeText(entry: Pick<AxisEntry, 'min' | 'max'>): string {
  if (entry.min !== undefined && entry.max !== undefined)
    return entry.min === entry.max ? `${entry.min}` : `${entry.min}–${entry.max}`;
  if (entry.max !== undefined) return `≤${entry.max}`;
  if (entry.min !== undefined) return `≥${entry.min}`;
  return '';
}

/** The header text of an axis entry (label, else the roll range on the rolled axis, else the key). */
export function entryLabel(
  table: TableData,
  axis: 'rows' | 'columns',
  entry: AxisEntry | undefined,
  key: string,
  lang: Lang,
): string {
  if (!entry) return key;
  if (entry.label) return tx(lang, entry.label);
  if (table.roll?.axis === axis && (entry.min !== undefined || entry.max !== undefined)) return rangeText(entry);
  return entry.key;
}

export interface CellModel {
  /** Row index. */
  readonly r: number;
  /** Column index. */
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
  table: TableData,
  row: string,
  column: string,
  rowIndex: number,
  columnIndex: number,
  mode: ErrataMode,
  entered?: EnteredCells,
): CellModel {
  const key = cellKey(row, column);
  const erratum = table.errata?.find((each) => each.row === row && each.column === column);
  if (rowIndex < table.rows.entries.length && columnIndex < table.columns.entries.length) {
    const read = effectiveCell(table, rowIndex, columnIndex, mode, entered);
    return {
      r: rowIndex,
      c: columnIndex,
      row,
      column,
      key,
      value: read.value,
      origin: read.origin,
      printed: table.cells[rowIndex]?.[columnIndex] ?? null,
      ...(erratum ? { erratum } : {}),
    };
  }
  const typed = entered?.[key];
  return {
    r: rowIndex,
    c: columnIndex,
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
  table: TableData,
  mode: ErrataMode,
  entered?: EnteredCells,
  axes?: PlayerAxes,
): { filled: number; total: number; complete: boolean } {
  return chartCompleteness(table, { ...axes, ...(entered ? { cells: entered } : {}) }, mode);
}

/** Whether the table has cells a player can fill in. */
export function hasMissingCells(table: TableData): boolean {
  return !!table.playerDefinesAxes || table.cells.some((row) => row.some((value) => value === null));
}

/** The table with the players' rows, columns, labels, dice and ends merged in. */
export function shownTable(table: TableData, axes?: PlayerAxes): TableData {
  return withPlayerChart(table, axes);
}

/** A cell's value as written in it ('' for none). */
export function cellText(value: Cell): string {
  return value === null ? '' : String(value);
}

/** What a shown (not typed-in) cell says besides its value: the result's name, its erratum and whether a player typed it. */
export interface CellNotes {
  /** The legend's name of a code ('' for none). */
  readonly name: string;
  /** An erratum applied or suspected, and "typed in by a player". */
  readonly notes: readonly string[];
  /** The erratum's mark beside the value: "*T1" applied, "?T1" suspected. */
  readonly mark?: string;
}
export function cellNotes(table: TableData, cell: CellModel, lang: Lang): CellNotes {
  const legend = typeof cell.value === 'string' ? table.legend?.[cell.value] : undefined;
  const name = legend ? tx(lang, legend.name) : '';
  const notes: string[] = [];
  let mark: string | undefined;
  const erratum = cell.erratum;
  if (erratum) {
    if (cell.origin === 'erratum') {
      notes.push(
        t(lang, 'tables.cell.corrected', {
          id: erratum.id,
          printed: cell.printed === null ? t(lang, 'tables.cell.blank') : String(cell.printed),
        }),
      );
      mark = `*${erratum.id}`;
    } else {
      notes.push(t(lang, 'tables.cell.suspect', { id: erratum.id, suggested: String(erratum.suggested) }));
      mark = `?${erratum.id}`;
    }
  }
  if (cell.origin === 'entered') notes.push(t(lang, 'tables.cell.entered'));
  return { name, notes, ...(mark ? { mark } : {}) };
}

/** Whether an erratum is applied to the cells shown (else it is only listed, as "not applied"). */
export function erratumApplied(table: TableData, erratum: Erratum, mode: ErrataMode, entered?: EnteredCells): boolean {
  const rowIndex = table.rows.entries.findIndex((entry) => entry.key === erratum.row);
  const columnIndex = table.columns.entries.findIndex((entry) => entry.key === erratum.column);
  return (
    rowIndex >= 0 && columnIndex >= 0 && effectiveCell(table, rowIndex, columnIndex, mode, entered).origin === 'erratum'
  );
}

/** Why a typed value is refused, in words (parseCellInput's reason). */
export function refusalText(lang: Lang, reason: string, value: string, allowed?: string): string {
  return ['unknown-code', 'not-a-number', 'out-of-range', 'too-long'].includes(reason)
    ? translate(lang, `tables.edit.${reason}`, { value: value.trim(), allowed: allowed ?? '' })
    : t(lang, 'tables.edit.refused', { value: value.trim() });
}

/**
 * A value typed into a cell, read: `refused` says why it is not taken (nothing is sent); else `send`
 * is the change to send (none when the cell already holds it), and `shown` the value as the field
 * should now read. A blank clears a typed cell (sends null) and refuses nothing.
 */
export type CellEdit =
  | { readonly refused: string }
  | { readonly refused?: undefined; readonly send?: CellChangeDetail; readonly shown?: string };
export function readCellEdit(table: TableData, cell: CellModel, text: string, lang: Lang): CellEdit {
  if (text.trim() === '') return cell.origin === 'entered' ? { send: { key: cell.key, value: null } } : {};
  const parsed = parseCellInput(table, text);
  if (!parsed.ok) return { refused: refusalText(lang, parsed.reason, text, parsed.allowed) };
  const shown = String(parsed.value);
  if (cell.origin === 'entered' && cell.value === parsed.value) return { shown };
  return { shown, send: { key: cell.key, value: parsed.value } };
}

/** What a player typed to add a row or column: its key and the labels in each language (blank for none). */
export interface AxisAddition {
  readonly key: string;
  readonly en: string;
  readonly es: string;
}
/**
 * A row or column added, read: refused in words (a key the axis cannot take, or one it has), else
 * the player's rows and columns with it added and, when a label was typed, the labels with it.
 */
export type AxisEdit =
  | { readonly refused: string }
  | { readonly refused?: undefined; readonly axes: AxesChangeDetail; readonly setup?: SetupChangeDetail };
export function readAxisAddition(
  table: TableData,
  axes: PlayerAxes | undefined,
  which: 'rows' | 'columns',
  typed: AxisAddition,
  lang: Lang,
): AxisEdit {
  const key = typed.key.trim();
  const existing = axesOf(shownTable(table, axes), axes)[which];
  const problem = checkAxisKey(table, which, key);
  if (problem) return { refused: translate(lang, problem.key, problem.params) };
  if (existing.includes(key)) return { refused: t(lang, 'tables.edit.keyDuplicate', { key }) };
  const rows = [...(axes?.rows ?? [])];
  const columns = [...(axes?.columns ?? [])];
  (which === 'rows' ? rows : columns).push(key);
  const english = typed.en.trim();
  const spanish = typed.es.trim();
  const labelled = english || spanish;
  return {
    axes: { rows, columns, changed: key },
    ...(labelled
      ? {
          setup: {
            labels: {
              ...(axes?.labels ?? {}),
              [`${which}|${key}`]: { en: english || spanish, es: spanish || english },
            },
          },
        }
      : {}),
  };
}

/** A player's own row or column taken out (its cells go with it). */
export function withoutAxisEntry(
  axes: PlayerAxes | undefined,
  which: 'rows' | 'columns',
  key: string,
): AxesChangeDetail {
  const rows = (axes?.rows ?? []).filter((each) => which !== 'rows' || each !== key);
  const columns = (axes?.columns ?? []).filter((each) => which !== 'columns' || each !== key);
  return { rows: [...rows], columns: [...columns], changed: key, removed: true };
}

/**
 * The chart's dice and ends as typed (each field by name: dice, below-mode, below-result, above-mode,
 * above-result; undefined when the form has no such field), read: refused in words, or the setup to send.
 */
export type SetupEdit =
  { readonly refused: string } | { readonly refused?: undefined; readonly setup: SetupChangeDetail };
export function readSetup(table: TableData, field: (name: string) => string | undefined, lang: Lang): SetupEdit {
  const setup: { -readonly [K in keyof SetupChangeDetail]: SetupChangeDetail[K] } = {};
  const diceText = field('dice');
  if (diceText !== undefined && diceText.trim() !== '') {
    const dice = parseChartDice(diceText);
    if (!dice.ok) return { refused: translate(lang, dice.problem.key, dice.problem.params) };
    setup.dice = dice.value;
  }
  for (const end of ['below', 'above'] as const) {
    const mode = field(`${end}-mode`);
    if (mode === undefined) continue;
    if (mode === 'clamp') setup[end] = { mode: 'clamp' };
    else {
      const code = (field(`${end}-result`) ?? '').trim();
      const parsed = parseCellInput(table, code);
      if (!parsed.ok || typeof parsed.value !== 'string')
        return {
          refused: refusalText(
            lang,
            parsed.ok ? 'unknown-code' : parsed.reason,
            code,
            parsed.ok ? undefined : parsed.allowed,
          ),
        };
      setup[end] = { mode: 'auto', result: parsed.value };
    }
  }
  return { setup };
}
