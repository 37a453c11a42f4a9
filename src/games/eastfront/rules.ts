/**
 * EastFront (digest 004): what its tables cannot say on their own — the battle round (7.x, 13.x,
 * 14.4, 15.43, 12.24) with its hit ledger, repulses and tie prompts; weather by month and front
 * (4.3, 12.1, 12.3); pursuit fire (6.41–6.42); the satellite surrender roll (16.1); the month's
 * sequence of play (4.1–4.46) as data. Pure functions over the engine's procedure api; message
 * keys are in ./messages.ts.
 */
import {
  defaultReadings,
  gameProcedures,
  inputReader,
  need,
  stateSlice,
  sumDistribution,
  type GameState,
  type Json,
  type Line,
  type OnceRule,
  type Procedure,
  type ProcedureResult,
} from '../../engine';
import {
  HIT_ON,
  SCENARIOS,
  SIDES,
  TERRAINS,
  UNIT_TYPES,
  WEATHERS,
  alive,
  baseFire,
  drain,
  applyOne,
  battleEnd,
  fireOf,
  fortressLargest,
  loseStep,
  other,
  passiveMult,
  poolDistribution,
  repulseDistribution,
  repulseThreshold,
  type Applied,
  type Battle,
  type BattleEnd,
  type Block,
  type Fire,
  type Pending,
  type Pool,
  type Readings,
  type Round,
  type Scenario,
  type Side,
  type Step,
  type UnitType,
  type Weather,
} from './battle';
import type { SumDistribution } from '../../engine';
import { readings } from '../../../tables/eastfront/game.json';
import {
  HQ_MAX_VM,
  SHQ_PLACES,
  deactivate,
  disorganisation,
  hqLines,
  spendLines,
  supremeMove,
  type DeactivationPhase,
  type HqRec,
} from './command';

export * from './battle';
export * from './command';
export * from './reinforcements';

// ------------------------------------------------------------------ sequence of play

/** A player turn's phases (4.4–4.46, Chart:TURNO DE JUGADOR) and the tools each offers. */
export const PLAYER_PHASES = [
  { id: 'command', tools: ['hq'] },
  { id: 'movement', tools: ['hq', 'pursuit'] },
  { id: 'combat', tools: ['mandatory', 'battle', 'hq'] },
  { id: 'blitz-move', tools: ['hq', 'pursuit'] },
  { id: 'blitz-combat', tools: ['mandatory', 'battle', 'hq'] },
  { id: 'supply', tools: ['attrition', 'surrender'] },
] as const;

export interface Phase {
  readonly id: string;
  /** 0 = the month's Production segment. */
  readonly fortnight: 0 | 1 | 2;
  /** 1 = the fortnight's first player turn, 2 = the second; 0 = none. */
  readonly player: 0 | 1 | 2;
  readonly phase: string;
  readonly tools: readonly string[];
  /** Procedures the rules do once in this segment (a second tap is refused). */
  readonly once: readonly string[];
}

/** The month (4.1, 4.2, Chart:EL MES DE JUEGO): Production → Fortnight I (weather, 2 player turns) → Fortnight II. */
export const PHASES: readonly Phase[] = [
  {
    id: 'production',
    fortnight: 0,
    player: 0,
    phase: 'production',
    tools: ['reinforcements', 'production'],
    once: [],
  },
  ...([1, 2] as const).flatMap((f) => [
    {
      id: `f${f}.weather`,
      fortnight: f,
      player: 0 as const,
      phase: 'weather',
      tools: ['weather'],
      once: ['ef.weather'],
    },
    ...([1, 2] as const).flatMap((p) =>
      PLAYER_PHASES.map((ph) => ({
        id: `f${f}.p${p}.${ph.id}`,
        fortnight: f,
        player: p,
        phase: ph.id,
        tools: ph.tools as readonly string[],
        once: [] as readonly string[],
      })),
    ),
  ]),
];

/** Readings of rules the text leaves open (digest §7), each with the default the app uses. */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

// ------------------------------------------------------------------ game state

interface WeatherRec {
  readonly code: Weather;
  readonly dice?: number;
}
interface EfState {
  /** The segment the players are in (the store records its id with every step, for the log). */
  readonly phase?: { readonly turn: number; readonly index: number; readonly id: string };
  /** Weather by `${turn}.${fortnight}.${front}`. */
  readonly weather?: Readonly<Record<string, WeatherRec>>;
  readonly battle?: Battle;
  /** The HQ ledger of the player turn `key` (`${turn}.${fortnight}.${player}`, from the phase): 4.41, 5.2–5.8. */
  readonly hq?: { readonly key: string; readonly list: readonly HqRec[] };
}
const { read: ef, save } = stateSlice<EfState>();

export const battleOf = (g: GameState): Battle | undefined => ef(g).battle;
export const phaseIndex = (g: GameState, turn: number) => {
  const f = ef(g).phase;
  return f && f.turn === turn ? f.index : 0;
};
export const weatherKey = (turn: number, fortnight: number, front: Front) => `${turn}.${fortnight}.${front}`;
export const weatherAt = (g: GameState, turn: number, fortnight: number, front: Front): Weather | undefined =>
  ef(g).weather?.[weatherKey(turn, fortnight, front)]?.code;

const { obj, int } = inputReader('ef');
/** One of the choices, or a refusal naming the field (`ef.err.choice`). */
const oneOf = <T extends string>(v: Json | undefined, list: readonly T[], field: string): T => {
  need(typeof v === 'string' && (list as readonly string[]).includes(v), 'ef.err.choice', { field });
  return v as T;
};

// ------------------------------------------------------------------ calendar and weather

export type Front = 'east' | 'west';
/**
 * First month of each scenario (Scn pages, 3.1.1); S43 starts in July (Scn S43 1 "Comienzo tardío").
 * `fortnights`: the fortnights of that first month when it has fewer than two — June 1941 has one, so
 * one player turn per side (Scn S41 2, 3); Edelweiss starts in the second half of July 1942 (Scn
 * Edelweiss 1), so its first month is fortnight II only.
 */
export const SCENARIO_START: Readonly<
  Record<Scenario, { year: number; month: number; fortnights?: readonly (1 | 2)[] }>
> = {
  s41: { year: 1941, month: 6, fortnights: [1] },
  w41: { year: 1941, month: 12 },
  s42: { year: 1942, month: 6 },
  w42: { year: 1942, month: 12 },
  s43: { year: 1943, month: 7 },
  w43: { year: 1943, month: 12 },
  s44: { year: 1944, month: 6 },
  w44: { year: 1944, month: 12 },
  edelweiss: { year: 1942, month: 7, fortnights: [2] },
};

export const scenarioOf = (id: string | undefined): Scenario | undefined => {
  const s = id?.replace(/^ef-/, '');
  return (SCENARIOS as readonly string[]).includes(s ?? '') ? (s as Scenario) : undefined;
};

/** The fortnights of a scenario's month: both (4.1), or the first month's own (Scn S41 2, Scn Edelweiss 1). */
const monthFortnights = (scenario: Scenario, turn: number): readonly (1 | 2)[] =>
  (turn === 1 ? SCENARIO_START[scenario].fortnights : undefined) ?? [1, 2];

/**
 * The segments of a scenario's month, as indices into PHASES (which the log records): Production and
 * two fortnights (4.1), or only the first month's own fortnights (Scn S41 2: one player turn per side
 * in June 1941; Scn Edelweiss 1: the second half of July 1942). A segment left out is still accepted
 * by ef.phase, as saved games recorded it.
 */
export function monthPhases(scenario: Scenario, turn: number): readonly number[] {
  const only = monthFortnights(scenario, turn);
  return PHASES.flatMap((p, k) => (p.fortnight === 0 || only.includes(p.fortnight) ? [k] : []));
}

/** The month's first fortnight: the one its Production leads to (II in Edelweiss's July 1942, Scn Edelweiss 1). */
export const firstFortnight = (scenario: Scenario, turn: number): 1 | 2 => monthFortnights(scenario, turn)[0]!;

/** The fortnight of a segment (an index into PHASES): its own, or for Production the one it leads to (firstFortnight). */
export const segmentFortnight = (scenario: Scenario, turn: number, index: number): 1 | 2 =>
  (PHASES[index]!.fortnight || firstFortnight(scenario, turn)) as 1 | 2;

/** The calendar month of a scenario's turn (1 turn = 1 month, 4.1). */
export function monthOf(scenario: Scenario, turn: number): { year: number; month: number } {
  const s = SCENARIO_START[scenario];
  const m0 = s.month - 1 + (turn - 1);
  return { year: s.year + Math.floor(m0 / 12), month: (m0 % 12) + 1 };
}

const MONTH_KEY = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** The month's weather if fixed (12.1 East, 12.3 West), or 'variable' (rolled each fortnight). */
export function calendarWeather(front: Front, month: number): Weather | 'variable' {
  if (front === 'east') {
    if (month >= 6 && month <= 9) return 'dry';
    if (month === 12 || month <= 2) return 'snow';
    if (month === 4) return 'mud';
    return 'variable'; // Oct, Nov, Mar, May
  }
  if (month >= 3 && month <= 10) return 'dry';
  if (month === 12 || month === 1) return 'mud';
  return 'variable'; // Nov, Feb
}

/** First player of a fortnight: Axis in Dry or Mud, Soviet in Snow (4.4, 12.21). */
export const firstPlayer = (w: Weather): Side => (w === 'snow' ? 'soviet' : 'axis');

/**
 * A fortnight's weather as far as it is known before anyone rolls: the one recorded for it, else the
 * calendar's in a fixed month (12.1 East, 12.3 West); undefined in a variable month not rolled yet.
 */
export function knownWeather(
  g: GameState,
  scenario: Scenario,
  turn: number,
  fortnight: number,
  front: Front = 'east',
): Weather | undefined {
  const cal = calendarWeather(front, monthOf(scenario, turn).month);
  return weatherAt(g, turn, fortnight, front) ?? (cal === 'variable' ? undefined : cal);
}

