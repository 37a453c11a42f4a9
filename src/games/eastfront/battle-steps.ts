/**
 * EastFront's battle as logged steps (7.x, 13.x, 14.4, 15.43; the pure mechanics are in ./battle.ts):
 * entering the battle, starting a round, firing its steps, the owner's choices on ties, and what the
 * next step offers.
 */
import { need, type Json, type Line, type Procedure } from '../../engine';
import {
  HIT_ON,
  SCENARIOS,
  SIDES,
  TERRAINS,
  UNIT_TYPES,
  WEATHERS,
  alive,
  drain,
  applyOne,
  battleEnd,
  fireOf,
  fortressLargest,
  other,
  passiveMult,
  poolDistribution,
  repulseDistribution,
  repulseThreshold,
  sealedCountOf,
  sealedRefs,
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
} from './battle';
import { DEFAULT_READINGS, save, battleOf, obj, int, oneOf } from './state';
import { scenarioOf } from './weather';

export function readBlock(value: Json, index: number): Block {
  const fields = obj(value);
  const id =
    String(fields['id'] ?? '')
      .trim()
      .slice(0, 24) || `#${index + 1}`;
  const type = oneOf(fields['type'], UNIT_TYPES, 'type');
  const cv = int(fields['cv'], id, type === 'hq' || type === 'static' ? 0 : 1, 4);
  return {
    id,
    side: oneOf(fields['side'], SIDES, 'side'),
    type,
    cv,
    ...(fields['ss'] === true && (type === 'armor' || type === 'mech') ? { ss: true } : {}),
    ...(fields['siege'] === true && type === 'infantry' ? { siege: true } : {}),
    ...(fields['largest'] === true ? { largest: true } : {}),
    ...(fields['eliminated'] === true ? { eliminated: true } : {}),
    ...(fields['repulsed'] === true ? { repulsed: true } : {}),
  };
}

/** The battle as the players enter it: hex terrain, weather, scenario, Original Defender, the assault, each side's blocks. */
export function readBattle(input: Json, fallbackScenario?: Scenario): Omit<Battle, 'rounds' | 'round'> {
  const fields = obj(input);
  const blocks = Array.isArray(fields['blocks']) ? (fields['blocks'] as Json[]).map(readBlock) : [];
  need(blocks.length <= 24, 'ef.err.tooMany');
  const ids = new Set<string>();
  for (const b of blocks) {
    need(!ids.has(b.id), 'ef.err.duplicate', { unit: b.id });
    ids.add(b.id);
  }
  const typedFields = obj(fields['assault'] ?? {});
  const assault = {
    ...(typedFields['river'] === true ? { river: true } : {}),
    ...(typedFields['air'] === true ? { air: true } : {}),
    ...(typedFields['naval'] === true ? { naval: true } : {}),
    ...(typedFields['naval'] === true && typedFields['coast'] === true ? { coast: true } : {}),
  };
  return {
    terrain: oneOf(fields['terrain'] ?? 'clear', TERRAINS, 'terrain'),
    weather: oneOf(fields['weather'] ?? 'dry', WEATHERS, 'weather'),
    scenario:
      fields['scenario'] === undefined && fallbackScenario
        ? fallbackScenario
        : oneOf(fields['scenario'], SCENARIOS, 'scenario'),
    od: oneOf(fields['od'], SIDES, 'od'),
    ...(fields['june1941'] === true ? { june1941: true } : {}),
    ...(fields['city'] === true && fields['terrain'] === 'fortress' ? { city: true } : {}),
    ...(Object.keys(assault).length ? { assault } : {}),
    // `true`: every side's blocks entered hidden (7.12); a list: those sides' only (an edit after a
    // round names the Original Defender's only: the Original Attacker's stay face up, 7.12 line 969).
    ...(fields['hidden'] === true ? { hidden: [...SIDES] } : {}),
    ...(Array.isArray(fields['hidden']) && fields['hidden'].length
      ? { hidden: SIDES.filter((s) => (fields['hidden'] as Json[]).includes(s)) }
      : {}),
    blocks,
  };
}

