/**
 * Famous Divisions: Grossdeutschland Panzer — what its tables cannot say on their own (digest 000 §3–§5, §10).
 * Pure functions over the engine's procedure api; message keys are in src/games/grossdeutschland/messages.ts.
 */
import {
  attemptPreview,
  combatColumn,
  combatDistribution,
  defaultReadings,
  gameProcedures,
  mixDistributions,
  type Actor,
  resolveCombat,
  resolveRoll,
  type CombatInput,
  type Cup,
  type DiceSpec,
  type SumDistribution,
  type Distribution,
  type ErrataMode,
  type GameState,
  type Json,
  type Line,
  type Modifier,
  type OnceRule,
  type Preview,
  type PreviewEnv,
  type Procedure,
  type ProcedureApi,
  type TableData,
} from '../../engine';
import { activationOf, activationProcedures } from './activation';
import { tallyProcedures, unitSupply } from './tally';
import {
  aaTarget,
  cancelByAa,
  clearPending,
  drmDistribution,
  eventProcedures,
  eventsOf,
  netOf,
  pendingOf,
} from './events';
import { TURN_TYPES, bool, gd, int, need, needTurn, needWeather, obj, save, side, signed } from './state';
import { situationOf, supply, turnTypeOf, weatherModifierOf, weatherOf } from './state';
import type { Supply, TurnInfo, TurnType, WeatherCode } from './state';
export { SEQUENCE, phaseIndex, phaseOf } from './sequence';
import { readings } from '../../../tables/grossdeutschland/game.json';

export {
  TURN_TYPES,
  dayOf,
  situationOf,
  turnTypeOf,
  weatherModifierOf,
  weatherOf,
  type Side,
  type Situation,
  type Supply,
  type TurnType,
  type WeatherCode,
} from './state';

/** Readings of rules the text leaves open (digest §10), with the defaults the app uses. */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

/** Fixed modifiers of the text (mirrored from gd-crt roll.modifiers and gd-fortifications; a test checks they agree). */
export const COMBAT_WEATHER_DRM: Readonly<Record<WeatherCode, number>> = {
  sunny: 0,
  cloudy: 0,
  fog: 0,
  rain: 1,
  storm: 2,
  snow: 3,
};
export const EVENING_DRM = 1;
export const WATER_DRM = { stream: 2, river: 4, bridge: 1 } as const;
export const FORTIFICATION_DRM = { trench: 1, minefield: 2, dragonsTeeth: 3, bunker: 4 } as const;
/** gd-replacement's modifier ids by weather code (4.1 names Fog "misty" and Storm "stormy"). */
const REPLACEMENT_MOD_ID: Readonly<Record<WeatherCode, string>> = {
  sunny: 'sunny',
  cloudy: 'cloudy',
  fog: 'misty',
  rain: 'rain',
  storm: 'stormy',
  snow: 'snow',
};

// ------------------------------------------------------------------ end-of-turn markers

/** This turn's count of artillery units that fired (10.2, 11.2) and units pinned by fire (11.3, 11.4). */
export function markersOf(game: GameState, turnNo: number): { fired: number; pinned: number } {
  const markers = gd(game).markers;
  return markers && markers.turn === turnNo
    ? { fired: markers.fired, pinned: markers.pinned }
    : { fired: 0, pinned: 0 };
}
const mark = (game: GameState, turnNo: number, add: { fired?: number; pinned?: number }): GameState => {
  const markers = markersOf(game, turnNo);
  return save(game, {
    markers: { turn: turnNo, fired: markers.fired + (add.fired ?? 0), pinned: markers.pinned + (add.pinned ?? 0) },
  });
};

/**
 * Whether the scenario has a "Field Ersatz Div" unit (4.1's Feld Ersatz rebuild), read from the units
 * its data lists: only Kursk's table has one, arriving with the Division HQ (18.5, seed 000 line 1028).
 * The set-up units on the map are not data, so a scenario that set one up there would need it listed.
 */
const hasFeldErsatz = (api: ProcedureApi) =>
  !api.scenario ||
  (api.scenario.cups ?? []).some((c) => c.chits.some((ch) => ch.arrives?.units?.some((u) => /ersatz/i.test(u))));

// ------------------------------------------------------------------ turn and weather

/** The turn's type and its printed weather modifier (the turn track is not in the text: the players enter them). */
export const turn: Procedure = (input, api) => {
  const fields = obj(input);
  const turnType = fields['turnType'];
  need(TURN_TYPES.includes(turnType as TurnType), 'gd.err.turnType');
  const weatherModifier = int(fields['weatherModifier'] ?? 0, 'weather modifier', -3, 3);
  const day = fields['day'] === undefined || fields['day'] === null ? undefined : int(fields['day'], 'day', 1, 99);
  const lines: Line[] = [{ key: 'gd.turn.modifier', params: { mod: signed(weatherModifier) }, rule: '14.0' }];
  if (day !== undefined) lines.unshift({ key: 'gd.turn.day', params: { day }, rule: '3.0' });
  if (turnType === 'evening') lines.push({ key: 'gd.turn.evening', rule: '13.1' });
  if (turnType === 'night') lines.push({ key: 'gd.turn.night', rule: '13.2' });
  const info: TurnInfo = {
    turn: api.turn,
    turnType: turnType as TurnType,
    weatherModifier,
    ...(day !== undefined ? { day } : {}),
  };
  // Changing the turn's type or modifier after its weather was rolled means the weather is rolled again.
  const prev = gd(api.game).turnInfo;
  const changed =
    prev &&
    prev.turn === api.turn &&
    (prev.turnType !== info.turnType || prev.weatherModifier !== info.weatherModifier);
  const game = save(api.game, {
    turnInfo: info,
    ...(changed && gd(api.game).weather?.turn === api.turn ? { weather: undefined } : {}),
  });
  if (changed && gd(api.game).weather?.turn === api.turn) lines.push({ key: 'gd.turn.reroll', rule: '14.0' });
  return {
    headline: { key: `gd.turnType.${turnType}` },
    lines,
    result: { ...info },
    game: JSON.parse(JSON.stringify(game)) as GameState,
  };
};