/**
 * A scenario rule that names the first player of a fortnight over the weather: S44 starts with the
 * Soviet player turn though June is Dry (Scn S44 3). The ef.weather procedure's line and result keep the
 * weather's side (12.21), as saved games recorded them; the panel shows this rule beside them.
 */
export function scenarioFirstPlayer(
  scenario: Scenario,
  turn: number,
  fortnight: number,
): { side: Side; rule: string } | undefined {
  return scenario === 's44' && turn === 1 && fortnight === 1 ? { side: 'soviet', rule: 'Scn S44 3' } : undefined;
}

/**
 * Who plays player turn `n` (1 or 2) of a fortnight: the first by the East front's weather (4.4,
 * 12.21), the other side second, unless a scenario rule says otherwise (scenarioFirstPlayer). Undefined
 * while that weather is not known (a variable month not rolled yet).
 */
export function playerTurnSide(
  g: GameState,
  scenario: Scenario,
  turn: number,
  fortnight: number,
  n: 1 | 2,
): Side | undefined {
  const w = knownWeather(g, scenario, turn, fortnight, 'east');
  if (!w) return undefined;
  const first = scenarioFirstPlayer(scenario, turn, fortnight)?.side ?? firstPlayer(w);
  return n === 1 ? first : other(first);
}

/**
 * What the sequence of play must say at a segment beyond its phase (Scn S44 3, seed 004 line 2471: "El
 * jugador del Eje no puede activar ningún HQ en el primer turno de este escenario. Comenzar con el turno
 * del jugador soviético."): in S44's June I the Axis plays second and may activate no HQ; June II is Dry,
 * so the Axis plays first (4.4, 12.21) — two Axis player turns in a row. Said by the panel at those
 * segments, not added to a step (a stored game replays to the outcome it recorded).
 */
export function sequenceNotes(g: GameState, scenario: Scenario, turn: number, index: number): Line[] {
  const p = PHASES[index];
  if (!p || scenario !== 's44' || turn !== 1) return [];
  const notes: Line[] = [];
  if (
    p.fortnight === 1 &&
    p.player &&
    p.phase === 'command' &&
    playerTurnSide(g, scenario, turn, 1, p.player) === 'axis'
  )
    notes.push({ key: 'ef.s44.noHq', rule: 'Scn S44 3' });
  if (
    p.fortnight === 2 &&
    (p.phase === 'weather' || p.player === 1) &&
    playerTurnSide(g, scenario, turn, 1, 2) === 'axis' &&
    playerTurnSide(g, scenario, turn, 2, 1) === 'axis'
  )
    notes.push({ key: 'ef.s44.axisTwice', rule: 'Scn S44 3, 4.4, 12.21' });
  return notes;
}

/** The fortnight before this one (for the "two player turns in a row" warning). */
const previous = (turn: number, fortnight: number) =>
  fortnight === 2 ? { turn, fortnight: 1 } : { turn: turn - 1, fortnight: 2 };

/** Chance of each weather before the roll: P(even) = P(odd) = 1/2 (sum of 2d6). */
export function weatherChances(front: Front, month: number): { code: Weather; p: number }[] | undefined {
  const w = calendarWeather(front, month);
  if (w !== 'variable') return undefined;
  const d = sumDistribution({ n: 2, sides: 6 });
  let even = 0;
  for (const [s, c] of d.counts) if (s % 2 === 0) even += c;
  const pe = even / d.outcomes;
  return VARIABLE[front][month]!.map((code, k) => ({ code, p: k === 0 ? pe : 1 - pe }));
}
/** [even, odd] per variable month, as in the TIEMPO FRENTE ESTE / OESTE tables (checked against them in the tests). */
const VARIABLE: Record<Front, Record<number, [Weather, Weather]>> = {
  east: { 10: ['dry', 'mud'], 11: ['snow', 'mud'], 3: ['snow', 'mud'], 5: ['dry', 'mud'] },
  west: { 11: ['dry', 'mud'], 2: ['dry', 'mud'] },
};

/** Plain-language effects of a weather (12.22–12.24, Chart:EFECTOS DEL CLIMA). */
export function weatherEffects(w: Weather): Line[] {
  if (w === 'dry') return [{ key: 'ef.wx.dry', rule: '12.1' }];
  if (w === 'mud')
    return [
      { key: 'ef.wx.mudHq', rule: '5.8, 12.22' },
      { key: 'ef.wx.mudMove', rule: '12.23' },
      { key: 'ef.wx.mudTerrain', rule: '12.24' },
      { key: 'ef.wx.mudFire', rule: '7.34, 12.24' },
      { key: 'ef.wx.mudRiver', rule: '7.53, 12.24' },
    ];
  return [
    { key: 'ef.wx.snowHq', rule: '5.8, 12.22' },
    { key: 'ef.wx.snowMove', rule: '12.23' },
    { key: 'ef.wx.snowTerrain', rule: '12.24' },
    { key: 'ef.wx.snowRiver', rule: '7.52, 12.24' },
  ];
}

/** The fortnight a weather roll is for: the input's, else the current segment's, else I. */
export function weatherFortnight(input: Json, game: GameState, turn: number): 1 | 2 {
  const f = obj(input)['fortnight'];
  if (f !== undefined) return int(f, 'fortnight', 1, 2) as 1 | 2;
  return (PHASES[phaseIndex(game, turn)]!.fortnight || 1) as 1 | 2;
}

/**
 * What the sequence of play does once per occasion (engine OnceRule): the weather of a fortnight and
 * front (12.1). A second roll is refused unless the players re-roll on purpose with a reason.
 */
export const ONCE: Readonly<Partial<Record<ProcedureId, OnceRule>>> = {
  'ef.weather': (input, { turn, game }) => {
    const front = obj(input)['front'] === 'west' ? 'west' : 'east';
    return !!ef(game).weather?.[weatherKey(turn, weatherFortnight(input, game, turn), front)];
  },
};

/** Weather of a fortnight (4.3, 12.1, 12.3): fixed by the calendar, or each player rolls 1d6 and the sum's parity decides. Once per fortnight and front. */
export const weather: Procedure = (input, api) => {
  const i = obj(input);
  const lines0: Line[] = [];
  const front = oneOf(i['front'] ?? 'east', ['east', 'west'] as const, 'front');
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(i['scenario'], SCENARIOS, 'scenario');
  const fortnight = weatherFortnight(input, api.game, api.turn);
  const key = weatherKey(api.turn, fortnight, front);
  const again = !!ef(api.game).weather?.[key];
  if (again) lines0.push({ key: 'ef.weather.again', params: { fortnight }, rule: '12.1' });
  const { year, month } = monthOf(scenario, api.turn);
  const lines: Line[] = [...lines0];
  const cal = calendarWeather(front, month);
  let code: Weather;
  let dice: number | undefined;
  const monthName = `ef.month.${MONTH_KEY[month - 1]}`;
  if (cal !== 'variable') {
    code = cal;
    lines.push({
      key: 'ef.weather.fixed',
      params: { month: monthName, year, weather: `ef.w.${code}` },
      rule: front === 'east' ? '12.1' : '12.3',
    });
  } else {
    const r = api.roll({ n: 2, sides: 6 });
    dice = r.total;
    const t = api.table(front === 'east' ? 'ef-weather-east' : 'ef-weather-west');
    const row = t.rows.entries.findIndex((e) => e.key === MONTH_KEY[month - 1]);
    need(row >= 0, 'ef.err.weatherTable');
    const parity = r.total % 2 === 0 ? 'PAR' : 'IMPAR';
    const col = t.cells[row]!.findIndex((c) => c === parity);
    code = t.columns.entries[col]!.key as Weather;
    lines.push({
      key: 'ef.weather.rolled',
      params: {
        a: r.dice[0]!,
        b: r.dice[1]!,
        sum: r.total,
        parity: parity === 'PAR' ? 'ef.even' : 'ef.odd',
        month: monthName,
        weather: `ef.w.${code}`,
      },
      rule: front === 'east' ? '12.1' : '12.3',
    });
  }
  if (front === 'east') {
    lines.push({ key: `ef.weather.first.${firstPlayer(code)}`, rule: '4.4, 12.21' });
    // The fortnight before's weather: recorded, or the calendar's in a fixed month even if nobody tapped it
    // (line 1568: the change of weather gives the double turn, whether or not the app was asked).
    const p = previous(api.turn, fortnight);
    const played = p.turn >= 1 && monthFortnights(scenario, p.turn).includes(p.fortnight as 1 | 2);
    const before = played ? knownWeather(api.game, scenario, p.turn, p.fortnight, 'east') : undefined;
    if (before && before !== 'snow' && code === 'snow')
      lines.push({ key: 'ef.weather.doubleSoviet', rule: 'sb:CAMBIOS CLIMATOLOGICOS' });
    if (before === 'snow' && code === 'mud')
      lines.push({ key: 'ef.weather.doubleAxis', rule: 'sb:CAMBIOS CLIMATOLOGICOS' });
    if (scenario === 's41' && api.turn === 1) lines.push({ key: 'ef.weather.lateStart', rule: 'Scn S41 2' });
  } else lines.push({ key: 'ef.weather.west', rule: '1.7, 12.3' });
  if (scenario === 'w41' && code === 'snow') lines.push({ key: 'ef.weather.w41', rule: 'Scn W41 1' });
  lines.push(...weatherEffects(code));
  const rec: WeatherRec = dice === undefined ? { code } : { code, dice };
  return {
    headline: { key: `ef.w.${code}` },
    lines,
    result: { front, fortnight, weather: code, ...(front === 'east' ? { first: firstPlayer(code) } : {}) },
    game: save(api.game, { weather: { ...(ef(api.game).weather ?? {}), [key]: rec } }),
  };
};