/**
 * The sides whose blocks were sealed on their own phone (issue #33), as the setup names them:
 * `sealed: { axis: '<sealed value id>' }`. Only for blocks entered hidden (7.12), and none of that
 * side's blocks typed in here.
 */
function readSealed(input: Json, battle: Omit<Battle, 'rounds' | 'round'>, api: Parameters<Procedure>[1]) {
  const given = obj(obj(input)['sealed'] ?? {});
  const sealed: Partial<Record<Side, { id: string; n: number }>> = {};
  for (const side of SIDES) {
    const id = given[side];
    if (id === undefined) continue;
    need(battle.hidden?.length, 'ef.err.sealedOpen');
    const value = typeof id === 'string' ? api.sealed?.[id] : undefined;
    need(value && value.side === side, 'ef.err.sealedUnknown', { side: `ef.side.${side}` });
    need(!battle.blocks.some((b) => b.side === side), 'ef.err.sealedBlocks', { side: `ef.side.${side}` });
    sealed[side] = { id: id as string, n: value.n };
  }
  return Object.keys(sealed).length ? { sealed } : {};
}

/**
 * Blocks that join the battle under way sealed on their owner's phone (issue #33), as the edit names
 * them: `join: { soviet: '<sealed value id>' }` with `continue`. 7.15 (seed 004 line 987): "El
 * movimiento de nuevas unidades a una batalla ya existente no obliga al combate, pero deben revelarse
 * si pertenecen al Atacante Original" — once a round has been fought (the battle exists from an earlier
 * phase: a new battle fights at least one round, same line), the Original Attacker's joining blocks are
 * revealed as they join and are typed in the open; the Original Defender's stand up hidden (7.12, line
 * 969) until the battle is next activated (7.14, line 979). Before the first round either side's may
 * be sealed: attackers are not revealed when they engage (6.31, line 833).
 */
function readJoin(input: Json, prev: Battle | undefined, keep: boolean, api: Parameters<Procedure>[1]) {
  const given = obj(obj(input)['join'] ?? {});
  const joining: Partial<Record<Side, { id: string; n: number }[]>> = {};
  for (const side of SIDES) {
    const have = prev?.joining?.[side] ?? [];
    const id = given[side];
    if (id !== undefined) {
      need(keep && prev, 'ef.err.joinNew');
      const value = typeof id === 'string' ? api.sealed?.[id] : undefined;
      need(value && value.side === side && !value.revealed, 'ef.err.sealedUnknown', { side: `ef.side.${side}` });
      need(!sealedRefs(prev).some((r) => r.id === id), 'ef.err.joinedAlready', { side: `ef.side.${side}` });
      need(!prev.rounds || side === prev.od, 'ef.err.joinShown', { side: `ef.sideOf.${side}` });
      joining[side] = [...have, { id: id as string, n: value.n }];
    } else if (keep && have.length) joining[side] = [...have];
  }
  return Object.keys(joining).length ? { joining } : {};
}

/**
 * The next round reveals the blocks sealed on the phones (7.14, line 979: every unrevealed unit is
 * tipped forward) — the set-up's (7.12) and those that joined under way (7.15): each sealed value must
 * have been shown (and checked against its commitment by the engine); until then the round is refused,
 * naming the side awaited.
 */
function unseal(battle: Battle, api: Parameters<Procedure>[1]): { battle: Battle; lines: Line[] } {
  const refs = sealedRefs(battle);
  if (!refs.length) return { battle, lines: [] };
  const lines: Line[] = [];
  let blocks = [...battle.blocks];
  for (const ref of refs) {
    const side = ref.side;
    const value = api.sealed?.[ref.id];
    need(value?.revealed && Array.isArray(value.value), 'ef.err.sealedWait', { side: `ef.side.${side}` });
    const shown = (value.value as Json[]).map((v, i) => readBlock(v, blocks.length + i));
    need(
      shown.every((b) => b.side === side),
      'ef.err.sealedSide',
      { side: `ef.side.${side}` },
    );
    blocks = [...blocks, ...shown];
    lines.push(
      ref.joined
        ? { key: 'ef.round.joined', params: { side: `ef.side.${side}`, n: shown.length }, rule: '7.14, 7.15' }
        : { key: 'ef.round.unsealed', params: { side: `ef.side.${side}`, n: shown.length }, rule: '7.14' },
    );
  }
  need(blocks.length <= 24, 'ef.err.tooMany');
  const ids = new Set<string>();
  for (const b of blocks) {
    need(!ids.has(b.id), 'ef.err.duplicate', { unit: b.id });
    ids.add(b.id);
  }
  const { sealed: _s, joining: _j, ...open } = battle;
  return { battle: { ...open, blocks }, lines };
}

