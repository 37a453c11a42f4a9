/**
 * Breakout: First Panzer Army — what its tables cannot say on their own (digest 002 §2–§5).
 * Pure functions over the engine's procedure api; message keys are in src/games/breakout/messages.ts.
 */
import {
  attemptPreview,
  defaultReadings,
  gameProcedures,
  inputReader,
  type Actor,
  stateSlice,
  need,
  combatColumn,
  combatDistribution,
  oddsColumn,
  resolveCombat,
  resolveRoll,
  type CombatInput,
  type Distribution,
  type EnteredCells,
  type ErrataMode,
  type GameState,
  type Json,
  type Line,
  type OnceRule,
  type Preview,
  type PreviewEnv,
  type Procedure,
  type Sequence,
  phaseIndexOf,
  phaseStep,
  positionOf,
  type ProcedureApi,
  type Shift,
  type ShiftCap,
  type SumDistribution,
  type TableData,
  asJson,
} from '../../engine';
import { readings } from '../../../tables/breakout/game.json';

export type Side = 'german' | 'soviet';
export type Weather = 'Thaw' | 'Ice' | 'Storm';
export const LAST_TURN = 8; // 4.3

/** Phases I–XII of 5.0 (digest 002 §2), with their rules and the tools each offers. */
export const PHASES = [
  { id: 'I', rule: '5.1', tools: ['weather'] },
  { id: 'II', rule: '5.2', tools: ['air'] },
  { id: 'III', rule: '5.3', tools: ['kg'] },
  { id: 'IV', rule: '5.4', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'V', rule: '5.0', tools: ['river', 'combat', 'rifle-corps'] },
  { id: 'VI', rule: '5.4', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'VII', rule: '5.5', tools: ['combat', 'rifle-corps'] },
  { id: 'VIII', rule: '5.0', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'IX', rule: '5.5', tools: ['combat', 'rifle-corps'] },
  { id: 'X', rule: '5.6', tools: ['reinforcements'] },
  { id: 'XI', rule: '5.7', tools: ['returns'] },
  { id: 'XII', rule: '5.8', tools: ['ledger', 'vp'] },
] as const;
export type Phase = (typeof PHASES)[number];

/** Readings of rules the text leaves open (7 E12, E16), with the defaults the app uses. */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

// ------------------------------------------------------------------ game state

interface Cas {
  readonly turn: number;
  readonly side: Side | null;
  readonly markers: number;
  readonly used: number;
}
interface Return {
  readonly corps: string;
  readonly turn: number;
  readonly eliminated: number;
}
interface BoState {
  readonly weather?: { readonly turn: number; readonly code: Weather };
  readonly cas?: Cas;
  readonly returns?: readonly Return[];
  readonly order?: { readonly turn: number; readonly soviet?: string; readonly german?: string };
  /** The KG markers on the map this turn (5.3, 10.2) and the phases in which each gave its combat bonus (13.4). */
  readonly kg?: KgState;
  /** The combat phases of this turn in which the 18th Artillery Division has supported a combat (13.1). */
  readonly support18?: { readonly turn: number; readonly phases: readonly string[] };
  /** The running VP ledger (4.1, 4.2): what the Soviet has gained and lost so far. */
  readonly ledger?: readonly LedgerEntry[];
}
export type LocalityType = 'population' | 'fortified';
export interface LedgerEntry {
  readonly turn: number;
  readonly kind: 'capture' | 'recapture' | 'exit' | 'division';
  readonly hex?: string;
  readonly type?: LocalityType;
  readonly name?: string;
  /** VP gained (+) or lost (−) by this entry. */
  readonly vp: number;
}
/** The Soviet VP marker starts on 2 (3.1, seed 002 line 226). */
export const START_VP = 2;
/** At most 4 VP for corps exited off the map (4.1). */
export const MAX_EXIT_VP = 4;
export const ledgerOf = (game: GameState): readonly LedgerEntry[] => bo(game).ledger ?? [];
/** The running Soviet VP total: the start, plus every entry of the ledger. */
export const ledgerTotal = (game: GameState): number => START_VP + ledgerOf(game).reduce((a, e) => a + e.vp, 0);
/** Hexes the Soviet holds by the ledger (captured and not recaptured since), with the VP each gives. */
export function ledgerHeld(game: GameState): Map<string, { type: LocalityType; vp: number }> {
  const held = new Map<string, { type: LocalityType; vp: number }>();
  for (const e of ledgerOf(game))
    if (e.kind === 'capture') held.set(e.hex!, { type: e.type!, vp: e.vp });
    else if (e.kind === 'recapture') held.delete(e.hex!);
  return held;
}
export interface KgState {
  readonly turn: number;
  /** Marker → hex. */
  readonly hexes: Readonly<Record<string, string>>;
  /** "phase|marker" for each combat bonus given: one per marker per combat phase (13.4 a–c). */
  readonly used: readonly string[];
}
/** Breakout's slice of the session's game state. */
const { read: bo, save } = stateSlice<BoState>();

/** This turn's weather, once rolled (turn 1 is always Thaw, 5.1). */
export function weatherOf(game: GameState, turn: number): Weather | undefined {
  if (turn === 1) return 'Thaw';
  const thisWeather = bo(game).weather;
  return thisWeather && thisWeather.turn === turn ? thisWeather.code : undefined;
}

/** CAS markers left this turn for a side (unused markers are lost at the end of the turn, 5.2, 5.8). */
export function casLeft(game: GameState, turn: number, side: Side): number {
  const cas = bo(game).cas;
  return cas && cas.turn === turn && cas.side === side ? cas.markers - cas.used : 0;
}

/** The tools of a phase under the game's readings: with two full Soviet phases (E12 'full'), phase V has its own order. */
export function phaseTools(index: number, readings: Readonly<Record<string, string>>): readonly string[] {
  const phase = PHASES[index]!;
  if (phase.id === 'V' && readings['bo.sovietPhases'] === 'full') return ['order', ...phase.tools];
  return phase.tools;
}