/** Moves to another segment of the month (Production, weather, the player turns' phases). */
export const phase: Procedure = (input, api) => {
  const index = int(obj(input)['index'], 'phase', 0, PHASES.length - 1);
  const p = PHASES[index]!;
  const lines: Line[] = [];
  if (p.id === 'production' && api.turn === 1) lines.push({ key: 'ef.phase.noProduction', rule: '3.2.2, 11.1' });
  return {
    headline: { key: `ef.phase.${p.phase}` },
    lines,
    result: index,
    game: save(api.game, { phase: { turn: api.turn, index, id: p.id } }),
  };
};

// ------------------------------------------------------------------ battle

function readBlock(v: Json, k: number): Block {
  const b = obj(v);
  const id =
    String(b['id'] ?? '')
      .trim()
      .slice(0, 24) || `#${k + 1}`;
  const type = oneOf(b['type'], UNIT_TYPES, 'type');
  const cv = int(b['cv'], id, type === 'hq' || type === 'static' ? 0 : 1, 4);
  return {
    id,
    side: oneOf(b['side'], SIDES, 'side'),
    type,
    cv,
    ...(b['ss'] === true && (type === 'armor' || type === 'mech') ? { ss: true } : {}),
    ...(b['siege'] === true && type === 'infantry' ? { siege: true } : {}),
    ...(b['largest'] === true ? { largest: true } : {}),
    ...(b['eliminated'] === true ? { eliminated: true } : {}),
    ...(b['repulsed'] === true ? { repulsed: true } : {}),
  };
}

/** The battle as the players enter it: hex terrain, weather, scenario, Original Defender, the assault, each side's blocks. */
export function readBattle(input: Json, fallbackScenario?: Scenario): Omit<Battle, 'rounds' | 'round'> {
  const i = obj(input);
  const blocks = Array.isArray(i['blocks']) ? (i['blocks'] as Json[]).map(readBlock) : [];
  need(blocks.length <= 24, 'ef.err.tooMany');
  const ids = new Set<string>();
  for (const b of blocks) {
    need(!ids.has(b.id), 'ef.err.duplicate', { unit: b.id });
    ids.add(b.id);
  }
  const a = obj(i['assault'] ?? {});
  const assault = {
    ...(a['river'] === true ? { river: true } : {}),
    ...(a['air'] === true ? { air: true } : {}),
    ...(a['naval'] === true ? { naval: true } : {}),
    ...(a['naval'] === true && a['coast'] === true ? { coast: true } : {}),
  };
  return {
    terrain: oneOf(i['terrain'] ?? 'clear', TERRAINS, 'terrain'),
    weather: oneOf(i['weather'] ?? 'dry', WEATHERS, 'weather'),
    scenario:
      i['scenario'] === undefined && fallbackScenario ? fallbackScenario : oneOf(i['scenario'], SCENARIOS, 'scenario'),
    od: oneOf(i['od'], SIDES, 'od'),
    ...(i['june1941'] === true ? { june1941: true } : {}),
    ...(i['city'] === true && i['terrain'] === 'fortress' ? { city: true } : {}),
    ...(Object.keys(assault).length ? { assault } : {}),
    ...(i['hidden'] === true ? { hidden: [...SIDES] } : {}),
    blocks,
  };
}

/** Enters (or edits) the battle. A new battle starts at round 0; editing keeps the rounds fought (repulses only in the first). */
export const battleSetup: Procedure = (input, api) => {
  const read = readBattle(input, scenarioOf(api.scenario?.id));
  // Reading ef.fortressCity: a fortress that is also a major city has the city's benefits too, or only its own.
  const cityOff = read.city && api.readings['ef.fortressCity'] === 'fortress-only';
  const { city: _c, ...noCity } = read;
  const b = cityOff ? noCity : read;
  const prev = battleOf(api.game);
  need(!prev?.round || prev.round.step === 'done', 'ef.err.roundOpen');
  const keep = obj(input)['continue'] === true && prev;
  const battle: Battle = { ...b, rounds: keep ? prev.rounds : 0 };
  const count = (s: Side) => battle.blocks.filter((x) => x.side === s && alive(x)).length;
  return {
    headline: { key: 'ef.battle.head', params: { axis: count('axis'), soviet: count('soviet') } },
    lines: [
      {
        key: 'ef.battle.terrain',
        params: { terrain: `ef.t.${battle.terrain}`, weather: `ef.w.${battle.weather}`, od: `ef.side.${battle.od}` },
        rule: '7.12',
      },
      ...(read.city
        ? [{ key: cityOff ? 'ef.battle.cityIgnored' : 'ef.battle.cityToo', rule: '1.41, 1.46' } as Line]
        : []),
    ],
    result: { rounds: battle.rounds },
    game: save(api.game, { battle }),
  };
};

/** Air firepower of a side in a scenario (13.14, FUERZA AEREA; Edelweiss: Axis FD, Soviet FS). */
export function airFire(
  api: { table(id: string): { rows: { entries: readonly { key: string }[] }; cells: readonly (readonly unknown[])[] } },
  scenario: Scenario,
  side: Side,
): Fire | null {
  if (scenario === 'edelweiss') return side === 'axis' ? 'DF' : 'SF';
  const t = api.table('ef-air-power');
  const row = t.rows.entries.findIndex((e) => e.key === scenario);
  const cell = String(t.cells[row]![side === 'axis' ? 0 : 1]);
  return cell === 'TRIPLE' ? 'TF' : cell === 'DOBLE' ? 'DF' : cell === 'SIMPLE' ? 'SF' : null;
}

/** Starts a combat round (7.2): who is active, supported or not, the air attack's CV. */
export const battleRound: Procedure = (input, api) => {
  const i = obj(input);
  let battle = battleOf(api.game);
  need(battle, 'ef.err.noBattle');
  need(!battle.round || battle.round.step === 'done', 'ef.err.roundOpen');
  const active = oneOf(i['active'], SIDES, 'active');
  const supported = i['supported'] !== false;
  const air = i['air'] === undefined ? 0 : int(i['air'], 'air', 0, 3);
  const passive = other(active);
  const ended = battleEnd(battle);
  need(!ended, ended?.holder ? 'ef.err.over' : 'ef.err.overNone', {
    ...(ended?.holder ? { side: `ef.sideOf.${ended.holder}` } : {}),
  });
  need(
    battle.blocks.some((b) => b.side === active && alive(b)) &&
      battle.blocks.some((b) => b.side === passive && alive(b)),
    'ef.err.sides',
  );
  const lines: Line[] = [];
  const rounds = battle.rounds + 1;
  if (air > 0) need(airFire(api, battle.scenario, active), 'ef.err.noAir');
  // A static unit at 0 engaged alone is eliminated in combat (2.67).
  for (const s of [active, passive]) {
    const own = battle.blocks.filter((b) => b.side === s && alive(b));
    if (own.length && own.every((b) => b.type === 'static' && b.cv === 0)) {
      battle = {
        ...battle,
        blocks: battle.blocks.map((b) => (b.side === s && alive(b) ? { ...b, eliminated: true } : b)),
      };
      lines.push({ key: 'ef.static.alone', params: { side: `ef.side.${s}` }, rule: '2.67' });
    }
  }
  // The static units' elimination can end the battle before a die is rolled (2.67, line 450).
  const endNow = battleEnd({ ...battle, rounds });
  if (endNow) {
    const { hidden: _h, ...open } = battle;
    lines.push(...endLines(battle, endNow));
    const result: Json = { round: rounds, over: asEnd(endNow) };
    return {
      headline: endHeadline(endNow),
      lines,
      result,
      game: save(api.game, {
        battle: {
          ...(open as Battle),
          rounds,
          round: { active, supported, air, threshold: 0, step: 'done', partial: {} },
        },
      }),
    };
  }
  const m = passiveMult(battle, active, supported);
  lines.push({
    key: m.noHits ? 'ef.round.noHits' : 'ef.round.mult',
    params: { mult: m.mult, side: `ef.side.${passive}` },
    rule: '7.33',
  });
  for (const w of m.why) lines.push({ key: w.key, rule: w.rule });
  let threshold = 0;
  if (battle.assault) {
    if (rounds === 1) {
      const r = repulseThreshold(battle, active, { ...DEFAULT_READINGS, ...api.readings });
      threshold = r.t;
      for (const w of r.why) lines.push({ key: w.key, rule: w.rule });
      lines.push(
        threshold
          ? { key: 'ef.round.repulse', params: { t: threshold }, rule: '7.51' }
          : { key: 'ef.round.noRepulse', rule: '7.5' },
      );
    } else lines.push({ key: 'ef.round.bridgehead', rule: '7.51' });
  }
  if (!supported) lines.push({ key: 'ef.round.unsupported', rule: '7.4' });
  if (air > 0)
    lines.push({
      key: 'ef.round.air',
      params: { n: air, fire: `ef.fp.${airFire(api, battle.scenario, active)}` },
      rule: '13.12, 13.14, 13.15',
    });
  if (battle.hidden?.length) {
    lines.push({ key: 'ef.round.revealed', rule: '7.14' });
    const { hidden: _h, ...open } = battle;
    battle = { ...open, hiddenEntry: true } as Battle;
  }
  const round: Round = { active, supported, air, threshold, step: air > 0 ? 'air' : 'defence', partial: {} };
  return {
    headline: { key: 'ef.round.head', params: { n: rounds, side: `ef.side.${active}` } },
    lines,
    result: { round: rounds, mult: m.mult, noHits: m.noHits, threshold },
    game: save(api.game, { battle: { ...battle, rounds, round } }),
  };
};

/** The blocks that fire in the current step, with their firepower and why. */
export function shooters(battle: Battle, readings: Readings) {
  const r = battle.round!;
  const passive = other(r.active);
  const role = r.step === 'defence' ? 'defence' : 'offence';
  const side = r.step === 'defence' ? passive : r.active;
  const largest = r.step === 'defence' ? fortressLargest(battle, passive) : undefined;
  return battle.blocks
    .filter((b) => b.side === side && alive(b) && b.cv > 0)
    .map((b) => ({ block: b, ...fireOf(battle, b, role, readings, largest) }))
    .filter((s) => s.fire !== null) as { block: Block; fire: Fire; why: { key: string; rule: string }[] }[];
}

