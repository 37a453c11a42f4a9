/**
 * ¿Resiste Stalingrado? — what its data cannot say (digest 003 §3, §7). The special die
 * (2, 3, 3, 4, 4, 5; 2.5) decides everything: opposed combat on the ground and in the air (8.1,
 * 8.3), artillery and air bombardment against the score the players typed in from the auxiliary
 * sheets (2.6, 8.2), AA fire (8.2). The tank step tracker, the once-per-turn artillery and the
 * once-per-(AA, aircraft)-pair-per-subturn rule live in the game state. Pure: no DOM, no Lit.
 * Message keys are in ./messages.ts.
 */
import {
  defaultReadings,
  gameProcedures,
  inputReader,
  need,
  stateSlice,
  effectiveCell,
  sumDistribution,
  type DiceSpec,
  type GameState,
  type Json,
  type Line,
  type Procedure,
  type ProcedureApi,
  type RulesVersions,
  type Sequence,
  phaseIndexOf,
  phaseStep,
  attemptPreview,
  type Preview,
  type PreviewEnv,
} from '../../engine';
import { readings } from '../../../tables/stalingrado/game.json';

export type Side = 'russian' | 'axis';
export const LAST_TURN = 12; // 4
export const SUBTURNS = 3; // 4, 8.3
/** The special die (2.5, seed 003 line 81). */
export const DIE: DiceSpec = { n: 1, faces: [2, 3, 3, 4, 4, 5] };

/** Unit types, as the rows of rs-unit-data (2.4). */
export const GROUND = [
  'infantry-2',
  'infantry-3',
  'cavalry',
  'tank',
  'tank-affected',
  'mech-infantry',
  'engineers',
  'field-art',
  'sp-art',
  'at-art',
  'rocket-art',
  'aa-art',
] as const;
export const AIR = ['bomber', 'fighter-bomber', 'at-aircraft', 'fighter'] as const;
export type UnitType = (typeof GROUND)[number] | (typeof AIR)[number];
const ARTILLERY = new Set(['field-art', 'sp-art', 'at-art', 'rocket-art', 'aa-art']);
/** Units that may occupy a fortification (2.4, 8.1) — and get its defence bonus. */
const FORT_TYPES = new Set(['infantry-2', 'infantry-3', 'cavalry', 'engineers', 'at-art']);
const INFANTRY = new Set(['infantry-2', 'infantry-3']);
/** AT artillery fires at, and supports against, only these (8.2). */
const AT_TARGETS = new Set(['tank', 'tank-affected', 'mech-infantry', 'sp-art', 'rocket-art']);
const SUPPORT = new Set(['field-art', 'sp-art', 'rocket-art', 'at-art']);

/** The turn as data (4, 8.3, 9): air placement, three air subturns, the Russian then the German ground phase. */
const AIR_STEPS = [
  { step: 'ru-air-move', side: 'russian', tools: ['aa'] },
  { step: 'ru-air-attack', side: 'russian', tools: ['aa', 'air-combat', 'air-bombing'] },
  { step: 'ge-air-move', side: 'axis', tools: ['aa'] },
  { step: 'ge-air-attack', side: 'axis', tools: ['aa', 'air-combat', 'air-bombing'] },
] as const;
export interface Phase {
  readonly id: string;
  /** The message key part (rs.phase.<step>). */
  readonly step: string;
  readonly side?: Side;
  readonly subturn?: number;
  readonly tools: readonly string[];
  readonly rule: string;
  /** A step of the set-up before turn 1 (6, 9 "secuencia de colocación"): offered on turn 1 only. */
  readonly setup?: true;
}
/**
 * The set-up (9, seed 003 line 127: "1.- Colocación de las fichas de ambos jugadores en sus respectivas zonas
 * de colocación. 2.- Colocación, si ha lugar a ello, de las fortificaciones, por el jugador «alemán» 3.-
 * «Preturno» de movimiento del jugador alemán"; 6, line 103: in the pre-turn the German "no puede bajo
 * ningún concepto entablar combates contra las fichas rusas"). No roll, no combat: counters are placed and
 * moved on the board.
 */
const SETUP: readonly Phase[] = [
  { id: 'setup-deploy', step: 'setup-deploy', tools: [], rule: '6, 9', setup: true },
  { id: 'setup-fortify', step: 'setup-fortify', side: 'axis', tools: [], rule: '2.4, 6, 9', setup: true },
  { id: 'setup-preturn', step: 'setup-preturn', side: 'axis', tools: [], rule: '6, 9', setup: true },
];
export const PHASES: readonly Phase[] = [
  ...SETUP,
  { id: 'air-placement', step: 'air-placement', tools: [], rule: '8.3, Seq.A 1' },
  ...[1, 2, 3].flatMap((subturn) =>
    AIR_STEPS.map((p) => ({ ...p, id: `${p.step}-${subturn}`, subturn, rule: '8.2, 8.3, Seq.A 2-5' })),
  ),
  { id: 'air-removal', step: 'air-removal', tools: [], rule: '8.3' },
  { id: 'ru-move', step: 'ru-move', side: 'russian', tools: [], rule: '7, Seq.G 1' },
  { id: 'ru-bombard', step: 'ru-bombard', side: 'russian', tools: ['bombard'], rule: '8.2, Seq.G 2' },
  { id: 'ru-supported', step: 'ru-supported', side: 'russian', tools: ['combat'], rule: '8.1, 8.2, Seq.G 3' },
  { id: 'ru-combat', step: 'ru-combat', side: 'russian', tools: ['combat'], rule: '8.1, Seq.G 4' },
  { id: 'ge-fortify', step: 'ge-fortify', side: 'axis', tools: [], rule: '2.4, Seq.G 5' },
  { id: 'ge-move', step: 'ge-move', side: 'axis', tools: [], rule: '7, Seq.G 6' },
  { id: 'ge-bombard', step: 'ge-bombard', side: 'axis', tools: ['bombard'], rule: '8.2, Seq.G 7' },
  { id: 'ge-supported', step: 'ge-supported', side: 'axis', tools: ['combat'], rule: '8.1, 8.2, Seq.G 8' },
  { id: 'ge-combat', step: 'ge-combat', side: 'axis', tools: ['combat'], rule: '8.1, Seq.G 9' },
  { id: 'end', step: 'end', tools: ['victory'], rule: '4, 5' },
];

