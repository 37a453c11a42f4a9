/**
 * Zitadelle: Duel for Kursk — what its data cannot say (digest 001 §3, §6, §10). Nearly every
 * chart was an image: AT fire (6.4) and the assault CRT (7.3) are rolled on as the players typed
 * them in (src/engine/player-charts.ts); the TEC's column shifts come from the text where it gives
 * them (7.41, 7.42, 7.49) and from the players' chart for the rest. Loss checks (7.6) read the
 * morale tracker of the 21 formations (7.7), level bombing's PM-1 markers (9.2) included. The
 * optional reinforcement chits (13.3) are shuffled into boxes A–H and revealed turn by turn.
 * Pure: no DOM, no Lit. Message keys are in ./messages.ts.
 */
import {
  defaultReadings,
  gameProcedures,
  inputReader,
  type Actor,
  need,
  stateSlice,
  combatColumn,
  combatDistribution,
  createCup,
  effectiveCell,
  rollDistribution,
  parseRange,
  resolveCombat,
  resolveRoll,
  type GameState,
  type Json,
  type Line,
  type Modifier,
  type Procedure,
  type ProcedureApi,
  type Sequence,
  phaseIndexOf,
  phaseStep,
  type Distribution,
  type Shift,
  type TableData,
  attemptPreview,
  type Preview,
  type PreviewEnv,
  asJson,
  type ErrataMode,
  type EnteredCells,
} from '../../engine';
import { readings } from '../../../tables/zitadelle/game.json';

export type Side = 'german' | 'soviet';
export const LAST_TURN = 9; // 1.1
const TWO_D6 = { n: 2, sides: 6 } as const;

/** The sequence of play (4.1) as data: which procedures each phase offers. */
export const PHASES = [
  { id: 'g-air', side: 'german', tools: ['level-bombing'], rule: '4.1.A1, 9.1, 9.2' },
  { id: 'g-at', side: 'german', tools: ['at'], rule: '4.1.A2, 6' },
  { id: 's-counter', side: 'soviet', tools: ['at'], rule: '4.1.A3, 6' },
  { id: 'g-assault', side: 'german', tools: ['assault', 'loss-check'], rule: '4.1.A4, 7' },
  { id: 'g-move', side: 'german', tools: ['capacity', 'd6', 'min-move'], rule: '4.1.A5, 8, 10.32' },
  { id: 'g-disorg', side: 'german', tools: [], rule: '4.1.A6, 7.88' },
  { id: 's-dive', side: 'soviet', tools: ['at'], rule: '4.1.B7, 9.3' },
  { id: 's-at', side: 'soviet', tools: ['at'], rule: '4.1.B8, 6' },
  { id: 'g-counter', side: 'german', tools: ['at'], rule: '4.1.B9, 6' },
  { id: 's-assault', side: 'soviet', tools: ['assault', 'loss-check'], rule: '4.1.B10, 7' },
  { id: 's-move', side: 'soviet', tools: ['capacity', 'd6', 'min-move', 'chits'], rule: '4.1.B11, 8, 8.42, 13.3' },
  { id: 's-disorg', side: 'soviet', tools: ['victory'], rule: '4.1.B12, 9.26, 12' },
] as const;

export type Phase = (typeof PHASES)[number];
/**
 * 13.6's German sequence (seed 001 lines 758-777), optional: air placement, movement, AT fire, the
 * Soviet AT counter-battery, assault, disorganization removal; the Soviet player turn never changes (13.64).
 */
export const VARIANT_GERMAN_ORDER = ['g-air', 'g-move', 'g-at', 's-counter', 'g-assault', 'g-disorg'] as const;

/** Readings of rules the text leaves open (digest 001 §9). */
export const READINGS = readings;
export const DEFAULT_READINGS = defaultReadings(READINGS);

// ------------------------------------------------------------------ game state

export interface Formation {
  readonly side: Side;
  /** Initial level, typed in from the formation's marker (7.72). */
  readonly initial: number;
  readonly level: number;
  /** Reinforcement units of this formation arrived so far (13.81, for the recovery rounded on the total). */
  readonly arrived?: number;
}
interface ZiState {
  readonly formations?: Readonly<Record<string, Formation>>;
  /** PM-1 markers per formation, by the game turn they count in (9.22-9.26; the reading zi.levelBombing). */
  readonly pm1?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** 13.3: the chits in boxes A–H (hidden from the German player), the boxes revealed, and each box's turn. */
  /** German steps lost so far, as the steps resolved here counted them (12.21). */
  readonly germanSteps?: number;
  /** 13.62: the game turns the German player chose the variant sequence for. */
  readonly germanOrder?: Readonly<Record<string, 'variant'>>;
  readonly chits?: {
    readonly boxes: Readonly<Record<string, string>>;
    readonly revealed: readonly string[];
    readonly turns?: Readonly<Record<string, number>>;
    /**
     * With a phone linked for each side (issue #33): the chits went into this cup, to be dealt
     * between the phones and drawn for the Soviet side in box order (card i is box BOXES[i]); no
     * device but the Soviet phone knows which box holds which, and `boxes` stays empty. Each box is
     * revealed by the Soviet phone, its proof checked (the hidden cup's reveal step).
     */
    readonly hidden?: string;
  };
}
/** Zitadelle's slice of the session's game state. */
const { read: zi, save } = stateSlice<ZiState>();

export const formationsOf = (g: GameState): Readonly<Record<string, Formation>> => zi(g).formations ?? {};
export function pm1Of(g: GameState, turn: number, formation: string): number {
  return zi(g).pm1?.[String(turn)]?.[formation] ?? 0;
}
/** The level a formation's units check against this turn: the track less its PM-1 markers, never below 1 (7.73, 9.23). */
export function effectiveMorale(g: GameState, turn: number, formation: string): number | undefined {
  const tracked = formationsOf(g)[formation];
  return tracked ? Math.max(1, tracked.level - pm1Of(g, turn, formation)) : undefined;
}
/** The index of the phase the players are in this turn, in this turn's order (the engine keeps the position: sequence.ts). */
export const phaseIndex = (g: GameState, turn: number) => phaseIndexOf(SEQUENCE, g, turn);
export const chitsOf = (g: GameState) => zi(g).chits;
/** German steps lost so far (12.21): what the victory tally starts from. */
export const germanStepsOf = (g: GameState) => zi(g).germanSteps ?? 0;

/**
 * A step a resolved fire or check took from a unit of `formation` (6.6). A German step costs 1 VP
 * (12.21, seed 001 line 681) unless the unit is a bombardment, panzer-engineer or air unit
 * ("no cuentan contra esa pérdida de pasos"). When it was the unit's last step (6.61, 6.62 lines
 * 327, 329) the unit is eliminated and its formation's marker moves one box down (7.73, line 447;
 * never below 1). A formation not on the tracker: the players update it by hand, as the line says.
 */