export interface StepPreview {
  readonly step: Step;
  readonly pools: readonly Pool[];
  /** Exact distribution of the hits this step scores (before the defence multiplier). */
  readonly hits: ReturnType<typeof poolDistribution>;
  /** Hits count for nothing (unsupported fire at a fortress, 7.4). */
  readonly noHits: boolean;
  readonly mult: number;
  readonly repulse?: {
    readonly t: number;
    readonly dice: number;
    readonly dist: ReturnType<typeof repulseDistribution>;
  };
}

/** What the next fire step will roll and the exact chance of each number of hits (and repulses), before it is rolled. */
export function stepPreview(battle: Battle, readings: Readings, air?: Fire | null): StepPreview | undefined {
  const r = battle.round;
  if (!r || r.step === 'done' || r.pending) return undefined;
  const m = passiveMult(battle, r.active, r.supported);
  if (r.step === 'air') {
    const fire = air ?? null;
    const pools = fire ? [{ fire, dice: r.air }] : [];
    const noHits = m.noHits && readings['ef.fortressAir'] !== 'triple';
    return { step: r.step, pools, hits: poolDistribution(noHits ? [] : pools), noHits, mult: m.noHits ? 3 : m.mult };
  }
  const s = shooters(battle, readings);
  const pools: Pool[] = (['SF', 'DF', 'TF'] as const)
    .map((fire) => ({ fire, dice: s.filter((x) => x.fire === fire).reduce((a, x) => a + x.block.cv, 0) }))
    .filter((p) => p.dice > 0);
  const dice = pools.reduce((a, p) => a + p.dice, 0);
  if (r.step === 'defence')
    return {
      step: r.step,
      pools,
      hits: poolDistribution(pools),
      noHits: false,
      mult: 1,
      ...(r.threshold ? { repulse: { t: r.threshold, dice, dist: repulseDistribution(dice, r.threshold) } } : {}),
    };
  return { step: r.step, pools, hits: poolDistribution(m.noHits ? [] : pools), noHits: m.noHits, mult: m.mult };
}

/**
 * The verdict of a battle that has ended (7.12, line 969; 7.51, line 1133; 8.1, line 1173): who holds
 * the hex, where the repulsed blocks go, which blocks it cost. Nothing here describes an eliminated block
 * as standing: a battle without its Original Defender has no blocks to stand up.
 */
export function endLines(battle: Battle, end: BattleEnd): Line[] {
  const lines: Line[] = [];
  const oa = other(battle.od);
  if (end.holder === battle.od)
    lines.push({ key: 'ef.end.odHolds', params: { side: `ef.side.${battle.od}` }, rule: '7.12' });
  else if (end.holder === oa)
    lines.push({
      key: 'ef.end.oaTakes',
      params: { side: `ef.side.${oa}`, od: `ef.side.${battle.od}` },
      rule: '7.12, 8.1',
    });
  else lines.push({ key: 'ef.end.nobody', rule: '7.12, 8.1' });
  if (end.repulsed.length)
    lines.push({ key: 'ef.end.repulsedBack', params: { list: end.repulsed.join(', ') }, rule: '7.51, 6.22' });
  for (const s of SIDES)
    if (end.eliminated[s].length)
      lines.push({
        key: 'ef.end.lost',
        params: { side: `ef.side.${s}`, list: end.eliminated[s].join(', '), n: end.eliminated[s].length },
        rule: '7.33, 11.42',
      });
  return lines;
}

const endHeadline = (end: BattleEnd): Line =>
  end.holder ? { key: 'ef.end.head', params: { side: `ef.side.${end.holder}` } } : { key: 'ef.end.headNobody' };

/** The verdict as the step's result records it (plain JSON). */
const asEnd = (end: BattleEnd): Json => ({
  holder: end.holder,
  repulsed: [...end.repulsed],
  eliminated: { axis: [...end.eliminated.axis], soviet: [...end.eliminated.soviet] },
});

/**
 * What the rules let the players do next with the battle on the table:
 * - `round`: a round is in progress (its next fire step, or the owner's choice);
 * - `over`: one side has no block left — the verdict, and no further round (line 51, 7.12);
 * - `goes-on`: both sides stay — another round in a Blitz combat phase or a later player turn (4.45, 7.14;
 *   mandatory for the OA in a fortress, 7.15), or a side retreats in its own movement phase leaving one
 *   rearguard to the enemy's pursuit fire (6.41, 6.42).
 */
export type BattleNext =
  | { readonly kind: 'round' }
  | { readonly kind: 'over'; readonly end: BattleEnd }
  | { readonly kind: 'goes-on'; readonly round: number };

export function battleNext(battle: Battle): BattleNext {
  const end = battleEnd(battle);
  if (end) return { kind: 'over', end };
  if (battle.round && battle.round.step !== 'done') return { kind: 'round' };
  return { kind: 'goes-on', round: battle.rounds + 1 };
}

/** Ends the round once the offensive fire is applied: leftover partial hits are discarded, the OD stands up (7.21, 7.34). */
function finish(battle: Battle): { battle: Battle; lines: Line[]; end?: BattleEnd } {
  const r = battle.round!;
  if (r.step !== 'done') return { battle, lines: [] };
  const lines: Line[] = [];
  for (const [id, n] of Object.entries(r.partial))
    if (n > 0) lines.push({ key: 'ef.end.discard', params: { unit: id, n }, rule: '7.34, 7.35' });
  const end = battleEnd(battle);
  if (end) {
    // The battle is over: the verdict instead of the stand-up, and nothing is hidden again (line 969).
    lines.push(...endLines(battle, end));
    const { hidden: _h, ...open } = battle;
    return { battle: { ...(open as Battle), round: { ...r, partial: {} } }, lines, end };
  }
  // Kept as saved games recorded it (a stored game must replay to its recorded outcome): what comes
  // next in a battle that goes on is said by the panel (battleNext), not added to the step.
  lines.push({ key: 'ef.end.round', params: { od: `ef.side.${battle.od}` }, rule: '7.21, 7.22' });
  const hide = battle.hiddenEntry ? { hidden: [battle.od] } : {};
  return { battle: { ...battle, ...hide, round: { ...r, partial: {} } }, lines };
}

const toLines = (a: Applied['lines']): Line[] => a.map((l) => ({ key: l.key, params: l.params, rule: l.rule }));

/** Fires the round's next step (7.22): air attack, defensive fire (with repulses), or offensive fire; then applies what it scored. */
export const battleFire: Procedure = (_input, api) => {
  let battle = battleOf(api.game);
  need(battle?.round && battle.round.step !== 'done', 'ef.err.noRound');
  const r = battle.round;
  need(!r.pending, 'ef.err.choose');
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const passive = other(r.active);
  const m = passiveMult(battle, r.active, r.supported);
  const lines: Line[] = [];
  const shots: Json[] = [];
  let hits = 0;
  let repulses = 0;
  const parts: { repulses: number; hits: number }[] = [];
  let pending: Pending;
  if (r.step === 'air') {
    const fire = airFire(api, battle.scenario, r.active)!;
    const roll = api.roll({ n: r.air, sides: 6 });
    const h = roll.dice.filter((d) => d >= HIT_ON[fire]).length;
    shots.push({ unit: 'air', fire, hitOn: HIT_ON[fire], dice: roll.dice, hits: h, repulses: 0 });
    lines.push({
      key: 'ef.fire.air',
      params: { n: r.air, fire: `ef.fp.${fire}`, dice: roll.dice.join(' '), hits: h },
      rule: '13.15',
    });
    const noHits = m.noHits && readings['ef.fortressAir'] !== 'triple';
    if (noHits) lines.push({ key: 'ef.fire.noHits', rule: '7.4, 13.15' });
    hits = noHits ? 0 : h;
    pending = {
      kind: 'hit',
      target: passive,
      repulses: 0,
      hits,
      mult: m.noHits ? 3 : m.mult,
      assault: false,
      next: 'defence',
    };
  } else {
    const defence = r.step === 'defence';
    const s = shooters(battle, readings);
    if (!s.length) lines.push({ key: 'ef.fire.none', rule: defence ? '7.22' : '7.51' });
    for (const x of s) {
      const roll = api.roll({ n: x.block.cv, sides: 6 });
      const h = roll.dice.filter((d) => d >= HIT_ON[x.fire]).length;
      const rp = defence && r.threshold ? roll.dice.filter((d) => d <= r.threshold).length : 0;
      hits += h;
      repulses += rp;
      parts.push({ repulses: rp, hits: h });
      shots.push({
        unit: x.block.id,
        fire: x.fire,
        hitOn: HIT_ON[x.fire],
        dice: roll.dice,
        hits: h,
        repulses: rp,
        ...(defence && r.threshold ? { repulseOn: r.threshold } : {}),
      });
      lines.push({
        key: rp ? 'ef.fire.unitRepulse' : 'ef.fire.unit',
        params: {
          unit: x.block.id,
          cv: x.block.cv,
          fire: `ef.fp.${x.fire}`,
          dice: roll.dice.join(' '),
          hits: h,
          repulses: rp,
        },
        rule: '7.31, 7.32',
      });
      for (const w of x.why) lines.push({ key: w.key, rule: w.rule });
    }
    if (!defence && m.noHits && hits > 0) {
      lines.push({ key: 'ef.fire.noHits', rule: '7.4' });
      hits = 0;
    }
    // Several defenders in an assault (digest §7.12, 7.51 line 1135): by default every die is pooled —
    // all repulses to the weakest, then all hits; reading by-unit applies each unit's own in turn.
    const byUnit = defence && r.threshold > 0 && readings['ef.assaultDefenders'] === 'by-unit' && parts.length > 1;
    if (byUnit) lines.push({ key: 'ef.fire.byUnit', rule: '7.51' });
    pending = defence
      ? {
          kind: (byUnit ? parts[0]!.repulses : repulses) ? 'repulse' : 'hit',
          target: r.active,
          repulses: byUnit ? parts[0]!.repulses : repulses,
          hits: byUnit ? parts[0]!.hits : hits,
          mult: 1,
          assault: r.threshold > 0,
          next: 'offence',
          ...(byUnit ? { queue: parts.slice(1) } : {}),
        }
      : { kind: 'hit', target: passive, repulses: 0, hits, mult: m.mult, assault: false, next: 'done' };
  }
  if (hits > 0 && pending.mult > 1)
    lines.push({ key: 'ef.fire.mult', params: { mult: pending.mult }, rule: pending.mult === 3 ? '7.35' : '7.34' });
  battle = { ...battle, round: { ...r, pending } };
  const d = drain(battle, readings);
  lines.push(...toLines(d.lines));
  const f = finish(d.battle);
  lines.push(...f.lines);
  const after = f.battle;
  const prompt = after.round?.pending?.prompt;
  if (prompt) {
    const k = after.round!.pending!.kind;
    lines.push({
      key: k === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit',
      params: { side: `ef.side.${prompt.owner}`, list: prompt.candidates.join(', ') },
      rule: k === 'repulse' ? '7.51' : '7.33',
    });
  }
  const headline: Line = f.end
    ? f.end.holder
      ? { key: 'ef.fire.headOver', params: { hits, repulses, side: `ef.sideOf.${f.end.holder}` } }
      : { key: 'ef.fire.headOverNobody', params: { hits, repulses } }
    : { key: repulses ? 'ef.fire.headRepulse' : 'ef.fire.head', params: { hits, repulses } };
  return {
    headline,
    lines,
    result: {
      step: r.step,
      shots,
      hits,
      repulses,
      ...(prompt ? { prompt: { owner: prompt.owner, candidates: [...prompt.candidates] } } : {}),
      ...(f.end ? { over: asEnd(f.end) } : {}),
    },
    game: save(api.game, { battle: after }),
  };
};

