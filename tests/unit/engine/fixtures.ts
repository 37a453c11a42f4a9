// Small tables built in the tests. Every fixture goes through TableSchema, so it is a table the
// data files could really contain (a fixture the schema refuses fails the test that uses it).
import {
  EngineError,
  ScenarioSchema,
  TableSchema,
  apply,
  formatIssues,
  initialState,
  newSession,
  parse,
  undo,
  type Action,
  type DiceSpec,
  type GameContext,
  type Rng,
  type RngState,
  type ScenarioData,
  type Session,
  type SessionState,
  type TableData,
} from '../../../src/engine';

export function table(t: unknown): TableData {
  const r = parse(TableSchema, t);
  if (!r.ok) throw new Error(`fixture table is invalid:\n${formatIssues(r.issues, 20)}`);
  return r.value;
}

export const i18n = (en: string) => ({ en, es: en });

/** One six-sided die; two. */
export const D6: DiceSpec = { n: 1, sides: 6 };
export const TWO_D6: DiceSpec = { n: 2, sides: 6 };

const legendOf = (codes: readonly string[]) =>
  Object.fromEntries(codes.map((c) => [c, { name: i18n(`name ${c}`), effect: i18n(`effect ${c}`) }]));

/** The heading of a fixture table of the game 'test': id, title, rule, type, status and source. */
export const head = (
  id: string,
  title: string,
  rule: string,
  type: 'roll' | 'crt',
  status = 'complete',
  source = 'test',
) => ({
  kind: 'table',
  id,
  game: 'test',
  title: i18n(title),
  rule,
  status,
  source,
  type,
});

/** A roll range of a table's axis: `key` for the rolls `min` to `max` (one roll unless told). */
export const range = (key: string, min: number, max = min) => ({ key, min, max });

/** A d6 in thirds: 1-2, 3-4, 5-6. */
const D6_THIRDS = [range('1-2', 1, 2), range('3-4', 3, 4), range('5-6', 5, 6)];

/** Ratio odds columns from their keys ("1-4 1-3 …" or "1:2 1:1 …"), each with its [attack, defence]. */
const oddsColumns = (keys: string) =>
  keys.split(' ').map((key) => ({ key, odds: key.split(/[-:]/).map(Number) as [number, number] }));

const dieRows = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, k) => ({ key: String(min + k), min: min + k, max: min + k }));

/** 1-D table on 2d6, rows "≤4", 5..9, "≥10" (open ends), one column; cells are numbers. */
export function oneD(opts: { clamp?: { min: number; max: number } } = {}): TableData {
  return table({
    ...head('one-d', '1-D', '1.1', 'roll'),
    rows: {
      label: i18n('Roll'),
      entries: [
        { key: '≤4', max: 4 },
        { key: '5-6', min: 5, max: 6 },
        { key: '7', min: 7, max: 7 },
        { key: '8-9', min: 8, max: 9 },
        { key: '≥10', min: 10 },
      ],
    },
    columns: { label: i18n('Result'), entries: [{ key: 'r' }] },
    cells: [[1], [2], [3], [4], [5]],
    values: { kind: 'number', min: 0, max: 10 },
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows', ...(opts.clamp ? { clamp: { ...opts.clamp, rule: '1.2' } } : {}) },
  });
}

/** 1-D table on 1d6 with closed ranges 1..6 only (no open ends), one column of text. */
export function closedD6(opts: { clamp?: boolean } = {}): TableData {
  return table({
    ...head('closed-d6', 'closed', '2.1', 'roll'),
    rows: {
      label: i18n('Die'),
      entries: D6_THIRDS,
    },
    columns: { label: i18n('Result'), entries: [{ key: 'r' }] },
    cells: [['low'], ['mid'], ['high']],
    values: { kind: 'text' },
    roll: { dice: { n: 1, sides: 6 }, axis: 'rows', ...(opts.clamp ? { clamp: { min: 1, max: 6, rule: '2.2' } } : {}) },
  });
}

/**
 * 2-D roll table (weather-like): the die is on the COLUMNS (1-2, 3-4, 5-6), the turn picks the row.
 * Row "t2" has a blank (null) cell and two errata: one corrected by default, one not.
 */