/** Readings of rules the text leaves open (digest 003 §6), with the defaults the app uses. */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

// ------------------------------------------------------------------ game state

export type TankState = 'full' | 'affected' | 'eliminated';
export interface Tank {
  readonly side: Side;
  readonly state: TankState;
}
interface RsState {
  readonly tanks?: Readonly<Record<string, Tank>>;
  /** (AA unit, aircraft) pairs that have fired this subturn. */
  readonly aa?: { readonly turn: number; readonly subturn: number; readonly pairs: readonly string[] };
  /** The aircraft that bombed each target this subturn (7, 8.3: at most three on one target). */
  readonly bombing?: {
    readonly turn: number;
    readonly subturn: number;
    readonly stacks: Readonly<Record<string, readonly string[]>>;
  };
  /** Artillery units that have bombarded or supported this turn (8.2). */
  readonly artillery?: { readonly turn: number; readonly used: Readonly<Record<string, 'bombard' | 'support'>> };
}
/** ¿Resiste Stalingrado?'s slice of the session's game state. */
const { read: rs, save } = stateSlice<RsState>();

/** The first phase of a turn: the set-up on turn 1 (the game starts there, 6, 9), aircraft placement after. */
export const FIRST_PLAY_PHASE = SETUP.length;
export const firstPhase = (turn: number) => (turn <= 1 ? 0 : FIRST_PLAY_PHASE);
/** The phases a turn offers, by index: the set-up only before turn 1's aircraft. */
export const phasesOf = (turn: number): number[] => PHASES.map((_, k) => k).filter((k) => k >= firstPhase(turn));
/** The index of the phase the players are in this turn (the engine keeps the position: sequence.ts). */
export const phaseIndex = (game: GameState, turn: number) => phaseIndexOf(SEQUENCE, game, turn);
export const tanksOf = (game: GameState): Readonly<Record<string, Tank>> => rs(game).tanks ?? {};
export function artilleryUsed(game: GameState, turn: number): Readonly<Record<string, 'bombard' | 'support'>> {
  const artillery = rs(game).artillery;
  return artillery && artillery.turn === turn ? artillery.used : {};
}
export function aaFired(game: GameState, turn: number, subturn: number): readonly string[] {
  const fired = rs(game).aa;
  return fired && fired.turn === turn && fired.subturn === subturn ? fired.pairs : [];
}
export const riversUnfrozen = (turn: number, readings: Readonly<Record<string, string>>) =>
  turn <= (readings['rs.rivers'] === 'three' ? 3 : 2);

/** The reminders of a phase on a turn (6, 9, 2.1, 7): reinforcements, rivers, fortifications, aircraft. */
export function prompts(turn: number, index: number, readings: Readonly<Record<string, string>>): Line[] {
  const phase = PHASES[index]!;
  const out: Line[] = [];
  const unfrozen = riversUnfrozen(turn, readings);
  if (phase.step === 'ru-move' && turn === 2) out.push({ key: 'rs.prompt.5ta', rule: '6, 9' });
  if (phase.step === 'ge-move' && turn === 5) out.push({ key: 'rs.prompt.4pz', rule: '6, 9' });
  if ((phase.step === 'ru-move' || phase.step === 'ge-move') && unfrozen)
    out.push({ key: 'rs.prompt.rivers', rule: '7, 8.1' });
  if ((phase.step === 'ru-move' || phase.step === 'ge-move') && !unfrozen)
    out.push({ key: 'rs.prompt.frozen', rule: '7, 2.1' });
  if (phase.step === 'setup-deploy') {
    out.push({ key: 'rs.prompt.deploy', rule: '6' }, { key: 'rs.prompt.deploy5ta', rule: '6' });
    out.push({ key: 'rs.prompt.tanksTracker', rule: '2.3' });
  }
  if (phase.step === 'ge-fortify' || phase.step === 'setup-fortify')
    out.push({ key: 'rs.prompt.fortify', rule: '2.4' });
  if (phase.step === 'setup-fortify') out.push({ key: 'rs.prompt.fortFixed', rule: '2.4, 6' });
  if (phase.step === 'setup-preturn') out.push({ key: 'rs.prompt.preturn', rule: '6, 9' });
  if (phase.step === 'air-placement') out.push({ key: 'rs.prompt.airPlacement', rule: '6, 8.3' });
  if (phase.step === 'air-removal') out.push({ key: 'rs.prompt.airRemoval', rule: '8.3' });
  if (phase.step.endsWith('bombard') || phase.step.endsWith('supported'))
    out.push({ key: 'rs.prompt.artilleryOnce', rule: '8.2' });
  if (phase.step === 'end' && turn === LAST_TURN) out.push({ key: 'rs.prompt.lastTurn', rule: '5' });
  return out;
}

/**
 * What the current step offers (readiness from the rules): its tools, or why it has none — the set-up
 * has no roll at all (6, 9), the other steps without a tool are done on the board.
 */
export function stepOffer(game: GameState, turn: number): { phase: Phase; tools: readonly string[]; none?: Line } {
  const phase = PHASES[phaseIndex(game, turn)]!;
  if (phase.setup) return { phase, tools: [], none: { key: 'rs.offer.setup', rule: '6, 9' } };
  if (!phase.tools.length) return { phase, tools: [], none: { key: 'rs.offer.board', rule: phase.rule } };
  return { phase, tools: phase.tools };
}
/** No roll before turn 1's aircraft: the set-up places and moves counters only (6, line 103; 9, line 127). */
function notInSetup(api: Pick<ProcedureApi, 'game' | 'turn'>) {
  need(!PHASES[phaseIndex(api.game, api.turn)]!.setup, 'rs.err.setup');
}

// ------------------------------------------------------------------ input helpers

const readingsOf = (api: Pick<ProcedureApi, 'readings'>): Record<string, string> => ({
  ...DEFAULT_READINGS,
  ...api.readings,
});