/** The owner's choice among equal blocks for the next hit, or the attacker's for the next repulse (7.33, 7.51). */
export const battleChoose: Procedure = (input, api) => {
  const battle = battleOf(api.game);
  const p = battle?.round?.pending;
  need(battle && p?.prompt, 'ef.err.noPrompt');
  const id = String(obj(input)['block'] ?? '');
  need(p.prompt.candidates.includes(id), 'ef.err.notCandidate', { unit: id, list: p.prompt.candidates.join(', ') });
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const kind = p.kind;
  const one = applyOne(battle, id);
  const d = drain(one.battle, readings);
  const f = finish(d.battle);
  const lines: Line[] = [
    {
      key: kind === 'repulse' ? 'ef.choose.repulse' : 'ef.choose.hit',
      params: { unit: id },
      rule: kind === 'repulse' ? '7.51' : '7.33',
    },
    ...toLines(one.lines),
    ...toLines(d.lines),
    ...f.lines,
  ];
  const prompt = f.battle.round?.pending?.prompt;
  if (prompt)
    lines.push({
      key: f.battle.round!.pending!.kind === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit',
      params: { side: `ef.side.${prompt.owner}`, list: prompt.candidates.join(', ') },
      rule: '7.33',
    });
  return {
    headline: f.end ? endHeadline(f.end) : { key: 'ef.choose.head', params: { unit: id } },
    lines,
    result: {
      block: id,
      ...(prompt ? { prompt: { owner: prompt.owner, candidates: [...prompt.candidates] } } : {}),
      ...(f.end ? { over: asEnd(f.end) } : {}),
    },
    game: save(api.game, { battle: f.battle }),
  };
};

// ------------------------------------------------------------------ pursuit fire

/** Speeds from the Unit Data chart (DATOS DE LAS UNIDADES) under the weather; W41 Snow Axis 1 (Scn W41 1). */
export function speedOf(
  api: { table(id: string): { rows: { entries: readonly { key: string }[] }; cells: readonly (readonly unknown[])[] } },
  type: UnitType,
  weather: Weather,
): number {
  const t = api.table('ef-unit-data');
  const row = t.rows.entries.findIndex((e) => e.key === type);
  return Number(t.cells[row]![WEATHERS.indexOf(weather)]);
}

/** Pursuit fire on a rearguard (6.41, 6.42, 15.5, 15.6): faster pursuers DF, equal SF, slower none; terrain defence applies. */
export const pursuit: Procedure = (input, api) => {
  const i = obj(input);
  const weatherNow = oneOf(i['weather'] ?? 'dry', WEATHERS, 'weather');
  const terrain = oneOf(i['terrain'] ?? 'clear', TERRAINS, 'terrain');
  const scenario =
    scenarioOf(api.scenario?.id) ?? (i['scenario'] === undefined ? 's41' : oneOf(i['scenario'], SCENARIOS, 'scenario'));
  const rg = readBlock(i['rearguard'] ?? {}, 0);
  const pursuers = Array.isArray(i['pursuers']) ? (i['pursuers'] as Json[]).map(readBlock) : [];
  need(pursuers.length > 0, 'ef.err.noPursuers');
  need(
    pursuers.every((p) => p.side !== rg.side),
    'ef.err.pursuerSide',
  );
  const evac = oneOf(i['evacuation'] ?? 'none', ['none', 'naval', 'coast'] as const, 'evacuation');
  // Fortress benefits go to the Original Defender only (7.23 EXCEPCION, line 1014; 7.35, line 1079):
  // in a fortress the panel asks whether the rearguard is the OD's and refuses without an answer
  // (pursuitTool). A step recorded before it asked has no answer and replays as it was made (the OD's).
  const role = typeof i['rearguardOD'] === 'boolean' ? i['rearguardOD'] : undefined;
  const rgOD = role !== false;
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const lines: Line[] = [];
  const w41 = scenario === 'w41' && weatherNow === 'snow';
  const speed = (b: Block) => (w41 && b.side === 'axis' ? 1 : speedOf(api, b.type, weatherNow));
  const rs = rearguardSpeed(speed(rg), evac);
  if (evac !== 'none') {
    lines.push({
      key: evac === 'coast' ? 'ef.pursuit.coast' : 'ef.pursuit.naval',
      rule: evac === 'coast' ? '15.5' : '15.6',
    });
  }
  if (w41) lines.push({ key: 'ef.pursuit.w41', rule: 'Scn W41 1' });
  lines.push({ key: 'ef.pursuit.rearguard', params: { unit: rg.id, cv: rg.cv, speed: rs }, rule: '6.41' });
  const m = pursuitMult(terrain, weatherNow, rgOD, readings);
  const mult = m.mult;
  if (terrain === 'fortress' && role !== undefined)
    lines.push({ key: rgOD ? 'ef.pursuit.fortressOD' : 'ef.pursuit.fortressOA', rule: rgOD ? '1.46, 7.35' : '7.23' });
  if (m.mud) lines.push({ key: 'ef.pursuit.mud', rule: '12.24' });
  if (mult > 1) lines.push({ key: 'ef.fire.mult', params: { mult }, rule: '6.42' });
  let hits = 0;
  const shots: Json[] = [];
  for (const p of pursuers) {
    const ps = speed(p);
    const fire: Fire | null = baseFire(p, 'offence') === null ? null : ps > rs ? 'DF' : ps === rs ? 'SF' : null;
    if (!fire || p.cv === 0) {
      lines.push({
        key: baseFire(p, 'offence') === null ? 'ef.pursuit.hq' : 'ef.pursuit.slower',
        params: { unit: p.id, speed: ps },
        rule: '6.42',
      });
      continue;
    }
    const roll = api.roll({ n: p.cv, sides: 6 });
    const h = roll.dice.filter((d) => d >= HIT_ON[fire]).length;
    hits += h;
    shots.push({ unit: p.id, fire, hitOn: HIT_ON[fire], dice: roll.dice, hits: h, repulses: 0 });
    lines.push({
      key: 'ef.pursuit.fire',
      params: { unit: p.id, speed: ps, fire: `ef.fp.${fire}`, dice: roll.dice.join(' '), hits: h },
      rule: '6.42',
    });
  }
  let b = rg;
  const steps = Math.floor(hits / mult);
  for (let k = 0; k < steps && !b.eliminated; k++) b = loseStep(b);
  if (hits % mult) lines.push({ key: 'ef.pursuit.leftover', params: { n: hits % mult, mult }, rule: '7.34' });
  lines.push(
    b.eliminated
      ? { key: 'ef.pursuit.eliminated', params: { unit: rg.id }, rule: '6.42' }
      : { key: 'ef.pursuit.survives', params: { unit: rg.id, cv: b.cv }, rule: '6.41' },
  );
  return {
    headline: b.eliminated ? { key: 'ef.pursuit.headElim' } : { key: 'ef.pursuit.head', params: { cv: b.cv } },
    lines,
    result: { hits, mult, cv: b.cv, eliminated: !!b.eliminated, shots },
  };
};

/** The rearguard's speed: its own, or 1 by sea and 2 on the coast road when it evacuates (15.5, 15.6). */
const rearguardSpeed = (own: number, evac: 'none' | 'naval' | 'coast') =>
  evac === 'coast' ? 2 : evac === 'naval' ? 1 : own;

/** The rearguard's defence against pursuit fire (6.42): terrain, Triple in a fortress for the OD only (1.46, 7.23), Mud per reading (12.24). */
function pursuitMult(terrain: (typeof TERRAINS)[number], weather: Weather, rgOD: boolean, readings: Readings) {
  let mult = terrain === 'clear' ? 1 : terrain === 'fortress' ? (rgOD ? 3 : 1) : 2;
  let mud = false;
  if (weather === 'mud' && mult < 2 && readings['ef.pursuitMud'] === 'double') {
    mult = 2;
    mud = true;
  }
  return { mult, mud };
}