export function stepLost(
  g: GameState,
  o: { readonly formation: string; readonly unit: string; readonly lastStep: boolean; readonly notCounted: boolean },
): { game: GameState; lines: Line[] } {
  const all = { ...formationsOf(g) };
  const formation = all[o.formation];
  if (!formation)
    return { game: g, lines: [{ key: 'zi.st.untracked', params: { unit: o.unit }, rule: '7.73, 12.21' }] };
  const lines: Line[] = [];
  let steps = germanStepsOf(g);
  if (formation.side === 'german') {
    if (o.notCounted) lines.push({ key: 'zi.st.notCounted', rule: '12.21' });
    else {
      steps += 1;
      lines.push({ key: 'zi.st.vp', params: { steps }, rule: '12.21' });
    }
  }
  if (o.lastStep) {
    const level = Math.max(1, formation.level - 1);
    all[o.formation] = { ...formation, level };
    lines.push({
      key: 'zi.st.eliminated',
      params: { unit: o.unit, formation: o.formation, from: formation.level, to: level },
      rule: '6.61, 6.62, 7.73',
    });
  }
  return { game: save(g, { formations: all, germanSteps: steps }), lines };
}
/** This game turn's phases: 4.1's, or 13.6's German sequence when the German player chose it for this turn. */
export function phasesOf(g: GameState, turn: number): readonly Phase[] {
  if (zi(g).germanOrder?.[String(turn)] !== 'variant') return PHASES;
  const byId = (id: string) => PHASES.find((p) => p.id === id)!;
  return [...VARIANT_GERMAN_ORDER.map(byId), ...PHASES.slice(VARIANT_GERMAN_ORDER.length)];
}
/**
 * Box → turn (13.3). The text gives A = 2 (13.35's example, seed 001 line 722) and B = 3 (13.36's
 * example, line 726), and says turns 4 and 5 have two boxes each (13.32, line 716). Which of C–H
 * are turns 4 and 5, and the turns of the other two, are on the printed display: under the reading
 * zi.chitBoxes = 'in-order' C, D = 4 and E, F = 5 (the letters in the order of the turns), G and H
 * typed in; under 'typed' (default) all six are typed in by the players. Never guessed.
 */
export const BOXES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const TEXT_BOX_TURNS: Readonly<Record<string, number>> = { A: 2, B: 3 };
export const IN_ORDER_BOX_TURNS: Readonly<Record<string, number>> = { ...TEXT_BOX_TURNS, C: 4, D: 4, E: 5, F: 5 };
/** How the app read boxes C-H before #31 (not in the text): only for steps stored then, so that they replay. */
const LEGACY_BOX_TURNS: Readonly<Record<string, number>> = { ...IN_ORDER_BOX_TURNS, G: 6, H: 7 };
/** The boxes the players type the turn of, under a reading of zi.chitBoxes. */
export const typedBoxes = (reading: string | undefined): readonly string[] =>
  BOXES.filter((b) => !(b in (reading === 'in-order' ? IN_ORDER_BOX_TURNS : TEXT_BOX_TURNS)));
/** Each box's turn in this game, once the chits are placed. */
export const boxTurnsOf = (g: GameState): Readonly<Record<string, number>> => chitsOf(g)?.turns ?? TEXT_BOX_TURNS;

// ------------------------------------------------------------------ helpers

// The engine's shared readers, refusing with this game's keys (zi.err.*, in ./messages.ts).
const { obj, int } = inputReader('zi');
const text = (v: Json | undefined) =>
  String(v ?? '')
    .trim()
    .slice(0, 40);
const flag = (i: Record<string, Json>, k: string) => i[k] === true;
const readingsOf = (api: Pick<ProcedureApi, 'readings'>): Record<string, string> => ({
  ...DEFAULT_READINGS,
  ...api.readings,
});

/** The AT-strength column of the typed-in AT Fire Table: a column whose key is that strength or a range holding it. */
export function strengthColumn(t: TableData, strength: number): string | undefined {
  return t.columns.entries.find((e) => {
    const range = parseRange(e.key);
    return range.ok && (range.value.min ?? -Infinity) <= strength && strength <= (range.value.max ?? Infinity);
  })?.key;
}

// ------------------------------------------------------------------ AT fire (6.4, 6.5; dive bombers 9.31e)

export interface AtInput {
  readonly strength: number;
  readonly armor: number;
  /** 13.46: a regiment with an attached Tiger company fires at +1 AT strength. */
  readonly tiger?: boolean;
  /** 13.46: a Tiger company makes the target's armor 5. */
  readonly tigerTarget?: boolean;
  readonly heights?: boolean;
  readonly entrenchedRifle?: boolean;
  readonly stream?: boolean;
  readonly river?: boolean;
  readonly screened?: boolean;
  readonly lake?: boolean;
  /** A dive bomber's attack (9.31e): strength 3, none of the 6.5 modifiers; +3 at the Soviet's option in forest or town. */
  readonly dive?: boolean;
  readonly forestTown?: boolean;
}

export function readAt(input: Json): AtInput {
  const fields = obj(input);
  const dive = flag(fields, 'dive');
  return {
    strength: dive ? 3 : int(fields['strength'], 'AT strength', 1, 20),
    armor: int(fields['armor'], 'armor value', 0, 10),
    ...Object.fromEntries(
      ['tiger', 'tigerTarget', 'heights', 'entrenchedRifle', 'stream', 'river', 'screened', 'lake', 'forestTown']
        .filter((k) => flag(fields, k))
        .map((k) => [k, true]),
    ),
    ...(dive ? { dive: true } : {}),
  };
}

/** The die-roll modifiers of 6.5 (or 9.31e for a dive bomber), each with its rule. */
export function atModifiers(api: Pick<ProcedureApi, 'table'>, a: AtInput): Modifier[] {
  need(!a.lake, 'zi.err.lake');
  if (a.dive) return a.forestTown ? [{ value: 3, label: 'zi.mod.forestTown', rule: '9.31e' }] : [];
  const table = api.table('zi-at-fire-modifiers');
  const row = (key: string) => table.cells[table.rows.entries.findIndex((e) => e.key === key)]![0] as number;
  const mods: Modifier[] = [];
  if (a.heights) mods.push({ value: row('heights'), label: 'zi.mod.heights', rule: '6.51' });
  if (a.entrenchedRifle) mods.push({ value: row('entrenched-rifle'), label: 'zi.mod.entrenchedRifle', rule: '6.52' });
  if (a.stream) mods.push({ value: row('stream'), label: 'zi.mod.stream', rule: '6.53' });
  if (a.river) mods.push({ value: row('river'), label: 'zi.mod.river', rule: '6.54' });
  if (a.screened) mods.push({ value: row('screened'), label: 'zi.mod.screened', rule: '6.55' });
  return mods;
}