// The engine's shared readers, refusing with this game's keys (rs.err.*, in ./messages.ts).
const { obj, int } = inputReader('rs');
const name = (v: Json | undefined): string =>
  String(v ?? '')
    .trim()
    .slice(0, 40);

export interface Unit {
  readonly type: UnitType;
  /** A tank's letter (e.g. "A"), or any name for artillery and AA (for the once-per-turn rules). */
  readonly id?: string;
  readonly side?: Side;
}
export interface Defender extends Unit {
  readonly fortified?: boolean;
  readonly city?: boolean;
  /** Infantry crossing an unfrozen river (8.1): defends at half its factor, rounded down. */
  readonly river?: boolean;
  /** An engineer acting as a bridge (8.1): defends at its full factor. */
  readonly bridge?: boolean;
}

function unitOf(v: Json, air: boolean): Unit & Defender {
  const fields = obj(v);
  const type = fields['type'];
  const allowed: readonly string[] = air ? AIR : GROUND;
  need(typeof type === 'string' && allowed.includes(type), air ? 'rs.err.notAircraft' : 'rs.err.notGround', {
    type: String(type),
  });
  const id = name(fields['id']);
  return {
    type: type as UnitType,
    ...(id ? { id } : {}),
    ...(fields['side'] === 'russian' || fields['side'] === 'axis' ? { side: fields['side'] } : {}),
    ...(fields['fortified'] === true ? { fortified: true } : {}),
    ...(fields['city'] === true ? { city: true } : {}),
    ...(fields['river'] === true ? { river: true } : {}),
    ...(fields['bridge'] === true ? { bridge: true } : {}),
  };
}

/**
 * A tank's state from the step tracker (2.3, seed 003 line 23: the yellow counter "con la letra «A»"):
 * a tank is known by its side and letter, and one not in the tracker is asked for — never taken as full.
 */
function trackedTank(game: GameState, u: Pick<Unit, 'id' | 'side'>): Tank {
  need(u.id, 'rs.err.tankLetter');
  const tracked = tanksOf(game)[tankKey(u)];
  need(tracked, 'rs.err.tankUnknown', { id: u.id!, side: u.side ?? '' });
  need(tracked.state !== 'eliminated', 'rs.err.tankGone', { id: u.id! });
  return tracked;
}

/** A unit's combat factor (rs-unit-data, 2.4); a tank is 6 or, affected, 4 (2.3, 8.1), from the tracker. */
export function factorOf(api: Pick<ProcedureApi, 'table' | 'game'>, u: Unit): number {
  const table = api.table('rs-unit-data');
  let type: string = u.type;
  if (u.type === 'tank' || u.type === 'tank-affected')
    type = trackedTank(api.game, u).state === 'affected' ? 'tank-affected' : 'tank';
  const row = table.rows.entries.findIndex((e) => e.key === type);
  return table.cells[row]![0] as number;
}
/** A unit type's name in both languages, from the unit table or the bombardment sheet. */
function unitLabel(api: Pick<ProcedureApi, 'table'>, type: string) {
  for (const id of ['rs-unit-data', 'rs-artillery-bombardment']) {
    const unitRow = api.table(id).rows.entries.find((x) => x.key === type);
    if (unitRow?.label) return unitRow.label;
  }
  return type;
}
const tankKey = (u: Pick<Unit, 'id' | 'side'>) => (u.side ? `${u.side}:${u.id}` : String(u.id));

/** The defender's effective factor (8.1): fortification and city +1 (E1, A3), river crossing halved. */
export function defenceFactor(
  base: number,
  d: Defender,
  readings: Readonly<Record<string, string>>,
): { value: number; lines: Line[] } {
  const lines: Line[] = [];
  let value = base;
  if (d.fortified) {
    need(FORT_TYPES.has(d.type), 'rs.err.fortType', { type: d.type });
    const bonus = readings['rs.fortBonus'] === 'two-infantry' && INFANTRY.has(d.type) ? 2 : 1;
    value += bonus;
    lines.push({
      key: 'rs.combat.fort',
      params: { bonus },
      rule: bonus === 2 ? '2.4 (E1)' : '8.1 (E1)',
    });
  }
  if (d.city) {
    const applies = readings['rs.cityScope'] === 'all-units' || FORT_TYPES.has(d.type);
    if (applies) {
      value += 1;
      lines.push({ key: 'rs.combat.city', rule: '8.1 (A3)' });
    } else lines.push({ key: 'rs.combat.cityNot', rule: '8.1 (A3)' });
  }
  if (d.river) {
    need(INFANTRY.has(d.type), 'rs.err.riverType');
    need(!d.fortified, 'rs.err.riverFort');
    const half = Math.floor(value / 2);
    lines.push({ key: 'rs.combat.river', params: { from: value, to: half }, rule: '8.1' });
    value = half;
  }
  if (d.bridge) {
    need(d.type === 'engineers', 'rs.err.bridgeType');
    lines.push({ key: 'rs.combat.bridge', rule: '8.1' });
  }
  return { value, lines };
}

/** The special die's distribution (2.5): every face alike, or in deck mode the cards left (env.sums). */
const dieSums = (env?: Pick<PreviewEnv, 'sums'>) => env?.sums?.(DIE) ?? sumDistribution(DIE);

/**
 * Exact chances of an opposed roll, die × factor each side (8.1): counts of 36. In deck mode (a
 * preview's env) the attacker draws first and the defender from the cards then left.
 */
export function opposedChances(
  attack: number,
  defence: number,
  env?: Pick<PreviewEnv, 'sums' | 'sumsAfter'>,
): { win: number; tie: number; lose: number; outcomes: number } {
  let win = 0,
    tie = 0,
    lose = 0,
    outcomes = 0;
  for (const [a, ca] of dieSums(env).counts) {
    const second = env?.sumsAfter?.(DIE, a) ?? sumDistribution(DIE);
    outcomes += ca * second.outcomes;
    for (const [d, cd] of second.counts) {
      const va = a * attack,
        vd = d * defence;
      if (va > vd) win += ca * cd;
      else if (va === vd) tie += ca * cd;
      else lose += ca * cd;
    }
  }
  return { win, tie, lose, outcomes };
}