/** Enters (or edits) the battle. A new battle starts at round 0; editing keeps the rounds fought (repulses only in the first). */
export const battleSetup: Procedure = (input, api) => {
  const read = readBattle(input, scenarioOf(api.scenario?.id));
  // Reading ef.fortressCity: a fortress that is also a major city has the city's benefits too, or only its own.
  const cityOff = read.city && api.readings['ef.fortressCity'] === 'fortress-only';
  const { city: _c, ...noCity } = read;
  const chosen = { ...(cityOff ? noCity : read), ...readSealed(input, read, api) };
  const prev = battleOf(api.game);
  need(!prev?.round || prev.round.step === 'done', 'ef.err.roundOpen');
  const keep = obj(input)['continue'] === true && prev;
  need(!(keep && chosen.sealed), 'ef.err.sealedOpen');
  // 7.12 (seed 004 line 969): "las unidades del Defensor Original se colocan siempre de pie en el Hex de
  // Batalla tras el combate, mientras que las del Atacante Original permanecerán descubiertas (boca
  // arriba)"; 7.21 (line 999): at the end of the round the OD's stand up again. Once a round has been
  // fought, an edit may keep only the Original Defender's blocks hidden. Under rules version 1 an edit's
  // `hidden: true` hid both sides' even then: kept for the steps recorded so (RULES, ./rules.ts).
  if (keep && prev.rounds > 0 && api.rules >= 2) {
    const oa = other(chosen.od);
    need(!chosen.hidden?.includes(oa), 'ef.err.hiddenShown', { side: `ef.sideOf.${oa}` });
  }
  // An edit before the first round keeps the blocks still sealed on the phones (none of theirs typed here).
  const still = keep ? prev.sealed : undefined;
  for (const side of SIDES)
    need(!(still?.[side] && chosen.blocks.some((b) => b.side === side)), 'ef.err.sealedBlocks', {
      side: `ef.side.${side}`,
    });
  const battle: Battle = {
    ...chosen,
    ...(still ? { sealed: still } : {}),
    ...readJoin(input, prev, !!keep, api),
    rounds: keep ? prev.rounds : 0,
  };
  const count = (s: Side) => battle.blocks.filter((x) => x.side === s && alive(x)).length + sealedCountOf(battle, s);
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
  const table = api.table('ef-air-power');
  const row = table.rows.entries.findIndex((e) => e.key === scenario);
  const cell = String(table.cells[row]![side === 'axis' ? 0 : 1]);
  return cell === 'TRIPLE' ? 'TF' : cell === 'DOBLE' ? 'DF' : cell === 'SIMPLE' ? 'SF' : null;
}

