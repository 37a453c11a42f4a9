/**
 * Breakout: First Panzer Army — what its tables cannot say on their own (digest 002 §2–§5).
 * Pure functions over the engine's procedure api; message keys are in src/games/breakout/messages.ts.
 */
import {
  inputReader,
  stateSlice,
  need,
  combatColumn,
  resolveCombat,
  resolveRoll,
  type CombatInput,
  type GameState,
  type Json,
  type Line,
  type OnceRule,
  type Procedure,
  type ProcedureApi,
  type Shift,
  type ShiftCap,
} from '../../engine';

export type Side = 'german' | 'soviet';
export type Weather = 'Thaw' | 'Ice' | 'Storm';
export const LAST_TURN = 8; // 4.3

/** Phases I–XII of 5.0, with the tools each offers. */
export const PHASES = [
  { id: 'I', tools: ['weather'] },
  { id: 'II', tools: ['air'] },
  { id: 'III', tools: [] },
  { id: 'IV', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'V', tools: ['river', 'combat', 'rifle-corps'] },
  { id: 'VI', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'VII', tools: ['combat', 'rifle-corps'] },
  { id: 'VIII', tools: ['order', 'river', 'combat', 'rifle-corps'] },
  { id: 'IX', tools: ['combat', 'rifle-corps'] },
  { id: 'X', tools: [] },
  { id: 'XI', tools: ['returns'] },
  { id: 'XII', tools: ['vp'] },
] as const;

/** Readings of rules the text leaves open (7 E12, E16), with the defaults the app uses. */
export const READINGS = {
  /** E16: on a Storm turn no CAS may be used; is the air roll made at all? */
  'bo.stormAir': { choices: ['no-roll', 'roll'], default: 'no-roll' },
  /** E12: are Soviet phases IV and V two halves of one move+combat sequence, or two full phases? */
  'bo.sovietPhases': { choices: ['halves', 'full'], default: 'halves' },
  /** E19: out-of-supply halving (8.3), rounded up: per unit ("its AF") or on the sum of those units. */
  'bo.oosRounding': { choices: ['per-unit', 'sum'], default: 'per-unit' },
} as const;
export const DEFAULT_READINGS: Record<string, string> = Object.fromEntries(
  Object.entries(READINGS).map(([k, v]) => [k, v.default]),
);

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
  /** The phase the players are in (the store records its id with every step, for the log). */
  readonly phase?: { readonly turn: number; readonly index: number; readonly id: string };
  readonly order?: { readonly turn: number; readonly soviet?: string; readonly german?: string };
}
/** Breakout's slice of the session's game state. */
const { read: bo, save } = stateSlice<BoState>();

/** This turn's weather, once rolled (turn 1 is always Thaw, 5.1). */
export function weatherOf(game: GameState, turn: number): Weather | undefined {
  if (turn === 1) return 'Thaw';
  const w = bo(game).weather;
  return w && w.turn === turn ? w.code : undefined;
}

/** CAS markers left this turn for a side (unused markers are lost at the end of the turn, 5.2, 5.8). */
export function casLeft(game: GameState, turn: number, side: Side): number {
  const c = bo(game).cas;
  return c && c.turn === turn && c.side === side ? c.markers - c.used : 0;
}

/** The tools of a phase under the game's readings: with two full Soviet phases (E12 'full'), phase V has its own order. */
export function phaseTools(index: number, readings: Readonly<Record<string, string>>): readonly string[] {
  const p = PHASES[index]!;
  if (p.id === 'V' && readings['bo.sovietPhases'] === 'full') return ['order', ...p.tools];
  return p.tools;
}

export const phaseIndex = (game: GameState, turn: number) => {
  const p = bo(game).phase;
  return p && p.turn === turn ? p.index : 0;
};

export const returnsDue = (game: GameState, turn: number) => (bo(game).returns ?? []).filter((r) => r.turn === turn);
export const returnsQueued = (game: GameState) => bo(game).returns ?? [];