/** The weather's effects (14.1, digest §4.3). */
export function weatherEffects(code: WeatherCode): Line[] {
  const lines: Line[] = [];
  if (code === 'rain' || code === 'storm' || code === 'snow')
    lines.push({ key: 'gd.weather.movementHalved', rule: '14.1' });
  else lines.push({ key: 'gd.weather.movementNormal', rule: '14.1' });
  const drm = COMBAT_WEATHER_DRM[code];
  lines.push(
    drm
      ? { key: 'gd.weather.combatDrm', params: { drm: signed(drm) }, rule: '10.1, 14.1' }
      : { key: 'gd.weather.combatNone', rule: '14.1' },
  );
  if (code === 'fog' || code === 'storm') lines.push({ key: 'gd.weather.noDirectFire', rule: '11.3, 14.1' });
  else if (code === 'snow') lines.push({ key: 'gd.weather.directFireSnow', rule: '11.3, 14.1' });
  else lines.push({ key: 'gd.weather.directFire', rule: '11.3' });
  if (code !== 'sunny') lines.push({ key: 'gd.weather.airDiscarded', rule: '14.1' });
  if (code === 'storm' || code === 'snow') lines.push({ key: 'gd.weather.noPontoons', rule: '12.1, 14.1' });
  return lines;
}

/**
 * The turn track as the players typed it in (gd-turn-track, rows named by turn number): this turn's
 * type, weather modifier and day, where given. Turn types may be written in English or Spanish.
 */
export function turnTrackEntry(
  entered: Readonly<Record<string, string | number>> | undefined,
  turnNo: number,
): { turnType?: TurnType; weatherModifier?: number; day?: number } {
  const cell = (col: string) => entered?.[`${turnNo}|${col}`];
  const words: Record<string, TurnType> = {
    morning: 'morning',
    mañana: 'morning',
    manana: 'morning',
    day: 'day',
    día: 'day',
    dia: 'day',
    evening: 'evening',
    tarde: 'evening',
    night: 'night',
    noche: 'night',
  };
  const tt =
    words[
      String(cell('turn-type') ?? '')
        .trim()
        .toLowerCase()
    ];
  const wm = Number(
    String(cell('weather-modifier') ?? '')
      .replace('+', '')
      .replace('−', '-'),
  );
  const day = Number(cell('day'));
  return {
    ...(tt ? { turnType: tt } : {}),
    ...(cell('weather-modifier') !== undefined && Number.isInteger(wm) && wm >= -3 && wm <= 3
      ? { weatherModifier: wm }
      : {}),
    ...(Number.isInteger(day) && day >= 1 && day <= 99 ? { day } : {}),
  };
}

/** 1. Weather (3.2, 14.0, 14.1): 1d6 + the turn's printed modifier on the Weather Table; lasts this turn only. */
export const weather: Procedure = (_input, api) => {
  const tt = needTurn(api);
  const mod = weatherModifierOf(api.game, api.turn) ?? 0;
  const table = api.table('gd-weather');
  const dice = api.roll(table.roll!.dice);
  const modified = dice.total + mod;
  const lines: Line[] = [
    { key: 'gd.weather.rolled', params: { die: dice.total, mod: signed(mod), final: modified }, rule: '14.0' },
  ];
  let final = modified;
  if (modified < 1 || modified > 6) {
    need(api.readings['gd.weatherClamp'] !== 'refuse', 'gd.err.weatherOff', { roll: modified });
    final = Math.min(6, Math.max(1, modified));
    lines.push({ key: 'gd.weather.clamped', params: { from: modified, to: final }, rule: '14.0 (A16)' });
  }
  const resolution = resolveRoll(table, { ...dice, total: final }, [], { errata: api.errata });
  // What was read (the result's first line): the die, the turn's modifier, the total read after a clamp.
  api.read({
    ...resolution,
    roll: {
      dice,
      modifiers: [{ value: mod, label: 'gd.weather.modifier', rule: '14.0' }],
      modified,
      ...(final !== modified ? { clamped: { from: modified, to: final, rule: '14.0 (A16)' } } : {}),
      final,
    },
  });
  const code = String(resolution.result) as WeatherCode;
  const clear = code === 'sunny' && (tt === 'evening' || tt === 'night');
  if (clear) lines.push({ key: 'gd.weather.clear', rule: '14.0' });
  lines.push(...weatherEffects(code));
  return {
    headline: { key: `gd.w.${clear ? 'clear' : code}` },
    lines,
    result: code,
    game: save(api.game, { weather: { turn: api.turn, code } }),
  };
};

// ------------------------------------------------------------------ replacements, bridges

/** 4. End of a Night turn (3.5, 4.1): 1d6 + the weather's replacement modifier; 3 or less rebuilds one spent foot unit. */
export const replacement: Procedure = (input, api) => {
  const who = side(obj(input)['side']);
  need(needTurn(api) === 'night', 'gd.err.replacementNight');
  const done = gd(api.game).replaced;
  const sides = done && done.turn === api.turn ? done.sides : [];
  need(!sides.includes(who), 'gd.err.replacementOnce');
  const thisWeather = needWeather(api);
  const table = api.table('gd-replacement');
  const modifier = table.roll?.modifiers?.find((x) => x.id === REPLACEMENT_MOD_ID[thisWeather]);
  const mod = modifier?.value ?? 0;
  const rolled = api.roll(table.roll!.dice);
  const die = rolled.total;
  const final = die + mod;
  const code = final <= 3 ? 'rebuild' : 'none';
  // What was read (the result's first line): the die, the weather's modifier, the total read.
  api.read({
    tableId: table.id,
    rule: '4.1',
    roll: {
      dice: rolled,
      modifiers: [{ value: mod, label: `gd.w.${thisWeather}`, rule: '4.1' }],
      modified: final,
      final,
    },
    cell: { value: code, origin: 'printed' },
    result: code,
  });
  const lines: Line[] = [
    {
      key: 'gd.replacement.rolled',
      params: { die, mod: signed(mod), final, weather: `gd.w.${thisWeather}` },
      rule: '4.1',
    },
  ];
  if (final < 1 || final > 6) lines.push({ key: 'gd.replacement.offTable', params: { final }, rule: '4.1 (A16)' });
  lines.push({ key: code === 'rebuild' ? 'gd.replacement.rebuild' : 'gd.replacement.none', rule: '4.1' });
  if (who === 'german' && hasFeldErsatz(api)) lines.push({ key: 'gd.replacement.feldErsatz', rule: '4.1 (A19)' });
  return {
    headline: { key: `gd.replacement.head.${code}` },
    lines,
    result: { side: who, die, modifier: mod, final, result: code },
    game: save(api.game, { replaced: { turn: api.turn, sides: [...sides, who] } }),
  };
};