/** AT fire (6.4): 2d6 + modifiers on the typed-in AT Fire Table at the firer's strength; a result above the armor removes a step. */
export const atFire: Procedure = (input, api) => {
  const fire = readAt(input);
  const table = api.table('zi-at-fire-table');
  const strength = fire.strength + (fire.tiger && !fire.dive ? 1 : 0);
  const armor = fire.tigerTarget ? 5 : fire.armor;
  const lines: Line[] = [];
  if (fire.dive) lines.push({ key: 'zi.at.dive', rule: '9.31e' });
  if (fire.tiger && !fire.dive) lines.push({ key: 'zi.at.tiger', params: { strength }, rule: '13.46' });
  if (fire.tigerTarget) lines.push({ key: 'zi.at.tigerTarget', rule: '13.46' });
  const column = table.columns.entries.length ? strengthColumn(table, strength) : undefined;
  need(!table.columns.entries.length || column, 'zi.err.noStrength', { strength });
  const mods = atModifiers(api, fire);
  const resolution = resolveRoll(table, api.roll(TWO_D6), mods, {
    errata: api.errata,
    entered: api.entered?.[table.id],
    ...(column ? { other: column } : {}),
  });
  api.counted(table, resolution);
  const value = Number(resolution.result);
  const hit = value > armor;
  lines.push(
    {
      key: 'zi.at.roll',
      params: {
        dice: resolution.roll!.dice.total,
        mods: mods.map((m) => `${m.value > 0 ? '+' : ''}${m.value}`).join(' ') || '0',
        final: resolution.roll!.final,
      },
      rule: '6.4, 6.5',
    },
    { key: 'zi.at.cell', params: { row: resolution.row!, column: resolution.column!, value }, rule: '6.4' },
    { key: hit ? 'zi.at.hit' : 'zi.at.miss', params: { value, armor }, rule: hit ? '6.4, 6.6' : '6.4' },
  );
  if (hit) lines.push({ key: 'zi.at.stepLoss', rule: '6.61, 6.62, 6.63, 12.21' });
  // The target's formation, when named: the step is counted and an elimination moves its morale (7.73, 12.21).
  const fields = obj(input);
  const formation = text(fields['formation']);
  need(!formation || formationsOf(api.game)[formation], 'zi.err.formation', { formation });
  const loss =
    hit && formation
      ? stepLost(api.game, {
          formation,
          unit: text(fields['unit']) || '—',
          lastStep: flag(fields, 'lastStep'),
          notCounted: false,
        })
      : undefined;
  if (loss) lines.push(...loss.lines);
  return {
    headline: { key: hit ? 'zi.at.head.hit' : 'zi.at.head.miss', params: { value, armor } },
    lines,
    result: { hit, value, armor, strength, final: resolution.roll!.final },
    ...(loss ? { game: loss.game } : {}),
  };
};

// ------------------------------------------------------------------ assault (7.3, 7.4, 7.5)

export type Terrain = 'clear' | 'village' | 'heights' | 'forest' | 'town' | 'heights-village';
export const TERRAINS: readonly Terrain[] = ['clear', 'village', 'heights', 'forest', 'town', 'heights-village'];

export interface AssaultInput {
  readonly attacker: Side;
  readonly attack: number;
  readonly defence: number;
  /** Highest armor value among the attackers, Ferdinands ignored (7.45, 10.33). */
  readonly attackerArmor: number;
  /** Highest armor value among the defenders, armored units in the hex included, Ferdinands ignored (7.46, 10.33). */
  readonly defenderArmor: number;
  readonly terrain: Terrain;
  /** Soviet non-armored defender in an entrenchment or improvised position (7.43). */
  readonly position: 'none' | 'entrenchment' | 'improvised';
  /** Defender attacked entirely across stream or river hexsides (7.44). */
  readonly water: 'none' | 'stream' | 'river';
  /** German: all three units of one division take part (7.47). */
  readonly division: boolean;
  /** Turn 1, German: the participating bombardment unit's factor (7.48, 10.13). */
  readonly bombardment: number;
  /** Turn 1, German: a participating panzer engineer negates the entrenchment (10.23). */
  readonly engineer: boolean;
  readonly attackers: readonly string[];
  readonly defenders: readonly string[];
}

export function readAssault(input: Json): AssaultInput {
  const fields = obj(input);
  need(fields['attacker'] === 'german' || fields['attacker'] === 'soviet', 'zi.err.side');
  const terrain = String(fields['terrain'] ?? 'clear') as Terrain;
  need(TERRAINS.includes(terrain), 'zi.err.input');
  const position = String(fields['position'] ?? 'none');
  need(['none', 'entrenchment', 'improvised'].includes(position), 'zi.err.input');
  const water = String(fields['water'] ?? 'none');
  need(['none', 'stream', 'river'].includes(water), 'zi.err.input');
  const names = (k: string) =>
    (Array.isArray(fields[k]) ? (fields[k] as Json[]) : []).map(text).filter(Boolean).slice(0, 12);
  return {
    attacker: fields['attacker'] as Side,
    attack: int(fields['attack'], 'attack strength', 1, 999),
    defence: int(fields['defence'], 'defence strength', 1, 999),
    attackerArmor: int(fields['attackerArmor'] ?? 0, 'attacker armor', 0, 10),
    defenderArmor: int(fields['defenderArmor'] ?? 0, 'defender armor', 0, 10),
    terrain,
    position: position as AssaultInput['position'],
    water: water as AssaultInput['water'],
    division: flag(fields, 'division'),
    bombardment: int(fields['bombardment'] ?? 0, 'bombardment factor', 0, 20),
    engineer: flag(fields, 'engineer'),
    attackers: names('attackers'),
    defenders: names('defenders'),
  };
}

/** A TEC "assault column shift" cell: "L1", "L2" (printed from the text, or typed in). */
function tecShift(api: Pick<ProcedureApi, 'table' | 'errata' | 'entered'>, row: string): number {
  const table = api.table('zi-tec');
  const rowAt = table.rows.entries.findIndex((e) => e.key === row);
  const column = table.columns.entries.findIndex((e) => e.key === 'assault-shift');
  const cell = effectiveCell(table, rowAt, column, api.errata, api.entered?.[table.id]).value;
  const label = table.rows.entries[rowAt]?.label;
  const names = { rowEn: label?.en ?? row, rowEs: label?.es ?? row };
  need(cell !== null, 'zi.err.tecMissing', names);
  const match = /^\s*([LR])\s*(\d)\s*$/i.exec(String(cell));
  need(match, 'zi.err.tecValue', { ...names, value: String(cell) });
  return (match[1]!.toUpperCase() === 'L' ? -1 : 1) * Number(match[2]);
}