/** Chance of hitting a score with one roll under the comparison reading (A4): counts of 6 (in deck mode, of the cards left). */
export function scoreChance(
  score: number,
  mode: string,
  env?: Pick<PreviewEnv, 'sums'>,
): { hit: number; outcomes: number } {
  const dist = dieSums(env);
  let hit = 0;
  for (const [f, c] of dist.counts) if (meets(f, score, mode)) hit += c;
  return { hit, outcomes: dist.outcomes };
}
const meets = (roll: number, score: number, mode: string) =>
  mode === 'exactly' ? roll === score : mode === 'at-most' ? roll <= score : roll >= score;

// ------------------------------------------------------------------ combat

export interface CombatInput {
  readonly kind: 'ground' | 'air';
  /** The attacking side; the defenders are the other. */
  readonly attacker: Side;
  readonly attackers: readonly Unit[];
  readonly defenders: readonly Defender[];
  /** Supporting artillery (8.2), each by type and name. */
  readonly support: readonly Unit[];
  /** With the A2 "one" reading: the index of the unit the owner chooses, per side. */
  readonly casualty?: { readonly attacker?: number; readonly defender?: number };
}

export function readCombat(input: Json): CombatInput {
  const fields = obj(input);
  const kind = fields['kind'] === 'air' ? 'air' : 'ground';
  need(fields['attacker'] === 'russian' || fields['attacker'] === 'axis', 'rs.err.side');
  const attacker = fields['attacker'] as Side;
  const defender: Side = attacker === 'russian' ? 'axis' : 'russian';
  const list = (k: string) => (Array.isArray(fields[k]) ? (fields[k] as Json[]) : []);
  const attackers = list('attackers').map((u) => ({ ...unitOf(u, kind === 'air'), side: attacker }));
  const defenders = list('defenders').map((u) => ({ ...unitOf(u, kind === 'air'), side: defender }));
  const support = list('support').map((u) => ({ ...unitOf(u, false), side: attacker }));
  need(attackers.length >= 1 && attackers.length <= 12, 'rs.err.attackers');
  need(defenders.length >= 1 && defenders.length <= 6, 'rs.err.defenders');
  const cas = obj(fields['casualty']);
  const given = (k: string) => (typeof cas[k] === 'number' ? { [k]: cas[k] as number } : {});
  return { kind, attacker, attackers, defenders, support, casualty: { ...given('attacker'), ...given('defender') } };
}

/** Everything known before the roll: the factors on each side and their explanation. */
export function combatFactors(
  api: Pick<ProcedureApi, 'table' | 'game' | 'turn' | 'readings'>,
  c: CombatInput,
): { attack: number; defence: number; lines: Line[] } {
  const readings = readingsOf(api);
  const lines: Line[] = [];
  for (const a of c.attackers) {
    if (c.kind === 'ground') need(!ARTILLERY.has(a.type), 'rs.err.artilleryAttacks', { type: a.type });
    else need(a.type !== 'bomber', 'rs.err.bomberAttacks');
  }
  if (c.kind === 'air')
    need(
      c.support.length === 0 && c.defenders.every((d) => !d.fortified && !d.city && !d.river),
      'rs.err.airModifiers',
    );
  need(readings['rs.defenders'] !== 'one-each' || c.defenders.length === 1, 'rs.err.oneDefender');
  const af = c.attackers.map((u) => factorOf(api, u));
  let attack = af.reduce((x, y) => x + y, 0);
  lines.push({ key: 'rs.combat.attackers', params: { list: af.join(' + '), sum: attack }, rule: '8.1' });
  // Supporting artillery: +1 each (8.2); AT artillery only against tanks, mech infantry, SP and rocket artillery.
  const used = artilleryUsed(api.game, api.turn);
  for (const s of c.support) {
    need(SUPPORT.has(s.type), 'rs.err.supportType', { type: s.type });
    if (s.type === 'at-art')
      need(
        c.defenders.every((d) => AT_TARGETS.has(d.type)),
        'rs.err.atSupport',
      );
    if (s.id) need(!used[s.id], 'rs.err.artilleryUsed', { unit: s.id });
  }
  if (c.support.length) {
    attack += c.support.length;
    lines.push({ key: 'rs.combat.support', params: { n: c.support.length, sum: attack }, rule: '8.2' });
  }
  let defence = 0;
  const parts: number[] = [];
  for (const d of c.defenders) {
    if (d.river) need(riversUnfrozen(api.turn, readings), 'rs.err.frozen', { turn: api.turn });
    const factor = defenceFactor(factorOf(api, d), d, readings);
    defence += factor.value;
    parts.push(factor.value);
    lines.push(...factor.lines);
  }
  lines.push({ key: 'rs.combat.defenders', params: { list: parts.join(' + '), sum: defence }, rule: '8.1 (A1)' });
  return { attack, defence, lines };
}

/** The loss of one unit (2.3, 8.1): a tank steps down (full → affected → eliminated), anything else is eliminated. */
function lose(
  api: Pick<ProcedureApi, 'table' | 'game'>,
  u: Unit & Defender,
  side: 'attacker' | 'defender',
  tanks: Record<string, Tank>,
  lines: Line[],
) {
  if (u.type === 'tank' || u.type === 'tank-affected') {
    const before = trackedTank(api.game, u).state;
    const after: TankState = before === 'full' ? 'affected' : 'eliminated';
    tanks[tankKey(u)] = { side: u.side!, state: after };
    lines.push({ key: `rs.loss.tank.${after}`, params: { id: u.id! }, rule: '2.3, 8.1' });
    return;
  }
  lines.push({ key: `rs.loss.eliminated.${side}`, params: { type: unitLabel(api, u.type) }, rule: '8.1' });
  if (u.fortified) lines.push({ key: 'rs.loss.fortStays', rule: '8.1' });
}