/** Bridge demolition (12.0): 1d6, never modified; 1 no effect, 2–6 blown. */
export const bridge: Procedure = (_input, api) => {
  const table = api.table('gd-bridge-demolition');
  const resolution = resolveRoll(table, api.roll(table.roll!.dice), [], { errata: api.errata });
  api.counted(table, resolution);
  const code = String(resolution.result);
  return {
    headline: { key: `gd.bridge.head.${code}` },
    lines: [
      { key: 'gd.bridge.rolled', params: { die: resolution.roll!.final }, rule: '12.0' },
      { key: `gd.bridge.${code}`, rule: '12.0' },
    ],
    result: code,
  };
};

// ------------------------------------------------------------------ fire

/** Artillery barrage (11.2, 18.4): 3d6 > distance hits; a triple → 2 casualties (or an elimination), a pair → 1 casualty. */
export const barrage: Procedure = (input, api) => {
  const fields = obj(input);
  const distance = int(fields['distance'], 'distance', 1, 30);
  const units = int(fields['units'] ?? 1, 'units', 1, 9);
  const tracked = bool(fields['tracked']),
    fortified = bool(fields['fortified']),
    kursk2Art = bool(fields['kursk2Art']);
  const tt = needTurn(api);
  const d = distance + (kursk2Art ? 2 : 0);
  const lines: Line[] = needFirerSupplied(fields, api, 'barrage');
  if (kursk2Art) lines.push({ key: 'gd.barrage.kursk2Art', params: { distance, d }, rule: '18.4 (A20)' });
  if (tt === 'night') {
    if (api.readings['gd.nightBarrage'] === 'artillery') need(d <= 1, 'gd.err.nightBarrage', { d });
    else lines.push({ key: 'gd.barrage.nightObserver', rule: '11.2 (A33)' });
  }
  const roll = api.roll({ n: 3, sides: 6 });
  const [a, b, c] = roll.dice as [number, number, number];
  const hit = roll.total > d;
  lines.push({
    key: hit ? 'gd.barrage.hit' : 'gd.barrage.miss',
    params: { dice: roll.dice.join(', '), total: roll.total, d },
    rule: '11.2',
  });
  const triple = a === b && b === c;
  const pair = !triple && (a === b || b === c || a === c);
  let outcome: 'miss' | 'no-effect' | 'casualty' | 'two-casualties' | 'eliminated' | 'step-loss' = 'miss';
  let casualties = 0,
    eliminated = false;
  if (hit) {
    if (triple && units >= 2) {
      outcome = 'two-casualties';
      casualties = 2;
      lines.push({ key: 'gd.barrage.triple', rule: '11.2' });
    } else if (triple && (tracked || fortified)) {
      outcome = 'step-loss';
      casualties = 1;
      lines.push({ key: tracked ? 'gd.barrage.tripleTracked' : 'gd.barrage.tripleFortified', rule: '11.2 (A6)' });
    } else if (triple) {
      outcome = 'eliminated';
      eliminated = true;
      lines.push({ key: 'gd.barrage.tripleAlone', rule: '11.2' });
    } else if (pair) {
      outcome = 'casualty';
      casualties = 1;
      lines.push({ key: 'gd.barrage.pair', rule: '11.2' });
    } else {
      outcome = 'no-effect';
      lines.push({ key: 'gd.barrage.noPair', rule: '11.2' });
    }
    if (casualties && (tracked || fortified)) lines.push({ key: 'gd.barrage.noElimination', rule: '11.2 (A6)' });
    if (casualties) lines.push({ key: 'gd.barrage.riding', rule: '9.5' });
  }
  lines.push({ key: 'gd.barrage.fired', rule: '10.2, 3.5' });
  return {
    headline: { key: `gd.barrage.head.${outcome}`, params: { n: casualties } },
    lines,
    result: { hit, total: roll.total, distance: d, outcome, casualties, eliminated },
    game: mark(api.game, api.turn, { fired: 1 }),
  };
};

