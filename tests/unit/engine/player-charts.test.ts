// Charts typed in from the box (issue 13): every kind of range and column the players can write,
// malformed ones refused with a clear reason, the merged table rolled on and previewed exactly like
// a table from the text, and a game that rolled on typed-in charts verified by replay.
import { describe, expect, it } from 'vitest';
import {
  apply,
  chartProblems,
  checkAxisKey,
  combatColumn,
  combatDistribution,
  EngineError,
  manualDice,
  newSession,
  initialState,
  parseChartDice,
  parseOdds,
  parseRange,
  readChartPack,
  makeChartPack,
  resolveCombat,
  resolveRoll,
  rollDistribution,
  verifySession,
  withPlayerChart,
  type GameContext,
  type PlayerChart,
  type TableData,
} from '../../../src/engine';
import { head, i18n, table } from './fixtures';

/** Like Zitadelle's AT fire table: 2d6 on rows, the players define rows and columns (6.4). */
const atFire = (): TableData =>
  table({
    ...head('at', 'AT fire', '6.4', 'roll', 'missing', 'image'),
    rows: { label: i18n('Modified 2d6'), entries: [] },
    columns: { label: i18n('AT strength'), entries: [] },
    cells: [],
    values: { kind: 'number', min: 0, max: 99 },
    playerDefinesAxes: true,
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows' },
  });

