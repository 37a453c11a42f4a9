/**
 * The pack editor's changes, as pure functions on a pack (src/ui/pages/pack-editor.ts calls them;
 * the unit tests drive them). Rows and columns are typed as printed and read by the typed-chart
 * editor's parsers (src/engine/player-charts.ts: "2", "3-4", "≤-2", "12+", "3:1"); cells by its
 * cell parser (src/engine/charts.ts). Whatever the editor does, the pack is checked whole before
 * it is saved (./format readPack).
 */
import {
  CONDITIONS_COLUMN,
  TURN_TRACK,
  axisKind,
  conditionTags,
  checkAxisKey,
  parseCellInput,
  parseOdds,
  parseRange,
  type AxisEntry,
  type ChartProblem,
  type CupData,
  type I18n,
  type TableData,
} from '../engine';
import type { Pack } from './format';
import type { PastedChart } from './paste';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A pack id from a name: lower case letters, digits and hyphens. */
export const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'my-game';

/** Text typed in one language stands for both until the other is typed. */
export const both = (en: string, es: string): I18n => ({ en: en.trim() || es.trim(), es: es.trim() || en.trim() });

/** complete, partial or missing, from the cells. */
export function statusOf(cells: readonly (readonly (string | number | null)[])[]): TableData['status'] {
  const all = cells.flat();
  if (all.length && all.every((v) => v !== null)) return 'complete';
  return all.some((v) => v !== null) ? 'partial' : 'missing';
}

export function setTable(p: Pack, id: string, change: (t: TableData) => TableData): Pack {
  return {
    ...p,
    tables: p.tables.map((t) => {
      if (t.id !== id) return t;
      const n = change(t);
      return { ...n, status: statusOf(n.cells) };
    }),
  };
}

/** The entry of an axis key as printed (a die range, odds or a differential, or a plain key). */
function entryOf(t: TableData, axis: 'rows' | 'columns', key: string, old?: AxisEntry): AxisEntry {
  const kind = axisKind(t, axis);
  const base: Mutable<AxisEntry> = { key, ...(old?.label ? { label: old.label } : {}) };
  if (kind === 'range') {
    const r = parseRange(key);
    if (r.ok) {
      if (r.value.min !== undefined) base.min = r.value.min;
      if (r.value.max !== undefined) base.max = r.value.max;
    }
  } else if (kind === 'odds') {
    const r = parseOdds(key);
    if (r.ok) base.odds = r.value;
  }
  return base;
}

/**
 * Sets the rows or columns of a table from keys as printed ("2, 3, 4-5, 6+"). Cells follow their
 * row and column by key; new ones start empty. Returns the problems of keys that cannot be read.
 */
export function setAxis(
  t: TableData,
  axis: 'rows' | 'columns',
  text: string,
): { table: TableData; problems: ChartProblem[] } {
  const keys = text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const problems = keys.map((k) => checkAxisKey(t, axis, k)).filter((x): x is ChartProblem => !!x);
  const old = t[axis].entries;
  const entries = keys.map((k) =>
    entryOf(
      t,
      axis,
      k,
      old.find((e) => e.key === k),
    ),
  );
  const rowKeys = axis === 'rows' ? keys : t.rows.entries.map((e) => e.key);
  const colKeys = axis === 'columns' ? keys : t.columns.entries.map((e) => e.key);
  const cellAt = (r: string, c: string) => {
    const i = t.rows.entries.findIndex((e) => e.key === r);
    const j = t.columns.entries.findIndex((e) => e.key === c);
    return i >= 0 && j >= 0 ? (t.cells[i]?.[j] ?? null) : null;
  };
  const table: TableData = {
    ...t,
    [axis]: { ...t[axis], entries },
    cells: rowKeys.map((r) => colKeys.map((c) => cellAt(r, c))),
  };
  return { table: { ...table, status: statusOf(table.cells) }, problems };
}