/** Direct fire and opportunity fire (11.3, 13.1, 14.1): two dice each > range hit; damage against defence + range (A1). */
export const directFire: Procedure = (input, api) => {
  const fields = obj(input);
  const range = int(fields['range'], 'range', 1, 20);
  const flak298 = bool(fields['flak298']);
  const defence = flak298 ? 5 : int(fields['defence'], 'defence', 0, 20);
  const blocking = bool(fields['blocking']);
  const tt = needTurn(api);
  need(tt !== 'night', 'gd.err.directFireNight');
  const thisWeather = needWeather(api);
  need(thisWeather !== 'fog', 'gd.err.directFireFog');
  need(thisWeather !== 'storm', 'gd.err.directFireStorm');
  const lines: Line[] = needFirerSupplied(fields, api, 'direct');
  if (flak298) lines.push({ key: 'gd.direct.flak298', rule: '11.3' });
  let m = 0;
  if (thisWeather === 'snow') {
    m--;
    lines.push({ key: 'gd.direct.snow', rule: '11.3, 14.1' });
  }
  if (tt === 'evening') {
    m--;
    lines.push({ key: 'gd.direct.evening', rule: '11.3, 13.1' });
  }
  if (blocking) {
    m--;
    lines.push({ key: 'gd.direct.blocking', rule: '11.3' });
  }
  const roll = api.roll({ n: 2, sides: 6 });
  const [a, b] = (roll.dice as [number, number]).map((x) => x + m) as [number, number];
  const hit = a > range && b > range;
  lines.push({
    key: hit ? 'gd.direct.hit' : 'gd.direct.miss',
    params: { a, b, range, dice: roll.dice.join(', ') },
    rule: '11.3',
  });
  let result: 'miss' | 'pinned' | 'casualty' = 'miss';
  if (hit) {
    const need2 = defence + range;
    const each = api.readings['gd.directFire'] === 'each';
    const damage = each ? a >= need2 && b >= need2 : a + b >= need2;
    result = damage ? 'casualty' : 'pinned';
    lines.push({
      key: each ? 'gd.direct.testEach' : 'gd.direct.testSum',
      params: { a, b, sum: a + b, need: need2, defence, range },
      rule: '11.3 (A1)',
    });
    lines.push({ key: damage ? 'gd.direct.casualty' : 'gd.direct.pinned', rule: '11.3' });
  }
  return {
    headline: { key: `gd.direct.head.${result}` },
    lines,
    result,
    ...(result === 'pinned' ? { game: mark(api.game, api.turn, { pinned: 1 }) } : {}),
  };
};

/** AA / Flak against a blue air-attack or bombing chit (10.7): 2d6 (3d6 for "Lt") > distance cancels it. */
export const aa: Procedure = (input, api) => {
  const fields = obj(input);
  const distance = int(fields['distance'], 'distance', 0, 30);
  const light = bool(fields['light']);
  // Aimed at an air chit drawn for the attack being fought: a success cancels it there.
  const target = typeof fields['target'] === 'string' && fields['target'] ? fields['target'] : undefined;
  if (target) aaTarget(api.game, api.turn, target);
  const roll = api.roll({ n: light ? 3 : 2, sides: 6 });
  const cancelled = roll.total > distance;
  const lines: Line[] = [];
  if (light) lines.push({ key: 'gd.aa.light', rule: '10.7' });
  lines.push({
    key: cancelled ? 'gd.aa.cancelled' : 'gd.aa.stands',
    params: { total: roll.total, distance },
    rule: '10.7',
  });
  const game = target && cancelled ? cancelByAa(api.game, api.turn, target) : undefined;
  if (game)
    lines.push({
      key: 'gd.aa.chitCancelled',
      params: { name: target!, net: signed(netOf(pendingOf(game, api.turn)!)) },
      rule: '10.7',
    });
  return {
    headline: { key: cancelled ? 'gd.aa.head.cancelled' : 'gd.aa.head.stands' },
    lines,
    result: { cancelled, total: roll.total, ...(target ? { target } : {}) },
    ...(game ? { game } : {}),
  };
};

// ------------------------------------------------------------------ combat

export type Water = 'none' | 'stream' | 'river' | 'bridge';
export interface GdCombat {
  /** Each unit's strength and supply; a unit named as in the supply record takes its status from it (5.2). */
  readonly attackers: readonly { readonly af: number; readonly supply: Supply; readonly unit?: string }[];
  readonly defenders: readonly { readonly df: number; readonly supply: Supply; readonly unit?: string }[];
  /** Attack strengths of defending artillery in range (not in the defended hex), added to the defence (10.1, 10.2). */
  readonly defendingArtillery: readonly number[];
  /** Terrain DRM of the defender's hex and qualifying hexsides (the map's TEC); an array halves each one separately with an engineer. */
  readonly terrainDrm: number | readonly number[];
  readonly fortifications: {
    readonly trench?: boolean;
    readonly minefield?: boolean;
    readonly dragonsTeeth?: boolean;
    readonly bunker?: boolean;
  };
  readonly engineer: boolean;
  readonly water: Water;
  readonly acrossBridgeHexside: boolean;
  readonly chitDrm: number;
  readonly attackingUnits?: number;
  /** An overrun attempt by a tracked unit (9.4): no artillery on either side. */
  readonly overrun?: boolean;
}

/**
 * A unit's supply: as typed, or from the supply record when the unit is named (5.2: no asking twice).
 * A named unit the record does not have, or a typed status the record contradicts, is refused.
 */
function unitSupplyOf(u: Record<string, Json>, game?: GameState): { supply: Supply; unit?: string } {
  const unit = typeof u['unit'] === 'string' && u['unit'].trim() ? u['unit'].trim().slice(0, 40) : undefined;
  if (!unit || !game) return { supply: supply(u['supply']), ...(unit ? { unit } : {}) };
  const st = unitSupply(game, unit);
  need(st, 'gd.err.noSupplyRecord', { unit });
  const fromRecord: Supply = st === 'supplied' ? 'full' : st;
  need(u['supply'] === undefined || supply(u['supply']) === fromRecord, 'gd.err.supplyDiffers', {
    unit,
    status: `gdt.status.${st}`,
  });
  return { supply: fromRecord, unit };
}

/** Refuses fire by a unit the supply record has out of supply (5.2: no direct fire; artillery stays "Fired"). */
function needFirerSupplied(i: Record<string, Json>, api: ProcedureApi, rule: 'direct' | 'barrage'): Line[] {
  const firer = typeof i['firer'] === 'string' ? i['firer'].trim() : '';
  if (!firer) return [];
  const st = unitSupply(api.game, firer);
  need(st, 'gd.err.noSupplyRecord', { unit: firer });
  need(st !== 'out', rule === 'direct' ? 'gd.err.firerOutDirect' : 'gd.err.firerOutBarrage', { unit: firer });
  return [
    {
      key: 'gd.fire.firerSupply',
      params: { unit: firer, status: `gdt.status.${st}` },
      rule: '5.2',
    },
  ];
}