/** Opposed combat (8.1; air-to-air 8.3): each side rolls the special die × its factor; tie = no result. */
export const combat: Procedure = (input, api) => {
  notInSetup(api);
  const asked = readCombat(input);
  const { attack, defence, lines } = combatFactors(api, asked);
  need(defence > 0 && attack > 0, 'rs.err.factors');
  const chances = opposedChances(attack, defence, api);
  lines.unshift({ key: 'rs.combat.chances', params: { ...chances }, rule: '2.5, 8.1' });
  const dA = api.roll(DIE).total;
  const dD = api.roll(DIE).total;
  const va = dA * attack,
    vd = dD * defence;
  lines.push({ key: 'rs.combat.values', params: { dA, attack, va, dD, defence, vd }, rule: '8.1' });
  const tanks: Record<string, Tank> = { ...tanksOf(api.game) };
  let outcome: 'attacker' | 'defender' | 'tie';
  if (va === vd) {
    outcome = 'tie';
    lines.push({ key: 'rs.combat.tie', rule: '8.1' });
  } else {
    outcome = va > vd ? 'attacker' : 'defender';
    const losers = outcome === 'attacker' ? asked.defenders : asked.attackers;
    const side = outcome === 'attacker' ? 'defender' : 'attacker';
    const pick = readingsOf(api)['rs.losses'] === 'one-unit' && losers.length > 1;
    const idx = pick ? (asked.casualty?.[side] ?? 0) : -1;
    if (pick) need(idx >= 0 && idx < losers.length, 'rs.err.casualty');
    lines.push({ key: pick ? 'rs.loss.one' : 'rs.loss.all', params: { side }, rule: '8.1 (A2)' });
    losers.forEach((u, k) => {
      if (!pick || k === idx) lose(api, u, side, tanks, lines);
    });
  }
  // Supporting artillery has now supported this turn (8.2).
  const used = { ...artilleryUsed(api.game, api.turn) };
  for (const s of asked.support) if (s.id) used[s.id] = 'support';
  return {
    headline: { key: `rs.combat.head.${outcome}`, params: { va, vd } },
    lines,
    result: { outcome, va, vd, attack, defence },
    game: save(api.game, { tanks, artillery: { turn: api.turn, used } }),
  };
};

// ------------------------------------------------------------------ bombardment and AA

/**
 * The ground unit types a bombardment or an air attack may aim at (2.4, 8.2, 8.3; digest 4.2): the unit
 * types of the unit-data table, with infantry as one type and a tank whatever its state.
 */
type TargetType = Exclude<(typeof GROUND)[number], 'infantry-2' | 'infantry-3' | 'tank-affected'>;
export const GROUND_TARGETS: readonly ('infantry' | TargetType)[] = [
  'infantry',
  ...GROUND.filter((x): x is TargetType => x !== 'infantry-2' && x !== 'infantry-3' && x !== 'tank-affected'),
];
const except = (...out: readonly string[]) => GROUND_TARGETS.filter((x) => !out.includes(x));

/** Legal targets (2.4, 8.2, 8.3; digest 4.2): shooter → targets it may fire at. */
const LEGAL: Readonly<Record<string, readonly string[]>> = {
  'field-art': GROUND_TARGETS,
  'sp-art': GROUND_TARGETS,
  'rocket-art': except('rocket-art'),
  'at-art': ['tank', 'mech-infantry', 'sp-art', 'rocket-art'],
  bomber: ['tank', 'mech-infantry', 'engineers', 'field-art', 'sp-art', 'at-art', 'rocket-art'],
  'fighter-bomber': except('aa-art'),
  'at-aircraft': ['tank', 'mech-infantry', 'field-art', 'sp-art', 'at-art', 'rocket-art'],
};
/**
 * Whether a shooter may fire at a target. AT aircraft against mech infantry is a reading (A5): seed 003
 * line 37, "Pueden atacar a las fichas de carros de combate, a las fichas de artillería de todas las
 * clases, salvo a las antiaéreas y a las de infantería mecanizada" — "y a las de infantería mecanizada"
 * joins either the targets or the exceptions.
 */
export function legalTarget(shooter: string, target: string, readings: Readonly<Record<string, string>> = {}) {
  if (shooter === 'at-aircraft' && target === 'mech-infantry')
    return (readings['rs.atAircraftMech'] ?? DEFAULT_READINGS['rs.atAircraftMech']) !== 'mech-excluded';
  return !!LEGAL[shooter]?.includes(target);
}

/** The score needed, from the chart the players typed in (2.6), or undefined while it is empty. */
export function scoreNeeded(
  api: Pick<ProcedureApi, 'table' | 'entered' | 'errata'>,
  kind: 'artillery' | 'air',
  shooter: string,
  target: string,
): number | undefined {
  const table = api.table(kind === 'artillery' ? 'rs-artillery-bombardment' : 'rs-aviation-bombardment');
  const row = table.rows.entries.findIndex((e) => e.key === target),
    column = table.columns.entries.findIndex((e) => e.key === shooter);
  if (row < 0 || column < 0) return undefined;
  const cell = effectiveCell(table, row, column, api.errata, api.entered?.[table.id]).value;
  return typeof cell === 'number' ? cell : undefined;
}