/** The index of the phase the players are in this turn (the engine keeps the position: sequence.ts). */
export const phaseIndex = (game: GameState, turn: number) => phaseIndexOf(SEQUENCE, game, turn);

/** The three Korpsgruppe markers (2.5, seed 002 lines 143-147): Breith, von der Chevalerie, Golnick. */
export const KG_MARKERS = ['Br', 'Ch', 'Go'] as const;
/** The KG markers deployed this turn, if any (they leave the map in phase XII, 10.2). */
export function kgOf(game: GameState, turn: number): KgState | undefined {
  const kg = bo(game).kg;
  return kg && kg.turn === turn && Object.keys(kg.hexes).length ? kg : undefined;
}
/** The phases of this turn in which the 18th Artillery Division supported a combat (13.1). */
export function support18Used(game: GameState, turn: number): readonly string[] {
  const support18 = bo(game).support18;
  return support18 && support18.turn === turn ? support18.phases : [];
}
/** The phase the players are in this turn (its id), as the log records it. */
const phaseIdOf = (game: GameState, turn: number): string => positionOf(SEQUENCE, game, turn).phase.id;

export const returnsDue = (game: GameState, turn: number) => (bo(game).returns ?? []).filter((r) => r.turn === turn);
export const returnsQueued = (game: GameState) => bo(game).returns ?? [];

// The engine's shared readers, refusing with Breakout's keys (bo.err.*, in messages.ts).
const { obj, int, oneOf } = inputReader('bo');
const side = (v: Json | undefined): Side => oneOf(v, ['german', 'soviet'] as const, 'bo.err.side');
const kgMarker = (v: Json | undefined): string => oneOf(v, KG_MARKERS, 'bo.err.kgMarker');

// ------------------------------------------------------------------ procedures

/** I. Weather & terrain condition (5.1, 14.0): turn 1 Thaw; turns 2–8 the Soviet rolls 1d6 on the table for the turn. */
export const weather: Procedure = (_input, api) => {
  const lines: Line[] = [];
  let code: Weather;
  if (api.turn === 1) {
    code = 'Thaw';
    lines.push({ key: 'bo.weather.turn1', rule: '5.1' });
  } else {
    need(api.turn <= LAST_TURN, 'bo.err.lastTurn', { last: LAST_TURN });
    const table = api.table('bo-weather');
    const resolution = resolveRoll(table, api.roll(table.roll!.dice), [], {
      other: String(api.turn),
      errata: api.errata,
    });
    api.counted(table, resolution);
    code = resolution.result as Weather;
    lines.push({
      key: 'bo.weather.rolled',
      params: { turn: api.turn, die: resolution.roll!.final },
      rule: '5.1, 14.0',
    });
  }
  const mf = api.table('bo-movement-factors');
  const row = mf.rows.entries.findIndex((e) => e.key === code.toLowerCase());
  const foot = mf.cells[row]![0]!,
    mech = mf.cells[row]![1]!;
  lines.push({ key: 'bo.weather.mf', params: { foot, mech }, rule: '12.1' });
  // 8.3: a Soviet unit out of supply at the start of its movement uses half its MF, rounded up.
  if (typeof foot === 'number' && typeof mech === 'number')
    lines.push({
      key: 'bo.weather.oosMf',
      params: { foot: Math.ceil(foot / 2), mech: Math.ceil(mech / 2) },
      rule: '8.3',
    });
  // 3.2 steps 5 and 6: turn 1's special conditions.
  if (api.turn === 1)
    lines.push({ key: 'bo.weather.hitler', rule: '3.2' }, { key: 'bo.weather.overstack', rule: '3.2' });
  if (code === 'Storm') lines.push({ key: 'bo.weather.storm', rule: '5.1, 7.5, 12.4, 13.3' });
  if (code === 'Ice') lines.push({ key: 'bo.weather.ice', rule: '12.3' });
  const legend = api.table('bo-weather').legend![code]!;
  // A Storm leaves no CAS this turn (5.1, seed 002 line 319), even if markers were already won.
  const cas = bo(api.game).cas;
  const lost = code === 'Storm' && cas && cas.turn === api.turn && cas.markers - cas.used > 0;
  if (lost) lines.push({ key: 'bo.weather.casLost', params: { n: cas.markers - cas.used }, rule: '5.1, 13.3' });
  return {
    headline: { key: 'bo.text', params: { text: legend.name } },
    lines,
    result: code,
    game: save(api.game, {
      weather: { turn: api.turn, code },
      ...(lost ? { cas: { ...cas, markers: cas.used } } : {}),
    }),
  };
};

/** II. Air superiority (5.2): turn 1 the Soviet gets 1d6 CAS markers; then 2d6 each, ties re-rolled, the winner gets the difference. */
export const air: Procedure = (_input, api) => {
  const lines: Line[] = [];
  const thisWeather = weatherOf(api.game, api.turn);
  // Phase I comes before phase II (5.0): a Storm, rolled in phase I, leaves no CAS (5.1).
  need(thisWeather, 'bo.err.weatherFirst');
  if (thisWeather === 'Storm' && api.readings['bo.stormAir'] !== 'roll') {
    return {
      headline: { key: 'bo.air.none' },
      lines: [{ key: 'bo.air.storm', rule: '5.1, 13.3' }],
      result: { side: null, markers: 0 },
      game: save(api.game, { cas: { turn: api.turn, side: null, markers: 0, used: 0 } }),
    };
  }
  let winner: Side | null;
  let markers: number;
  if (api.turn === 1) {
    markers = api.roll({ n: 1, sides: 6 }).total;
    winner = 'soviet';
    lines.push({ key: 'bo.air.turn1', params: { n: markers }, rule: '5.2, 3.2' });
  } else {
    let s = 0,
      g = 0,
      rounds = 0;
    do {
      s = api.roll({ n: 2, sides: 6 }).total;
      g = api.roll({ n: 2, sides: 6 }).total;
      lines.push({ key: s === g ? 'bo.air.tie' : 'bo.air.rolls', params: { s, g }, rule: '5.2' });
      need(++rounds < 100, 'bo.err.ties');
    } while (s === g);
    winner = s > g ? 'soviet' : 'german';
    markers = Math.abs(s - g);
  }
  if (thisWeather === 'Storm') lines.push({ key: 'bo.air.storm', rule: '5.1, 13.3' });
  const usable = thisWeather === 'Storm' ? 0 : markers;
  lines.push({ key: winner === 'soviet' ? 'bo.air.soviet' : 'bo.air.german', params: { n: usable }, rule: '13.3' });
  return {
    headline: { key: winner === 'soviet' ? 'bo.air.headSoviet' : 'bo.air.headGerman', params: { n: usable } },
    lines,
    result: { side: winner, markers: usable },
    game: save(api.game, { cas: { turn: api.turn, side: winner, markers: usable, used: 0 } }),
  };
};