/** Sets one cell from what was typed (empty clears it); the reason when it is refused. */
export function setCell(
  t: TableData,
  r: number,
  c: number,
  text: string,
): { table: TableData; problem?: { reason: string; allowed?: string } } {
  let v: string | number | null = null;
  if (text.trim()) {
    const parsed = parseCellInput(t, text);
    if (!parsed.ok)
      return { table: t, problem: { reason: parsed.reason, ...(parsed.allowed ? { allowed: parsed.allowed } : {}) } };
    v = parsed.value;
  }
  const cells = t.cells.map((row, i) => row.map((x, j) => (i === r && j === c ? v : x)));
  return { table: { ...t, cells, status: statusOf(cells) } };
}

/** A legend as typed, one code a line: "DR = Defender retreats / Defensor se retira". */
export function parseLegend(text: string): NonNullable<TableData['legend']> {
  const out: Record<string, { name: I18n }> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([^=\s][^=]{0,79}?)\s*=\s*(.+)$/.exec(line);
    if (!m) continue;
    const [en = '', es = ''] = m[2]!.split('/').map((s) => s.trim());
    out[m[1]!.trim()] = { name: both(en, es) };
  }
  return out;
}
export const legendText = (t: TableData): string =>
  Object.entries(t.legend ?? {})
    .map(([k, v]) => `${k} = ${v.name.en}${v.name.es !== v.name.en ? ` / ${v.name.es}` : ''}`)
    .join('\n');

/** Ids of a pack's items: the first free "<base>", "<base>-2"… */
export function freeId(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  let k = 2;
  while (taken.includes(`${base}-${k}`)) k++;
  return `${base}-${k}`;
}

/** The pack's one scenario (the editor edits the first). */
const scenarioOf = (p: Pack) => p.scenarios[0]!;
function setScenario(p: Pack, change: (s: Pack['scenarios'][number]) => Pack['scenarios'][number]): Pack {
  return { ...p, scenarios: p.scenarios.map((s, k) => (k === 0 ? change(s) : s)) };
}

export function setCups(p: Pack, cups: readonly CupData[]): Pack {
  return setScenario(p, (s) => {
    const { cups: _c, ...rest } = s;
    return cups.length ? { ...rest, cups: [...cups] } : rest;
  });
}
export const cupsOf = (p: Pack): readonly CupData[] => scenarioOf(p).cups ?? [];

/**
 * A reference chart (issue #32): rows and columns of text as printed (a terrain effects chart:
 * terrain rows, effect columns), read at the table, never rolled on.
 */
function referenceTable(id: string, game: string): TableData {
  return {
    kind: 'table',
    id,
    game,
    title: { en: 'Terrain Effects Chart', es: 'Tabla de efectos del terreno' },
    rule: '1',
    status: 'missing',
    source: 'typed in by the players from the printed chart',
    type: 'reference',
    rows: { label: { en: 'Terrain', es: 'Terreno' }, entries: [{ key: 'clear' }, { key: 'forest' }] },
    columns: { label: { en: 'Effect', es: 'Efecto' }, entries: [{ key: 'move' }, { key: 'combat' }] },
    cells: [
      [null, null],
      [null, null],
    ],
    values: { kind: 'text' },
  };
}