/** Artillery bombardment (8.2) or air bombing (8.3): one roll against the score on the typed-in sheet. */
export const bombard: Procedure = (input, api) => {
  notInSetup(api);
  const fields = obj(input);
  const kind = fields['kind'] === 'air' ? 'air' : 'artillery';
  const shooter = String(fields['shooter'] ?? '');
  const target = String(fields['target'] ?? '');
  const unit = name(fields['unit']);
  const tank = name(fields['tank']);
  const readings = readingsOf(api);
  const index = phaseIndex(api.game, api.turn);
  // The target is the enemy of the side whose step this is (or the side the input names).
  const side: Side | undefined =
    fields['side'] === 'russian' || fields['side'] === 'axis' ? (fields['side'] as Side) : enemyOf(PHASES[index]!.side);
  // A tank target is known by its letter and state in the tracker before the roll (2.3).
  if (target === 'tank') trackedTank(api.game, { id: tank, ...(side ? { side } : {}) });
  need(legalTarget(shooter, target, readings), 'rs.err.illegalTarget', { shooter, target });
  if (kind === 'artillery') need(['field-art', 'sp-art', 'rocket-art', 'at-art'].includes(shooter), 'rs.err.input');
  else need(['bomber', 'fighter-bomber', 'at-aircraft'].includes(shooter), 'rs.err.input');
  const used = { ...artilleryUsed(api.game, api.turn) };
  if (kind === 'artillery' && unit) need(!used[unit], 'rs.err.artilleryUsed', { unit });
  const lines: Line[] = [];
  const stack = kind === 'air' ? airStack(api, fields, index) : undefined;
  if (stack) lines.push(stack.line);
  let score: number;
  const fortified = fields['fortified'] === true;
  // Only infantry, cavalry, engineers and AT artillery occupy a fortification (2.4, line 77).
  if (fortified) need(target === 'infantry' || FORT_TYPES.has(target), 'rs.err.fortType', { type: target });
  if (fortified && fortifiedScoreTyped(api, kind)) {
    // Artillery: the fortified values are on the printed sheet (8.2, line 119); the players read theirs
    // off it. Aircraft, reading A7 "air-fort-sheet": 2.4 (line 77) "varía su resistencia frente a los
    // bombardeos", read off the aviation sheet the same way.
    score = int(fields['score'], 'score', 2, 5);
    lines.push({
      key: kind === 'artillery' ? 'rs.bomb.fortScore' : 'rs.bomb.fortScoreAir',
      params: { score },
      rule: kind === 'artillery' ? '8.2' : '2.4, 8.3 (A7)',
    });
  } else {
    const s = scoreNeeded(api, kind, shooter, target);
    need(s !== undefined, 'rs.err.scoreMissing', { shooter, target });
    score = s;
    lines.push({ key: 'rs.bomb.score', params: { score }, rule: kind === 'artillery' ? '2.6, 8.2' : '2.6, 8.3' });
    // Reading A7 "air-fort-unchanged": 8.3 (line 125) gives aircraft no fortified values.
    if (fortified) lines.push({ key: 'rs.bomb.airFortUnchanged', rule: '8.3 (A7)' });
  }
  const mode = readingsOf(api)['rs.score']!;
  const ch = scoreChance(score, mode, api);
  lines.unshift({ key: `rs.bomb.chance.${mode}`, params: { ...ch, score }, rule: '2.5 (A4)' });
  const roll = api.roll(DIE).total;
  const hit = meets(roll, score, mode);
  lines.push({ key: hit ? 'rs.bomb.hit' : 'rs.bomb.miss', params: { roll, score }, rule: '2.6 (A4)' });
  const tanks: Record<string, Tank> = { ...tanksOf(api.game) };
  if (hit)
    lose(
      api,
      {
        type: target as UnitType,
        ...(tank ? { id: tank } : {}),
        ...(side ? { side } : {}),
      },
      'defender',
      tanks,
      lines,
    );
  if (kind === 'artillery' && unit) used[unit] = 'bombard';
  return {
    headline: { key: hit ? 'rs.bomb.head.hit' : 'rs.bomb.head.miss', params: { roll, score } },
    lines,
    result: { hit, roll, score },
    game: save(api.game, {
      tanks,
      artillery: { turn: api.turn, used },
      ...(stack ? { bombing: stack.next } : {}),
    }),
  };
};

const enemyOf = (side: Side | undefined): Side | undefined =>
  side === 'russian' ? 'axis' : side === 'axis' ? 'russian' : undefined;

/**
 * The aircraft on a target this subturn (7, seed 003 line 107: "Sólo para realizar un ataque, varias fichas
 * de aviones se podrán colocar, hasta un máximo de tres, sobre un hexágono ocupado por una ficha de tierra
 * enemiga"; 8.3 line 125: "El avión que quiere atacar a una ficha de tierra ha de colocarse sobre ella" —
 * and an aircraft moves once per subturn, 7): a fourth aircraft on one target is refused, and an aircraft
 * bombs once per subturn.
 */
function airStack(api: Pick<ProcedureApi, 'game' | 'turn'>, i: Readonly<Record<string, Json>>, index: number) {
  const subturn = PHASES[index]!.subturn;
  need(subturn !== undefined, 'rs.err.notAirBombing');
  const plane = name(i['aircraft']);
  const hex = name(i['hex']);
  need(plane && hex, 'rs.err.bombNames');
  const stacks = bombingsOf(api.game, api.turn, subturn);
  const on = stacks[hex] ?? [];
  const where = Object.entries(stacks).find(([, list]) => list.includes(plane));
  need(!where, 'rs.err.aircraftOnce', { aircraft: plane, hex: where?.[0] ?? '', subturn });
  need(on.length < MAX_AIRCRAFT_ON_TARGET, 'rs.err.threeAircraft', {
    hex,
    list: on.join(', '),
    n: MAX_AIRCRAFT_ON_TARGET,
  });
  const list = [...on, plane];
  return {
    next: { turn: api.turn, subturn, stacks: { ...stacks, [hex]: list } },
    line: { key: 'rs.bomb.stack', params: { hex, n: list.length, list: list.join(', ') }, rule: '7, 8.3' } as Line,
  };
}
/** At most three aircraft on one enemy ground unit, to attack it (7, seed 003 line 107). */
export const MAX_AIRCRAFT_ON_TARGET = 3;
/** The aircraft that bombed each target (by its name or hex) in a subturn. */
export function bombingsOf(
  game: GameState,
  turn: number,
  subturn: number,
): Readonly<Record<string, readonly string[]>> {
  const bombing = rs(game).bombing;
  return bombing && bombing.turn === turn && bombing.subturn === subturn ? bombing.stacks : {};
}