export function readCombat(input: Json, game?: GameState): GdCombat {
  const fields = obj(input);
  const list = (v: Json | undefined) => (Array.isArray(v) ? (v as Json[]) : []);
  const attackers = list(fields['attackers']).map((u) => ({
    af: int(obj(u)['af'], 'AF', 0, 99),
    ...unitSupplyOf(obj(u), game),
  }));
  const defenders = list(fields['defenders']).map((u) => ({
    df: int(obj(u)['df'], 'DF', 0, 99),
    ...unitSupplyOf(obj(u), game),
  }));
  need(attackers.length > 0, 'gd.err.noAttackers');
  // A total of 0 is not an attack (the generic combat panel refuses it too): a strength was left out or mistyped.
  int(
    attackers.reduce((n, u) => n + u.af, 0),
    'attack total (AF)',
    1,
    99 * attackers.length,
  );
  need(defenders.length > 0, 'gd.err.noDefenders');
  const td = fields['terrainDrm'];
  const terrainDrm = Array.isArray(td)
    ? (td as Json[]).map((v) => int(v, 'terrain DRM', -6, 12))
    : int(td ?? 0, 'terrain DRM', -6, 12);
  const water = fields['water'] ?? 'none';
  need(['none', 'stream', 'river', 'bridge'].includes(String(water)), 'gd.err.water');
  const typedForts = obj(fields['fortifications']);
  return {
    attackers,
    defenders,
    defendingArtillery: list(fields['defendingArtillery']).map((v) => int(v, 'artillery AF', 0, 99)),
    terrainDrm,
    fortifications: {
      trench: bool(typedForts['trench']),
      minefield: bool(typedForts['minefield']),
      dragonsTeeth: bool(typedForts['dragonsTeeth']),
      bunker: bool(typedForts['bunker']),
    },
    engineer: bool(fields['engineer']),
    water: water as Water,
    acrossBridgeHexside: bool(fields['acrossBridgeHexside']),
    chitDrm: int(fields['chitDrm'] ?? 0, 'event chits', -20, 20),
    ...(bool(fields['overrun']) ? { overrun: true } : {}),
    ...(fields['attackingUnits'] === undefined
      ? {}
      : { attackingUnits: int(fields['attackingUnits'], 'attacking units', 1, 99) }),
  };
}

/** The CRT under the odds reading (A2): as printed ("rounded up", the attacker's favour) or rounded for the defender. */
export function crtFor(t: TableData, readings: Readonly<Record<string, string>> = DEFAULT_READINGS): TableData {
  if (readings['gd.odds'] !== 'defender' || !t.odds) return t;
  return { ...t, odds: { ...t.odds, rounding: 'defender' } };
}

/** A strength that halves to 0 still enters the table at its end (below 1-4 / above 5-1): a tiny positive stand-in. */
const ZERO = 1e-6;

/** Supply halving (5.2, A34): low → attack ½ rounded up; out → attack and defence ½ rounded down. */
function halve(
  values: readonly { v: number; s: Supply }[],
  kind: 'attack' | 'defence',
  total: boolean,
  notes: Line[],
): number {
  let sum = 0;
  const groups: Record<Supply, number[]> = { full: [], low: [], out: [] };
  for (const { v, s } of values) groups[s].push(v);
  sum += groups.full.reduce((a, b) => a + b, 0);
  for (const s of ['low', 'out'] as const) {
    const vs = groups[s];
    if (!vs.length) continue;
    if (kind === 'defence' && s === 'low') {
      sum += vs.reduce((a, b) => a + b, 0);
      continue;
    }
    const h = (x: number) => (s === 'low' ? Math.ceil(x / 2) : Math.floor(x / 2));
    const got = total ? h(vs.reduce((a, b) => a + b, 0)) : vs.reduce((a, b) => a + h(b), 0);
    sum += got;
    notes.push({
      key: `gd.combat.${kind}.${s}.${total ? 'total' : 'units'}`,
      params: { values: vs.join(' + '), got },
      rule: '5.2 (A34)',
    });
  }
  return sum;
}

/**
 * The combat before the dice (10.1–10.8, 13.1, 13.2, 14.1, 15.0, 16.0): totals after supply halving,
 * every die-roll modifier with its rule, and the dice (2d6, or 3d6 at Night or across a bridge hexside).
 * The turn type and weather come from the game state of that turn (without them: no weather/Evening DRM, 2d6).
 */