/** Uses CAS markers (13.3): Soviet in attack only, German in attack and defence; gone at the end of the turn. */
function spendCas(game: GameState, turn: number, who: Side, n: number): GameState {
  if (n === 0) return game;
  need(n <= casLeft(game, turn, who), 'bo.err.cas', { n: casLeft(game, turn, who) });
  const cas = bo(game).cas!;
  return save(game, { cas: { ...cas, used: cas.used + n } });
}

/** River crossing cost (12.3, 14.0): +0 in Ice, into/out of a town or fortified locality, or in a KG zone; else 1d6 (+1 Dnester/Bug/Prut). */
export const river: Procedure = (input, api) => {
  const fields = obj(input);
  const thisWeather = weatherOf(api.game, api.turn);
  need(thisWeather, 'bo.err.weatherFirst');
  const exemption = fields['exemption'] ?? 'none';
  need(['none', 'population', 'kg'].includes(String(exemption)), 'bo.err.input');
  // KG markers are on the map from turn 3 (5.3, seed 002 lines 333-335).
  need(!(exemption === 'kg' && api.turn < KG_FROM_TURN), 'bo.err.kgTurn', { turn: KG_FROM_TURN });
  // The KG traffic bonus, river crossings included, is not available in Storm (12.4, seed 002 lines 556, 560).
  const kgStorm = exemption === 'kg' && thisWeather === 'Storm';
  if (thisWeather === 'Ice' || (exemption !== 'none' && !kgStorm)) {
    const why =
      thisWeather === 'Ice' ? 'bo.river.ice' : exemption === 'population' ? 'bo.river.population' : 'bo.river.kg';
    return {
      headline: { key: 'bo.river.cost', params: { n: 0 } },
      lines: [{ key: why, rule: exemption === 'kg' ? '12.4' : '12.3' }],
      result: 0,
    };
  }
  if (api.readings['bo.riverFlat'] === 'flat')
    return {
      headline: { key: 'bo.river.cost', params: { n: 3 } },
      lines: [...(kgStorm ? [{ key: 'bo.river.kgStorm', rule: '12.4' }] : []), { key: 'bo.river.flat', rule: '12.3' }],
      result: 3,
    };
  const table = api.table('bo-river-crossing');
  const named = fields['namedRiver'] === true;
  const resolution = resolveRoll(
    table,
    api.roll(table.roll!.dice),
    named ? [{ value: 1, label: 'bo.river.named', rule: '12.3' }] : [],
    {
      other: thisWeather.toLowerCase(),
      errata: api.errata,
    },
  );
  api.counted(table, resolution);
  const lines: Line[] = [
    ...(kgStorm ? [{ key: 'bo.river.kgStorm', rule: '12.4' }] : []),
    {
      key: 'bo.river.rolled',
      params: {
        die: resolution.roll!.dice.total,
        final: resolution.roll!.final,
        weather: api.table('bo-weather').legend![thisWeather]!.name,
      },
      rule: '12.3, 14.0',
    },
  ];
  return { headline: { key: 'bo.river.cost', params: { n: resolution.result } }, lines, result: resolution.result };
};

export type Terrain = 'clear' | 'forest' | 'swamp' | 'rough' | 'population' | 'fortified';

export interface BoCombat {
  readonly attacker: Side;
  /** Attack factors of the attacking units not listed below. */
  readonly attack: number;
  /** Soviet non-artillery units out of supply: their AF, one per unit, halved and rounded up (8.3, E19). */
  readonly oos?: readonly number[];
  /** Soviet artillery AF (13.2): it may not exceed the non-artillery CF in the combat. */
  readonly artillery?: number;
  /** 3rd Guards Mortar Division AF (13.2): doubled against a clear-terrain hex. */
  readonly mortar?: number;
  /** German 18th Artillery Division support: its current AF, to a German attack or defence (13.1); once per combat phase. */
  readonly support18?: number;
  readonly defence: number;
  readonly terrain: Terrain;
  readonly acrossRiver?: boolean;
  /** KGs within 2 hexes of the target (German attack) or of the German defender: at most one shift counts (13.4). */
  readonly kg?: number;
  /** With the KG tracker: the marker that gives the shift (once per combat phase, 13.4 a–c). */
  readonly kgMarker?: string;
  /** Tiger battalions stacked with a German division in the combat: at most one shift counts (13.5). */
  readonly tiger?: number;
  readonly concentric?: boolean;
  /** CAS markers committed by the attacker (13.3). */
  readonly cas?: number;
  /** German CAS markers committed to a German defence (13.3: the Soviet may not use CAS in defence). */
  readonly casDefence?: number;
}