/** The column shifts of 7.4 for an assault, each with its source. */
export function assaultShifts(
  api: Pick<ProcedureApi, 'table' | 'errata' | 'entered' | 'turn'>,
  a: AssaultInput,
): Shift[] {
  const shifts: Shift[] = [];
  const german = a.attacker === 'german';
  if (a.terrain !== 'clear')
    shifts.push({
      amount: tecShift(api, a.terrain),
      label: `zi.shift.${a.terrain}`,
      rule: a.terrain === 'village' || a.terrain === 'heights' ? '7.41' : '7.42',
    });
  if (a.position !== 'none') {
    need(german, 'zi.err.positionSoviet');
    if (a.position === 'entrenchment' && a.engineer) {
      need(api.turn === 1, 'zi.err.turn1');
      shifts.push({ amount: 0, label: 'zi.shift.engineer', rule: '10.23' });
    } else shifts.push({ amount: tecShift(api, a.position), label: `zi.shift.${a.position}`, rule: '7.43' });
  }
  if (a.water !== 'none') shifts.push({ amount: tecShift(api, a.water), label: `zi.shift.${a.water}`, rule: '7.44' });
  if (a.attackerArmor) shifts.push({ amount: a.attackerArmor, label: 'zi.shift.attackerArmor', rule: '7.45, 10.33' });
  if (a.defenderArmor) shifts.push({ amount: -a.defenderArmor, label: 'zi.shift.defenderArmor', rule: '7.46, 10.33' });
  if (a.division) {
    need(german, 'zi.err.germanOnly');
    shifts.push({ amount: 2, label: 'zi.shift.division', rule: '7.47' });
  }
  if (a.bombardment) {
    need(german, 'zi.err.germanOnly');
    need(api.turn === 1, 'zi.err.turn1');
    shifts.push({ amount: a.bombardment, label: 'zi.shift.bombardment', rule: '7.48, 10.13' });
  }
  return shifts;
}

/** Which loss checks a CRT result requires (7.5, 7.64 defender first), with the result's modifier. */
export function lossChecksFor(code: string): { side: 'attacker' | 'defender'; n: number; eliminated?: boolean }[] {
  const match = /^([AD])([C123E])$/.exec(code);
  if (code === 'BC')
    return [
      { side: 'defender', n: 0 },
      { side: 'attacker', n: 0 },
    ];
  if (!match) return [];
  const side = match[1] === 'A' ? 'attacker' : 'defender';
  if (match[2] === 'E') return [{ side, n: 0, eliminated: true }];
  return [{ side, n: match[2] === 'C' ? 0 : Number(match[2]) }];
}

/** Assault (7.3): odds rounded for the defender on the typed-in CRT, shifts (7.4), 2d6, the result and its loss checks. */
export const assault: Procedure = (input, api) => {
  const asked = readAssault(input);
  const table = api.table('zi-crt');
  const shifts = assaultShifts(api, asked);
  const input0 = { attack: asked.attack, defence: asked.defence, shifts };
  // An automatic result beyond the CRT's ends (as the players defined them) needs no roll.
  const automatic = combatColumn(table, input0).after.at !== 'column';
  const resolution = resolveCombat(table, input0, automatic ? undefined : api.roll(TWO_D6), {
    errata: api.errata,
    entered: api.entered?.[table.id],
  });
  api.counted(table, resolution);
  const code = String(resolution.result);
  const lines: Line[] = [
    {
      key: 'zi.as.odds',
      params: { attack: asked.attack, defence: asked.defence, column: resolution.odds!.before.key },
      rule: '7.3',
    },
    ...resolution.odds!.shifts.map((s) => ({
      key: String(s.label),
      params: { amount: s.applied > 0 ? `R${s.applied}` : s.applied < 0 ? `L${-s.applied}` : '0' },
      ...(s.rule ? { rule: s.rule } : {}),
    })),
    { key: 'zi.as.column', params: { column: resolution.column! }, rule: '7.3' },
  ];
  if (resolution.roll)
    lines.push({ key: 'zi.as.roll', params: { dice: resolution.roll.dice.total, row: resolution.row! }, rule: '7.3' });
  lines.push({ key: 'zi.as.result', params: { code, name: resolution.name ?? code }, rule: '7.5' });
  const checks = lossChecksFor(code);
  for (const c of checks) {
    const units = c.side === 'attacker' ? asked.attackers : asked.defenders;
    if (c.eliminated)
      lines.push({ key: `zi.as.eliminated.${c.side}`, rule: c.side === 'defender' ? '7.5, 7.67' : '7.5' });
    else
      lines.push({
        key: `zi.as.checks.${c.side}`,
        params: { n: c.n, units: units.join(', ') || '—' },
        rule: c.side === 'defender' ? '7.61, 7.64, 7.67' : '7.61, 7.64',
      });
  }
  return {
    headline: { key: 'zi.as.head', params: { code, column: resolution.column! } },
    lines,
    result: { code, column: resolution.column!, checks: asJson(checks) },
  };
};

// ------------------------------------------------------------------ loss check (7.6) and morale (7.7)

/** Loss check (7.61-7.66): 2d6 + the result's number + 2 if surrounded, against the formation's effective morale. */
export const lossCheck: Procedure = (input, api) => {
  const fields = obj(input);
  const hq = flag(fields, 'hq');
  const formation = text(fields['formation']);
  const unit = text(fields['unit']) || '—';
  const resultNumber = int(fields['n'] ?? 0, 'result number', 0, 3);
  const surrounded = flag(fields, 'surrounded');
  const morale = hq ? 12 : effectiveMorale(api.game, api.turn, formation);
  need(morale !== undefined, 'zi.err.formation', { formation });
  const dice = api.roll(TWO_D6).total;
  const roll = dice + resultNumber + (surrounded ? 2 : 0);
  // 7.66 (seed 001 line 435): an HQ's level is 12 "so it will not be forced to retreat"; a modified
  // roll can pass 12 (+3, +2 surrounded). The reading zi.hqCheck says whether that disorganizes it
  // (7.62 read literally; it still never retreats, 7.89 line 469) or has no effect (7.66's "so").
  const hqNoEffect = hq && readingsOf(api)['zi.hqCheck'] === 'no-effect';
  const disorganized = roll > morale && !hqNoEffect;
  const step = roll > 10;
  const lines: Line[] = [
    {
      key: 'zi.lc.roll',
      params: { dice, n: resultNumber, surrounded: surrounded ? 2 : 0, roll },
      rule: surrounded ? '7.61, 7.65' : '7.61',
    },
    hq
      ? { key: 'zi.lc.hq', rule: '7.66' }
      : {
          key: 'zi.lc.morale',
          params: { formation, morale, pm1: pm1Of(api.game, api.turn, formation) },
          rule: '7.62, 9.23',
        },
  ];
  if (disorganized)
    lines.push({
      key: hq ? 'zi.lc.disorgHq' : 'zi.lc.disorg',
      params: { roll, morale },
      rule: hq ? '7.66, 7.89' : '7.62, 7.86',
    });
  else if (hqNoEffect && roll > morale) lines.push({ key: 'zi.lc.hqNoEffect', params: { roll, morale }, rule: '7.66' });
  else lines.push({ key: 'zi.lc.steady', params: { roll, morale }, rule: '7.62' });
  if (step)
    lines.push({
      key: readingsOf(api)['zi.stepRetreat'] === 'required' ? 'zi.lc.stepRetreat' : 'zi.lc.step',
      params: { roll },
      rule: '7.63 (E6), 12.21',
    });
  const head = disorganized && step ? 'both' : step ? 'step' : disorganized ? 'disorg' : 'none';
  // 7.66: an HQ has one step (6.62): its step loss eliminates it.
  const loss = step
    ? stepLost(api.game, {
        formation,
        unit,
        lastStep: hq || flag(fields, 'lastStep'),
        notCounted: flag(fields, 'notCounted'),
      })
    : undefined;
  if (loss) lines.push(...loss.lines);
  return {
    headline: { key: `zi.lc.head.${head}`, params: { unit } },
    lines,
    result: { roll, morale, disorganized, step },
    ...(loss ? { game: loss.game } : {}),
  };
};