/** Like Zitadelle's CRT: ratio odds rounded for the defender, 2d6 rows, no rows or columns in the text (7.3). */
const crt = (kind: 'ratio' | 'differential' = 'ratio'): TableData =>
  table({
    ...head('crt', 'CRT', '7.3', 'crt', 'missing', 'image'),
    rows: { label: i18n('2d6'), entries: [] },
    columns: { label: i18n('Odds'), entries: [] },
    cells: [],
    values: { kind: 'codes' },
    legend: {
      AC: { name: i18n('Attacker check') },
      DC: { name: i18n('Defender check') },
      DE: { name: i18n('Defender eliminated') },
    },
    playerDefinesAxes: true,
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows' },
    odds: { kind, rounding: 'defender', rule: '7.3', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
  });

const keys = (ps: readonly { key: string }[]) => ps.map((p) => p.key);

describe('die ranges as printed', () => {
  it.each([
    ['2-7', { min: 2, max: 7 }],
    ['8–12', { min: 8, max: 12 }],
    ['10', { min: 10, max: 10 }],
    ['≤3', { max: 3 }],
    ['<=3', { max: 3 }],
    ['<4', { max: 3 }],
    ['3 or less', { max: 3 }],
    ['3-', { max: 3 }],
    ['12+', { min: 12 }],
    ['≥12', { min: 12 }],
    ['>=12', { min: 12 }],
    ['>11', { min: 12 }],
    ['12 o más', { min: 12 }],
    ['-3..-1', { min: -3, max: -1 }],
    ['-3--1', { min: -3, max: -1 }],
    ['+2', { min: 2, max: 2 }],
    ['0', { min: 0, max: 0 }],
  ])('"%s" is %j', (text, range) => {
    expect(parseRange(text)).toEqual({ ok: true, value: range });
  });
  it.each(['', 'two', '7-2', '2 to', '3:1', '1.5'])('"%s" is refused with a reason', (text) => {
    const r = parseRange(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.key).toMatch(text === '7-2' ? /reversed/ : /syntax/);
  });
});

describe('odds and dice as printed', () => {
  it.each([
    ['3:1', [3, 1]],
    ['1:2', [1, 2]],
    ['3-2', [3, 2]],
    ['3 to 1', [3, 1]],
  ])('"%s" is %j', (text, odds) => expect(parseOdds(text)).toEqual({ ok: true, value: odds }));
  it.each(['3', '0:1', 'x', '3:1:1', '≥3'])('"%s" is not odds', (text) => expect(parseOdds(text).ok).toBe(false));
  it('dice: 2d6, d6, 1D10; nonsense refused', () => {
    expect(parseChartDice('2d6')).toEqual({ ok: true, value: { n: 2, sides: 6 } });
    expect(parseChartDice('d6')).toEqual({ ok: true, value: { n: 1, sides: 6 } });
    expect(parseChartDice('1D10')).toEqual({ ok: true, value: { n: 1, sides: 10 } });
    expect(parseChartDice('2d1').ok).toBe(false);
    expect(parseChartDice('six').ok).toBe(false);
  });
  it('a key is checked against its axis: ranges on the rolled axis, odds on ratio columns, anything else as a name', () => {
    expect(checkAxisKey(atFire(), 'rows', 'ten')?.key).toBe('chart.range.syntax');
    expect(checkAxisKey(atFire(), 'columns', 'AT 3')).toBeUndefined();
    expect(checkAxisKey(crt(), 'columns', '3')?.key).toBe('chart.odds.syntax');
    expect(checkAxisKey(crt('differential'), 'columns', '+3')).toBeUndefined();
    expect(checkAxisKey(crt(), 'rows', 'a|b')?.key).toBe('chart.key.bad');
    expect(checkAxisKey(crt(), 'rows', ' ')?.key).toBe('chart.key.empty');
  });
});

describe('the players define a roll table (the issue: rows "2-7", "8-12", "10")', () => {
  const chart: PlayerChart = {
    rows: ['8-12', '2-7'],
    columns: ['3'],
    cells: { '2-7|3': 4, '8-12|3': 1 },
  };
  it('rows are sorted by range and a roll of 10 lands on "8-12" (no longer "off this table")', () => {
    const t = withPlayerChart(atFire(), chart);
    expect(t.rows.entries.map((e) => e.key)).toEqual(['2-7', '8-12']);
    const r = resolveRoll(t, manualDice({ n: 2, sides: 6 }, [4, 6]), [], { entered: chart.cells });
    expect(r).toMatchObject({ row: '8-12', column: '3', result: 1, cell: { origin: 'entered' } });
    expect(chartProblems(atFire(), chart)).toEqual([]);
  });
  it('the preview is exact: 2-7 has 21 of 36 rolls, 8-12 has 15', () => {
    const d = rollDistribution(withPlayerChart(atFire(), chart), { n: 2, sides: 6 }, [], { entered: chart.cells });
    expect(d.outcomes).toBe(36);
    expect(d.counts.get(4)).toBe(21);
    expect(d.counts.get(1)).toBe(15);
  });
  it('overlapping, gapped and uncovered ranges are named', () => {
    expect(keys(chartProblems(atFire(), { rows: ['2-7', '7-12'], columns: ['3'] }))).toContain('chart.range.overlap');
    const gap = chartProblems(atFire(), { rows: ['2-5', '8-12'], columns: ['3'] });
    expect(gap.find((p) => p.key === 'chart.range.gap')?.params).toMatchObject({ from: 6, to: 7 });
    const un = chartProblems(atFire(), { rows: ['3-12'], columns: ['3'] });
    expect(un.find((p) => p.key === 'chart.range.uncovered')?.params).toMatchObject({ rolls: '2' });
    expect(keys(chartProblems(atFire(), { rows: ['≤3', '≤5'], columns: ['3'] }))).toContain('chart.range.openBelow');
    expect(keys(chartProblems(atFire(), { rows: ['12+', '13+'], columns: ['3'] }))).toContain('chart.range.openAbove');
  });
  it('open ends: "≤3" and "12+" cover modified rolls of 0 and 19', () => {
    const c: PlayerChart = {
      rows: ['≤3', '4-11', '12+'],
      columns: ['1'],
      cells: { '≤3|1': 9, '4-11|1': 5, '12+|1': 0 },
    };
    const t = withPlayerChart(atFire(), c);
    const roll = (a: number, b: number, m: number) =>
      resolveRoll(t, manualDice({ n: 2, sides: 6 }, [a, b]), [{ value: m, label: 'm' }], { entered: c.cells }).result;
    expect(roll(1, 1, -2)).toBe(9);
    expect(roll(6, 6, 7)).toBe(0);
    expect(roll(3, 4, 0)).toBe(5);
  });
  it('a cell not yet typed in says where: the roll is refused as incomplete, never a crash', () => {
    const t = withPlayerChart(atFire(), { rows: ['2-7', '8-12'], columns: ['3'] });
    expect(() => resolveRoll(t, manualDice({ n: 2, sides: 6 }, [1, 1]), [], {})).toThrow(EngineError);
    expect(keys(chartProblems(atFire(), { rows: ['2-7', '8-12'], columns: ['3'] }))).toEqual(['chart.missing.cells']);
  });
  it('an empty chart says rows and columns are missing (message keys the UI says in both languages)', () => {
    expect(keys(chartProblems(atFire()))).toEqual(['chart.missing.rows', 'chart.missing.columns']);
    let err: unknown;
    try {
      resolveRoll(atFire(), manualDice({ n: 2, sides: 6 }, [1, 1]), []);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('chart');
    expect((err as EngineError).params['key']).toBe('chart.missing.rows');
  });
  it('a value not among the table codes is named', () => {
    const p = chartProblems(crt(), { rows: ['2-12'], columns: ['1:1'], cells: { '2-12|1:1': 'XX' } });
    expect(p.find((x) => x.key === 'chart.cell.code')?.params).toMatchObject({ value: 'XX', codes: 'AC, DC, DE' });
  });
});

describe('the players define a CRT', () => {
  const chart: PlayerChart = {
    rows: ['2-6', '7-12'],
    columns: ['2:1', '1:1', '3:1'],
    cells: { '2-6|1:1': 'AC', '7-12|1:1': 'DC', '2-6|2:1': 'DC', '7-12|2:1': 'DE', '2-6|3:1': 'DE', '7-12|3:1': 'DE' },
  };
  it('Zitadelle 7.3 step 4 (seed 001 line 377): 12 vs 5 rounds down to 2:1 on the typed-in columns', () => {
    const t = withPlayerChart(crt(), chart);
    expect(t.columns.entries.map((e) => e.key)).toEqual(['1:1', '2:1', '3:1']);
    expect(combatColumn(t, { attack: 12, defence: 5 }).after).toMatchObject({ at: 'column', key: '2:1' });
  });
  it('shifts move along the typed-in columns; clamp keeps to the ends', () => {
    const t = withPlayerChart(crt(), chart);
    const shifts = [{ amount: -2, label: 'L2' }];
    expect(combatColumn(t, { attack: 12, defence: 5, shifts }).after).toMatchObject({ key: '1:1' });
    expect(combatColumn(t, { attack: 30, defence: 1 }).after).toMatchObject({ key: '3:1' });
  });
  it('beyond the ends as the players say: automatic results', () => {
    const t = withPlayerChart(crt(), {
      ...chart,
      below: { mode: 'auto', result: 'AC' },
      above: { mode: 'auto', result: 'DE' },
    });
    const r = resolveCombat(t, { attack: 1, defence: 5 }, undefined, { entered: chart.cells });
    expect(r).toMatchObject({ automatic: true, result: 'AC' });
    expect(combatDistribution(t, { attack: 50, defence: 1 }, { n: 2, sides: 6 }).counts.get('DE')).toBe(1);
  });
  it('the preview is exact and the roll reads the typed cell', () => {
    const t = withPlayerChart(crt(), chart);
    const d = combatDistribution(t, { attack: 4, defence: 4 }, { n: 2, sides: 6 }, { entered: chart.cells });
    expect([d.counts.get('AC'), d.counts.get('DC'), d.outcomes]).toEqual([15, 21, 36]);
    const r = resolveCombat(t, { attack: 8, defence: 4 }, manualDice({ n: 2, sides: 6 }, [6, 6]), {
      entered: chart.cells,
    });
    expect(r).toMatchObject({ column: '2:1', row: '7-12', result: 'DE' });
  });
  it('differential columns: "-1..0", "+1", "≥2"', () => {
    const t = withPlayerChart(crt('differential'), {
      rows: ['2-12'],
      columns: ['≥2', '-1..0', '+1'],
    });
    expect(t.columns.entries.map((e) => e.key)).toEqual(['-1..0', '+1', '≥2']);
    expect(combatColumn(t, { attack: 9, defence: 4 }).after).toMatchObject({ key: '≥2' });
    expect(combatColumn(t, { attack: 4, defence: 4 }).after).toMatchObject({ key: '-1..0' });
  });
  it('Zitadelle 8 vs 4 on an empty CRT: a clear "no columns yet", not "Maximum call stack size exceeded"', () => {
    for (const [a, d] of [
      [8, 4],
      [6, 3],
    ] as const) {
      expect(() => combatColumn(crt(), { attack: a, defence: d })).toThrow(/no rows yet|no columns yet/);
      expect(() => combatDistribution(crt(), { attack: a, defence: d }, { n: 2, sides: 6 })).toThrow(EngineError);
    }
    // Columns but no rows yet: the column is known, the roll is refused with "no rows".
    const cols = withPlayerChart(crt(), { columns: ['1:1', '2:1'] });
    expect(() => resolveCombat(cols, { attack: 8, defence: 4 }, manualDice({ n: 2, sides: 6 }, [1, 1]))).toThrow(
      /no rows yet/,
    );
  });
  it('odds columns that are the same odds are named ("2:1" and "4:2")', () => {
    expect(keys(chartProblems(crt(), { rows: ['2-12'], columns: ['2:1', '4:2'] }))).toContain('chart.odds.same');
  });
});

describe('chart packs carry the definition', () => {
  it('rows, columns, labels, dice and ends travel and are validated', () => {
    const tables = new Map([['crt', crt()]]);
    const pack = makeChartPack('test', [
      {
        table: 'crt',
        cells: { '2-12|1:1': 'AC' },
        rows: ['2-12'],
        columns: ['1:1'],
        labels: { 'columns|1:1': { en: 'Even', es: 'Igualdad' } },
        dice: { n: 2, sides: 6 },
        below: { mode: 'auto', result: 'AC' },
      },
    ]);
    const ok = readChartPack(JSON.stringify(pack), 'test', tables);
    expect(ok.ok).toBe(true);
    const bad = readChartPack(
      JSON.stringify(makeChartPack('test', [{ table: 'crt', cells: {}, rows: ['two'], columns: ['3'] }])),
      'test',
      tables,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.message).join(' ')).toMatch(/chart.range.syntax.*chart.odds.syntax/);
  });
});

describe('replay verification of a game that rolled on typed-in charts', () => {
  const at = atFire();
  const c = crt();
  const charts = {
    at: { rows: ['2-7', '8-12'], columns: ['3'] },
    crt: { rows: ['2-6', '7-12'], columns: ['1:1', '2:1'] },
  };
  const entered = {
    at: { '2-7|3': 4, '8-12|3': 1 },
    crt: { '2-6|1:1': 'AC', '7-12|1:1': 'DC', '2-6|2:1': 'DC', '7-12|2:1': 'DE' },
  };
  const ctx: GameContext = {
    tables: new Map([
      ['at', at],
      ['crt', c],
    ]),
    entered,
    charts,
  };
  it('each step records the definition and cells it read; another device (no charts) verifies it; a changed chart does not change the past', () => {
    let s = newSession({ id: 'g', game: 'test', scenario: 's', name: 'n', seed: 'seed-13', createdAt: 'now' });
    let st = initialState(s);
    const leftShift = [{ amount: -1, label: 'L1' }];
    for (const action of [
      { type: 'table', table: 'at' } as const,
      { type: 'table', table: 'at', manual: [5, 6] } as const,
      { type: 'combat', table: 'crt', attack: 8, defence: 4 } as const,
      { type: 'combat', table: 'crt', attack: 12, defence: 5, shifts: leftShift, manual: [1, 2] } as const,
    ]) {
      const r = apply(s, st, action, ctx);
      s = r.session;
      st = r.state;
    }
    expect(s.log[1]!.action).toMatchObject({ chart: charts.at, entered: entered.at });
    expect(s.log[1]!.outcome).toMatchObject({ resolution: { row: '8-12', result: 1 } });
    expect(s.log[3]!.outcome).toMatchObject({ resolution: { column: '1:1', row: '2-6', result: 'AC' } });
    // Another device: only the data files, no charts typed in.
    expect(verifySession(s, { tables: ctx.tables })).toMatchObject({ ok: true });
    // This device after the chart was edited: the recorded definition still wins.
    expect(verifySession(s, { ...ctx, charts: { at: { rows: ['2-12'], columns: ['3'] } } }).ok).toBe(true);
    // A tampered result is caught.
    const bad = structuredClone(s) as typeof s;
    (bad.log[1]!.outcome as { resolution: { result: number } }).resolution.result = 4;
    expect(verifySession(bad, { tables: ctx.tables }).ok).toBe(false);
  });
});