export function readCombat(input: Json): BoCombat {
  const fields = obj(input);
  const terrain = fields['terrain'] ?? 'clear';
  need(['clear', 'forest', 'swamp', 'rough', 'population', 'fortified'].includes(String(terrain)), 'bo.err.input');
  return {
    attacker: side(fields['attacker']),
    attack: fields['attack'] as number,
    defence: fields['defence'] as number,
    terrain: terrain as Terrain,
    acrossRiver: fields['acrossRiver'] === true,
    concentric: fields['concentric'] === true,
    oos: Array.isArray(fields['oos']) ? (fields['oos'] as Json[]).map((v) => int(v, 'AF', 0, 99)) : [],
    artillery: fields['artillery'] === undefined ? 0 : int(fields['artillery'], 'AF', 0, 99),
    mortar: fields['mortar'] === undefined ? 0 : int(fields['mortar'], 'AF', 0, 99),
    support18: fields['support18'] === undefined ? 0 : int(fields['support18'], 'AF', 0, 99),
    kg:
      fields['kg'] === true
        ? 1
        : fields['kg'] === undefined || fields['kg'] === false
          ? 0
          : int(fields['kg'], 'KG', 0, 3),
    ...(typeof fields['kgMarker'] === 'string' && fields['kgMarker'] ? { kgMarker: kgMarker(fields['kgMarker']) } : {}),
    tiger:
      fields['tiger'] === true
        ? 1
        : fields['tiger'] === undefined || fields['tiger'] === false
          ? 0
          : int(fields['tiger'], 'Tiger', 0, 5),
    cas: fields['cas'] === undefined ? 0 : int(fields['cas'], 'CAS', 0, 10),
    casDefence: fields['casDefence'] === undefined ? 0 : int(fields['casDefence'], 'CAS', 0, 10),
  };
}

/** The odds inputs for a combat (13.3–13.8): totals with CAS, and every column shift with its rule and cap. */
export function combatInput(
  c: BoCombat,
  readings: Readonly<Record<string, string>> = DEFAULT_READINGS,
  crt?: TableData,
): CombatInput & { notes: Line[] } {
  const german = c.attacker === 'german';
  const notes: Line[] = [];
  // The attack total from its parts (8.3, 13.1, 13.2, 13.3).
  let attack = c.attack;
  const oos = c.oos ?? [];
  if (oos.length) {
    const sum = oos.reduce((a, b) => a + b, 0);
    const halved =
      readings['bo.oosRounding'] === 'sum' ? Math.ceil(sum / 2) : oos.reduce((a, b) => a + Math.ceil(b / 2), 0);
    attack += halved;
    notes.push({
      key: readings['bo.oosRounding'] === 'sum' ? 'bo.combat.oosSum' : 'bo.combat.oosUnits',
      params: { units: oos.join(' + '), af: halved },
      rule: '8.3',
    });
  }
  const mortar = c.mortar ?? 0;
  if (mortar) {
    const af = c.terrain === 'clear' ? 2 * mortar : mortar;
    attack += af;
    notes.push({
      key: c.terrain === 'clear' ? 'bo.combat.mortarDoubled' : 'bo.combat.mortar',
      params: { af },
      rule: '13.2',
    });
  }
  const art = c.artillery ?? 0;
  const mortarAf = mortar * (c.terrain === 'clear' ? 2 : 1);
  // E18: with 'capped', the 3rd Guards Mortars count as artillery under the cap (after doubling).
  const mortarCapped = mortar > 0 && readings['bo.mortarCap'] === 'capped';
  if (art || mortarCapped) {
    const nonArt = Math.max(0, attack - mortarAf);
    const capped = art + (mortarCapped ? mortarAf : 0);
    const used = Math.min(capped, nonArt);
    attack = nonArt + used + (mortarCapped ? 0 : mortarAf);
    notes.push({
      key: used < capped ? 'bo.combat.artCapped' : 'bo.combat.art',
      params: { af: used, cap: nonArt },
      rule: '13.2',
    });
    if (mortarCapped) notes.push({ key: 'bo.combat.mortarCapped', rule: '13.2 (E18)' });
  }
  // The 18th Artillery Division supports a German attack, or a German defence, with its current AF (13.1, E10).
  const support18Defence = !german && c.support18 ? c.support18 : 0;
  if (c.support18 && german) {
    attack += c.support18;
    notes.push({ key: 'bo.combat.support18', params: { af: c.support18 }, rule: '13.1' });
  }
  if (support18Defence)
    notes.push({ key: 'bo.combat.support18Defence', params: { af: support18Defence }, rule: '13.1 (E10)' });
  const shifts: Shift[] = [];
  const town = c.terrain === 'population' || c.terrain === 'fortified';
  if (c.terrain === 'rough') shifts.push({ amount: -1, label: 'bo.shift.rough', rule: 'TEC, 13.8.3' });
  if (c.terrain === 'population') shifts.push({ amount: -1, label: 'bo.shift.population', rule: 'TEC, 13.8.4' });
  if (c.terrain === 'fortified')
    shifts.push(
      german
        ? { amount: -1, label: 'bo.shift.fortSoviet', rule: 'TEC' }
        : { amount: -2, label: 'bo.shift.fortGerman', rule: 'TEC' },
    );
  if (c.acrossRiver) shifts.push({ amount: -1, label: 'bo.shift.river', rule: 'TEC' });
  for (let k = 0; k < (c.kg ?? 0); k++)
    shifts.push(
      german
        ? { amount: 1, label: 'bo.shift.kgAttack', rule: '13.4', group: 'kg' }
        : { amount: -1, label: 'bo.shift.kgDefence', rule: '13.4', group: 'kg' },
    );
  for (let k = 0; k < (c.tiger ?? 0); k++)
    shifts.push(
      german
        ? { amount: 1, label: 'bo.shift.tigerAttack', rule: '13.5', group: 'tiger' }
        : { amount: -1, label: 'bo.shift.tigerDefence', rule: '13.5', group: 'tiger' },
    );
  if (c.concentric) {
    if (town) notes.push({ key: 'bo.combat.noConcentric', rule: '13.8.2' });
    else
      shifts.push({
        amount: german ? 2 : 1,
        label: german ? 'bo.shift.concentricGerman' : 'bo.shift.concentricSoviet',
        rule: '13.8.2',
      });
  }
  const caps: ShiftCap[] = [
    { group: 'kg', max: 1, rule: '13.4' },
    { group: 'tiger', max: 1, rule: '13.5' },
  ];
  // CAS: +1 combat factor per marker, to the attack (either side) or to a German defence (13.3).
  const casDefence = german ? 0 : (c.casDefence ?? 0);
  const totalAttack = attack + (c.cas ?? 0);
  const totalDefence = c.defence + casDefence + support18Defence;
  // E3: odds below the table (13.8.1), under the reading; without the table the shifts count from the odds.
  if (crt && readings['bo.belowTable'] !== 'final' && totalAttack > 0 && totalDefence > 0) {
    const raw = oddsColumn(crt, totalAttack, totalDefence).position;
    if (raw < 0 && readings['bo.belowTable'] === 'raw') {
      notes.push({ key: 'bo.combat.belowRaw', rule: '13.8.1 (E3)' });
      return { attack: totalAttack, defence: totalDefence, shifts: [], caps, notes };
    }
    if (raw < 0) shifts.unshift({ amount: -raw, label: 'bo.shift.toEdge', rule: '13.8.1 (E3)' });
  }
  return { attack: totalAttack, defence: totalDefence, shifts, caps, notes };
}