export function twoD(): TableData {
  return table({
    ...head('two-d', '2-D', '3.1', 'roll', 'partial'),
    rows: { label: i18n('Turn'), entries: [{ key: 't1' }, { key: 't2' }] },
    columns: {
      label: i18n('Die'),
      entries: D6_THIRDS,
    },
    cells: [
      ['C', 'M', 'S'],
      ['S', null, 'X'],
    ],
    values: { kind: 'codes' },
    legend: legendOf(['C', 'M', 'S', 'X']),
    roll: { dice: { n: 1, sides: 6 }, axis: 'columns' },
    errata: [
      // "X" printed where the rules need "M": only applied in 'corrected' mode.
      {
        id: 'E1',
        row: 't2',
        column: '5-6',
        printed: 'X',
        suggested: 'M',
        reason: i18n('r'),
        confidence: 'medium',
        correctedByDefault: false,
      },
      // "S" printed in t2/1-2 is not defined for that turn: applied by default.
      {
        id: 'E2',
        row: 't2',
        column: '1-2',
        printed: 'S',
        suggested: 'C',
        reason: i18n('r'),
        confidence: 'high',
        correctedByDefault: true,
      },
    ],
  });
}

/** Grossdeutschland-like ratio CRT: columns 1-4, 1-3, 1-2, 1-1, 2-1, 3-1, 4-1, 5-1; 1d6 rows. */
export function gdCrt(opts: { rounding?: 'attacker' | 'defender'; clampRoll?: boolean } = {}): TableData {
  const odds = oddsColumns('1-4 1-3 1-2 1-1 2-1 3-1 4-1 5-1');
  return table({
    ...head('gd-like', 'CRT', '10.1', 'crt'),
    rows: { label: i18n('Die'), entries: dieRows(1, 6) },
    columns: { label: i18n('Odds'), entries: odds },
    // Cell = "<column index>/<row>", so a test can read which cell was used.
    cells: dieRows(1, 6).map((r) => odds.map((_, c) => `c${c}r${r.key}`)),
    values: { kind: 'text' },
    roll: {
      dice: { n: 1, sides: 6 },
      axis: 'rows',
      ...(opts.clampRoll ? { clamp: { min: 1, max: 6, rule: '10.3' } } : {}),
    },
    odds: {
      kind: 'ratio',
      rounding: opts.rounding ?? 'attacker',
      rule: '10.1',
      below: { mode: 'clamp' },
      above: { mode: 'clamp' },
    },
  });
}

/** Breakout-like ratio CRT rounded for the defender, automatic results beyond both ends. */
export function boCrt(): TableData {
  const odds = oddsColumns('1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1');
  const codes = ['AL1', 'AS', 'DR', 'DL1', 'DL1+DR', 'EX'];
  return table({
    ...head('bo-like', 'CRT', '13.8', 'crt'),
    rows: { label: i18n('Die'), entries: dieRows(1, 6) },
    columns: { label: i18n('Odds'), entries: odds },
    cells: dieRows(1, 6).map((_, r) => odds.map((_, c) => codes[(r + c) % codes.length]!)),
    values: { kind: 'codes' },
    legend: legendOf(codes),
    roll: { dice: { n: 1, sides: 6 }, axis: 'rows' },
    odds: {
      kind: 'ratio',
      rounding: 'defender',
      rule: '13.8',
      below: { mode: 'auto', result: 'AL1', label: '< 1:2' },
      above: { mode: 'auto', result: 'DL1+DR' },
    },
  });
}

/** Differential CRT: closed columns -2 … +3 (so both ends can be passed); 2d6 rows 2..12 with a clamp. */
export function diffCrt(opts: { rounding?: 'attacker' | 'defender'; ends?: 'clamp' | 'auto' } = {}): TableData {
  const cols = [
    { key: '-2', min: -2, max: -2 },
    { key: '-1', min: -1, max: -1 },
    { key: '0', min: 0, max: 0 },
    { key: '+1', min: 1, max: 1 },
    { key: '+2', min: 2, max: 2 },
    { key: '+3', min: 3, max: 3 },
  ];
  const end = opts.ends === 'auto' ? { mode: 'auto', result: 'AE' } : { mode: 'clamp' };
  return table({
    ...head('diff', 'Diff CRT', '7.1', 'crt'),
    rows: { label: i18n('2d6'), entries: dieRows(2, 12) },
    columns: { label: i18n('Difference'), entries: cols },
    cells: dieRows(2, 12).map((r) => cols.map((c) => `${c.key}@${r.key}`)),
    values: { kind: 'text' },
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows', clamp: { min: 2, max: 12, rule: '7.2' } },
    odds: { kind: 'differential', rounding: opts.rounding ?? 'defender', rule: '7.1', below: end, above: end },
  });
}