/** The morale tracker (7.7): a formation's initial level typed in, eliminations (-1, floor 1), optional recovery (13.81). */
export const morale: Procedure = (input, api) => {
  const fields = obj(input);
  const formation = text(fields['formation']);
  need(formation, 'zi.err.formationName');
  const all = { ...formationsOf(api.game) };
  const tracked = all[formation];
  const op = String(fields['op'] ?? '');
  let lines: Line[];
  if (op === 'set') {
    need(fields['side'] === 'german' || fields['side'] === 'soviet', 'zi.err.side');
    const initial = int(fields['initial'], 'initial level', 1, 20);
    all[formation] = { side: fields['side'] as Side, initial, level: initial };
    lines = [{ key: 'zi.mo.set', params: { formation, level: initial }, rule: '7.71, 7.72' }];
  } else {
    need(tracked, 'zi.err.formation', { formation });
    if (op === 'eliminated') {
      const units = int(fields['units'] ?? 1, 'units eliminated', 1, 20);
      const level = Math.max(1, tracked.level - units);
      all[formation] = { ...tracked, level };
      lines = [{ key: 'zi.mo.eliminated', params: { formation, units, from: tracked.level, to: level }, rule: '7.73' }];
    } else if (op === 'recovery') {
      const units = int(fields['units'], 'units arriving', 1, 20);
      // 13.81 (seed 001 line 785): +1 per 2 units arriving, "una fracción se redondea al alza por
      // formación". The reading zi.recovery: each arrival rounded up by itself ('batch', default), or
      // the formation's arrivals counted together, rounded up on the total ('total').
      const before = tracked.arrived ?? 0;
      const gain =
        readingsOf(api)['zi.recovery'] === 'total'
          ? Math.ceil((before + units) / 2) - Math.ceil(before / 2)
          : Math.ceil(units / 2);
      const level = Math.min(tracked.initial, tracked.level + gain);
      all[formation] = { ...tracked, level, arrived: before + units };
      lines = [
        { key: 'zi.mo.recovery', params: { formation, units, from: tracked.level, to: level }, rule: '13.81 (E10)' },
      ];
    } else {
      need(false, 'zi.err.input');
    }
  }
  const now = all[formation]!;
  return {
    headline: { key: 'zi.mo.head', params: { formation, level: now.level } },
    lines,
    result: { formation, level: now.level },
    game: save(api.game, { formations: all }),
  };
};

/** Level bombing (9.2): 1d6 per bomber on the target army: 1-2 → a PM-1 marker for this turn, cumulative. */
/** A Soviet army on the morale tracker is what level bombing hits (9.21): its formation, or a refusal naming it. */
function bombedArmy(game: GameState, army: string): Formation {
  const formation = formationsOf(game)[army];
  need(formation && formation.side === 'soviet', 'zi.err.army', { army });
  return formation;
}

export const levelBombing: Procedure = (input, api) => {
  const army = text(obj(input)['army']);
  const formation = bombedArmy(api.game, army);
  const table = api.table('zi-level-bombing');
  const resolution = resolveRoll(table, api.roll({ n: 1, sides: 6 }), [], { errata: api.errata });
  api.counted(table, resolution);
  const code = String(resolution.result);
  // The turn the marker counts in: this game turn by 9.22 and 9.26 (seed 001 lines 579, 587), or the
  // next by 4.1's phase 1 "para el posterior turno de juego (solo)" (line 185) — the reading zi.levelBombing.
  const next = readingsOf(api)['zi.levelBombing'] === 'next-turn';
  const turn = next ? api.turn + 1 : api.turn;
  const all = zi(api.game).pm1 ?? {};
  const markers = { ...all[String(turn)] };
  if (code === 'PM-1') markers[army] = (markers[army] ?? 0) + 1;
  const eff = Math.max(1, formation.level - (markers[army] ?? 0));
  const lines: Line[] = [
    {
      key: 'zi.lb.roll',
      params: { die: resolution.roll!.dice.total, code, name: resolution.name ?? code },
      rule: '9.21, 9.22, 9.24',
    },
    next
      ? {
          key: 'zi.lb.effectiveNext',
          params: { army, level: formation.level, markers: markers[army] ?? 0, eff, turn },
          rule: '4.1 (E2)',
        }
      : {
          key: 'zi.lb.effective',
          params: { army, level: formation.level, markers: markers[army] ?? 0, eff },
          rule: '9.23, 9.26',
        },
  ];
  return {
    headline: { key: code === 'PM-1' ? 'zi.lb.head.hit' : 'zi.lb.head.miss', params: { army } },
    lines,
    result: { code, effective: eff, turn },
    game: save(api.game, { pm1: { ...all, [String(turn)]: markers } }),
  };
};

// ------------------------------------------------------------------ 13.3 optional reinforcement chits

/**
 * Each box's turn for this game: A = 2, B = 3 from the text; the others as the reading zi.chitBoxes
 * says, those it leaves open typed in by the players (`typed`: box → turn). 13.32 (line 716): turns 4
 * and 5 have two boxes each — a typing that breaks it is refused, in words.
 */