/** AA fire (8.2): 3 against bombers, 2 against the other aircraft; once per (AA, aircraft) pair per subturn. */
export const aa: Procedure = (input, api) => {
  const fields = obj(input);
  const gun = name(fields['aa']);
  const plane = name(fields['aircraft']);
  const type = String(fields['type'] ?? '');
  need(gun && plane, 'rs.err.aaNames');
  need((AIR as readonly string[]).includes(type), 'rs.err.notAircraft', { type });
  const index = phaseIndex(api.game, api.turn);
  const subturn = PHASES[index]!.subturn;
  need(subturn !== undefined, 'rs.err.notAir');
  const pair = `${gun}→${plane}`;
  const fired = aaFired(api.game, api.turn, subturn);
  need(!fired.includes(pair), 'rs.err.aaTwice', { aa: gun, aircraft: plane, subturn });
  const table = api.table('rs-aa-fire');
  const score = table.cells[table.rows.entries.findIndex((e) => e.key === type)]![0] as number;
  const mode = readingsOf(api)['rs.score']!;
  const ch = scoreChance(score, mode, api);
  const roll = api.roll(DIE).total;
  const hit = meets(roll, score, mode);
  const lines: Line[] = [
    { key: `rs.bomb.chance.${mode}`, params: { ...ch, score }, rule: '2.5 (A4)' },
    { key: 'rs.aa.score', params: { score, type: unitLabel(api, type) }, rule: '8.2' },
    { key: hit ? 'rs.aa.hit' : 'rs.aa.miss', params: { roll, score, aircraft: plane }, rule: '8.2' },
    { key: 'rs.aa.once', params: { aa: gun, aircraft: plane, subturn }, rule: '8.2' },
  ];
  return {
    headline: { key: hit ? 'rs.aa.head.hit' : 'rs.aa.head.miss', params: { aircraft: plane } },
    lines,
    result: { hit, roll, score },
    game: save(api.game, { aa: { turn: api.turn, subturn, pairs: [...fired, pair] } }),
  };
};

// ------------------------------------------------------------------ tracker, phases, victory

/** Adds a tank to the step tracker, or sets its state (the counters on the map are the authority). */
export const tank: Procedure = (input, api) => {
  const fields = obj(input);
  const id = name(fields['id']);
  need(id, 'rs.err.tankId');
  need(fields['side'] === 'russian' || fields['side'] === 'axis', 'rs.err.input');
  const state = fields['state'] ?? 'full';
  need(state === 'full' || state === 'affected' || state === 'eliminated', 'rs.err.input');
  const side = fields['side'] as Side;
  const tanks = { ...tanksOf(api.game), [`${side}:${id}`]: { side, state: state as TankState } };
  return {
    headline: { key: `rs.tank.head.${state}`, params: { id } },
    lines: [{ key: `rs.tank.set.${state as string}`, params: { id }, rule: '2.3' }],
    result: { id, side, state: state as string },
    game: save(api.game, { tanks }),
  };
};

/** The procedures each tool of a phase runs (the phase's offer, sequence.ts). */
const TOOL_PROCEDURES: Readonly<Record<string, readonly string[]>> = {
  aa: ['rs.aa'],
  'air-combat': ['rs.combat'],
  'air-bombing': ['rs.bombard'],
  bombard: ['rs.bombard'],
  combat: ['rs.combat'],
  victory: ['rs.victory'],
};

/**
 * The sequence of play (4, 8.3, 9): the set-up on turn 1, then each turn air placement, three air
 * subturns, the Russian then the German ground phase, the end. Moving into a phase says it with its
 * reminders (scheduled arrivals, rivers); the set-up is over once turn 1's aircraft are placed.
 */
export const SEQUENCE: Sequence<Phase> = {
  phases: PHASES,
  first: firstPhase,
  offers: (phase) => phase.tools.flatMap((tool) => TOOL_PROCEDURES[tool] ?? []),
  enter(phase, index, at) {
    need(index >= firstPhase(at.turn), 'rs.err.setupOver', { turn: at.turn });
    return {
      headline: { key: `rs.phase.${phase.step}`, params: { subturn: phase.subturn ?? 0 } },
      lines: [
        { key: 'rs.phase.now', params: { turn: at.turn }, rule: phase.rule },
        ...prompts(at.turn, index, readingsOf(at)),
      ],
    };
  },
};

/**
 * Victory (5, seed 003 line 91): "el triple de fichas que su contrario" at the end of any turn (the Russian
 * also holding all of Stalingrad), or Stalingrad after turn 12. Readings (A9): three times or more, or
 * exactly (rs.triple); aircraft counted or not (rs.countAircraft). Two points have one reading only:
 * - Fortifications never count for a side: "Si la ficha que ocupa la fortificación es eliminada del juego,
 *   la ficha de fortificación continúa en él, pudiendo ser ocupada por la ficha ... que primero llegue a
 *   ella, tanto si es del jugador «alemán» como si lo es del «ruso»" (2.4, line 77): a fortification is
 *   nobody's counter, so players count their units only.
 * - A tie in Stalingrad hexes after the last turn: "obtiene la victoria el jugador que tiene en su poder la
 *   ciudad de Stalingrado, o que posee mayor número de hexágonos de esta ciudad" (5, line 91) names no
 *   other tie-break, so equal hexes give no winner — said in words (rs.vic.hexesTie), never decided.
 */
export const victory: Procedure = (input, api) => {
  const fields = obj(input);
  const readings = readingsOf(api);
  const air = readings['rs.countAircraft'] !== 'ground-only';
  const ruGround = int(fields['russian'], 'Russian counters', 0, 999);
  const axGround = int(fields['axis'], 'Axis counters', 0, 999);
  const ruAir = air ? int(fields['russianAir'], 'Russian aircraft', 0, 99) : 0;
  const axAir = air ? int(fields['axisAir'], 'Axis aircraft', 0, 99) : 0;
  const ru = ruGround + ruAir,
    ax = axGround + axAir;
  const holdsAll = fields['russianHoldsStalingrad'] === true;
  const lines: Line[] = [
    air
      ? { key: 'rs.vic.countsAir', params: { ru, ax, ruGround, ruAir, axGround, axAir }, rule: '2.4, 5 (A9)' }
      : { key: 'rs.vic.counts', params: { ru, ax }, rule: '5 (A9)' },
  ];
  let winner: Side | null = null;
  if (ax === 0 && ru > 0) winner = 'russian';
  else if (ru === 0 && ax > 0) winner = 'axis';
  if (winner) lines.push({ key: 'rs.vic.annihilated', rule: '5' });
  const exactly = readings['rs.triple'] === 'triple-exactly';
  const triple = (a: number, b: number) => b > 0 && (exactly ? a === 3 * b : a >= 3 * b);
  if (!winner && triple(ru, ax)) {
    if (holdsAll) winner = 'russian';
    lines.push({ key: holdsAll ? 'rs.vic.tripleRu' : 'rs.vic.tripleRuNoCity', rule: '5 (A9)' });
  }
  if (!winner && triple(ax, ru)) {
    winner = 'axis';
    lines.push({ key: 'rs.vic.tripleAx', rule: '5 (A9)' });
  }
  if (!winner) lines.push({ key: exactly ? 'rs.vic.notExactly' : 'rs.vic.notTriple', rule: '5 (A9)' });
  if (!winner && victoryCountsHexes(api)) {
    const hr = int(fields['russianHexes'] ?? 0, 'Russian Stalingrad hexes', 0, 99);
    const ha = int(fields['axisHexes'] ?? 0, 'Axis Stalingrad hexes', 0, 99);
    winner = hr > ha ? 'russian' : ha > hr ? 'axis' : null;
    lines.push({ key: winner ? 'rs.vic.hexes' : 'rs.vic.hexesTie', params: { hr, ha }, rule: '5' });
  }
  return {
    headline: { key: winner ? `rs.vic.head.${winner}` : 'rs.vic.head.none' },
    lines,
    result: winner,
  };
};