/** Adds a table of a kind to the pack and to its scenario. */
export function addTable(p: Pack, kind: 'roll' | 'crt-ratio' | 'crt-differential' | 'reference'): Pack {
  if (kind === 'reference') {
    const id = freeId(
      'chart',
      p.tables.map((t) => t.id),
    );
    return setScenario({ ...p, tables: [...p.tables, referenceTable(id, p.manifest.id)] }, (s) => ({
      ...s,
      tables: [...s.tables, id],
    }));
  }
  const id = freeId(
    kind === 'roll' ? 'table' : 'crt',
    p.tables.map((t) => t.id),
  );
  const game = p.manifest.id;
  const crt = kind !== 'roll';
  const table: TableData = {
    kind: 'table',
    id,
    game,
    title: crt ? { en: 'Combat Results Table', es: 'Tabla de resultados del combate' } : { en: 'Table', es: 'Tabla' },
    rule: '1',
    status: 'missing',
    source: 'typed in by the players from the printed chart',
    type: crt ? 'crt' : 'roll',
    rows: {
      label: { en: 'Die', es: 'Dado' },
      entries: [1, 2, 3, 4, 5, 6].map((n) => ({ key: String(n), min: n, max: n })),
    },
    columns: crt
      ? kind === 'crt-ratio'
        ? {
            label: { en: 'Odds', es: 'Proporción' },
            entries: [
              { key: '1:1', odds: [1, 1] },
              { key: '2:1', odds: [2, 1] },
            ],
          }
        : {
            label: { en: 'Difference', es: 'Diferencia' },
            entries: [
              { key: '≤0', max: 0 },
              { key: '1+', min: 1 },
            ],
          }
      : { label: { en: 'Result', es: 'Resultado' }, entries: [{ key: 'result' }] },
    cells: Array.from({ length: 6 }, () => (crt ? [null, null] : [null])),
    values: crt ? { kind: 'codes' } : { kind: 'text' },
    ...(crt ? { legend: { NE: { name: { en: 'No effect', es: 'Sin efecto' } } } } : {}),
    roll: { dice: { n: 1, sides: 6 }, axis: 'rows' },
    ...(crt
      ? {
          odds: {
            kind: kind === 'crt-ratio' ? ('ratio' as const) : ('differential' as const),
            rounding: 'defender' as const,
            rule: '1',
            below: { mode: 'clamp' as const },
            above: { mode: 'clamp' as const },
          },
        }
      : {}),
  };
  return setScenario({ ...p, tables: [...p.tables, table] }, (s) => ({ ...s, tables: [...s.tables, id] }));
}

export function removeTable(p: Pack, id: string): Pack {
  return setScenario({ ...p, tables: p.tables.filter((t) => t.id !== id) }, (s) => ({
    ...s,
    tables: s.tables.filter((x) => x !== id),
  }));
}

/** A condition's tag as kept ("Heavy mud" → "heavy-mud"); '' for text with no letter or digit. */
export const conditionTag = (text: string): string => (/[a-z0-9]/i.test(text.normalize('NFD')) ? slug(text) : '');

/** The conditions the turn track marks, per turn, as typed tags ("mud snow"); [] where it has none. */
export function turnConditions(p: Pack): string[] {
  const track = p.tables.find((t) => t.id === TURN_TRACK);
  const column = track?.columns.entries.findIndex((c) => c.key === CONDITIONS_COLUMN) ?? -1;
  if (!track || column < 0) return [];
  return track.cells.map((r) => conditionTags(r[column]).join(' '));
}

/** The tags a pack's named shifts and modifiers apply on by themselves ("turn:mud" → "mud"), sorted. */
export function conditionsNamed(p: Pack): string[] {
  const tags = p.tables.flatMap((t) =>
    [...(t.shifts ?? []), ...(t.roll?.modifiers ?? [])].flatMap((m) =>
      m.when?.startsWith('turn:') ? [m.when.slice('turn:'.length)] : [],
    ),
  );
  return [...new Set(tags)].sort();
}

/**
 * The turn track: the number of turns, a note per turn and the conditions each turn is marked with
 * (a reference table "turn-track"; issue #32: "mud" on turns 3 and 4). Conditions left out keep
 * those the track has; a conditions column is written only when some turn has one.
 */