/**
 * The chances before a pursuit roll (6.41, 6.42), as the pursuit procedure will read them: each
 * pursuer's fire by speed (faster DF, equal SF, slower none; HQs do not fire), the rearguard's defence,
 * and the exact chance of each number of steps it loses (hits ÷ defence, down to its elimination).
 * `elim` is the number of steps that eliminates it (7.33: one per CV; an HQ or static unit has Ø too).
 */
export function pursuitPreview(
  api: Parameters<typeof speedOf>[0],
  opts: {
    weather: Weather;
    terrain: (typeof TERRAINS)[number];
    scenario: Scenario;
    rearguard: { side: Side; type: UnitType; cv: number };
    pursuers: readonly { type: UnitType; cv: number }[];
    evacuation: 'none' | 'naval' | 'coast';
    rearguardOD: boolean;
    readings: Readings;
  },
): { pools: Pool[]; mult: number; speed: number; steps: SumDistribution; elim: number } {
  const w41 = opts.scenario === 'w41' && opts.weather === 'snow';
  const speed = (side: Side, type: UnitType) => (w41 && side === 'axis' ? 1 : speedOf(api, type, opts.weather));
  const rs = rearguardSpeed(speed(opts.rearguard.side, opts.rearguard.type), opts.evacuation);
  const pursuerSide = other(opts.rearguard.side);
  const pools = pursuitPools(
    opts.pursuers.map((p) => ({ type: p.type, cv: p.cv, speed: speed(pursuerSide, p.type) })),
    rs,
  );
  const { mult } = pursuitMult(opts.terrain, opts.weather, opts.rearguardOD, { ...DEFAULT_READINGS, ...opts.readings });
  const hits = poolDistribution(pools);
  const elim =
    opts.rearguard.type === 'hq' || opts.rearguard.type === 'static' ? opts.rearguard.cv + 1 : opts.rearguard.cv;
  const counts = new Map<number, number>();
  for (const [h, c] of hits.counts) {
    const k = Math.min(Math.floor(h / mult), elim);
    counts.set(k, (counts.get(k) ?? 0) + c);
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  return {
    pools,
    mult,
    speed: rs,
    elim,
    steps: {
      counts: new Map(keys.map((k) => [k, counts.get(k)!])),
      outcomes: hits.outcomes,
      min: keys[0]!,
      max: keys[keys.length - 1]!,
    },
  };
}

/** Pursuers' firepower before the roll (for the preview). */
export function pursuitPools(
  pursuers: readonly { type: UnitType; cv: number; speed: number }[],
  rearguardSpeed: number,
): Pool[] {
  const pools: Record<Fire, number> = { SF: 0, DF: 0, TF: 0 };
  for (const p of pursuers) {
    if (p.type === 'hq') continue;
    if (p.speed > rearguardSpeed) pools.DF += p.cv;
    else if (p.speed === rearguardSpeed) pools.SF += p.cv;
  }
  return (['SF', 'DF'] as const).filter((f) => pools[f] > 0).map((fire) => ({ fire, dice: pools[fire] }));
}

// ------------------------------------------------------------------ satellite surrender

export const SATELLITES = ['romania', 'bulgaria', 'hungary'] as const;
const SURRENDER_FROM: readonly Scenario[] = ['w42', 's43', 'w43', 's44'];
/** W44 starts with all three surrenders done (Scn W44 2, seed line 2532), and a surrender is irreversible (16.1, line 1861). */
export const SURRENDERS_DONE: readonly Scenario[] = ['w44'];

/** Chance that the surrender roll succeeds: P(roll < h + e) on the dice of the reading. */
export function surrenderChance(need_: number, dice: '2d6' | '1d6'): number {
  const d = sumDistribution({ n: dice === '1d6' ? 1 : 2, sides: 6 });
  let c = 0;
  for (const [s, n] of d.counts) if (s < need_) c += n;
  return c / d.outcomes;
}

/** Satellite surrender (16.1): from Winter 1942, at the start of a Soviet supply phase, the satellite gives up if the roll is LESS THAN its Soviet-controlled hexes plus its eliminated units. */
export const surrender: Procedure = (input, api) => {
  const i = obj(input);
  const sat = oneOf(i['satellite'], SATELLITES, 'satellite');
  const hexes = int(i['hexes'], 'hexes', 0, 40);
  const eliminated = int(i['eliminated'] ?? 0, 'eliminated', 0, 10);
  need(hexes >= 1, 'ef.err.surrenderHex');
  const scenario = scenarioOf(api.scenario?.id);
  need(!scenario || !SURRENDERS_DONE.includes(scenario), 'ef.err.surrenderDone');
  need(!scenario || SURRENDER_FROM.includes(scenario), 'ef.err.surrenderEarly');
  const dice = api.readings['ef.surrenderDice'] === '1d6' ? '1d6' : '2d6';
  const r = api.roll({ n: dice === '1d6' ? 1 : 2, sides: 6 });
  const target = hexes + eliminated;
  const ok = r.total < target;
  const lines: Line[] = [
    { key: 'ef.surrender.roll', params: { dice, roll: r.total, hexes, eliminated, target }, rule: '16.1' },
    { key: 'ef.surrender.dice', params: { dice }, rule: '16.1' },
    ok
      ? { key: 'ef.surrender.yes', params: { sat: `ef.sat.${sat}` }, rule: '16.1, 16.11' }
      : { key: 'ef.surrender.no', params: { sat: `ef.sat.${sat}` }, rule: '16.1' },
  ];
  return {
    headline: { key: ok ? 'ef.surrender.headYes' : 'ef.surrender.headNo', params: { sat: `ef.sat.${sat}` } },
    lines,
    result: { satellite: sat, roll: r.total, target, surrendered: ok },
  };
};

// ------------------------------------------------------------------ victory

export interface VpSide {
  /** Current Production Level (PP). */
  readonly production: number;
  /** Sum of the VM of friendly HQs in play. */
  readonly hqVm: number;
  readonly hqEliminated: number;
  /** Eliminated units (Axis: German or satellite), including those never rebuilt since the start (17.1 NOTA). */
  readonly eliminated: number;
  /** Axis: restricted Expeditionary satellite units (−1 each). */
  readonly expeditions?: number;
  /**
   * Axis: the Italian 8th Army (−2). One reading only (17.1 step 3, seed 004 line 1965): "1PV por cada
   * unidad Expedicionaria Satélite restringida (2PV por el 8º Ejército Italiano, ya que éste está
   * eliminado)" — its 2 VP are those of an eliminated satellite unit ("ya que": because it is eliminated),
   * in place of the restricted expedition's 1; it is not counted again among the units eliminated. The
   * panel says so at the field.
   */
  readonly italian8th?: boolean;
  /** Axis: out-of-supply German units (−1 each). */
  readonly outOfSupply?: number;
}

function readVp(v: Json | undefined, axis: boolean): VpSide {
  const o = obj(v ?? {});
  const n = (k: string, max = 999) => (o[k] === undefined ? 0 : int(o[k], k, 0, max));
  return {
    production: n('production'),
    hqVm: n('hqVm', 40),
    hqEliminated: n('hqEliminated', 10),
    eliminated: n('eliminated', 200),
    ...(axis
      ? { expeditions: n('expeditions', 4), italian8th: o['italian8th'] === true, outOfSupply: n('outOfSupply', 200) }
      : {}),
  };
}

/** A side's victory points and their parts as the explanation names them (17.1): PP, VM, HQ, units. */
function vpParts(s: VpSide, axis: boolean) {
  const units = axis
    ? 2 * s.eliminated + (s.expeditions ?? 0) + (s.italian8th ? 2 : 0) + (s.outOfSupply ?? 0)
    : s.eliminated;
  const parts = { pp: s.production, vm: 2 * s.hqVm, hq: 4 * s.hqEliminated, units };
  return { ...parts, vp: parts.pp + parts.vm - parts.hq - units };
}
/** A side's VP (17.1): Production Level + 2 per HQ VM − 4 per HQ eliminated − unit penalties. */
export const vpOf = (s: VpSide, axis: boolean): number => vpParts(s, axis).vp;

/**
 * W44's month of victory (Scn W44 5, seed 004 lines 2544–2556): January to May as the text lists them;
 * December, the scenario's first month (3.1.1, line 476), which the schedule leaves out, by reading
 * ef.w44December; 'never' by reading ef.w44Never.
 */
export const W44_MONTHS = ['dec', 'jan', 'feb', 'mar', 'apr', 'may', 'never'] as const;
const W44_RESULT: Record<Exclude<(typeof W44_MONTHS)[number], 'dec'>, { winner: Side | null; level: string }> = {
  jan: { winner: 'soviet', level: 'Mayor' },
  feb: { winner: 'soviet', level: 'Marginal' },
  mar: { winner: null, level: 'Empate' },
  apr: { winner: 'axis', level: 'Marginal' },
  may: { winner: 'axis', level: 'Mayor' },
  never: { winner: 'axis', level: 'Mayor' },
};

/** Victory at the end of a scenario (17.1–17.3, Scn W41 2, Scn W44): VP, handicap, difference, level, tournament points. */
export const victory: Procedure = (input, api): ProcedureResult => {
  const i = obj(input);
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(i['scenario'], SCENARIOS, 'scenario');
  const lines: Line[] = [];
  if (scenario === 'w44') {
    const m = oneOf(i['w44Month'], W44_MONTHS, 'w44Month');
    if (m === 'dec') {
      // Not in the schedule (Scn W44 5): the players decide, or January's result by their reading.
      if (api.readings['ef.w44December'] !== 'as-january')
        return {
          headline: { key: 'ef.vp.decide' },
          lines: [{ key: 'ef.vp.w44Dec', rule: 'Scn W44 5, 3.1.1' }],
          result: { winner: null, level: 'none' },
        };
      lines.push({ key: 'ef.vp.w44DecJan', rule: 'Scn W44 5, 3.1.1' });
    }
    let r = W44_RESULT[m === 'dec' ? 'jan' : m];
    if (m === 'never') {
      if (api.readings['ef.w44Never'] === 'draw') r = { winner: null, level: 'Empate' };
      lines.push({ key: 'ef.vp.w44Never', rule: 'Scn W44, digest §7.18' });
    } else lines.push({ key: 'ef.vp.w44', params: { month: `ef.month.${m}` }, rule: 'Scn W44, 16.8' });
    return {
      headline: r.winner
        ? { key: 'ef.vp.head', params: { side: `ef.side.${r.winner}`, level: `ef.level.${r.level}` } }
        : { key: 'ef.vp.draw' },
      lines,
      result: { winner: r.winner, level: r.level } as Json,
    };
  }
  const soviet = readVp(i['soviet'], false);
  const axis = readVp(i['axis'], true);
  const sovietVp = vpParts(soviet, false);
  const axisVp = vpParts(axis, true);
  let sv = sovietVp.vp;
  const av0 = axisVp.vp;
  lines.push({ key: 'ef.vp.soviet', params: sovietVp, rule: '17.1' });
  lines.push({ key: 'ef.vp.axis', params: axisVp, rule: '17.1' });
  if (scenario === 'edelweiss' && api.readings['ef.edelweissVictory'] !== 'tally')
    // The Edelweiss scenario gives no victory conditions (Scn Edelweiss, seed 004 lines 2568–2700; handicap
    // N/A, line 2579): the app names no winner; the VP of 17.1 above are for the players' information.
    return {
      headline: { key: 'ef.vp.decide' },
      lines: [...lines, { key: 'ef.vp.edelweiss', rule: 'Scn Edelweiss' }],
      result: { axis: axisVp.vp, soviet: sovietVp.vp, winner: null, level: 'none' },
    };
  if (scenario === 'w41') {
    const bonus = Math.max(0, 14 - axis.hqVm);
    sv += bonus;
    lines.push({ key: 'ef.vp.w41', params: { n: bonus }, rule: 'Scn W41 2' });
  }
  let handicap = 0;
  if (scenario !== 'edelweiss') {
    const t = api.table('ef-handicaps');
    const col = t.columns.entries.findIndex((c) => c.key === scenario);
    const h = t.cells[0]![col];
    handicap = typeof h === 'number' ? h : 0;
  }
  const av = av0 + handicap;
  lines.push({
    key: 'ef.vp.handicap',
    params: { h: handicap > 0 ? `+${handicap}` : String(handicap), vp: av },
    rule: '17.2',
  });
  const diff = Math.abs(av - sv);
  const t = api.table('ef-victory-levels');
  const row = t.rows.entries.findIndex(
    (e) => (e.min === undefined || diff >= e.min) && (e.max === undefined || diff <= e.max),
  );
  const level = String(t.cells[row]![0]);
  const points = String(t.cells[row]![1]);
  const winner: Side | null = level === 'Empate' ? null : av > sv ? 'axis' : 'soviet';
  lines.push({
    key: winner ? 'ef.vp.diff' : 'ef.vp.diffDraw',
    params: { a: av, s: sv, diff, points, side: winner ? `ef.sideOf.${winner}` : '' },
    rule: '17.3, 17.31',
  });
  if (level === 'Decisiva') lines.push({ key: 'ef.vp.decisive', rule: '17.3, 17.4' });
  return {
    headline: winner
      ? { key: 'ef.vp.head', params: { side: `ef.side.${winner}`, level: `ef.level.${level}` } }
      : { key: 'ef.vp.draw' },
    lines,
    result: { axis: av, soviet: sv, diff, level, points, winner },
  };
};

// ------------------------------------------------------------------ supply attrition

/** Out-of-supply attrition (10.4, 10.5): each unit found out of supply in the enemy supply phase loses 1 step; the largest OD unit in a fortress is exempt. */
export const attrition: Procedure = (input, api) => {
  const i = obj(input);
  const units = Array.isArray(i['units']) ? (i['units'] as Json[]).map(readBlock) : [];
  need(units.length > 0, 'ef.err.noUnits');
  const exempt = i['fortressExempt'] === undefined ? undefined : String(i['fortressExempt']);
  need(exempt === undefined || units.some((u) => u.id === exempt), 'ef.err.notCandidate', {
    unit: String(exempt),
    list: units.map((u) => u.id).join(', '),
  });
  const lines: Line[] = [];
  const after: Json[] = [];
  let lost = 0;
  for (const u of units) {
    if (u.id === exempt) {
      lines.push({ key: 'ef.oos.exempt', params: { unit: u.id }, rule: '10.5' });
      after.push({ id: u.id, cv: u.cv, eliminated: false });
      continue;
    }
    const b = loseStep(u);
    lost++;
    lines.push(
      b.eliminated
        ? { key: 'ef.oos.eliminated', params: { unit: u.id, cv: u.cv }, rule: '10.4' }
        : { key: 'ef.oos.step', params: { unit: u.id, from: u.cv, to: b.cv }, rule: '10.4' },
    );
    after.push({ id: u.id, cv: b.cv, eliminated: !!b.eliminated });
  }
  void api;
  return { headline: { key: 'ef.oos.head', params: { n: lost } }, lines, result: after };
};

// ------------------------------------------------------------------ production

export interface Buy {
  readonly unit: string;
  readonly type: UnitType;
  readonly kind: 'step' | 'cadre';
  readonly ss?: boolean;
  /** Supplied by the Coast army's beachhead: replacements cost double (15.52). */
  readonly bh?: boolean;
}

const num0 = (v: Json | undefined, field: string, min: number, max: number) =>
  v === undefined ? 0 : int(v, field, min, max);

/** The cost of one purchase (Chart:DATOS DE LAS UNIDADES, 11.42, 16.2, 16.6, Scn W41 1, Scn W44 4). */
export function costOf(
  api: { table(id: string): { rows: { entries: readonly { key: string }[] }; cells: readonly (readonly unknown[])[] } },
  side: Side,
  b: Buy,
  hq: { step: number; cadre: number },
): number {
  if (b.type === 'hq') return b.kind === 'step' ? hq.step : hq.cadre;
  const t = api.table('ef-unit-data');
  const row = t.rows.entries.findIndex((e) => e.key === b.type);
  const col = (side === 'axis' ? 4 : 6) + (b.kind === 'cadre' ? 1 : 0);
  const v = Number(t.cells[row]![col]);
  need(Number.isFinite(v), 'ef.err.noSuchUnit', { unit: b.unit, type: `ef.type.${b.type}`, side: `ef.side.${side}` });
  return b.kind === 'step' && b.bh ? 2 * v : v;
}

/**
 * A month's Production (11.x, 16.2–16.61): the level (Basic PP of the scenario + cities + resources,
 * doubled for the Axis, with the Lend-Lease and oil modifiers — or the level straight from the
 * Production Track), the cost of each replacement step and cadre, the checks of 11.41, and the PP lost.
 */
export const production: Procedure = (input, api) => {
  const i = obj(input);
  const side = oneOf(i['side'], SIDES, 'side');
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(i['scenario'], SCENARIOS, 'scenario');
  need(api.turn > 1 || i['chained'] === true, 'ef.err.firstMonth');
  const lines: Line[] = [];
  const m = obj(i['modifiers'] ?? {});
  const flag = (k: string) => m[k] === true;
  let level: number;
  if (i['level'] !== undefined) {
    level = int(i['level'], 'level', 0, 300);
    lines.push({ key: 'ef.prod.levelGiven', params: { level }, rule: '11.2' });
  } else {
    let basic: number;
    if (i['basic'] !== undefined) basic = int(i['basic'], 'basic', 0, 100);
    else {
      need(scenario !== 'edelweiss', 'ef.err.basic');
      const t = api.table('ef-basic-production');
      basic = Number(t.cells[side === 'soviet' ? 0 : 1]![t.columns.entries.findIndex((c) => c.key === scenario)]);
    }
    const cities = num0(i['cities'], 'cities', 0, 200);
    const resources = num0(i['resources'], 'resources', 0, 100);
    const res = side === 'axis' ? 2 * resources : resources;
    level = basic + cities + res;
    lines.push({ key: 'ef.prod.basic', params: { basic }, rule: '11.31' });
    lines.push({ key: 'ef.prod.cities', params: { cities }, rule: '11.32' });
    lines.push({
      key: side === 'axis' ? 'ef.prod.resourcesAxis' : 'ef.prod.resources',
      params: { resources, pp: res },
      rule: '1.5, 11.33',
    });
    if (side === 'soviet') {
      if (flag('lendLease')) {
        level -= 5;
        lines.push({ key: 'ef.prod.lendLease', rule: '16.3' });
      }
      if (flag('bakuTaken')) {
        level -= 10;
        lines.push({ key: 'ef.prod.bakuTakenSoviet', rule: 'sb:BAKU' });
      } else if (flag('oilRoute') && !flag('bakuLost')) {
        level -= 5;
        lines.push({ key: 'ef.prod.oilRoute', rule: '16.61' });
      }
    } else if (flag('bakuTaken')) {
      level += 20;
      lines.push({ key: 'ef.prod.bakuTakenAxis', rule: 'sb:BAKU' });
    }
    lines.push({ key: 'ef.prod.level', params: { level }, rule: '11.2' });
  }
  // HQ costs (11.42): a step 10, a cadre (its Ø step) 20; surcharges by oil and scenario.
  const hq = { step: 10, cadre: 20 };
  if (side === 'axis') {
    const scen = scenario === 'w41' || scenario === 'w44';
    const ploesti = flag('ploestiLost') && !flag('bakuTaken');
    if (scen) lines.push({ key: 'ef.prod.hqScenario', rule: scenario === 'w41' ? 'Scn W41 1' : 'Scn W44 4' });
    if (ploesti) lines.push({ key: 'ef.prod.hqPloesti', rule: '16.2' });
    if (flag('ploestiLost') && flag('bakuTaken')) lines.push({ key: 'ef.prod.hqPloestiBaku', rule: '16.2' });
    const n = (scen ? 1 : 0) + (ploesti ? 1 : 0);
    const k = api.readings['ef.hqSurcharge'] === 'stack' ? n : Math.min(n, 1);
    hq.step += 5 * k;
    hq.cadre += 10 * k;
  } else if (flag('bakuLost') || flag('bakuTaken')) {
    hq.step += 5;
    hq.cadre += 10;
    lines.push({ key: 'ef.prod.hqBaku', rule: '16.6' });
  }
  const buys: Buy[] = (Array.isArray(i['buys']) ? (i['buys'] as Json[]) : []).map((v, k) => {
    const b = obj(v);
    const unit =
      String(b['unit'] ?? '')
        .trim()
        .slice(0, 24) || `#${k + 1}`;
    return {
      unit,
      type: oneOf(b['type'], UNIT_TYPES, 'type'),
      kind: oneOf(b['kind'] ?? 'step', ['step', 'cadre'] as const, 'kind'),
      ...(b['ss'] === true ? { ss: true } : {}),
      ...(b['bh'] === true ? { bh: true } : {}),
    };
  });
  const seen = new Map<string, Buy['kind']>();
  for (const b of buys) {
    const before = seen.get(b.unit);
    need(!before, before === b.kind ? 'ef.err.twoSteps' : 'ef.err.cadreStep', { unit: b.unit });
    seen.set(b.unit, b.kind);
  }
  need(buys.filter((b) => b.ss && b.kind === 'step').length <= 1, 'ef.err.ss');
  let spent = 0;
  for (const b of buys) {
    const c = costOf(api, side, b, hq);
    spent += c;
    lines.push({
      key: b.kind === 'cadre' ? 'ef.prod.cadre' : b.bh ? 'ef.prod.stepBh' : 'ef.prod.step',
      params: { unit: b.unit, type: `ef.type.${b.type}`, pp: c },
      rule: b.kind === 'cadre' ? '11.42' : b.bh ? '11.41, 15.52' : '11.41',
    });
  }
  if (i['bhReady'] === true) {
    need(side === 'soviet', 'ef.err.bhSoviet');
    spent += 20;
    lines.push({ key: 'ef.prod.bh', rule: '15.51' });
  }
  need(spent <= level, 'ef.err.overspent', { spent, level });
  lines.push({ key: 'ef.prod.lost', params: { spent, lost: level - spent }, rule: '11.3' });
  if (buys.some((b) => b.kind === 'step')) lines.push({ key: 'ef.prod.stepRules', rule: '11.41, 10.5' });
  return {
    headline: { key: 'ef.prod.head', params: { spent, level, lost: level - spent } },
    lines,
    result: { level, spent, lost: level - spent, hq: { ...hq } },
  };
};

// ------------------------------------------------------------------ the HQ ledger (4.41, 5.2–5.8, 6.5, 12.22)

/** The player turn the players are in, from the segment (PHASES), or undefined in Production and weather. */
function playerTurnAt(
  g: GameState,
  turn: number,
): { key: string; fortnight: 1 | 2; player: 1 | 2; phase: string } | undefined {
  const p = PHASES[phaseIndex(g, turn)]!;
  if (!p.player || !p.fortnight) return undefined;
  return { key: `${turn}.${p.fortnight}.${p.player}`, fortnight: p.fortnight, player: p.player, phase: p.phase };
}

/** The HQs activated in this player turn (an empty ledger once the players are in another one). */
export function hqLedger(g: GameState, turn: number): readonly HqRec[] {
  const at = playerTurnAt(g, turn);
  const l = ef(g).hq;
  return at && l && l.key === at.key ? l.list : [];
}

/**
 * Activates an HQ in the Command phase (4.41, 5.2): the players type its current VM (its step); Blitz
 * costs two steps (4.41, 5.7) and a Supreme HQ cannot be one (5.7 IMPORTANTE, 6.51); disorganised by
 * the fortnight's East-front weather (5.8, 12.22; Warsaw/Moscow SHQ exempt) or, every Soviet HQ, in June
 * 1941 (Scn S41 3). Refused outside a Command phase, for the side not playing, while the weather is not
 * known, twice in a player turn, and for the Axis in S44's first player turn (Scn S44 3, line 2471).
 */
export const hqActivate: Procedure = (input, api) => {
  const i = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase === 'command', 'ef.err.hqPhase');
  const scenario = scenarioOf(api.scenario?.id) ?? 's41';
  const side = oneOf(i['side'], SIDES, 'side');
  const playing = playerTurnSide(api.game, scenario, api.turn, at!.fortnight, at!.player);
  need(!!playing, 'ef.err.hqWeather');
  need(side === playing, 'ef.err.hqSide', { side: `ef.side.${playing!}` });
  need(!(scenario === 's44' && api.turn === 1 && at!.fortnight === 1 && side === 'axis'), 'ef.s44.noHq');
  const id = typeof i['id'] === 'string' ? i['id'].trim() : '';
  need(id.length > 0 && id.length <= 24, 'ef.err.hqId');
  const list = hqLedger(api.game, api.turn);
  need(!list.some((h) => h.id.toLowerCase() === id.toLowerCase()), 'ef.err.hqTwice', { id });
  const vm = int(i['vm'], 'VM', 0, HQ_MAX_VM);
  const supreme = i['supreme'] === true;
  const blitz = i['blitz'] === true;
  need(!(supreme && blitz), 'ef.err.shqBlitz');
  const place = supreme ? oneOf(i['at'] ?? 'elsewhere', SHQ_PLACES, 'at') : 'elsewhere';
  // West of the front line the West Front's weather applies (12.3, seed 004 line 1542): the players say
  // on which front the HQ stands (East by default); its weather must be known (rolled in a variable month).
  const front = oneOf(i['front'] ?? 'east', ['east', 'west'] as const, 'front');
  const weather = knownWeather(api.game, scenario, api.turn, at!.fortnight, front);
  need(!!weather, 'ef.err.hqWeather');
  const surprise = scenario === 's41' && api.turn === 1;
  const dis = disorganisation({ side, supreme, at: place, weather: weather!, surprise });
  const rec: HqRec = { id, side, supreme, at: place, vm, blitz, stage: 'active', disorganised: dis.disorganised };
  const lines: Line[] = [
    front === 'east'
      ? { key: 'ef.hq.weather', params: { weather: `ef.w.${weather!}` }, rule: '12.1, 12.22' }
      : { key: 'ef.hq.weatherWest', params: { weather: `ef.w.${weather!}` }, rule: '12.3, 12.22' },
    ...dis.lines,
    ...hqLines(rec),
    ...spendLines(rec),
  ];
  if (weather === 'mud') lines.push({ key: 'ef.hq.noDetach', rule: '5.21, 12.22' });
  return {
    headline: {
      key: blitz ? 'ef.hq.headBlitz' : supreme ? 'ef.hq.headShq' : 'ef.hq.head',
      params: { id, vm },
    },
    lines,
    result: { id, vm, blitz, supreme, front, disorganised: dis.disorganised },
    game: save(api.game, { hq: { key: at!.key, list: [...list, rec] } }),
  };
};