export function chitTurns(reading: string | undefined, typed: Json | undefined): Record<string, number> {
  const given = obj(typed ?? {});
  const turns: Record<string, number> = { ...(reading === 'in-order' ? IN_ORDER_BOX_TURNS : TEXT_BOX_TURNS) };
  for (const b of typedBoxes(reading)) {
    const typedTurn = given[b];
    need(typedTurn !== undefined && typedTurn !== '', 'zi.err.boxTurn', { box: b });
    turns[b] = int(typedTurn, `box ${b}`, 2, LAST_TURN);
  }
  const count = (turn: number) => Object.values(turns).filter((x) => x === turn).length;
  need(count(4) === 2 && count(5) === 2, 'zi.err.boxTurns45');
  return turns;
}

/** The scenario's cup of the optional reinforcement chits (13.3), where a hidden placement puts them. */
export const ZI_CHIT_CUP = 'zi-optional-reinforcement-chits';

/**
 * 13.32: the eight chits the players name (from the printed chits), shuffled into boxes A–H by the
 * seeded RNG — on one device, hidden from the German player on screen only. With `hidden: true`
 * (each side's phone linked, issue #33) the chits go into the scenario's cup instead, to be dealt
 * between the phones and drawn for the Soviet side box by box: 13.32 (seed 001 line 716) "Ninguno
 * de los jugadores puede mirar el reverso de estos Chits durante la colocación" — both phones
 * shuffle; 13.33 (line 720) "el jugador soviético podrá mirar el reverso de todos los Chits" — the
 * Soviet phone opens them all; 13.37 (line 728) "El jugador alemán nunca podrá mirar en el Chit …
 * hasta que el Chit sea jugado" — no other device can read one before its reveal.
 */
export const chitsSetup: Procedure = (input, api): ReturnType<Procedure> => {
  const names = (Array.isArray(obj(input)['chits']) ? (obj(input)['chits'] as Json[]) : []).map(text);
  need(names.length === 8 && names.every(Boolean), 'zi.err.chits');
  need(!chitsOf(api.game), 'zi.err.chitsDone');
  // A step stored before the box turns were asked for (#31) has no `turns`: it replays as the app then
  // read the boxes (C-H = 4, 4, 5, 5, 6, 7), and says so. Every new step sends the turns typed in.
  const legacy = !('turns' in obj(input));
  const turns = legacy ? LEGACY_BOX_TURNS : chitTurns(readingsOf(api)['zi.chitBoxes'], obj(input)['turns']);
  if (obj(input)['hidden'] === true) {
    const cup = api.cups[ZI_CHIT_CUP];
    need(cup && cup.chits.length === 0 && cup.next.length === 0, 'zi.err.chitCup');
    return {
      headline: { key: 'zi.ch.head.setup' },
      lines: [{ key: 'zi.ch.setupHidden', rule: '13.32, 13.33, 13.37' }],
      result: { placed: 8, hidden: true },
      game: save(api.game, { chits: { boxes: {}, revealed: [], turns, hidden: ZI_CHIT_CUP } }),
      cups: { [ZI_CHIT_CUP]: { ...cup, chits: names } },
    };
  }
  let cup = createCup('zi-chits', names, 'none');
  const boxes: Record<string, string> = {};
  for (const box of BOXES) {
    const draw = api.drawChit(cup);
    boxes[box] = draw.chit;
    cup = draw.cup;
  }
  return {
    headline: { key: 'zi.ch.head.setup' },
    // The boxes are not named here: the log shows the German player only that the chits were placed.
    lines: [{ key: 'zi.ch.setup', rule: '13.32, 13.33' }, ...(legacy ? [{ key: 'zi.ch.legacy', rule: '13.32' }] : [])],
    result: { placed: 8 },
    game: save(api.game, { chits: { boxes, revealed: [], turns } }),
  };
};

/** 13.34-13.37: this turn's chit(s) are played and shown to the German player. */
export const chitsReveal: Procedure = (_input, api) => {
  const chits = chitsOf(api.game);
  need(chits, 'zi.err.noChits');
  // Placed between the phones: only the Soviet phone can show a box (its reveal, checked by every device).
  need(!chits.hidden, 'zi.err.boxesOnPhone');
  const due = Object.entries(boxTurnsOf(api.game))
    .filter(([b, turn]) => turn === api.turn && !chits.revealed.includes(b))
    .map(([b]) => b);
  need(due.length, 'zi.err.noChitThisTurn', { turn: api.turn });
  const lines: Line[] = due.map((b) => ({
    key: 'zi.ch.reveal',
    params: { box: b, chit: chits.boxes[b]! },
    rule: '13.34-13.37',
  }));
  if (due.some((b) => !(b in TEXT_BOX_TURNS))) lines.push({ key: 'zi.ch.typed', rule: '13.32' });
  return {
    headline: { key: 'zi.ch.head.reveal', params: { chits: due.map((b) => chits.boxes[b]).join(', ') } },
    lines,
    result: due.map((b) => chits.boxes[b]!),
    game: save(api.game, { chits: { ...chits, revealed: [...chits.revealed, ...due] } }),
  };
};

/** One die for movement (R6 minefield exit 8.33, R7 Panther/Ferdinand breakdown 10.32). */
export const d6: Procedure = (input, api) => {
  const kind = String(obj(input)['kind'] ?? '');
  need(kind === 'minefield' || kind === 'breakdown', 'zi.err.input');
  const die = api.roll({ n: 1, sides: 6 }).total;
  return {
    headline: { key: `zi.d6.head.${kind}`, params: { die } },
    lines: [{ key: `zi.d6.${kind}`, params: { die }, rule: kind === 'minefield' ? '8.33' : '10.32' }],
    result: die,
  };
};

/** Optional minimum move (13.71): 2d6 at or under the formation's morale, and the unit may move one hex. */
export const minMove: Procedure = (input, api) => {
  const formation = text(obj(input)['formation']);
  const morale = effectiveMorale(api.game, api.turn, formation);
  need(morale !== undefined, 'zi.err.formation', { formation });
  const roll = api.roll(TWO_D6).total;
  const ok = roll <= morale;
  return {
    headline: { key: ok ? 'zi.mm.head.ok' : 'zi.mm.head.no' },
    lines: [{ key: ok ? 'zi.mm.ok' : 'zi.mm.no', params: { roll, morale, formation }, rule: '13.71' }],
    result: ok,
  };
};

// ------------------------------------------------------------------ movement (8.1, 8.42)

/** 8.42 (seed 001 line 539): 3 MP more per air interdiction zone extending into the hex entered. */
export const INTERDICTION_MP = 3;

/**
 * The extra MP a unit pays to move into a hex over which `zones` air interdiction zones extend
 * (a dive bomber's hex and the 6 around it, 8.42 line 539; the bombers stay until the Soviet
 * disorganization removal phase, 9.31f line 603). "Las zonas de interdicción aérea no afectan a las
 * unidades alemanas ni a las retiradas de las unidades soviéticas": 0 for a German unit or a retreat.
 */