/** Where a combat stands in the turn: the weather and turn decide whether CAS and KG shifts may be used. */
export interface CombatSituation {
  readonly game: GameState;
  readonly turn: number;
}

/** Refusals that depend on the turn (5.1, 5.3, 13.3, 13.4): no CAS in Storm, no KG shift before turn 3. */
export function checkCombat(c: BoCombat, at?: CombatSituation): void {
  need(!(c.attacker === 'german' && c.casDefence), 'bo.err.sovietCasDefence');
  if (!at) return;
  need(!((c.cas || c.casDefence) && weatherOf(at.game, at.turn) === 'Storm'), 'bo.err.casStorm');
  need(!(c.kg && at.turn < KG_FROM_TURN), 'bo.err.kgTurn', { turn: KG_FROM_TURN });
  // 13.1: one defence in each Soviet combat phase, one attack in each German (and mechanized) combat phase.
  if (c.support18)
    need(!support18Used(at.game, at.turn).includes(phaseIdOf(at.game, at.turn)), 'bo.err.s18Used', {
      phase: phaseIdOf(at.game, at.turn),
    });
  // The KG tracker: once markers are deployed, a KG shift names its marker, which gives one bonus per phase.
  const kg = kgOf(at.game, at.turn);
  if (c.kgMarker) need(c.kg, 'bo.err.kgCount');
  if (!kg || !c.kg) return;
  need(c.kgMarker, 'bo.err.kgName');
  need(kg.hexes[c.kgMarker], 'bo.err.kgNotDeployed', { kg: c.kgMarker });
  const ph = phaseIdOf(at.game, at.turn);
  need(!kg.used.includes(`${ph}|${c.kgMarker}`), 'bo.err.kgUsed', { kg: c.kgMarker, phase: ph });
}

/** KG markers are deployed from turn 3 (5.3: phase III is skipped on turns 1 and 2). */
export const KG_FROM_TURN = 3;

/**
 * The one computation of a combat before its die (13.3–13.8), for the preview and the logged step
 * alike: the checks of the turn, the totals and shifts under the readings, the column, and the exact
 * chances of each result.
 */
export function combatPlan(
  input: Json,
  crt: TableData,
  readings: Readonly<Record<string, string>>,
  at?: CombatSituation,
  errata: ErrataMode = 'default',
  /** The distribution of the die's total (deck mode: the cards left); absent, every face alike. */
  sums?: SumDistribution,
  /** Cells of the CRT typed in from the printed chart (the two 7:1 cells the text lacks, 13.8). */
  entered?: EnteredCells,
): { c: BoCombat; ci: CombatInput & { notes: Line[] }; col: ReturnType<typeof combatColumn>; dist: Distribution } {
  const asked = readCombat(input);
  checkCombat(asked, at);
  const ci = combatInput(asked, { ...DEFAULT_READINGS, ...readings }, crt);
  const col = combatColumn(crt, ci);
  // Cells the text does not give are an unknown share of the chances, never a refusal (#31).
  const dist = combatDistribution(crt, ci, crt.roll!.dice, { errata, ...(entered ? { entered } : {}) }, sums);
  return { c: asked, ci, col, dist };
}

/**
 * What the combat step offers now (readiness from the rules, issue #29): its column and the exact
 * chances before the roll, or why it cannot be resolved — a rule's condition of this turn and phase
 * (the 18th Artillery Division once per combat phase, 13.1; a KG's bonus once per phase, 13.4; CAS
 * markers left, 13.3) or a bad input — in the words the procedure would refuse it with.
 */
export function combatPreview(env: PreviewEnv, input: Json): Preview<{ column: string; dist: Distribution }> {
  return attemptPreview(() => {
    const crt = env.table('bo-crt');
    const plan = combatPlan(
      input,
      crt,
      env.readings,
      { game: env.game, turn: env.turn },
      env.errata,
      env.sums?.(crt.roll!.dice),
      env.entered?.['bo-crt'],
    );
    return { column: plan.col.after.key, dist: plan.dist };
  });
}

/** Whether a combat phase offers a probe (13.7): the German combat phases and the mechanized ones (5.5). */
export const probeOffered = (phaseId: string): boolean => ['VI', 'VII', 'VIII', 'IX'].includes(phaseId);