export const procedures = gameProcedures('rs', {
  combat,
  bombard,
  aa,
  tank,
  // Steps recorded before the engine kept the position (issue #29): the engine's phase step, stored as they were.
  phase: phaseStep(SEQUENCE, 'legacy'),
  victory,
});

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;

/**
 * The game's rules versions (src/engine RulesVersions; every step records the version it was made
 * under). 1: the set-up before turn 1 in the sequence of play (6, 9) — which moved every phase's
 * index —, a tank known by its letter in the tracker (2.3), three aircraft on a target (7, 8.3) and
 * the readings that change a number (#31). The old code is not kept: a step of a game saved before
 * them that now replays differently keeps its recorded result (its dice checked from the seed), and
 * the game says which. A change that alters what a procedure does bumps `version` (and keeps the old
 * behaviour behind `api.rules`, or names the procedure here).
 */
export const RULES: RulesVersions = {
  version: 1,
  rewritten: {
    'rs.combat': 1,
    'rs.bombard': 1,
    'rs.aa': 1,
    'rs.phase': 1,
    'rs.victory': 1,
  } satisfies Partial<Record<ProcedureId, number>>,
};

// ------------------------------------------------------------------ previews (for the turn panel)

export type { Preview, PreviewEnv };
const attempt = attemptPreview;

/**
 * What the combat step offers now: its factors and exact chances before the roll, or why it cannot be
 * resolved — no attacking unit, no defending unit (readCombat), a rule's condition (8.1, 8.2) — in the
 * words the procedure would refuse it with. The panel renders this; it decides no readiness itself.
 */
export function combatPreview(
  env: PreviewEnv,
  input: Json,
): Preview<{ attack: number; defence: number; chances: ReturnType<typeof opposedChances> }> {
  return attempt(() => {
    notInSetup(env);
    const { attack, defence } = combatFactors(env, readCombat(input));
    need(attack > 0 && defence > 0, 'rs.err.factors');
    return { attack, defence, chances: opposedChances(attack, defence, env) };
  });
}

/** The score and the chance of a bombardment before its roll, or why it cannot be made. */
export function bombardPreview(
  env: PreviewEnv,
  kind: 'artillery' | 'air',
  shooter: string,
  target: string,
): Preview<{ score: number; hit: number; outcomes: number }> {
  return attempt(() => {
    need(legalTarget(shooter, target, readingsOf(env)), 'rs.err.illegalTarget', { shooter, target });
    const score = scoreNeeded(env, kind, shooter, target);
    need(score !== undefined, 'rs.err.scoreMissing', { shooter, target });
    return { score, ...scoreChance(score, readingsOf(env)['rs.score']!, env) };
  });
}

/**
 * What a bombardment step needs before its roll, apart from the score (readiness from the rules): not in
 * the set-up (6, 9), a tank target known to the tracker (2.3), and from the air the aircraft and its target
 * named, at most three aircraft on one target, one bombing per aircraft per subturn (7, 8.3).
 */
export function bombardStepCheck(
  env: PreviewEnv,
  kind: 'artillery' | 'air',
  input: { readonly target: string; readonly tank?: string; readonly aircraft?: string; readonly hex?: string },
): Preview<{ onTarget: readonly string[] }> {
  return attempt(() => {
    notInSetup(env);
    const index = phaseIndex(env.game, env.turn);
    const side = enemyOf(PHASES[index]!.side);
    if (input.target === 'tank') trackedTank(env.game, { id: name(input.tank), ...(side ? { side } : {}) });
    if (kind !== 'air') return { onTarget: [] };
    const stack = airStack(env, { aircraft: input.aircraft ?? '', hex: input.hex ?? '' }, index);
    return { onTarget: stack.next.stacks[name(input.hex)] ?? [] };
  });
}

/** AA's score and chance against an aircraft type (8.2). */
export function aaPreview(env: PreviewEnv, type: string): { score: number; hit: number; outcomes: number } {
  const table = env.table('rs-aa-fire');
  const score = table.cells[table.rows.entries.findIndex((e) => e.key === type)]?.[0] as number;
  return { score, ...scoreChance(score, readingsOf(env)['rs.score']!, env) };
}

/** Whether a bombardment of a fortified unit asks for the score from the sheet (8.2; aircraft: reading A7). */
export const fortifiedScoreTyped = (env: Pick<PreviewEnv, 'readings'>, kind: 'artillery' | 'air') =>
  kind === 'artillery' || readingsOf(env)['rs.airFort'] !== 'air-fort-unchanged';

/** Whether the victory count includes aircraft (reading A9, rs.countAircraft). */
/** Whether the victory count reads the Stalingrad hexes each side holds: after the last turn (5, seed 003 line 91). */
export const victoryCountsHexes = (env: Pick<PreviewEnv, 'turn'>) => env.turn >= LAST_TURN;

export const countsAircraft = (env: Pick<PreviewEnv, 'readings'>) =>
  readingsOf(env)['rs.countAircraft'] !== 'ground-only';