export function interdictionCost(side: Side, zones: number, retreat = false): number {
  need(Number.isInteger(zones) && zones >= 0 && zones <= 20, 'zi.err.number', { name: 'zones', min: 0, max: 20 });
  return side === 'soviet' && !retreat ? INTERDICTION_MP * zones : 0;
}

/** What the movement of a formation's units reads (8.13, 8.14, 9.25). */
export interface Capacity {
  readonly formation: string;
  readonly side: Side;
  /** The level the track shows, and the one counted this turn (less its PM-1 markers, floor 1: 9.23, 9.25, 7.73). */
  readonly track: number;
  readonly pm1: number;
  readonly level: number;
  /** The capacity on the morale track for that level; absent while the players have not typed that cell in. */
  readonly capacity?: number;
  readonly origin: 'printed' | 'entered' | 'missing' | 'erratum';
  /** Disorganized units' capacity: half, rounded down (7.87 line 465, 8.14 line 501). */
  readonly disorganized?: number;
}

/**
 * A formation's movement capacity this turn from the morale track as data (tables/zitadelle/zi-morale-track.json:
 * level 4 → 7 from 8.13's example, line 499; the other levels typed in from the printed track).
 */
export function movementCapacity(
  env: {
    readonly table: (id: string) => TableData;
    readonly game: GameState;
    readonly turn: number;
    readonly errata: ErrataMode;
    readonly entered?: Readonly<Record<string, EnteredCells>>;
  },
  formation: string,
): Capacity | undefined {
  const tracked = formationsOf(env.game)[formation];
  if (!tracked) return undefined;
  const pm1 = pm1Of(env.game, env.turn, formation);
  const level = Math.max(1, tracked.level - pm1);
  const table = env.table('zi-morale-track');
  const row = table.rows.entries.findIndex((e) => e.key === String(level));
  const cell = row < 0 ? undefined : effectiveCell(table, row, 0, env.errata, env.entered?.[table.id]);
  const value = cell && cell.value !== null ? Number(cell.value) : Number.NaN;
  const known = Number.isFinite(value);
  return {
    formation,
    side: tracked.side,
    track: tracked.level,
    pm1,
    level,
    origin: known ? cell!.origin : 'missing',
    ...(known ? { capacity: value, disorganized: Math.floor(value / 2) } : {}),
  };
}

/** Every formation of a side with its capacity this turn (the movement phase's list). */
export function movementCapacities(env: Parameters<typeof movementCapacity>[0], side: Side): Capacity[] {
  return Object.entries(formationsOf(env.game))
    .filter(([, f]) => f.side === side)
    .map(([name]) => movementCapacity(env, name)!);
}

/**
 * 9.12 (seed 001 line 565): the air units this game turn, "printed on the turn record track",
 * north / south. Each sector's number is absent while the players have not typed it in.
 */
export function airUnits(
  env: {
    readonly table: (id: string) => TableData;
    readonly errata: ErrataMode;
    readonly entered?: Readonly<Record<string, EnteredCells>>;
  },
  turn: number,
): { readonly north?: number; readonly south?: number } {
  const table = env.table('zi-turn-track');
  const row = table.rows.entries.findIndex((e) => e.key === String(turn));
  if (row < 0) return {};
  const at = (c: number) => {
    const cell = effectiveCell(table, row, c, env.errata, env.entered?.[table.id]).value;
    return cell === null ? undefined : Number(cell);
  };
  const [north, south] = [at(0), at(1)];
  return { ...(north !== undefined ? { north } : {}), ...(south !== undefined ? { south } : {}) };
}

/** Fatezh (hex 3410, N map): the one VP hex whose value the text gives (12.13). */
export const FATEZH_VP = 15;

/** German VPs at the end (12.1, 12.2) and the victory level (12.3). */
export const victory: Procedure = (input, api) => {
  const fields = obj(input);
  const fatezh = flag(fields, 'fatezh');
  const others = (Array.isArray(fields['hexes']) ? (fields['hexes'] as Json[]) : []).map((v) =>
    int(v, 'VP hex value', 0, 100),
  );
  const steps = int(fields['stepsLost'] ?? 0, 'German steps lost', 0, 999);
  const belgorod = flag(fields, 'belgorod');
  const held = (fatezh ? FATEZH_VP : 0) + others.reduce((a, b) => a + b, 0);
  const total = held - steps - (belgorod ? 20 : 0);
  const table = api.table('zi-victory-levels');
  const row = table.rows.entries.findIndex((e) => (e.min ?? -Infinity) <= total && total <= (e.max ?? Infinity));
  const level = String(table.cells[row]![0]);
  const lines: Line[] = [];
  if (fatezh) lines.push({ key: 'zi.vp.fatezh', params: { vp: FATEZH_VP }, rule: '12.13' });
  if (others.length)
    lines.push({
      key: 'zi.vp.hexes',
      params: { list: others.join(' + '), vp: held - (fatezh ? FATEZH_VP : 0) },
      rule: '12.1',
    });
  lines.push({ key: 'zi.vp.steps', params: { steps }, rule: '12.21' });
  if (belgorod) lines.push({ key: 'zi.vp.belgorod', rule: '12.22' });
  lines.push({ key: 'zi.vp.level', params: { total, level: table.legend![level]!.name }, rule: '12.3' });
  return { headline: { key: 'zi.vp.head', params: { total } }, lines, result: { total, level } };
};

/** The procedures each tool of a phase runs (the phase's offer, sequence.ts). */
const TOOL_PROCEDURES: Readonly<Record<string, readonly string[]>> = {
  'level-bombing': ['zi.level-bombing'],
  at: ['zi.at'],
  assault: ['zi.assault'],
  'loss-check': ['zi.loss-check'],
  d6: ['zi.d6'],
  'min-move': ['zi.min-move'],
  victory: ['zi.victory'],
};

/**
 * The sequence of play (4.1), or 13.6's German order on a turn the German player chose it. Moving into
 * a phase says it with turn 1's reminders (10.1, 10.2, 8.5 or 11.23); the Soviet disorganization removal
 * phase ends this turn's PM-1 markers (9.26).
 */