/** Combat (13): odds rounded for the defender, shifts with caps, automatic results beyond the table, 1d6, effects. */
export const combat: Procedure = (input, api) => {
  const table = api.table('bo-crt');
  const entered = api.entered?.['bo-crt'];
  const { c, ci, col } = combatPlan(
    input,
    table,
    api.readings,
    { game: api.game, turn: api.turn },
    api.errata,
    undefined,
    entered,
  );
  const defender: Side = c.attacker === 'german' ? 'soviet' : 'german';
  let game = spendCas(spendCas(api.game, api.turn, c.attacker, c.cas ?? 0), api.turn, defender, c.casDefence ?? 0);
  const kg = kgOf(game, api.turn);
  const kgUse = kg && c.kg && c.kgMarker ? `${phaseIdOf(game, api.turn)}|${c.kgMarker}` : undefined;
  if (kg && kgUse) game = save(game, { kg: { ...kg, used: [...kg.used, kgUse] } });
  if (c.support18)
    game = save(game, {
      support18: { turn: api.turn, phases: [...support18Used(game, api.turn), phaseIdOf(game, api.turn)] },
    });
  // A die that lands on a cell the text does not give (7:1, 1–2) is refused naming the cell, which
  // the players then type in from the printed chart and the roll resolves (#31).
  const resolution = resolveCombat(table, ci, col.after.at === 'column' ? api.roll(table.roll!.dice) : undefined, {
    errata: api.errata,
    ...(entered ? { entered } : {}),
  });
  api.counted(table, resolution);
  const lines: Line[] = [...ci.notes];
  if (c.cas)
    lines.unshift({
      key: 'bo.combat.cas',
      params: { n: c.cas, left: casLeft(game, api.turn, c.attacker) },
      rule: '13.3',
    });
  if (c.casDefence)
    lines.unshift({
      key: 'bo.combat.casDefence',
      params: { n: c.casDefence, left: casLeft(game, api.turn, 'german') },
      rule: '13.3',
    });
  lines.push({
    key: 'bo.combat.odds',
    params: { a: ci.attack, d: ci.defence, before: col.before.key, after: col.after.key },
    rule: '13.8',
  });
  for (const s of col.shifts)
    lines.push({
      key: s.applied === s.amount ? 'bo.combat.shift' : 'bo.combat.shiftCapped',
      params: { amount: s.amount > 0 ? `${s.amount}R` : `${-s.amount}L`, label: String(s.label) },
      rule: s.rule,
    });
  if (kgUse)
    lines.push({
      key: 'bo.kg.used',
      params: { kg: c.kgMarker!, hex: kg!.hexes[c.kgMarker!]!, phase: kgUse.split('|')[0]! },
      rule: '13.4',
    });
  if (resolution.automatic) lines.push({ key: 'bo.combat.automatic', rule: '13.8.1' });
  else
    lines.push({
      key: 'bo.combat.roll',
      params: { die: resolution.roll!.final, column: resolution.column!, result: String(resolution.result) },
      rule: '13.9',
    });
  const town = c.terrain === 'population' || c.terrain === 'fortified';
  const result = String(resolution.result);
  if (result.includes('DR')) lines.push({ key: town ? 'bo.effect.drIgnored' : 'bo.effect.dr', rule: '13.9' });
  if (result.includes('DL1')) lines.push({ key: 'bo.effect.dl1', rule: '13.9' });
  if (result === 'AL1') lines.push({ key: 'bo.effect.al1', rule: '13.9' });
  if (result === 'EX') lines.push({ key: 'bo.effect.ex', rule: '13.9' });
  if (result === 'AS') lines.push({ key: 'bo.effect.as', rule: '13.9' });
  lines.push({ key: 'bo.effect.triggers', rule: '4.2, 11.1' });
  const legend = table.legend![result]!;
  return {
    headline: { key: 'bo.code', params: { code: result, name: legend.name } },
    lines,
    result: {
      result,
      column: col.after.key,
      automatic: !!resolution.automatic,
      drIgnored: town && result.includes('DR'),
    },
    game,
  };
};

/** Cases resolved without a die (13.2, 13.6): a German probe into an empty ZOC hex; a lone Soviet artillery division attacked. */
export const special: Procedure = (input, api) => {
  const kind = obj(input)['kind'];
  need(kind === 'probe' || kind === 'lone-artillery', 'bo.err.input');
  if (kind === 'probe') {
    need(weatherOf(api.game, api.turn) !== 'Storm', 'bo.err.probeStorm');
    return { headline: { key: 'bo.probe.head' }, lines: [{ key: 'bo.probe', rule: '13.6' }], result: 'probe' };
  }
  return { headline: { key: 'bo.loneArt.head' }, lines: [{ key: 'bo.loneArt', rule: '13.2' }], result: 'eliminated' };
};

/** Soviet Rifle Corps eliminated (11.1): 1d6, back ceil(die/2) turns later, reduced; never after turn 8. */
export const rifleCorps: Procedure = (input, api) => {
  const corps = String(obj(input)['corps'] ?? '')
    .trim()
    .slice(0, 40);
  need(corps, 'bo.err.corps');
  const die = api.roll({ n: 1, sides: 6 }).total;
  const delay = Math.ceil(die / 2);
  const turn = api.turn + delay;
  const lines: Line[] = [{ key: 'bo.rc.delay', params: { die, delay }, rule: '11.1' }];
  if (turn > LAST_TURN) {
    lines.push({ key: 'bo.rc.never', params: { turn }, rule: '11.1' });
    return { headline: { key: 'bo.rc.headNever' }, lines, result: { corps, turn: null } };
  }
  lines.push({ key: 'bo.rc.queued', params: { corps, turn }, rule: '11.1, 5.7' });
  const returns = [...returnsQueued(api.game), { corps, turn, eliminated: api.turn }];
  return {
    headline: { key: 'bo.rc.head', params: { turn } },
    lines,
    result: { corps, turn },
    game: save(api.game, { returns }),
  };
};

