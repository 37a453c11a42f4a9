/**
 * EastFront battles (7.x, 12.24, 13.x, 14.4–14.5, 15.43, 15.5; digest 004 §3.1–3.5): firepower
 * with every override, the passive side's defence multiplier, repulse thresholds, the partial-hit
 * ledger and the strongest-first / weakest-first allocation that stops at a tie and asks the owner.
 * Pure data transforms over plain JSON; rules.ts wraps them into logged procedures.
 */
import { hitsDistribution, sumDistribution, type SumDistribution } from '../../engine';

export type Side = 'axis' | 'soviet';
export const SIDES: readonly Side[] = ['axis', 'soviet'];
export const other = (side: Side): Side => (side === 'axis' ? 'soviet' : 'axis');

export const UNIT_TYPES = [
  'armor',
  'mech',
  'infantry',
  'cavalry',
  'shock',
  'paratroop',
  'mountain',
  'coast',
  'static',
  'hq',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const TERRAINS = ['clear', 'forest', 'hill', 'swamp', 'mountain', 'major-city', 'fortress'] as const;
export type Terrain = (typeof TERRAINS)[number];
export const WEATHERS = ['dry', 'mud', 'snow'] as const;
export type Weather = (typeof WEATHERS)[number];
export const SCENARIOS = ['s41', 'w41', 's42', 'w42', 's43', 'w43', 's44', 'w44', 'edelweiss'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** SF hits on 6, DF on 5–6, TF on 4–6 (7.32, sb:FUEGO SENCILLO / DOBLE / TRIPLE). */
export type Fire = 'SF' | 'DF' | 'TF';
export const HIT_ON: Readonly<Record<Fire, number>> = { SF: 6, DF: 5, TF: 4 };

export interface Block {
  /** The owner's label for the block (e.g. "Z", "41 Pz"). */
  readonly id: string;
  readonly side: Side;
  readonly type: UnitType;
  /** Current CV (an HQ's current VM; 0 = an HQ at Ø or a static unit's cadre step). */
  readonly cv: number;
  /** SS armor (TF/TF) or SS mech (DF/TF) (2.65). */
  readonly ss?: boolean;
  /** German 54th Corps with the Siege Guns: TF against fortresses (2.63, 12.24). */
  readonly siege?: boolean;
  /** The owner's pick among the largest blocks for fortress TF (1.46, 7.32; digest §7.16). */
  readonly largest?: boolean;
  readonly eliminated?: boolean;
  /** Repulsed back across the river / to port / to the drop hex: out of this battle (7.51). */
  readonly repulsed?: boolean;
}

export interface Assault {
  readonly river?: boolean;
  readonly air?: boolean;
  readonly naval?: boolean;
  /** The naval assault is the Soviet Coast army's (15.5: repulsed on 1–2 only). */
  readonly coast?: boolean;
}

export type Step = 'air' | 'defence' | 'offence' | 'done';

export interface Pending {
  readonly kind: 'repulse' | 'hit';
  /** Side whose blocks take what is left. */
  readonly target: Side;
  readonly repulses: number;
  readonly hits: number;
  readonly mult: number;
  /** Hits go to non-repulsed attackers while any are left (7.51). */
  readonly assault: boolean;
  /** Where the round goes once this is applied. */
  readonly next: Step;
  /** The owner must pick one of these blocks for the next repulse or hit. */
  readonly prompt?: { readonly owner: Side; readonly candidates: readonly string[] };
  /**
   * Reading ef.assaultDefenders = by-unit: the next defenders' repulses and hits, each unit's applied
   * in turn after the one before (digest §7.12); absent when all the dice are pooled (the default).
   */
  readonly queue?: readonly { readonly repulses: number; readonly hits: number }[];
}

export interface Round {
  readonly active: Side;
  readonly supported: boolean;
  /** Air attack CV = directing HQ's effective VM (13.12, 13.15, 13.16); 0 = none. */
  readonly air: number;
  /** Repulse threshold this round (first round of an assault only), 0 = none. */
  readonly threshold: number;
  readonly step: Step;
  /** Partial hits per block id, from the air attack through ground fire (7.34, 7.35). */
  readonly partial: Readonly<Record<string, number>>;
  readonly pending?: Pending;
}

export interface Battle {
  readonly terrain: Terrain;
  readonly weather: Weather;
  readonly scenario: Scenario;
  /** Original Defender (7.12). */
  readonly od: Side;
  /** Axis river assaults cannot be repulsed in June 1941 (Scn S41 rule 3). */
  readonly june1941?: boolean;
  /**
   * The fortress is also a major city (Leningrad: 1.46 line 199 "Las Ciudades/Poblaciones con un hexágono
   * rodeándolas … son Fortalezas"), and reading ef.fortressCity lets 1.41 (line 173) apply there too:
   * every defender fires DF or better, and the Original Attacker, when passive, has Double Defence.
   */
  readonly city?: boolean;
  readonly assault?: Assault;
  /** Blocks entered privately (7.12, 7.14): the sides whose blocks stand upright, hidden from the opponent, until the next round reveals them. */
  readonly hidden?: readonly Side[];
  /** The battle was entered hidden: after each round the OD's blocks stand up again (7.12, 7.21). */
  readonly hiddenEntry?: boolean;
  /**
   * Blocks sealed on their side's own phone (linked devices, issue #33): the sealed value's id and its
   * count (what the opponent sees: so many blocks standing, seed line 29). They are in no device but
   * that phone until the first round reveals them (7.14): the round waits for that phone's reveal.
   */
  readonly sealed?: Readonly<Partial<Record<Side, { readonly id: string; readonly n: number }>>>;
  /**
   * Blocks moved into the battle while it is under way, sealed on their owner's phone (issue #33;
   * 7.15, seed 004 line 987: "El movimiento de nuevas unidades a una batalla ya existente no obliga al
   * combate, pero deben revelarse si pertenecen al Atacante Original"): each side's sealed values in the
   * order they joined, with their count. Once a round has been fought only the Original Defender's may
   * be sealed (the Original Attacker's are revealed as they join); the battle's next activation shows
   * them (7.14, line 979: every unrevealed unit is tipped forward), and the round waits for them.
   */
  readonly joining?: Readonly<Partial<Record<Side, readonly { readonly id: string; readonly n: number }[]>>>;
  readonly blocks: readonly Block[];
  /** Rounds fought so far (the round in progress included). */
  readonly rounds: number;
  readonly round?: Round;
}

export type Readings = Readonly<Record<string, string>>;

/** One override or rule behind a number: a message key and its rule. */
export interface Why {
  readonly key: string;
  readonly rule: string;
}

export const alive = (block: Block) => !block.eliminated && !block.repulsed;

/**
 * The battle's blocks still sealed on the phones (issue #33), side by side: the set-up's (7.12) and
 * those that joined it under way (7.15), in the order they came. The next round shows them all (7.14).
 */
export function sealedRefs(
  battle: Pick<Battle, 'sealed' | 'joining'>,
): { readonly side: Side; readonly id: string; readonly n: number; readonly joined: boolean }[] {
  return SIDES.flatMap((side) => {
    const set = battle.sealed?.[side];
    return [
      ...(set ? [{ side, id: set.id, n: set.n, joined: false }] : []),
      ...(battle.joining?.[side] ?? []).map((j) => ({ side, id: j.id, n: j.n, joined: true })),
    ];
  });
}

/** How many of a side's blocks still sealed on its phone stand in the battle (their count is public, line 29). */
export const sealedCountOf = (battle: Pick<Battle, 'sealed' | 'joining'>, side: Side): number =>
  sealedRefs(battle)
    .filter((r) => r.side === side)
    .reduce((a, r) => a + r.n, 0);

// ------------------------------------------------------------------ firepower

/** The unit's own firepower (2.21–2.26, 2.61–2.67, 14.5, Chart:DATOS DE LAS UNIDADES). */
export function baseFire(block: Block, role: 'offence' | 'defence'): Fire | null {
  const off = role === 'offence';
  switch (block.type) {
    case 'armor':
      return block.ss ? 'TF' : 'DF';
    case 'mech':
      return block.ss ? (off ? 'DF' : 'TF') : off ? 'SF' : 'DF';
    case 'shock':
      return 'DF';
    case 'paratroop':
      return off ? 'SF' : 'DF';
    case 'hq':
      return null;
    default:
      return 'SF';
  }
}

const better = (a: Fire, b: Fire): Fire => (HIT_ON[a] <= HIT_ON[b] ? a : b);

/**
 * A block's firepower in this battle and round, with each override that changed it. Defensive
 * fire: major city at least DF, mountain units DF in mountains, fortress TF for the OD's largest
 * block. Offensive fire: swamp SF (forest in Snow), Mud SF (not Siege Guns), W41 Axis in Snow SF, Siege Guns TF
 * against a fortress, mountain units DF in mountains.
 */
export function fireOf(
  battle: Battle,
  block: Block,
  role: 'offence' | 'defence',
  readings: Readings,
  largestId?: string,
): { fire: Fire | null; why: Why[] } {
  const why: Why[] = [];
  let fire = baseFire(block, role);
  if (!fire) return { fire, why: [{ key: 'ef.why.hq', rule: '2.26' }] };
  if (block.type === 'mountain' && battle.terrain === 'mountain') {
    fire = 'DF';
    why.push({ key: 'ef.why.mountain', rule: '2.62, 7.32' });
  }
  if (role === 'offence') {
    const siegeVsFortress = block.siege === true && battle.terrain === 'fortress';
    if (siegeVsFortress) {
      fire = 'TF';
      why.push({ key: 'ef.why.siege', rule: '2.63' });
    }
    // In Snow swamps freeze and become forest (1.34 line 117, 12.24 line 1538, chart line 3461): no SF then.
    if (battle.terrain === 'swamp' && battle.weather !== 'snow' && fire !== 'SF') {
      fire = 'SF';
      why.push({ key: 'ef.why.swamp', rule: '1.34, 7.32' });
    }
    if (battle.weather === 'mud' && !siegeVsFortress && fire !== 'SF') {
      const mountainHolds =
        readings['ef.mudMountain'] === 'df' && block.type === 'mountain' && battle.terrain === 'mountain';
      if (!mountainHolds) {
        fire = 'SF';
        why.push({ key: 'ef.why.mud', rule: '12.24' });
      }
    }
    if (battle.scenario === 'w41' && battle.weather === 'snow' && block.side === 'axis' && fire !== 'SF') {
      fire = 'SF';
      why.push({ key: 'ef.why.w41', rule: 'Scn W41 1' });
    }
  } else {
    const city = battle.terrain === 'major-city' || (battle.terrain === 'fortress' && battle.city === true);
    if (city && fire === 'SF') {
      fire = 'DF';
      why.push({ key: 'ef.why.city', rule: '1.41, 7.32' });
    }
    if (battle.terrain === 'fortress' && block.side === battle.od && block.id === largestId) {
      fire = better(fire, 'TF');
      why.push({ key: 'ef.why.fortress', rule: '1.46, 7.32' });
    }
  }
  return { fire, why };
}

/** The OD's block that fires TF in a fortress: the largest; among ties the one the owner marked, else the first entered. */
export function fortressLargest(battle: Battle, passive: Side): string | undefined {
  if (battle.terrain !== 'fortress' || passive !== battle.od) return undefined;
  const own = battle.blocks.filter((b) => b.side === passive && alive(b) && b.type !== 'hq' && b.cv > 0);
  if (!own.length) return undefined;
  const max = Math.max(...own.map((b) => b.cv));
  const top = own.filter((b) => b.cv === max);
  return (top.find((b) => b.largest) ?? top[0])!.id;
}

// ------------------------------------------------------------------ defence and repulses

/**
 * Hits the passive side needs per step this round (7.33–7.35, 7.4, 12.24, 13.15): 1 in clear
 * terrain; 2 in forest, hill, swamp, mountain, major city, or in Mud; 3 for the OD in a fortress;
 * unsupported combat doubles a normal defence and triples a double one. Terrain benefits go to the
 * passive side, fortress benefits to the OD only (7.23). Infinity: unsupported offensive fire
 * against a fortress scores no hits (7.4).
 */
export function passiveMult(
  battle: Battle,
  active: Side,
  supported: boolean,
): { mult: number; noHits: boolean; why: Why[] } {
  const passive = other(active);
  const why: Why[] = [];
  let mult = 1;
  if (battle.terrain === 'fortress') {
    if (passive === battle.od) {
      mult = 3;
      why.push({ key: 'ef.why.triple', rule: '1.46, 7.35' });
    } else {
      why.push({ key: 'ef.why.fortressOA', rule: '7.23' });
      // A fortress that is a major city too: the city's Double Defence goes to the passive side (1.41, 7.23).
      if (battle.city) {
        mult = 2;
        why.push({ key: 'ef.why.fortressCity', rule: '1.41, 7.34' });
      }
    }
  } else if (battle.terrain !== 'clear') {
    mult = 2;
    why.push({ key: 'ef.why.double', rule: '7.34' });
  }
  if (battle.weather === 'mud' && mult < 2) {
    mult = 2;
    why.push({ key: 'ef.why.mudDouble', rule: '7.34, 12.24' });
  }
  if (!supported) {
    if (mult === 3) {
      why.push({ key: 'ef.why.unsupportedFortress', rule: '7.4' });
      return { mult, noHits: true, why };
    }
    mult += 1;
    why.push({ key: mult === 2 ? 'ef.why.unsupported2' : 'ef.why.unsupported3', rule: '7.4, 7.35, 13.15' });
  }
  return { mult, noHits: false, why };
}

/**
 * The repulse number for the first round of an assault (7.51–7.54, 14.4, 14.41, 15.43, 15.5,
 * 12.24, Scn S41 3): a defensive die at or below it repulses one attacker. 0 = no repulse.
 */
export function repulseThreshold(battle: Battle, active: Side, readings: Readings = {}): { t: number; why: Why[] } {
  const assault = battle.assault ?? {};
  const ts: number[] = [];
  const why: Why[] = [];
  if (!assault.river && !assault.air && !assault.naval) return { t: 0, why };
  if (assault.river) {
    if (battle.weather === 'snow') {
      why.push({ key: 'ef.why.frozen', rule: '7.52, 12.24' });
      // A frozen-river attack is a normal land attack: it removes the repulse of any other assault (7.51, 14.4,
      // 15.43), unless the reading lets the other assaults keep their number (digest §7.14).
      if (readings['ef.frozenCombined'] !== 'others-keep' || (!assault.air && !assault.naval)) return { t: 0, why };
    } else if (battle.june1941 && active === 'axis') {
      why.push({ key: 'ef.why.june1941', rule: 'Scn S41 3' });
      // Combined with a naval or air assault (7.54, line 1151: the lowest number applies to all): the river's
      // freedom removes the repulse of the whole assault, or the other assaults keep their number — a reading.
      if (readings['ef.june1941Combined'] !== 'others-keep' || (!assault.air && !assault.naval)) return { t: 0, why };
    } else {
      ts.push(battle.weather === 'mud' ? 3 : 2);
      why.push({
        key: battle.weather === 'mud' ? 'ef.why.riverMud' : 'ef.why.river',
        rule: battle.weather === 'mud' ? '7.53, 12.24' : '7.51',
      });
    }
  }
  if (assault.air) {
    ts.push(1);
    why.push({ key: 'ef.why.airAssault', rule: '14.4' });
  }
  if (assault.naval) {
    // One reading only: weather changes the repulse of river assaults alone — Mud "los asaltos por Ríos son
    // rechazados con mayor facilidad" (7.53, line 1147), Snow freezes rivers (7.52, line 1143) — while 15.43
    // (line 1797) gives the naval number 1–3 with no weather, so a naval assault keeps it in Mud and Snow.
    ts.push(assault.coast ? 2 : 3);
    why.push({ key: assault.coast ? 'ef.why.coast' : 'ef.why.naval', rule: assault.coast ? '15.5' : '15.43' });
  }
  if (ts.length > 1) why.push({ key: 'ef.why.combined', rule: '7.54, 14.41' });
  return { t: Math.min(...ts), why };
}

// ------------------------------------------------------------------ losses

/** One step off (7.33): CV1 units, HQs at Ø and static units at 0 are eliminated. */
export function loseStep(block: Block): Block {
  if (block.type === 'hq' || block.type === 'static')
    return block.cv <= 0 ? { ...block, cv: 0, eliminated: true } : { ...block, cv: block.cv - 1 };
  return block.cv <= 1 ? { ...block, cv: 0, eliminated: true } : { ...block, cv: block.cv - 1 };
}

const replace = (battle: Battle, block: Block): Battle => ({
  ...battle,
  blocks: battle.blocks.map((x) => (x.id === block.id ? block : x)),
});

/** Blocks that may take the next hit: a block with a partial hit must (7.34), else the strongest (7.33). */
export function hitCandidates(
  battle: Battle,
  pending: Pending,
  partial: Readonly<Record<string, number>>,
  readings: Readings,
): Block[] {
  let pool = battle.blocks.filter(
    (b) => b.side === pending.target && !b.eliminated && (pending.assault || !b.repulsed),
  );
  if (pending.assault) {
    const staying = pool.filter((b) => !b.repulsed);
    if (staying.length) pool = staying;
  }
  if (!pool.length) return [];
  const owing = pool.filter((b) => (partial[b.id] ?? 0) > 0);
  if (owing.length) return owing;
  if (readings['ef.hqLosses'] === 'hq-last') {
    const units = pool.filter((b) => b.type !== 'hq');
    if (units.length) pool = units;
  }
  const max = Math.max(...pool.map((b) => b.cv));
  return pool.filter((b) => b.cv === max);
}

/** Attackers that may take the next repulse: the weakest non-repulsed (7.51). */
export function repulseCandidates(battle: Battle, target: Side): Block[] {
  const pool = battle.blocks.filter((b) => b.side === target && alive(b));
  if (!pool.length) return [];
  const min = Math.min(...pool.map((b) => b.cv));
  return pool.filter((b) => b.cv === min);
}

export interface Applied {
  readonly battle: Battle;
  readonly lines: readonly { key: string; params: Record<string, string | number>; rule: string }[];
}

/** Gives one repulse or one hit to a block (the chosen one, or the only candidate). */
export function applyOne(battle: Battle, id: string): Applied {
  const thisRound = battle.round!;
  const next = thisRound.pending!;
  const block = battle.blocks.find((x) => x.id === id)!;
  if (next.kind === 'repulse') {
    const nb = replace(battle, { ...block, repulsed: true });
    const pending: Pending = { ...next, repulses: next.repulses - 1 };
    return {
      battle: { ...nb, round: { ...thisRound, pending: rest(pending) } },
      lines: [{ key: 'ef.repulse.one', params: { unit: block.id, cv: block.cv }, rule: '7.51' }],
    };
  }
  const got = (thisRound.partial[id] ?? 0) + 1;
  const pending: Pending = { ...next, hits: next.hits - 1 };
  if (got < next.mult) {
    return {
      battle: {
        ...battle,
        round: { ...thisRound, partial: { ...thisRound.partial, [id]: got }, pending: rest(pending) },
      },
      lines: [
        {
          key: 'ef.hit.partial',
          params: { unit: block.id, got, mult: next.mult },
          rule: next.mult === 3 ? '7.35' : '7.34',
        },
      ],
    };
  }
  const after = loseStep(block);
  const partial = { ...thisRound.partial };
  delete partial[id];
  return {
    battle: { ...replace(battle, after), round: { ...thisRound, partial, pending: rest(pending) } },
    lines: [
      after.eliminated
        ? { key: 'ef.hit.eliminated', params: { unit: block.id, cv: block.cv }, rule: '7.33' }
        : { key: 'ef.hit.step', params: { unit: block.id, from: block.cv, to: after.cv }, rule: '7.33' },
    ],
  };
}

const rest = (pending: Pending): Pending => {
  const { prompt: _drop, ...q } = pending;
  return q;
};

/**
 * Applies what is pending until it is all applied or the owner must choose among equal blocks.
 * Repulses first (weakest attackers), then hits (partial owed, else strongest), then a repulsed
 * paratroop's extra step (14.4). Leaves `prompt` set when a choice is needed.
 */
export function drain(battle: Battle, readings: Readings): Applied {
  const lines: Applied['lines'][number][] = [];
  let cur = battle;
  for (;;) {
    const thisRound = cur.round!;
    const owed = thisRound.pending;
    if (!owed) break;
    if (owed.kind === 'repulse' && !(owed.repulses > 0)) {
      cur = { ...cur, round: { ...thisRound, pending: { ...owed, kind: 'hit' } } };
      continue;
    }
    // A repulse, then the hits: no block to take it ends them, one takes it, several ask the owner.
    const repulsing = owed.kind === 'repulse';
    if (repulsing || owed.hits > 0) {
      const takers = repulsing
        ? repulseCandidates(cur, owed.target)
        : hitCandidates(cur, owed, thisRound.partial, readings);
      if (!takers.length) {
        if (!repulsing) lines.push({ key: 'ef.hit.wasted', params: { n: owed.hits }, rule: '7.33' });
        cur = { ...cur, round: { ...thisRound, pending: repulsing ? { ...owed, repulses: 0 } : { ...owed, hits: 0 } } };
        continue;
      }
      if (takers.length > 1) {
        cur = {
          ...cur,
          round: {
            ...thisRound,
            pending: { ...owed, prompt: { owner: owed.target, candidates: takers.map((b) => b.id) } },
          },
        };
        break;
      }
      const applied = applyOne(cur, takers[0]!.id);
      cur = applied.battle;
      lines.push(...applied.lines);
      continue;
    }
    // The next defender's own repulses and hits (reading ef.assaultDefenders = by-unit).
    if (owed.queue?.length) {
      const [next, ...queue] = owed.queue;
      cur = {
        ...cur,
        round: {
          ...thisRound,
          pending: {
            ...owed,
            kind: next!.repulses ? 'repulse' : 'hit',
            repulses: next!.repulses,
            hits: next!.hits,
            queue,
          },
        },
      };
      continue;
    }
    // All applied: a repulsed paratroop loses 1 CV more and goes home (14.4).
    if (owed.assault) {
      for (const b of cur.blocks.filter(
        (x) => x.side === owed.target && x.repulsed && !x.eliminated && x.type === 'paratroop',
      )) {
        const after = loseStep(b);
        cur = replace(cur, after);
        lines.push({
          key: after.eliminated ? 'ef.para.eliminated' : 'ef.para.step',
          params: { unit: b.id, from: b.cv, to: after.cv },
          rule: '14.4',
        });
      }
    }
    // A side with no block left in the battle ends the round there: nothing fires at or from it (7.51, line 1135).
    cur = { ...cur, round: { ...cur.round!, step: battleEnd(cur) ? 'done' : owed.next, pending: undefined } };
    const { pending: _p, ...round } = cur.round!;
    cur = { ...cur, round: round as Round };
    break;
  }
  return { battle: cur, lines };
}

// ------------------------------------------------------------------ the end of a battle

/**
 * How a fought battle ended, or undefined while both sides still have a block in it. A battle goes
 * on "until one side is destroyed or retreats" (line 51); the Original Defender holds the hex "until
 * it retreats or is eliminated" (7.12, line 969). Blocks repulsed back across the river, to port or to
 * their drop hex are out of it (7.51, line 1133). A retreat is made in the movement phase, not here
 * (6.41): the panel offers pursuit fire for it while the battle goes on.
 */
export interface BattleEnd {
  /** The side left alone in the hex, which holds it; null when neither side has a block left. */
  readonly holder: Side | null;
  /** The Original Attacker's blocks repulsed out of the battle: back where they entered from (7.51). */
  readonly repulsed: readonly string[];
  /** The blocks eliminated in this battle, by side. */
  readonly eliminated: Readonly<Record<Side, readonly string[]>>;
}

export function battleEnd(battle: Battle): BattleEnd | undefined {
  if (!(battle.rounds > 0)) return undefined;
  const left = (s: Side) => battle.blocks.some((b) => b.side === s && alive(b));
  const axis = left('axis');
  const soviet = left('soviet');
  if (axis && soviet) return undefined;
  const ids = (f: (b: Block) => boolean) => battle.blocks.filter(f).map((b) => b.id);
  return {
    holder: axis ? 'axis' : soviet ? 'soviet' : null,
    repulsed: ids((b) => !!b.repulsed && !b.eliminated),
    eliminated: {
      axis: ids((b) => b.side === 'axis' && !!b.eliminated),
      soviet: ids((b) => b.side === 'soviet' && !!b.eliminated),
    },
  };
}

// ------------------------------------------------------------------ previews

/** A fire step's dice: for each firepower, the number of dice (one per CV, 7.31). */
export interface Pool {
  readonly fire: Fire;
  readonly dice: number;
}

/** Exact distribution of the number of hits of a step: the engine's hitsDistribution per firepower, convolved. */
export function poolDistribution(pools: readonly Pool[]): SumDistribution {
  const parts = pools.filter((p) => p.dice > 0).map((p) => hitsDistribution({ n: p.dice, sides: 6 }, HIT_ON[p.fire]));
  if (parts.length === 0) return { counts: new Map([[0, 1]]), outcomes: 1, min: 0, max: 0 };
  if (parts.length === 1) return parts[0]!;
  let acc = new Map<number, number>([[0, 1]]);
  let outcomes = 1;
  for (const d of parts) {
    const next = new Map<number, number>();
    for (const [a, ca] of acc) for (const [b, cb] of d.counts) next.set(a + b, (next.get(a + b) ?? 0) + ca * cb);
    acc = next;
    outcomes *= d.outcomes;
  }
  const keys = [...acc.keys()].sort((a, b) => a - b);
  return { counts: new Map(keys.map((k) => [k, acc.get(k)!])), outcomes, min: keys[0]!, max: keys[keys.length - 1]! };
}

/** Exact distribution of the number of repulses among `dice` defensive dice (each die at or below `threshold`). */
export function repulseDistribution(dice: number, threshold: number): SumDistribution {
  if (dice <= 0 || threshold <= 0) return { counts: new Map([[0, 1]]), outcomes: 1, min: 0, max: 0 };
  return sumDistribution({ n: dice, faces: [1, 2, 3, 4, 5, 6].map((f) => (f <= threshold ? 1 : 0)) });
}