/**
 * Deactivates an HQ of the ledger (5.43): one step spent; a Blitz HQ spends its first after the first
 * combat and stays active, its second after the Blitz phases (4.43–4.45, 5.7); at Ø it is eliminated
 * (5.1, line 655; line 711).
 */
export const hqDeactivate: Procedure = (input, api) => {
  const i = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase !== 'command', 'ef.err.hqDeactPhase');
  const list = hqLedger(api.game, api.turn);
  const id = typeof i['id'] === 'string' ? i['id'] : '';
  const h = list.find((x) => x.id === id);
  need(!!h, 'ef.err.hqUnknown', { id });
  const r = deactivate(h!, at!.phase as DeactivationPhase);
  if ('refuse' in r) need(false, r.refuse, { id, rule: r.rule });
  const ok = r;
  const headline: Line =
    ok.rec.stage === 'eliminated'
      ? { key: 'ef.hq.headElim', params: { id } }
      : ok.rec.stage === 'blitz'
        ? { key: 'ef.hq.headBlitzOn', params: { id, vm: ok.rec.vm } }
        : { key: 'ef.hq.headDone', params: { id, vm: ok.rec.vm } };
  return {
    headline,
    lines: ok.lines,
    result: { id, vm: ok.rec.vm, stage: ok.rec.stage },
    game: save(api.game, { hq: { key: at!.key, list: list.map((x) => (x.id === id ? ok.rec : x)) } }),
  };
};