/** The order of a side's movement and combat this turn (5.4): the Soviet must move first on turn 1. */
export const order: Procedure = (input, api) => {
  const fields = obj(input);
  const who = side(fields['side']);
  const chosen = fields['order'];
  need(chosen === 'move-combat' || chosen === 'combat-move', 'bo.err.input');
  need(!(who === 'soviet' && api.turn === 1 && chosen === 'combat-move'), 'bo.err.turn1Order');
  const prev = bo(api.game).order;
  const cur = prev && prev.turn === api.turn ? prev : { turn: api.turn };
  return {
    headline: { key: `bo.order.${chosen}` },
    lines: [{ key: `bo.order.${who}`, rule: '5.4' }],
    result: chosen as string,
    game: save(api.game, { order: { ...cur, [who]: chosen } }),
  };
};

/** The procedures each tool of a phase runs (the phase's offer, sequence.ts). */
const TOOL_PROCEDURES: Readonly<Record<string, readonly string[]>> = {
  weather: ['bo.weather'],
  air: ['bo.air'],
  kg: ['bo.kg.deploy'],
  order: ['bo.order'],
  river: ['bo.river'],
  combat: ['bo.combat', 'bo.special'],
  'rifle-corps': ['bo.rifle-corps'],
  ledger: ['bo.ledger'],
  vp: ['bo.vp'],
};

/**
 * The sequence of play (5.0, seed 002; digest 002 §2): phases I–XII, each with the procedures of
 * its tools. Moving into a phase says it; phase III says it is skipped on turns 1 and 2 (5.3), and
 * the administrative phase takes the KG markers off the map, to be deployed again next turn (5.8, 10.2).
 */
export const SEQUENCE: Sequence<Phase> = {
  phases: PHASES,
  offers: (phase, at) => phaseTools(PHASES.indexOf(phase), at.readings).flatMap((tool) => TOOL_PROCEDURES[tool] ?? []),
  enter(phase, _index, at) {
    const skipped = phase.id === 'III' && at.turn <= 2;
    const kg = phase.id === 'XII' ? kgOf(at.game, at.turn) : undefined;
    return {
      headline: { key: 'bo.phase.head', params: { phase: phase.id } },
      lines: [
        { key: `bo.phase.${phase.id}` },
        ...(skipped ? [{ key: 'bo.phase.kgSkipped', rule: '5.3' }] : []),
        ...(kg ? [{ key: 'bo.kg.removed', params: { list: Object.keys(kg.hexes).join(', ') }, rule: '10.2' }] : []),
      ],
      ...(kg ? { changes: { kg: { turn: at.turn, hexes: {}, used: [] } } } : {}),
    };
  },
};

/**
 * III. KG deployment (5.3, 10.2; seed 002 lines 331-337, 491-496): from turn 3, in phase III, the
 * German places up to his 3 KG markers, in any hex (Soviet-occupied included), never two in one hex.
 */
export const kgDeploy: Procedure = (input, api) => {
  need(api.turn >= KG_FROM_TURN, 'bo.err.kgTurn', { turn: KG_FROM_TURN });
  need(phaseIdOf(api.game, api.turn) === 'III', 'bo.err.kgPhase');
  const fields = obj(obj(input)['hexes'] ?? null);
  const hexes: Record<string, string> = {};
  for (const [m, v] of Object.entries(fields)) {
    const marker = kgMarker(m);
    if (v === null || v === '') continue;
    need(typeof v === 'string' && /^\d{4}$/.test(v.trim()), 'bo.err.hex', { kg: marker });
    hexes[marker] = (v as string).trim();
  }
  need(Object.keys(hexes).length > 0, 'bo.err.kgNone');
  const values = Object.values(hexes);
  need(new Set(values).size === values.length, 'bo.err.kgSameHex');
  return {
    headline: { key: 'bo.kg.head', params: { n: values.length } },
    lines: [
      ...Object.entries(hexes).map(([kg, hex]) => ({ key: 'bo.kg.deployed', params: { kg, hex }, rule: '5.3' })),
      { key: 'bo.kg.bonus', rule: '12.4, 13.4' },
    ],
    result: hexes,
    game: save(api.game, { kg: { turn: api.turn, hexes, used: [] } }),
  };
};

/**
 * The running VP ledger (4.1, 4.2; seed 002 lines 226, 263-277): the Soviet marker starts on 2 (3.1);
 * a population hex the Soviet takes is worth 1 VP and a fortified locality 4 (reading E7: or 1) while
 * he holds it; a German recapture takes them back; each corps exited off the south-west edge is
 * worth 1 VP, 4 at most; a German division eliminated out of command and communications gives its
 * maximum steps. Out-of-communications hexes at the end of turn 8 are counted in the final tally.
 */