export function combatInput(
  input: Json,
  readings: Readonly<Record<string, string>> = DEFAULT_READINGS,
  game?: GameState,
  turnNo?: number,
): CombatInput & { modifiers: Modifier[]; dice: DiceSpec; notes: Line[]; attackTotal: number; defenceTotal: number } {
  const asked = readCombat(input, game);
  const situation = game && turnNo !== undefined ? situationOf(game, turnNo) : {};
  const notes: Line[] = [];
  for (const u of [...asked.attackers, ...asked.defenders])
    if (u.unit && game)
      notes.push({
        key: 'gd.combat.supplyRecord',
        params: { unit: u.unit, status: `gdt.status.${u.supply === 'full' ? 'supplied' : u.supply}` },
        rule: '5.2',
      });
  const total = readings['gd.supplyHalving'] === 'total';
  const attackTotal = halve(
    asked.attackers.map((u) => ({ v: u.af, s: u.supply })),
    'attack',
    total,
    notes,
  );
  let defenceTotal = halve(
    asked.defenders.map((u) => ({ v: u.df, s: u.supply })),
    'defence',
    total,
    notes,
  );
  const art = asked.defendingArtillery.reduce((a, b) => a + b, 0);
  if (art) {
    defenceTotal += art;
    notes.push({
      key: 'gd.combat.defArtillery',
      params: { values: asked.defendingArtillery.join(' + '), got: art },
      rule: '10.1, 10.2',
    });
  }
  if (attackTotal === 0) notes.push({ key: 'gd.combat.zeroAttack', rule: '10.1' });
  if (defenceTotal === 0) notes.push({ key: 'gd.combat.zeroDefence', rule: '10.1' });
  notes.push({
    key: readings['gd.odds'] === 'defender' ? 'gd.combat.roundDefender' : 'gd.combat.roundPrinted',
    rule: '10.1 (A2)',
  });

  const modifiers: Modifier[] = [];
  // The event chits drawn for this attack ('gd.events.draw'), or their net modifier typed in.
  const pending = game && turnNo !== undefined ? pendingOf(game, turnNo) : undefined;
  const chitDrm = pending ? netOf(pending) : asked.chitDrm;
  if (chitDrm) modifiers.push({ value: chitDrm, label: 'gd.mod.chits', rule: '10.3' });
  // Terrain and fortification penalties: an engineer halves each one separately, rounded down (16.0).
  const eng = (v: number) => (asked.engineer && v > 0 ? Math.floor(v / 2) : v);
  const terrain = typeof asked.terrainDrm === 'number' ? [asked.terrainDrm] : asked.terrainDrm;
  for (const v of terrain)
    if (v)
      modifiers.push({
        value: eng(v),
        label: asked.engineer && v > 0 ? 'gd.mod.terrainEngineer' : 'gd.mod.terrain',
        rule: asked.engineer && v > 0 ? 'TEC, 10.1, 16.0' : 'TEC, 10.1',
      });
  // Black chits with the cancellation icon played in this attack (15.0, seed 000 line 787).
  const fortCancelled = pending?.fortCancelled ?? [];
  for (const f of fortCancelled)
    notes.push({
      key: asked.fortifications[f.fortification] ? 'gd.combat.fortCancelled' : 'gd.combat.fortNothing',
      params: { fort: `gd.fort.${f.fortification}`, name: f.by },
      rule: '15.0',
    });
  for (const k of ['trench', 'minefield', 'dragonsTeeth', 'bunker'] as const) {
    if (!asked.fortifications[k]) continue;
    if (fortCancelled.some((f) => f.fortification === k)) continue;
    const drm = FORTIFICATION_DRM[k];
    modifiers.push({
      value: eng(drm),
      label: `gd.mod.${k}${asked.engineer ? 'Engineer' : ''}`,
      rule: asked.engineer ? '15.0, 15.1, 16.0' : '15.0, 15.1',
    });
  }
  if (asked.water !== 'none') {
    // Reading gd.engineerWater: an engineer halves the stream/river penalty too (16.0), or not (default).
    const halve = asked.engineer && asked.water !== 'bridge' && readings['gd.engineerWater'] === 'halved';
    modifiers.push(
      halve
        ? { value: eng(WATER_DRM[asked.water]), label: `gd.mod.${asked.water}Engineer`, rule: '10.8, 16.0' }
        : { value: WATER_DRM[asked.water], label: `gd.mod.${asked.water}`, rule: '10.8' },
    );
  }
  const thisWeather = situation.weather;
  if (thisWeather && COMBAT_WEATHER_DRM[thisWeather])
    modifiers.push({ value: COMBAT_WEATHER_DRM[thisWeather], label: `gd.mod.${thisWeather}`, rule: '10.1, 14.1' });
  if (situation.turnType === 'evening')
    modifiers.push({ value: EVENING_DRM, label: 'gd.mod.evening', rule: '10.1, 13.1' });
  const night = situation.turnType === 'night';
  if (night) notes.push({ key: 'gd.combat.night', rule: '13.2' });
  if (asked.acrossBridgeHexside) notes.push({ key: 'gd.combat.bridgeHexside', rule: '10.1 (A4)' });
  const dice: DiceSpec = { n: night || asked.acrossBridgeHexside ? 3 : 2, sides: 6 };
  return {
    attack: attackTotal || ZERO,
    defence: defenceTotal || ZERO,
    modifiers,
    dice,
    notes,
    attackTotal,
    defenceTotal,
  };
}

/**
 * Why a normal attack may not be resolved yet, if it may not: with the app holding the event cups,
 * both players must have drawn for it (10.3, seed 000 line 498: "Sacar una ficha de evento nunca es
 * opcional"). The panel disables its Resolve button with this reason; the procedure refuses with it.
 */
/** What the Combat tab shows before a normal attack is resolved: the column and the exact chances. */
export interface CombatPreview {
  readonly column: string;
  readonly dist: Distribution;
  /** The chances include every pair of event chits the cups hold now (app mode, nothing drawn yet). */
  readonly overChits: boolean;
}

/**
 * The chances of a normal attack before it is resolved (20.0): the CRT column after every shift,
 * and the exact distribution of results. When the app holds the event-chit cups and this attack's
 * chits are not drawn yet (10.3), the distribution is mixed over every pair of chits the cups hold
 * now, each weighted by how many ways it can be drawn (`drmDistribution`). Throws what the engine
 * would say when the attack is resolved (e.g. a malformed unit list).
 */
export function combatPreview(
  crtData: TableData,
  input: Json,
  readings: Readonly<Record<string, string>>,
  game: GameState,
  turnNo: number,
  cups: Readonly<Record<string, Cup>>,
  errata?: ErrataMode,
  /** The distribution of the dice's total (deck mode: the cards left); absent, every combination alike. */
  sums?: (spec: DiceSpec) => SumDistribution,
): CombatPreview {
  const crt = crtFor(crtData, readings);
  const opts = errata ? { errata } : {};
  const ci = combatInput(input, readings, game, turnNo);
  const column = combatColumn(crt, ci).after.key;
  const chits =
    eventsOf(game)?.mode === 'app' && !pendingOf(game, turnNo)
      ? drmDistribution(game, cups, turnNo, 'german', readings)
      : undefined;
  if (!chits) return { column, dist: combatDistribution(crt, ci, ci.dice, opts, sums?.(ci.dice)), overChits: false };
  const parts = [...chits.weights].map(([drm, weight]) => {
    const withDrm = combatInput({ ...(input as object), chitDrm: drm } as Json, readings, game, turnNo);
    return { weight, dist: combatDistribution(crt, withDrm, withDrm.dice, opts, sums?.(withDrm.dice)) };
  });
  return { column, dist: mixDistributions(parts), overChits: true };
}