/** One Supreme move of an active Supreme HQ in the Movement phase (5.61, 6.51–6.53): the counter of the ledger. */
export const hqSupremeMove: Procedure = (input, api) => {
  const i = obj(input);
  const at = playerTurnAt(api.game, api.turn);
  need(!!at && at.phase === 'movement', 'ef.err.supremePhase');
  const list = hqLedger(api.game, api.turn);
  const id = typeof i['id'] === 'string' ? i['id'] : '';
  const h = list.find((x) => x.id === id);
  need(!!h, 'ef.err.hqUnknown', { id });
  const r = supremeMove(h!);
  if ('refuse' in r) need(false, r.refuse, { id });
  return {
    headline: { key: 'ef.hq.headMove', params: { id, used: r.used, of: r.of } },
    lines: [{ key: 'ef.hq.moveLeft', params: { n: r.of - r.used }, rule: '5.61, 6.51, 6.52' }],
    result: { id, used: r.used, of: r.of },
    game: save(api.game, { hq: { key: at!.key, list: list.map((x) => (x.id === id ? r.rec : x)) } }),
  };
};

export const procedures = gameProcedures('ef', {
  weather,
  phase,
  battle: battleSetup,
  round: battleRound,
  fire: battleFire,
  choose: battleChoose,
  pursuit,
  surrender,
  victory,
  attrition,
  production,
  hqActivate,
  hqDeactivate,
  hqSupremeMove,
});

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;