/** Starts a combat round (7.2): who is active, supported or not, the air attack's CV. */
export const battleRound: Procedure = (input, api) => {
  const fields = obj(input);
  let battle = battleOf(api.game);
  need(battle, 'ef.err.noBattle');
  need(!battle.round || battle.round.step === 'done', 'ef.err.roundOpen');
  const active = oneOf(fields['active'], SIDES, 'active');
  const supported = fields['supported'] !== false;
  const air = fields['air'] === undefined ? 0 : int(fields['air'], 'air', 0, 3);
  const passive = other(active);
  // Blocks sealed on the phones are shown first (7.14): the round waits for each side's reveal.
  const unsealed = unseal(battle, api);
  battle = unsealed.battle;
  const ended = battleEnd(battle);
  need(!ended, ended?.holder ? 'ef.err.over' : 'ef.err.overNone', {
    ...(ended?.holder ? { side: `ef.sideOf.${ended.holder}` } : {}),
  });
  need(
    battle.blocks.some((b) => b.side === active && alive(b)) &&
      battle.blocks.some((b) => b.side === passive && alive(b)),
    'ef.err.sides',
  );
  const lines: Line[] = [...unsealed.lines];
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
  const passiveDefence = passiveMult(battle, active, supported);
  lines.push({
    key: passiveDefence.noHits ? 'ef.round.noHits' : 'ef.round.mult',
    params: { mult: passiveDefence.mult, side: `ef.side.${passive}` },
    rule: '7.33',
  });
  for (const w of passiveDefence.why) lines.push({ key: w.key, rule: w.rule });
  let threshold = 0;
  if (battle.assault) {
    if (rounds === 1) {
      const repulseOn = repulseThreshold(battle, active, { ...DEFAULT_READINGS, ...api.readings });
      threshold = repulseOn.t;
      for (const w of repulseOn.why) lines.push({ key: w.key, rule: w.rule });
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
    result: { round: rounds, mult: passiveDefence.mult, noHits: passiveDefence.noHits, threshold },
    game: save(api.game, { battle: { ...battle, rounds, round } }),
  };
};

/** The blocks that fire in the current step, with their firepower and why. */
export function shooters(battle: Battle, readings: Readings) {
  const round = battle.round!;
  const passive = other(round.active);
  const role = round.step === 'defence' ? 'defence' : 'offence';
  const side = round.step === 'defence' ? passive : round.active;
  const largest = round.step === 'defence' ? fortressLargest(battle, passive) : undefined;
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
  const round = battle.round;
  if (!round || round.step === 'done' || round.pending) return undefined;
  const passive = passiveMult(battle, round.active, round.supported);
  if (round.step === 'air') {
    const fire = air ?? null;
    const pools = fire ? [{ fire, dice: round.air }] : [];
    const noHits = passive.noHits && readings['ef.fortressAir'] !== 'triple';
    return {
      step: round.step,
      pools,
      hits: poolDistribution(noHits ? [] : pools),
      noHits,
      mult: passive.noHits ? 3 : passive.mult,
    };
  }
  const firing = shooters(battle, readings);
  const pools: Pool[] = (['SF', 'DF', 'TF'] as const)
    .map((fire) => ({ fire, dice: firing.filter((x) => x.fire === fire).reduce((a, x) => a + x.block.cv, 0) }))
    .filter((p) => p.dice > 0);
  const dice = pools.reduce((a, p) => a + p.dice, 0);
  if (round.step === 'defence')
    return {
      step: round.step,
      pools,
      hits: poolDistribution(pools),
      noHits: false,
      mult: 1,
      ...(round.threshold
        ? { repulse: { t: round.threshold, dice, dist: repulseDistribution(dice, round.threshold) } }
        : {}),
    };
  return {
    step: round.step,
    pools,
    hits: poolDistribution(passive.noHits ? [] : pools),
    noHits: passive.noHits,
    mult: passive.mult,
  };
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
  const thisRound = battle.round!;
  if (thisRound.step !== 'done') return { battle, lines: [] };
  const lines: Line[] = [];
  for (const [id, n] of Object.entries(thisRound.partial))
    if (n > 0) lines.push({ key: 'ef.end.discard', params: { unit: id, n }, rule: '7.34, 7.35' });
  const end = battleEnd(battle);
  if (end) {
    // The battle is over: the verdict instead of the stand-up, and nothing is hidden again (line 969).
    lines.push(...endLines(battle, end));
    const { hidden: _h, ...open } = battle;
    return { battle: { ...(open as Battle), round: { ...thisRound, partial: {} } }, lines, end };
  }
  // Kept as saved games recorded it (a stored game must replay to its recorded outcome): what comes
  // next in a battle that goes on is said by the panel (battleNext), not added to the step.
  lines.push({ key: 'ef.end.round', params: { od: `ef.side.${battle.od}` }, rule: '7.21, 7.22' });
  const hide = battle.hiddenEntry ? { hidden: [battle.od] } : {};
  return { battle: { ...battle, ...hide, round: { ...thisRound, partial: {} } }, lines };
}

const toLines = (a: Applied['lines']): Line[] => a.map((l) => ({ key: l.key, params: l.params, rule: l.rule }));

/** Fires the round's next step (7.22): air attack, defensive fire (with repulses), or offensive fire; then applies what it scored. */
export const battleFire: Procedure = (_input, api) => {
  let battle = battleOf(api.game);
  need(battle?.round && battle.round.step !== 'done', 'ef.err.noRound');
  const thisRound = battle.round;
  need(!thisRound.pending, 'ef.err.choose');
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const passive = other(thisRound.active);
  const passiveDefence = passiveMult(battle, thisRound.active, thisRound.supported);
  const lines: Line[] = [];
  const shots: Json[] = [];
  let hits = 0;
  let repulses = 0;
  const parts: { repulses: number; hits: number }[] = [];
  let pending: Pending;
  if (thisRound.step === 'air') {
    const fire = airFire(api, battle.scenario, thisRound.active)!;
    const roll = api.roll({ n: thisRound.air, sides: 6 });
    const scored = roll.dice.filter((d) => d >= HIT_ON[fire]).length;
    shots.push({ unit: 'air', fire, hitOn: HIT_ON[fire], dice: roll.dice, hits: scored, repulses: 0 });
    lines.push({
      key: 'ef.fire.air',
      params: { n: thisRound.air, fire: `ef.fp.${fire}`, dice: roll.dice.join(' '), hits: scored },
      rule: '13.15',
    });
    const noHits = passiveDefence.noHits && readings['ef.fortressAir'] !== 'triple';
    if (noHits) lines.push({ key: 'ef.fire.noHits', rule: '7.4, 13.15' });
    hits = noHits ? 0 : scored;
    pending = {
      kind: 'hit',
      target: passive,
      repulses: 0,
      hits,
      mult: passiveDefence.noHits ? 3 : passiveDefence.mult,
      assault: false,
      next: 'defence',
    };
  } else {
    const defence = thisRound.step === 'defence';
    const firing = shooters(battle, readings);
    if (!firing.length) lines.push({ key: 'ef.fire.none', rule: defence ? '7.22' : '7.51' });
    for (const x of firing) {
      const roll = api.roll({ n: x.block.cv, sides: 6 });
      const scored = roll.dice.filter((d) => d >= HIT_ON[x.fire]).length;
      const rp = defence && thisRound.threshold ? roll.dice.filter((d) => d <= thisRound.threshold).length : 0;
      hits += scored;
      repulses += rp;
      parts.push({ repulses: rp, hits: scored });
      shots.push({
        unit: x.block.id,
        fire: x.fire,
        hitOn: HIT_ON[x.fire],
        dice: roll.dice,
        hits: scored,
        repulses: rp,
        ...(defence && thisRound.threshold ? { repulseOn: thisRound.threshold } : {}),
      });
      lines.push({
        key: rp ? 'ef.fire.unitRepulse' : 'ef.fire.unit',
        params: {
          unit: x.block.id,
          cv: x.block.cv,
          fire: `ef.fp.${x.fire}`,
          dice: roll.dice.join(' '),
          hits: scored,
          repulses: rp,
        },
        rule: '7.31, 7.32',
      });
      for (const w of x.why) lines.push({ key: w.key, rule: w.rule });
    }
    if (!defence && passiveDefence.noHits && hits > 0) {
      lines.push({ key: 'ef.fire.noHits', rule: '7.4' });
      hits = 0;
    }
    // Several defenders in an assault (digest §7.12, 7.51 line 1135): by default every die is pooled —
    // all repulses to the weakest, then all hits; reading by-unit applies each unit's own in turn.
    const byUnit =
      defence && thisRound.threshold > 0 && readings['ef.assaultDefenders'] === 'by-unit' && parts.length > 1;
    if (byUnit) lines.push({ key: 'ef.fire.byUnit', rule: '7.51' });
    pending = defence
      ? {
          kind: (byUnit ? parts[0]!.repulses : repulses) ? 'repulse' : 'hit',
          target: thisRound.active,
          repulses: byUnit ? parts[0]!.repulses : repulses,
          hits: byUnit ? parts[0]!.hits : hits,
          mult: 1,
          assault: thisRound.threshold > 0,
          next: 'offence',
          ...(byUnit ? { queue: parts.slice(1) } : {}),
        }
      : { kind: 'hit', target: passive, repulses: 0, hits, mult: passiveDefence.mult, assault: false, next: 'done' };
  }
  if (hits > 0 && pending.mult > 1)
    lines.push({ key: 'ef.fire.mult', params: { mult: pending.mult }, rule: pending.mult === 3 ? '7.35' : '7.34' });
  battle = { ...battle, round: { ...thisRound, pending } };
  const drained = drain(battle, readings);
  lines.push(...toLines(drained.lines));
  const finished = finish(drained.battle);
  lines.push(...finished.lines);
  const after = finished.battle;
  const prompt = after.round?.pending?.prompt;
  if (prompt) {
    const kind = after.round!.pending!.kind;
    lines.push({
      key: kind === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit',
      params: { side: `ef.side.${prompt.owner}`, list: prompt.candidates.join(', ') },
      rule: kind === 'repulse' ? '7.51' : '7.33',
    });
  }
  const headline: Line = finished.end
    ? finished.end.holder
      ? { key: 'ef.fire.headOver', params: { hits, repulses, side: `ef.sideOf.${finished.end.holder}` } }
      : { key: 'ef.fire.headOverNobody', params: { hits, repulses } }
    : { key: repulses ? 'ef.fire.headRepulse' : 'ef.fire.head', params: { hits, repulses } };
  return {
    headline,
    lines,
    result: {
      step: thisRound.step,
      shots,
      hits,
      repulses,
      ...(prompt ? { prompt: { owner: prompt.owner, candidates: [...prompt.candidates] } } : {}),
      ...(finished.end ? { over: asEnd(finished.end) } : {}),
    },
    game: save(api.game, { battle: after }),
  };
};

/** The owner's choice among equal blocks for the next hit, or the attacker's for the next repulse (7.33, 7.51). */
export const battleChoose: Procedure = (input, api) => {
  const battle = battleOf(api.game);
  const pending = battle?.round?.pending;
  need(battle && pending?.prompt, 'ef.err.noPrompt');
  const id = String(obj(input)['block'] ?? '');
  need(pending.prompt.candidates.includes(id), 'ef.err.notCandidate', {
    unit: id,
    list: pending.prompt.candidates.join(', '),
  });
  const readings = { ...DEFAULT_READINGS, ...api.readings };
  const kind = pending.kind;
  const one = applyOne(battle, id);
  const drained = drain(one.battle, readings);
  const finished = finish(drained.battle);
  const lines: Line[] = [
    {
      key: kind === 'repulse' ? 'ef.choose.repulse' : 'ef.choose.hit',
      params: { unit: id },
      rule: kind === 'repulse' ? '7.51' : '7.33',
    },
    ...toLines(one.lines),
    ...toLines(drained.lines),
    ...finished.lines,
  ];
  const prompt = finished.battle.round?.pending?.prompt;
  if (prompt)
    lines.push({
      key: finished.battle.round!.pending!.kind === 'repulse' ? 'ef.prompt.repulse' : 'ef.prompt.hit',
      params: { side: `ef.side.${prompt.owner}`, list: prompt.candidates.join(', ') },
      rule: '7.33',
    });
  return {
    headline: finished.end ? endHeadline(finished.end) : { key: 'ef.choose.head', params: { unit: id } },
    lines,
    result: {
      block: id,
      ...(prompt ? { prompt: { owner: prompt.owner, candidates: [...prompt.candidates] } } : {}),
      ...(finished.end ? { over: asEnd(finished.end) } : {}),
    },
    game: save(api.game, { battle: finished.battle }),
  };
};