export const ledger: Procedure = (input, api) => {
  const fields = obj(input);
  const kind = fields['kind'];
  need(kind === 'capture' || kind === 'recapture' || kind === 'exit' || kind === 'division', 'bo.err.input');
  const held = ledgerHeld(api.game);
  const lines: Line[] = [];
  let entry: LedgerEntry;
  const hexOf = () => {
    const typedHex = typeof fields['hex'] === 'string' ? fields['hex'].trim() : '';
    need(/^\d{4}$/.test(typedHex), 'bo.err.vpHex');
    return typedHex;
  };
  const typeOf = (): LocalityType => {
    need(fields['type'] === 'population' || fields['type'] === 'fortified', 'bo.err.vpType');
    return fields['type'] as LocalityType;
  };
  const fortVp = api.readings['bo.fortVp'] === '1' ? 1 : 4;
  if (kind === 'capture') {
    const hex = hexOf();
    need(!held.has(hex), 'bo.err.vpHeld', { hex });
    const type = typeOf();
    const vp = type === 'population' ? 1 : fortVp;
    entry = { turn: api.turn, kind, hex, type, vp };
    lines.push({
      key: `bo.ledger.capture.${type}`,
      params: { hex, vp },
      rule: type === 'fortified' ? '4.1, 13.8.4 (E7)' : '4.1',
    });
  } else if (kind === 'recapture') {
    const hex = hexOf();
    // A hex held since the start (3.1: Krasilov, Khmelnik) is not in the ledger: its type says its value.
    const heldHex = held.get(hex) ?? { type: typeOf(), vp: 0 };
    const vp = heldHex.vp || (heldHex.type === 'population' ? 1 : fortVp);
    entry = { turn: api.turn, kind, hex, type: heldHex.type, vp: -vp };
    lines.push({ key: 'bo.ledger.recapture', params: { hex, vp }, rule: '4.1' });
  } else if (kind === 'exit') {
    const name = String(fields['name'] ?? '')
      .trim()
      .slice(0, 40);
    need(name, 'bo.err.corps');
    const exits = ledgerOf(api.game).filter((e) => e.kind === 'exit').length;
    const vp = exits < MAX_EXIT_VP ? 1 : 0;
    entry = { turn: api.turn, kind, name, vp };
    lines.push({ key: vp ? 'bo.ledger.exit' : 'bo.ledger.exitMax', params: { name, max: MAX_EXIT_VP }, rule: '4.1' });
  } else {
    const name = String(fields['name'] ?? '')
      .trim()
      .slice(0, 40);
    need(name, 'bo.err.division');
    const steps = int(fields['steps'], 'division steps', 1, 20);
    entry = { turn: api.turn, kind, name, vp: steps };
    lines.push({ key: 'bo.ledger.division', params: { name, vp: steps }, rule: '4.2' });
  }
  const game = save(api.game, { ledger: [...ledgerOf(api.game), entry] });
  const total = ledgerTotal(game);
  lines.push({ key: 'bo.ledger.total', params: { total, start: START_VP }, rule: '3.1, 4.3' });
  return {
    headline: { key: 'bo.ledger.head', params: { total, vp: entry.vp > 0 ? `+${entry.vp}` : String(entry.vp) } },
    lines,
    result: asJson({ ...entry, total }),
    game,
  };
};

/** Soviet VP at the end of the game (4.1–4.3) and the victory level. */
export const vp: Procedure = (input, api) => {
  const fields = obj(input);
  const population = int(fields['population'] ?? 0, 'population hexes', 0, 99);
  const fortified = int(fields['fortified'] ?? 0, 'fortified localities', 0, 99);
  const outOfComms = int(fields['outOfComms'] ?? 0, 'German hexes out of communications', 0, 99);
  const exited = int(fields['exited'] ?? 0, 'corps exited', 0, 99);
  const divisions = Array.isArray(fields['divisions'])
    ? (fields['divisions'] as Json[]).map((d) => int(d, 'division steps', 1, 20))
    : [];
  const exitedVp = Math.min(4, exited);
  const total = population + 4 * fortified + outOfComms + exitedVp + divisions.reduce((a, b) => a + b, 0);
  const table = api.table('bo-victory');
  const row = table.rows.entries.findIndex(
    (e) => (e.min === undefined || total >= e.min) && (e.max === undefined || total <= e.max),
  );
  const level = String(table.cells[row]![0]);
  const lines: Line[] = [
    { key: 'bo.vp.population', params: { n: population }, rule: '4.1' },
    { key: 'bo.vp.fortified', params: { n: fortified, vp: 4 * fortified }, rule: '4.1' },
    { key: 'bo.vp.comms', params: { n: outOfComms }, rule: '4.1' },
    { key: 'bo.vp.exited', params: { n: exited, vp: exitedVp }, rule: '4.1' },
    { key: 'bo.vp.divisions', params: { n: divisions.length, vp: divisions.reduce((a, b) => a + b, 0) }, rule: '4.2' },
    { key: 'bo.vp.level', params: { total, level: table.legend![level]!.name }, rule: '4.3' },
  ];
  return { headline: { key: 'bo.vp.head', params: { total } }, lines, result: { total, level } };
};

export const procedures = gameProcedures('bo', {
  weather,
  air,
  river,
  combat,
  special,
  'rifle-corps': rifleCorps,
  order,
  // Steps recorded before the engine kept the position (issue #29): the engine's phase step, the same state.
  phase: phaseStep(SEQUENCE),
  'kg.deploy': kgDeploy,
  ledger,
  vp,
});

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;

/** What the sequence of play does once per occasion: each turn's weather (phase I) and air superiority (phase II). */
export const ONCE: Readonly<Partial<Record<ProcedureId, OnceRule>>> = {
  'bo.weather': (_input, { turn, game }) => bo(game).weather?.turn === turn,
  'bo.air': (_input, { turn, game }) => bo(game).cas?.turn === turn,
  // 5.3: the KG markers are deployed once, in phase III (to move one, undo the deployment).
  'bo.kg.deploy': (_input, { turn, game }) => !!kgOf(game, turn),
};

/**
 * What one side's player does, and who acts (the input field naming that side, or the side: engine
 * `Actors`): a linked phone is refused it for the other side.
 * - 5.4 (seed 002 lines 341, 345): "el jugador soviético debe anunciar si elegirá la secuencia…";
 *   "El jugador alemán anuncia los mismos pasos en el comienzo de la fase VI" — each side's order is
 *   its own player's announcement.
 * - 5.3 (line 335): "Comenzando en el turno 3, el alemán puede desplegar sus 3 marcadores
 *   Korpsgruppe (KG)" — the German's alone.
 * - 5.1 (line 321): "una tirada de dado hecha por el jugador soviético" — the weather is the Soviet
 *   player's roll; 11.1 (line 504): "el jugador soviético tira un dado" for an eliminated Rifle Corps.
 *   A die typed in for them is his, not the German's.
 * Air superiority (5.2: turn 1 the Soviet's die, then each player's two dice in one step), a combat
 * (its attacker either side, typed by either player) and the trackers stay open.
 */
export const ACTORS: Readonly<Partial<Record<ProcedureId, Actor>>> = {
  'bo.order': { field: 'side' },
  'bo.kg.deploy': { side: 'german' },
  'bo.weather': { side: 'soviet' },
  'bo.rifle-corps': { side: 'soviet' },
};

export type { ProcedureApi };