// The engine's shared readers, refusing with Breakout's keys (bo.err.*, in messages.ts).
const { obj, int, oneOf } = inputReader('bo');
const side = (v: Json | undefined): Side => oneOf(v, ['german', 'soviet'] as const, 'bo.err.side');

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
    const t = api.table('bo-weather');
    const r = resolveRoll(t, api.roll(t.roll!.dice), [], { other: String(api.turn), errata: api.errata });
    code = r.result as Weather;
    lines.push({ key: 'bo.weather.rolled', params: { turn: api.turn, die: r.roll!.final }, rule: '5.1, 14.0' });
  }
  const mf = api.table('bo-movement-factors');
  const row = mf.rows.entries.findIndex((e) => e.key === code.toLowerCase());
  lines.push({ key: 'bo.weather.mf', params: { foot: mf.cells[row]![0]!, mech: mf.cells[row]![1]! }, rule: '12.1' });
  if (code === 'Storm') lines.push({ key: 'bo.weather.storm', rule: '5.1, 7.5, 12.4, 13.3' });
  if (code === 'Ice') lines.push({ key: 'bo.weather.ice', rule: '12.3' });
  const legend = api.table('bo-weather').legend![code]!;
  return {
    headline: { key: 'bo.text', params: { text: legend.name } },
    lines,
    result: code,
    game: save(api.game, { weather: { turn: api.turn, code } }),
  };
};