/**
 * What a combat needs before its roll, in the procedure's order: its units (readCombat), the turn and
 * its weather set (3.0, 14.0), the attack's event chits drawn and named (10.3, never optional), no
 * artillery in an overrun (9.4), and the chits' modifier not typed in as well as drawn.
 */
function checkCombatStep(input: Json, at: { readonly game: GameState; readonly turn: number }): GdCombat {
  const asked = readCombat(input, at.game);
  needTurn(at);
  needWeather(at);
  const blocked = combatBlocked(at.game, at.turn);
  need(!blocked, blocked ?? '');
  // 9.4 (seed 000 line 373): in an overrun neither the attacker nor the defender may add artillery.
  need(!(asked.overrun && asked.defendingArtillery.length), 'gd.err.overrunArtillery');
  need(!pendingOf(at.game, at.turn) || !asked.chitDrm, 'gd.err.chitsTwice');
  return asked;
}

/**
 * What the combat step offers now (readiness from the rules, issue #29): the column and the exact
 * chances before the roll, or why it cannot be resolved — a unit missing, the turn or weather not
 * set, the event chits not drawn, a rule's condition — in the words the procedure would refuse with.
 */
export function combatOffer(env: PreviewEnv, input: Json, cups: Readonly<Record<string, Cup>>): Preview<CombatPreview> {
  return attemptPreview(() => {
    checkCombatStep(input, env);
    return combatPreview(env.table('gd-crt'), input, env.readings, env.game, env.turn, cups, env.errata, env.sums);
  });
}

export function combatBlocked(game: GameState, turnNo: number): string | undefined {
  const pending = pendingOf(game, turnNo);
  if (eventsOf(game)?.mode === 'app' && !pending) return 'gd.err.drawFirst';
  // A stand-in of a partial manifest was drawn: its printed values are typed in first ('gd.events.name').
  if (pending?.chits.some((c) => c.status === 'unknown')) return 'gd.err.nameFirst';
  return undefined;
}

/**
 * Terrain penalties typed as a list, one per terrain in the hex and qualifying hexside ("3 3", "2, 1",
 * "+2 -1"), so that an engineer halves each one separately (16.0). Undefined if the text is not a list
 * of whole numbers (the form then sends it as typed and the procedure refuses it: never read as 0).
 */
export function parseDrmList(text: string): number[] | undefined {
  const parts = text
    .replace(/−/g, '-')
    .split(/[,;\s]+/)
    .filter(Boolean);
  if (!parts.every((p) => /^[+-]?\d+$/.test(p))) return undefined;
  return parts.map(Number);
}

const EFFECT_KEYS = ['AE', 'AP', 'AD', 'AC', 'AR', '-', 'DR', 'DC', 'DD', 'DE', 'SC'];

/** Normal attack (10.1): odds → column, 2d6/3d6 + every modifier, clamped 2..12 → CRT → result and its effect. */
export const combat: Procedure = (input, api) => {
  const asked = checkCombatStep(input, api);
  const pending = pendingOf(api.game, api.turn);
  const table = crtFor(api.table('gd-crt'), api.readings);
  const ci = combatInput(input, api.readings, api.game, api.turn);
  const col = combatColumn(table, ci);
  const resolution = resolveCombat(table, ci, api.roll(ci.dice), {
    errata: api.errata,
    ...(api.entered?.['gd-crt'] ? { entered: api.entered['gd-crt'] } : {}),
  });
  api.counted(table, resolution);
  const lines: Line[] = [...ci.notes];
  if (pending)
    for (const ch of pending.chits)
      if (ch.status !== 'black')
        lines.push({
          key: `gd.ev.chit.${ch.status}`,
          params: {
            side: `gd.side.${ch.side}`,
            name: ch.chit.name,
            mod: signed(ch.chit.modifier),
            by: ch.by ?? '',
            colour: `gd.colour.${ch.chit.colour}`,
          },
          rule: '10.3',
        });
  lines.push({
    key: 'gd.combat.odds',
    params: { a: ci.attackTotal, d: ci.defenceTotal, column: col.after.key },
    rule: '10.1',
  });
  for (const m of ci.modifiers)
    lines.push({
      key: 'gd.combat.modifier',
      params: { value: signed(m.value), label: String(m.label) },
      rule: m.rule ?? '10.1',
    });
  const roll = resolution.roll!;
  lines.push({
    key: 'gd.combat.roll',
    params: { dice: roll.dice.dice.join(', '), total: roll.dice.total, modified: roll.modified, final: roll.final },
    rule: '10.1',
  });
  if (roll.clamped)
    lines.push({ key: 'gd.combat.clamped', params: { from: roll.clamped.from, to: roll.clamped.to }, rule: '10.1' });
  const result = String(resolution.result);
  if (resolution.cell.origin === 'erratum')
    lines.push({
      key: 'gd.combat.erratum',
      params: { id: resolution.cell.erratumId ?? '', printed: String(resolution.cell.printed ?? ''), result },
      rule: '10.4',
    });
  lines.push({
    key: 'gd.combat.result',
    params: { column: resolution.column!, row: resolution.row!, result },
    rule: '10.1',
  });
  if (EFFECT_KEYS.includes(result)) lines.push({ key: `gd.effect.${result === '-' ? 'none' : result}`, rule: '10.4' });
  const units = asked.attackingUnits ?? asked.attackers.length;
  let eliminated: number | null = null;
  if (result === 'AP') {
    eliminated = Math.floor(units / 2);
    lines.push({ key: 'gd.effect.apCount', params: { units, n: eliminated }, rule: '10.4 (A14)' });
  }
  if (result === 'AE') eliminated = units;
  if (['DC', 'DD'].includes(result)) lines.push({ key: 'gd.effect.hq', rule: '10.4' });
  if (asked.overrun) {
    // 9.4: success if every defending unit is eliminated or retreats: an "Overrun" marker, may advance.
    const alone = asked.defenders.length === 1;
    const key =
      result === 'DE' || result === 'DR' || (result === 'DD' && alone)
        ? 'gd.overrun.success'
        : result === 'DC' && alone
          ? 'gd.overrun.ifSpent'
          : 'gd.overrun.failed';
    lines.push({ key, rule: '9.4' });
  }
  if (['DC', 'DD', 'DE', 'DR'].includes(result)) lines.push({ key: 'gd.effect.riding', rule: '9.5' });
  const legend = table.legend?.[result];
  return {
    headline: { key: 'gd.code', params: { code: result, ...(legend ? { name: legend.name } : {}) } },
    lines,
    result: {
      result,
      column: String(resolution.column),
      attack: ci.attackTotal,
      defence: ci.defenceTotal,
      dice: roll.dice.total,
      modified: roll.modified,
      final: roll.final,
      attackingUnits: units,
      eliminated,
      ...(pending ? { chits: netOf(pending) } : {}),
    },
    ...(pending || asked.defendingArtillery.length
      ? {
          game: mark(pending ? clearPending(api.game) : api.game, api.turn, { fired: asked.defendingArtillery.length }),
        }
      : {}),
  };
};