/** An Rng that returns the given uint32 values in order (and counts how many were used). */
export function scriptedRng(values: readonly number[]): Rng & { used: () => number } {
  let k = 0;
  const state: RngState = { alg: 'alea', s: { c: 1, s0: 0, s1: 0, s2: 0 } };
  return {
    uint32: () => {
      if (k >= values.length) throw new Error('scripted RNG exhausted');
      return values[k++]!;
    },
    snapshot: () => state,
    used: () => k,
  };
}

/** Runs fn and returns the EngineError it throws (fails the test if it throws anything else or nothing). */
export function engineError(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw new Error(`expected an EngineError, got ${String(e)}`);
  }
  throw new Error('expected an EngineError, nothing was thrown');
}

/** How a fixture cup refills (the scenario format's `refill`). */
export type CupRefill = 'none' | 'from-discard-when-empty' | 'return-all-at-end-of-turn';

/** A chit of a fixture cup: its id, its English label, and its side and count when it has them. */
export interface FixtureChit {
  id: string;
  label: string;
  side?: string;
  count?: number;
}

/**
 * Scenario "scn" of game "test" (rule 20.1) using `tables`, with one chit cup "activation" of `chits`
 * (validated by ScenarioSchema), and a game context with those tables.
 */
export function cupGame(
  tables: readonly TableData[],
  refill: CupRefill,
  chits: readonly FixtureChit[],
): { scenario: ScenarioData; ctx: GameContext } {
  const r = parse(ScenarioSchema, {
    kind: 'scenario',
    id: 'scn',
    game: 'test',
    name: i18n('Scenario'),
    rule: '20.1',
    tables: tables.map((t) => t.id),
    cups: [
      { id: 'activation', name: i18n('Activation'), refill, chits: chits.map((c) => ({ ...c, label: i18n(c.label) })) },
    ],
  });
  if (!r.ok) throw new Error(`fixture scenario is invalid:\n${formatIssues(r.issues)}`);
  return { scenario: r.value, ctx: { tables: new Map(tables.map((t) => [t.id, t] as const)), scenario: r.value } };
}

/** A scenario with one chit cup (validated by ScenarioSchema) and a game context with the fixture tables. */
export function gameFixture(refill: CupRefill = 'from-discard-when-empty'): {
  scenario: ScenarioData;
  ctx: GameContext;
} {
  return cupGame([oneD(), twoD(), gdCrt(), boCrt()], refill, [
    { id: 'ger-a', label: 'German A', count: 2 },
    { id: 'ger-b', label: 'German B' },
    { id: 'sov-a', label: 'Soviet A', count: 3 },
  ]);
}

/** A game of the fixture scenario: its session and the state its log leads to. */
export interface FixtureGame {
  session: Session;
  state: SessionState;
}

/** A new game "Test" (id s1) of `scenario` from `seed`, created 2024-01-01, before any step. */
export function startGame(scenario: ScenarioData, seed: string): FixtureGame {
  const session = newSession({
    id: 's1',
    game: 'test',
    scenario: scenario.id,
    name: 'Test',
    seed,
    createdAt: '2024-01-01T00:00:00Z',
  });
  return { session, state: initialState(session, scenario) };
}

/**
 * startGame, then `steps` in order: an action is applied, 'undo' undoes the last step, a number
 * undoes back to that step.
 */
export function playGame(
  fixture: { scenario: ScenarioData; ctx: GameContext },
  steps: readonly (Action | 'undo' | number)[],
  seed: string,
): FixtureGame {
  let { session, state } = startGame(fixture.scenario, seed);
  for (const a of steps) {
    if (a === 'undo') ({ session, state } = undo(session, fixture.ctx));
    else if (typeof a === 'number') ({ session, state } = undo(session, fixture.ctx, a));
    else ({ session, state } = apply(session, state, a, fixture.ctx));
  }
  return { session, state };
}

/** How a game file finds its context: the fixture's for the fixture scenario, none for any other. */
export const fixtureContextFor =
  (fixture: { scenario: ScenarioData; ctx: GameContext }) =>
  (s: Session): GameContext | undefined =>
    s.scenario === fixture.scenario.id ? fixture.ctx : undefined;