/** II. Air superiority (5.2): turn 1 the Soviet gets 1d6 CAS markers; then 2d6 each, ties re-rolled, the winner gets the difference. */
export const air: Procedure = (_input, api) => {
  const lines: Line[] = [];
  const w = weatherOf(api.game, api.turn);
  if (w === 'Storm' && api.readings['bo.stormAir'] !== 'roll') {
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
  if (w === 'Storm') lines.push({ key: 'bo.air.storm', rule: '5.1, 13.3' });
  const usable = w === 'Storm' ? 0 : markers;
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
  const c = bo(game).cas!;
  return save(game, { cas: { ...c, used: c.used + n } });
}

/** River crossing cost (12.3, 14.0): +0 in Ice, into/out of a town or fortified locality, or in a KG zone; else 1d6 (+1 Dnester/Bug/Prut). */
export const river: Procedure = (input, api) => {
  const i = obj(input);
  const w = weatherOf(api.game, api.turn);
  need(w, 'bo.err.weatherFirst');
  const exemption = i['exemption'] ?? 'none';
  need(['none', 'population', 'kg'].includes(String(exemption)), 'bo.err.input');
  if (w === 'Ice' || exemption !== 'none') {
    const why = w === 'Ice' ? 'bo.river.ice' : exemption === 'population' ? 'bo.river.population' : 'bo.river.kg';
    return {
      headline: { key: 'bo.river.cost', params: { n: 0 } },
      lines: [{ key: why, rule: exemption === 'kg' ? '12.4' : '12.3' }],
      result: 0,
    };
  }
  const t = api.table('bo-river-crossing');
  const named = i['namedRiver'] === true;
  const r = resolveRoll(t, api.roll(t.roll!.dice), named ? [{ value: 1, label: 'bo.river.named', rule: '12.3' }] : [], {
    other: w.toLowerCase(),
    errata: api.errata,
  });
  const lines: Line[] = [
    {
      key: 'bo.river.rolled',
      params: { die: r.roll!.dice.total, final: r.roll!.final, weather: api.table('bo-weather').legend![w]!.name },
      rule: '12.3, 14.0',
    },
  ];
  return { headline: { key: 'bo.river.cost', params: { n: r.result } }, lines, result: r.result };
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
  /** German 18th Artillery Division support: its current AF (13.1). */
  readonly support18?: number;
  readonly defence: number;
  readonly terrain: Terrain;
  readonly acrossRiver?: boolean;
  /** KGs within 2 hexes of the target (German attack) or of the German defender: at most one shift counts (13.4). */
  readonly kg?: number;
  /** Tiger battalions stacked with a German division in the combat: at most one shift counts (13.5). */
  readonly tiger?: number;
  readonly concentric?: boolean;
  /** CAS markers committed by the attacker (13.3). */
  readonly cas?: number;
  /** German CAS markers committed to a German defence (13.3: the Soviet may not use CAS in defence). */
  readonly casDefence?: number;
}

export function readCombat(input: Json): BoCombat {
  const i = obj(input);
  const terrain = i['terrain'] ?? 'clear';
  need(['clear', 'forest', 'swamp', 'rough', 'population', 'fortified'].includes(String(terrain)), 'bo.err.input');
  return {
    attacker: side(i['attacker']),
    attack: i['attack'] as number,
    defence: i['defence'] as number,
    terrain: terrain as Terrain,
    acrossRiver: i['acrossRiver'] === true,
    concentric: i['concentric'] === true,
    oos: Array.isArray(i['oos']) ? (i['oos'] as Json[]).map((v) => int(v, 'AF', 0, 99)) : [],
    artillery: i['artillery'] === undefined ? 0 : int(i['artillery'], 'AF', 0, 99),
    mortar: i['mortar'] === undefined ? 0 : int(i['mortar'], 'AF', 0, 99),
    support18: i['support18'] === undefined ? 0 : int(i['support18'], 'AF', 0, 99),
    kg: i['kg'] === true ? 1 : i['kg'] === undefined || i['kg'] === false ? 0 : int(i['kg'], 'KG', 0, 3),
    tiger:
      i['tiger'] === true ? 1 : i['tiger'] === undefined || i['tiger'] === false ? 0 : int(i['tiger'], 'Tiger', 0, 5),
    cas: i['cas'] === undefined ? 0 : int(i['cas'], 'CAS', 0, 10),
    casDefence: i['casDefence'] === undefined ? 0 : int(i['casDefence'], 'CAS', 0, 10),
  };
}

/** The odds inputs for a combat (13.3–13.8): totals with CAS, and every column shift with its rule and cap. */
export function combatInput(
  c: BoCombat,
  readings: Readonly<Record<string, string>> = DEFAULT_READINGS,
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
  if (art) {
    const nonArt = attack - mortar * (c.terrain === 'clear' ? 2 : 1);
    const used = Math.min(art, Math.max(0, nonArt));
    attack += used;
    notes.push({
      key: used < art ? 'bo.combat.artCapped' : 'bo.combat.art',
      params: { af: used, cap: Math.max(0, nonArt) },
      rule: '13.2',
    });
  }
  if (c.support18) {
    attack += c.support18;
    notes.push({ key: 'bo.combat.support18', params: { af: c.support18 }, rule: '13.1' });
  }
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
  return { attack: attack + (c.cas ?? 0), defence: c.defence + casDefence, shifts, caps, notes };
}

/** Combat (13): odds rounded for the defender, shifts with caps, automatic results beyond the table, 1d6, effects. */
export const combat: Procedure = (input, api) => {
  const c = readCombat(input);
  const t = api.table('bo-crt');
  const ci = combatInput(c);
  need(!(c.attacker === 'german' && c.casDefence), 'bo.err.sovietCasDefence');
  const defender: Side = c.attacker === 'german' ? 'soviet' : 'german';
  const game = spendCas(spendCas(api.game, api.turn, c.attacker, c.cas ?? 0), api.turn, defender, c.casDefence ?? 0);
  const col = combatColumn(t, ci);
  const r = resolveCombat(t, ci, col.after.at === 'column' ? api.roll(t.roll!.dice) : undefined, {
    errata: api.errata,
  });
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
  if (r.automatic) lines.push({ key: 'bo.combat.automatic', rule: '13.8.1' });
  else
    lines.push({
      key: 'bo.combat.roll',
      params: { die: r.roll!.final, column: r.column!, result: String(r.result) },
      rule: '13.9',
    });
  const town = c.terrain === 'population' || c.terrain === 'fortified';
  const result = String(r.result);
  if (result.includes('DR')) lines.push({ key: town ? 'bo.effect.drIgnored' : 'bo.effect.dr', rule: '13.9' });
  if (result.includes('DL1')) lines.push({ key: 'bo.effect.dl1', rule: '13.9' });
  if (result === 'AL1') lines.push({ key: 'bo.effect.al1', rule: '13.9' });
  if (result === 'EX') lines.push({ key: 'bo.effect.ex', rule: '13.9' });
  if (result === 'AS') lines.push({ key: 'bo.effect.as', rule: '13.9' });
  lines.push({ key: 'bo.effect.triggers', rule: '4.2, 11.1' });
  const legend = t.legend![result]!;
  return {
    headline: { key: 'bo.code', params: { code: result, name: legend.name } },
    lines,
    result: { result, column: col.after.key, automatic: !!r.automatic, drIgnored: town && result.includes('DR') },
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
  const i = obj(input);
  const who = side(i['side']);
  const o = i['order'];
  need(o === 'move-combat' || o === 'combat-move', 'bo.err.input');
  need(!(who === 'soviet' && api.turn === 1 && o === 'combat-move'), 'bo.err.turn1Order');
  const prev = bo(api.game).order;
  const cur = prev && prev.turn === api.turn ? prev : { turn: api.turn };
  return {
    headline: { key: `bo.order.${o}` },
    lines: [{ key: `bo.order.${who}`, rule: '5.4' }],
    result: o as string,
    game: save(api.game, { order: { ...cur, [who]: o } }),
  };
};

/** Moves to another phase of the turn (I–XII). */
export const phase: Procedure = (input, api) => {
  const index = int(obj(input)['index'], 'phase', 0, PHASES.length - 1);
  const skipped = index === 2 && api.turn <= 2;
  return {
    headline: { key: 'bo.phase.head', params: { phase: PHASES[index]!.id } },
    lines: [{ key: `bo.phase.${PHASES[index]!.id}` }, ...(skipped ? [{ key: 'bo.phase.kgSkipped', rule: '5.3' }] : [])],
    result: index,
    game: save(api.game, { phase: { turn: api.turn, index, id: PHASES[index]!.id } }),
  };
};

/** Soviet VP at the end of the game (4.1–4.3) and the victory level. */
export const vp: Procedure = (input, api) => {
  const i = obj(input);
  const population = int(i['population'] ?? 0, 'population hexes', 0, 99);
  const fortified = int(i['fortified'] ?? 0, 'fortified localities', 0, 99);
  const outOfComms = int(i['outOfComms'] ?? 0, 'German hexes out of communications', 0, 99);
  const exited = int(i['exited'] ?? 0, 'corps exited', 0, 99);
  const divisions = Array.isArray(i['divisions'])
    ? (i['divisions'] as Json[]).map((d) => int(d, 'division steps', 1, 20))
    : [];
  const exitedVp = Math.min(4, exited);
  const total = population + 4 * fortified + outOfComms + exitedVp + divisions.reduce((a, b) => a + b, 0);
  const t = api.table('bo-victory');
  const r = t.rows.entries.findIndex(
    (e) => (e.min === undefined || total >= e.min) && (e.max === undefined || total <= e.max),
  );
  const level = String(t.cells[r]![0]);
  const lines: Line[] = [
    { key: 'bo.vp.population', params: { n: population }, rule: '4.1' },
    { key: 'bo.vp.fortified', params: { n: fortified, vp: 4 * fortified }, rule: '4.1' },
    { key: 'bo.vp.comms', params: { n: outOfComms }, rule: '4.1' },
    { key: 'bo.vp.exited', params: { n: exited, vp: exitedVp }, rule: '4.1' },
    { key: 'bo.vp.divisions', params: { n: divisions.length, vp: divisions.reduce((a, b) => a + b, 0) }, rule: '4.2' },
    { key: 'bo.vp.level', params: { total, level: t.legend![level]!.name }, rule: '4.3' },
  ];
  return { headline: { key: 'bo.vp.head', params: { total } }, lines, result: { total, level } };
};

export const procedures: Readonly<Record<string, Procedure>> = {
  'bo.weather': weather,
  'bo.air': air,
  'bo.river': river,
  'bo.combat': combat,
  'bo.special': special,
  'bo.rifle-corps': rifleCorps,
  'bo.order': order,
  'bo.phase': phase,
  'bo.vp': vp,
};

/** What the sequence of play does once per occasion: each turn's weather (phase I) and air superiority (phase II). */
export const ONCE: Readonly<Record<string, OnceRule>> = {
  'bo.weather': (_input, { turn, game }) => bo(game).weather?.turn === turn,
  'bo.air': (_input, { turn, game }) => bo(game).cas?.turn === turn,
};

export type { ProcedureApi };