/**
 * 3.5 End of the turn (seed 000 lines 165-177): after the last HQ chit, the information markers
 * (not road movement) and event chits leave the map; pontoon bridges under construction are
 * completed (12.1); the HQ chits go back to the cup, but not those of battalions wholly eliminated;
 * pinned markers are removed (11.4); artillery that fired is flipped back (10.2); after a Night
 * turn each player may roll for replacements (4.1). The counts come from this turn's steps.
 */
export const endOfTurn: Procedure = (_input, api) => {
  const tt = needTurn(api);
  const markers = markersOf(api.game, api.turn);
  const eliminated = activationOf(api.game, api.turn).eliminated;
  const lines: Line[] = [
    { key: 'gd.end.markers', rule: '3.5' },
    { key: 'gd.end.pontoons', rule: '3.5, 12.1' },
    eliminated.length
      ? {
          key: 'gd.end.chitsOut',
          // HQ names are printed the same in both languages (e.g. "HQ 1Gr").
          params: {
            list: eliminated
              .map((id) => api.scenario?.cups?.flatMap((c) => c.chits).find((c) => c.id === id)?.label.en ?? id)
              .join(', '),
          },
          rule: '3.5, 6.0 (A12)',
        }
      : { key: 'gd.end.chits', rule: '3.5' },
    { key: markers.pinned ? 'gd.end.pinned' : 'gd.end.pinnedNone', params: { n: markers.pinned }, rule: '3.5, 11.4' },
    { key: markers.fired ? 'gd.end.fired' : 'gd.end.firedNone', params: { n: markers.fired }, rule: '3.5, 10.2' },
  ];
  if (tt === 'night') {
    const done = gd(api.game).replaced;
    const sides = done && done.turn === api.turn ? done.sides : [];
    lines.push({ key: 'gd.end.replacements', params: { n: 2 - sides.length }, rule: '3.5, 4.1' });
    if (hasFeldErsatz(api)) lines.push({ key: 'gd.replacement.feldErsatz', rule: '4.1 (A19)' });
  }
  return {
    headline: { key: 'gd.end.head', params: { turn: api.turn } },
    lines,
    result: { turn: api.turn, fired: markers.fired, pinned: markers.pinned, night: tt === 'night' },
  };
};

export const procedures = {
  ...gameProcedures('gd', { turn, weather, replacement, bridge, barrage, directFire, aa, combat, endOfTurn }),
  ...eventProcedures,
  ...activationProcedures,
  ...tallyProcedures,
};

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;

/**
 * What holds this turn for the tables' modifiers that apply by themselves: the weather rolled this
 * turn ("weather:rain", 14.1 for the CRT, 4.1 for replacements) and the turn type ("turn:evening", 10.1).
 */
export function conditions(game: GameState, turn: number): readonly string[] {
  const weather = weatherOf(game, turn);
  const turnType = turnTypeOf(game, turn);
  return [...(weather ? [`weather:${weather}`] : []), ...(turnType ? [`turn:${turnType}`] : [])];
}

/** What the sequence of play does once per occasion: the weather once a turn (14.0; a changed turn type clears it). */
export const ONCE: Readonly<Partial<Record<ProcedureId, OnceRule>>> = {
  'gd.weather': (_input, { turn, game }) => gd(game).weather?.turn === turn,
};

/**
 * What one side's player does, and who acts (the input field naming that side, or the side: engine
 * `Actors`): a linked phone
 * is refused it for the other side.
 * - 10.3 (seed 000 line 520): "Una ficha de eventos negra simplemente permite a un jugador anular…";
 *   "Un jugador no está obligado a jugar sus fichas de eventos negras" — a black chit is played by
 *   the player who holds it.
 * - 4.1 (seed 000 line 191): "cada jugador puede lanzar un dado para recibir posibles reemplazos…
 *   el jugador que lanza el dado puede entonces reconstruir" — each player's own replacement roll.
 * Naming a stand-in drawn (10.3: the counter both players see, typed by either), a unit's supply
 * check (5.1) and the combats stay open.
 */
export const ACTORS: Readonly<Partial<Record<ProcedureId, Actor>>> = {
  'gd.events.black': { field: 'side' },
  'gd.replacement': { field: 'side' },
};

export type { ProcedureApi };