export function setTurns(p: Pack, count: number, notes: readonly string[], conditions?: readonly string[]): Pack {
  const n = Math.max(1, Math.min(200, Math.floor(count) || 1));
  const id = TURN_TRACK;
  const marks = Array.from({ length: n }, (_, k) =>
    conditionTags((conditions ?? turnConditions(p))[k] ?? '')
      .map(conditionTag)
      .filter(Boolean)
      .join(' ')
      .slice(0, 80),
  );
  const withMarks = marks.some(Boolean);
  const cells = Array.from({ length: n }, (_, k) => [
    notes[k]?.trim() ? notes[k]!.trim().slice(0, 80) : null,
    ...(withMarks ? [marks[k] || null] : []),
  ]);
  const track: TableData = {
    kind: 'table',
    id,
    game: p.manifest.id,
    title: { en: 'Turn track', es: 'Registro de turnos' },
    rule: '2',
    status: statusOf(cells),
    source: 'typed in by the players from the printed turn track',
    type: 'reference',
    rows: { label: { en: 'Turn', es: 'Turno' }, entries: cells.map((_, k) => ({ key: String(k + 1) })) },
    columns: {
      label: { en: 'Notes', es: 'Notas' },
      entries: [
        { key: 'note', label: { en: 'Notes and arrivals', es: 'Notas y llegadas' } },
        ...(withMarks
          ? [{ key: CONDITIONS_COLUMN, label: { en: 'Conditions (mud, snow…)', es: 'Condiciones (barro, nieve…)' } }]
          : []),
      ],
    },
    cells,
    values: { kind: 'text' },
  };
  const has = p.tables.some((t) => t.id === id);
  const withTrack = { ...p, tables: has ? p.tables.map((t) => (t.id === id ? track : t)) : [...p.tables, track] };
  return setScenario(withTrack, (s) => ({
    ...s,
    tables: s.tables.includes(id) ? s.tables : [...s.tables, id],
    turns: { status: 'complete', count: n, note: { en: `${n} turns`, es: `${n} turnos` } },
  }));
}

/** A pack whose id changed: its tables and scenarios follow. */
export function setPackId(p: Pack, id: string): Pack {
  return {
    ...p,
    manifest: { ...p.manifest, id },
    tables: p.tables.map((t) => ({ ...t, game: id })),
    scenarios: p.scenarios.map((s) => ({ ...s, game: id })),
  };
}

/** The version after this one: "1" → "2", "1.4" → "1.5", "v2-beta" → "v2-beta.1". */
export function nextVersion(v: string): string {
  const m = /^(.*?)(\d+)$/.exec(v);
  return m ? `${m[1]}${Number(m[2]) + 1}` : `${v}.1`.slice(0, 20);
}

/**
 * The chart values typed in on this device for a pack's game (the tables page, by "row|column")
 * written into the pack's empty cells, so a new version carries them: the chart packs of today,
 * inside the pack. Returns the pack and how many values it took.
 */
export function withTypedCharts(
  p: Pack,
  typed: Readonly<Record<string, Readonly<Record<string, string | number>>>>,
): { pack: Pack; added: number } {
  let added = 0;
  const tables = p.tables.map((t) => {
    const cells = typed[t.id];
    if (!cells) return t;
    const next = t.cells.map((row, i) =>
      row.map((v, j) => {
        if (v !== null) return v;
        const x = cells[`${t.rows.entries[i]!.key}|${t.columns.entries[j]!.key}`];
        if (x === undefined) return v;
        const ok = parseCellInput(t, String(x));
        if (!ok.ok) return v;
        added++;
        return ok.value;
      }),
    );
    return { ...t, cells: next, status: statusOf(next) };
  });
  return { pack: { ...p, tables }, added };
}

/**
 * A pasted chart (./paste parsePastedChart) written into a table: its header and row keys, when
 * the paste had them, replace the axes; the cells fill the grid. Returns the axis problems.
 */
export function applyPastedChart(t: TableData, chart: PastedChart): { table: TableData; problems: ChartProblem[] } {
  let table = t;
  const problems: ChartProblem[] = [];
  for (const axis of ['columns', 'rows'] as const) {
    const keys = chart[axis];
    if (!keys) continue;
    const r = setAxis(table, axis, keys.join(', '));
    table = r.table;
    problems.push(...r.problems);
  }
  const cells = table.rows.entries.map((_, i) => table.columns.entries.map((_, j) => chart.cells[i]?.[j] ?? null));
  return { table: { ...table, cells, status: statusOf(cells) }, problems };
}