export const SEQUENCE: Sequence<Phase> = {
  phases: PHASES,
  order: phasesOf,
  offers: (phase) => phase.tools.flatMap((tool) => TOOL_PROCEDURES[tool] ?? []),
  enter(phase, _index, at) {
    const lines: Line[] = [{ key: 'zi.phase.now', params: { turn: at.turn }, rule: phase.rule }];
    if (at.turn === 1 && phase.id === 'g-assault') lines.push({ key: 'zi.prompt.turn1', rule: '10.1, 10.2' });
    const model = readingsOf(at)['zi.model'] === 'taken';
    if (at.turn === 1 && phase.id === 's-move')
      lines.push(
        model ? { key: 'zi.prompt.rokossovskiFree', rule: '11.23' } : { key: 'zi.prompt.rokossovski', rule: '8.5' },
      );
    if (phase.id !== 's-disorg') return { headline: { key: `zi.phase.${phase.id}` }, lines };
    lines.push({ key: 'zi.prompt.pm1', rule: '9.26, 9.31f' });
    // PM-1 markers end with the Soviet disorganization removal phase (9.26).
    const pm1 = { ...zi(at.game).pm1 };
    delete pm1[String(at.turn)];
    return { headline: { key: `zi.phase.${phase.id}` }, lines, changes: { pm1 } };
  },
};

/** When the German player may choose this turn's sequence (13.6): the reading offered, from turn 2, before his turn is under way. */
function checkGermanOrder(at: Pick<ProcedureApi, 'game' | 'turn' | 'readings'>): void {
  need(readingsOf(at)['zi.germanOrder'] === 'offered', 'zi.err.orderOff');
  need(at.turn >= 2, 'zi.err.orderTurn1');
  need(phaseIndex(at.game, at.turn) === 0, 'zi.err.orderLate');
}

/**
 * 13.6, optional (the reading zi.germanOrder): from turn 2 (13.61, line 762) the German player chooses
 * the sequence of this turn's German player turn, each turn independently (13.62, line 773), one for
 * both sectors (13.63). Chosen before the German player turn is under way (its first phase).
 */
export const germanOrder: Procedure = (input, api) => {
  checkGermanOrder(api);
  const variant = flag(obj(input), 'variant');
  const chosen = { ...zi(api.game).germanOrder };
  if (variant) chosen[String(api.turn)] = 'variant';
  else delete chosen[String(api.turn)];
  return {
    headline: { key: variant ? 'zi.order.head.variant' : 'zi.order.head.standard', params: { turn: api.turn } },
    lines: [{ key: variant ? 'zi.order.variant' : 'zi.order.standard', rule: variant ? '13.61-13.63' : '4.1, 13.62' }],
    result: variant,
    game: save(api.game, { germanOrder: chosen }),
  };
};

export const procedures = gameProcedures('zi', {
  at: atFire,
  assault,
  'loss-check': lossCheck,
  morale,
  'level-bombing': levelBombing,
  'chits-setup': chitsSetup,
  'chits-reveal': chitsReveal,
  d6,
  'min-move': minMove,
  victory,
  // Steps recorded before the engine kept the position (issue #29): the engine's phase step, stored as they were.
  phase: phaseStep(SEQUENCE, 'legacy'),
  'german-order': germanOrder,
});

/** The ids of this game's procedures: a panel that runs or names one that does not exist does not compile. */
export type ProcedureId = keyof typeof procedures;

/**
 * What one side's player does, and who acts (engine `Actors`): a linked phone is refused it for the
 * other side.
 * - 13.61 (seed 001 line 762): "solo el jugador alemán puede cambiar la secuencia alemana del juego"
 *   — the German order of the turn is the German player's choice alone.
 * - 9.21 (line 577): "el jugador soviético lanza un dado por cada unidad de bombardeo a nivel" — the
 *   Soviet player's roll (a die typed in is his, not the German's).
 * AT fire and assaults (the attacker either side, typed by either player), the morale tracker
 * (7.71: a formation's level as the counters show it) and the chits of 13.3 (drawn between the phones
 * or on the table's hand-off) stay open.
 */
export const ACTORS: Readonly<Partial<Record<ProcedureId, Actor>>> = {
  'zi.german-order': { side: 'german' },
  'zi.level-bombing': { side: 'soviet' },
};

// ------------------------------------------------------------------ previews (for the turn panel)

export type { Preview, PreviewEnv };
const attempt = attemptPreview;

/** Whether the German player may choose this turn's sequence now (13.6), or why not, in the procedure's words. */
export const germanOrderOffer = (env: PreviewEnv): Preview<object> => attempt(() => (checkGermanOrder(env), {}));

/** Whether level bombing (9.21) is offered against a formation of the tracker, or why not. */
export const levelBombingOffer = (env: PreviewEnv, army: string): Preview<object> =>
  attempt(() => (bombedArmy(env.game, army), {}));

/**
 * The numbers an AT fire or an assault reads, which the players type (blank is never 0): the firer's
 * strength unless a dive bomber fires (its strength is 3, 9.31e); an assault's strengths and armor
 * (7.45, 7.46), and on turn 1 the German bombardment factor (7.48, 10.13).
 */
export const atNumbers = (dive: boolean): readonly string[] => (dive ? ['armor'] : ['strength', 'armor']);
export const assaultNumbers = (side: string, turn: number): readonly string[] => [
  'attack',
  'defence',
  'attackerArmor',
  'defenderArmor',
  ...(side === 'german' && turn === 1 ? ['bombardment'] : []),
];

/** AT fire before the roll: the modifiers, and the exact chance of a hit against the armor on the typed-in table. */
export function atPreview(
  env: PreviewEnv,
  input: Json,
): Preview<{ hit: number; outcomes: number; total: number; unknown: number }> {
  return attempt(() => {
    const fire = readAt(input);
    const table = env.table('zi-at-fire-table');
    const strength = fire.strength + (fire.tiger && !fire.dive ? 1 : 0);
    const armor = fire.tigerTarget ? 5 : fire.armor;
    const column = strengthColumn(table, strength);
    need(column, 'zi.err.noStrength', { strength });
    const mods = atModifiers(env, fire);
    const dist: Distribution = rollDistribution(
      table,
      TWO_D6,
      mods,
      { errata: env.errata, entered: env.entered?.[table.id], other: column },
      env.sums?.(TWO_D6),
    );
    let hit = 0;
    for (const [v, c] of dist.counts) if (Number(v) > armor) hit += c;
    // Rolls landing on cells not typed in yet are neither hit nor miss: asked for when rolled (#31).
    return { hit, outcomes: dist.outcomes, total: mods.reduce((x, m) => x + m.value, 0), unknown: dist.unknown ?? 0 };
  });
}

/** An assault before the roll: its shifts, the final column and the exact chance of every result. */
export function assaultPreview(env: PreviewEnv, input: Json): Preview<{ column: string; dist: Distribution }> {
  return attempt(() => {
    const asked = readAssault(input);
    const table = env.table('zi-crt');
    const shifts = assaultShifts(env, asked);
    const col = combatColumn(table, { attack: asked.attack, defence: asked.defence, shifts });
    const dist = combatDistribution(
      table,
      { attack: asked.attack, defence: asked.defence, shifts },
      TWO_D6,
      { errata: env.errata, entered: env.entered?.[table.id] },
      env.sums?.(TWO_D6),
    );
    return { column: col.after.key, dist };
  });
}
