/**
 * EastFront's calendar and weather (4.1–4.4, 12.1–12.24): the scenario's months, the fixed and rolled
 * weather of each fortnight and front, who plays first, the sequence's warnings, and the weather procedure.
 */
import { need, sumDistribution, type GameState, type Json, type Line, type Procedure } from '../../engine';
import { SCENARIOS, other, type Scenario, type Side, type Weather } from './battle';
import { type WeatherRec, ef, save, phaseIndex, weatherKey, weatherAt, obj, int, oneOf, type Front } from './state';
import { PHASES } from './sequence';

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
  const short = id?.replace(/^ef-/, '');
  return (SCENARIOS as readonly string[]).includes(short ?? '') ? (short as Scenario) : undefined;
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
  const start = SCENARIO_START[scenario];
  const m0 = start.month - 1 + (turn - 1);
  return { year: start.year + Math.floor(m0 / 12), month: (m0 % 12) + 1 };
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
export const firstPlayer = (weather: Weather): Side => (weather === 'snow' ? 'soviet' : 'axis');

/**
 * A fortnight's weather as far as it is known before anyone rolls: the one recorded for it, else the
 * calendar's in a fixed month (12.1 East, 12.3 West); undefined in a variable month not rolled yet.
 */
export function knownWeather(
  game: GameState,
  scenario: Scenario,
  turn: number,
  fortnight: number,
  front: Front = 'east',
): Weather | undefined {
  const cal = calendarWeather(front, monthOf(scenario, turn).month);
  return weatherAt(game, turn, fortnight, front) ?? (cal === 'variable' ? undefined : cal);
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
  game: GameState,
  scenario: Scenario,
  turn: number,
  fortnight: number,
  n: 1 | 2,
): Side | undefined {
  const known = knownWeather(game, scenario, turn, fortnight, 'east');
  if (!known) return undefined;
  const first = scenarioFirstPlayer(scenario, turn, fortnight)?.side ?? firstPlayer(known);
  return n === 1 ? first : other(first);
}

/**
 * What the sequence of play must say at a segment beyond its phase (Scn S44 3, seed 004 line 2471: "El
 * jugador del Eje no puede activar ningún HQ en el primer turno de este escenario. Comenzar con el turno
 * del jugador soviético."): in S44's June I the Axis plays second and may activate no HQ; June II is Dry,
 * so the Axis plays first (4.4, 12.21) — two Axis player turns in a row. Said by the panel at those
 * segments, not added to a step (a stored game replays to the outcome it recorded).
 */
export function sequenceNotes(game: GameState, scenario: Scenario, turn: number, index: number): Line[] {
  const segment = PHASES[index];
  if (!segment || scenario !== 's44' || turn !== 1) return [];
  const notes: Line[] = [];
  if (
    segment.fortnight === 1 &&
    segment.player &&
    segment.phase === 'command' &&
    playerTurnSide(game, scenario, turn, 1, segment.player) === 'axis'
  )
    notes.push({ key: 'ef.s44.noHq', rule: 'Scn S44 3' });
  if (
    segment.fortnight === 2 &&
    (segment.phase === 'weather' || segment.player === 1) &&
    playerTurnSide(game, scenario, turn, 1, 2) === 'axis' &&
    playerTurnSide(game, scenario, turn, 2, 1) === 'axis'
  )
    notes.push({ key: 'ef.s44.axisTwice', rule: 'Scn S44 3, 4.4, 12.21' });
  return notes;
}

/** The fortnight before this one (for the "two player turns in a row" warning). */
const previous = (turn: number, fortnight: number) =>
  fortnight === 2 ? { turn, fortnight: 1 } : { turn: turn - 1, fortnight: 2 };

/** Chance of each weather before the roll: P(even) = P(odd) = 1/2 (sum of 2d6). */
export function weatherChances(front: Front, month: number): { code: Weather; p: number }[] | undefined {
  const fixed = calendarWeather(front, month);
  if (fixed !== 'variable') return undefined;
  const dist = sumDistribution({ n: 2, sides: 6 });
  let even = 0;
  for (const [s, c] of dist.counts) if (s % 2 === 0) even += c;
  const pe = even / dist.outcomes;
  return VARIABLE[front][month]!.map((code, k) => ({ code, p: k === 0 ? pe : 1 - pe }));
}
/** [even, odd] per variable month, as in the TIEMPO FRENTE ESTE / OESTE tables (checked against them in the tests). */
const VARIABLE: Record<Front, Record<number, [Weather, Weather]>> = {
  east: { 10: ['dry', 'mud'], 11: ['snow', 'mud'], 3: ['snow', 'mud'], 5: ['dry', 'mud'] },
  west: { 11: ['dry', 'mud'], 2: ['dry', 'mud'] },
};

/** Plain-language effects of a weather (12.22–12.24, Chart:EFECTOS DEL CLIMA). */
export function weatherEffects(weather: Weather): Line[] {
  if (weather === 'dry') return [{ key: 'ef.wx.dry', rule: '12.1' }];
  if (weather === 'mud')
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
  const fields = obj(input)['fortnight'];
  if (fields !== undefined) return int(fields, 'fortnight', 1, 2) as 1 | 2;
  return (PHASES[phaseIndex(game, turn)]!.fortnight || 1) as 1 | 2;
}

/** Weather of a fortnight (4.3, 12.1, 12.3): fixed by the calendar, or each player rolls 1d6 and the sum's parity decides. Once per fortnight and front. */
export const weather: Procedure = (input, api) => {
  const fields = obj(input);
  const lines0: Line[] = [];
  const front = oneOf(fields['front'] ?? 'east', ['east', 'west'] as const, 'front');
  const scenario = scenarioOf(api.scenario?.id) ?? oneOf(fields['scenario'], SCENARIOS, 'scenario');
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
    const roll = api.roll({ n: 2, sides: 6 });
    dice = roll.total;
    const table = api.table(front === 'east' ? 'ef-weather-east' : 'ef-weather-west');
    const row = table.rows.entries.findIndex((e) => e.key === MONTH_KEY[month - 1]);
    need(row >= 0, 'ef.err.weatherTable');
    const parity = roll.total % 2 === 0 ? 'PAR' : 'IMPAR';
    const col = table.cells[row]!.findIndex((c) => c === parity);
    code = table.columns.entries[col]!.key as Weather;
    lines.push({
      key: 'ef.weather.rolled',
      params: {
        a: roll.dice[0]!,
        b: roll.dice[1]!,
        sum: roll.total,
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
    const prior = previous(api.turn, fortnight);
    const played = prior.turn >= 1 && monthFortnights(scenario, prior.turn).includes(prior.fortnight as 1 | 2);
    const before = played ? knownWeather(api.game, scenario, prior.turn, prior.fortnight, 'east') : undefined;
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