/** What a CRT does beyond one end of its columns (the printed rule): the nearest column, or a result. */
export type OffTableChoice = { mode: 'clamp' } | { mode: 'auto'; result: string };

/** Sets what happens below the first column or above the last (a CRT only). */
export function setOffTable(t: TableData, end: 'below' | 'above', choice: OffTableChoice): TableData {
  if (!t.odds) return t;
  return {
    ...t,
    odds: { ...t.odds, [end]: choice.mode === 'auto' ? { mode: 'auto', result: choice.result } : { mode: 'clamp' } },
  };
}

/** How a CRT's odds or differential are rounded to a column: for the attacker (up) or the defender (down). */
export function setRounding(t: TableData, rounding: 'attacker' | 'defender'): TableData {
  return t.odds ? { ...t, odds: { ...t.odds, rounding } } : t;
}

/** Cells filled and cells in all, over a table. */
export function cellCount(t: TableData): { filled: number; total: number } {
  const all = t.cells.flat();
  return { filled: all.filter((v) => v !== null && v !== undefined).length, total: all.length };
}

/** What a chart names once: its column shifts (CRTs) or its die-roll modifiers (issue #32). */
export type NamedKind = 'shifts' | 'modifiers';
export interface NamedItem {
  readonly id: string;
  readonly label: I18n;
  readonly value: number;
  readonly rule: string;
  /** Items of one group exclude each other (radios in play). */
  readonly group?: string;
  /** When it applies by itself: "turn:mud" on the turns the turn track marks "mud". */
  readonly when?: string;
}

export const namedOf = (t: TableData, kind: NamedKind): readonly NamedItem[] =>
  (kind === 'shifts' ? t.shifts : t.roll?.modifiers) ?? [];

/** The chart's named shifts or modifiers replaced; an empty group is left out; ids stay unique. */
export function setNamed(t: TableData, kind: NamedKind, items: readonly NamedItem[]): TableData {
  const taken: string[] = [];
  const clean = items.map((x) => {
    const id = freeId(slug(x.id || x.label.en || x.label.es), taken);
    taken.push(id);
    const group = x.group ? slug(x.group) : '';
    const when = x.when?.startsWith('turn:') ? conditionTag(x.when.slice('turn:'.length)) : '';
    return {
      id,
      label: x.label,
      value: x.value,
      rule: x.rule.trim() || t.rule,
      ...(group ? { group } : {}),
      ...(when ? { when: `turn:${when}` } : x.when && !x.when.startsWith('turn:') ? { when: x.when } : {}),
    };
  });
  if (kind === 'shifts') {
    const { shifts: _old, ...rest } = t;
    return clean.length ? { ...rest, shifts: clean } : rest;
  }
  if (!t.roll) return t;
  const { modifiers: _old, ...roll } = t.roll;
  return { ...t, roll: clean.length ? { ...roll, modifiers: clean } : roll };
}

/** Every `side` a scenario names (chits, openings, event cups, victory), from one id to another. */
function renameSideIn(v: unknown, from: string, to: string): unknown {
  if (Array.isArray(v)) return v.map((x) => renameSideIn(x, from, to));
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, k === 'side' && x === from ? to : renameSideIn(x, from, to)]),
  );
}

/**
 * A side renamed: its id follows its name (issue #32: "blue" no longer stays in the file after the
 * side is called "Allies"), and everything in the scenarios that names the side follows its id.
 */
export function renameSide(p: Pack, index: number, name: I18n): Pack {
  const side = p.manifest.sides[index];
  if (!side) return p;
  const others = p.manifest.sides.filter((_, k) => k !== index).map((s) => s.id);
  const id = freeId(slug(name.en || name.es), others);
  const sides = p.manifest.sides.map((s, k) => (k === index ? { ...s, id, name } : s));
  return {
    ...p,
    manifest: { ...p.manifest, sides },
    scenarios: id === side.id ? p.scenarios : (renameSideIn(p.scenarios, side.id, id) as Pack['scenarios']),
  };
}
