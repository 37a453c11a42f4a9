/**
 * Luck in outcomes (issue #15): for each side and each table or CRT actually rolled, the results
 * obtained against those expected — each roll with its own exact chances (its column, its
 * modifiers), so "DR: 3 of 4, expected 1.7" compares like with like.
 *
 * The uncertainty is the exact distribution of the count: a sum of independent yes/no trials with
 * different chances (a Poisson binomial), computed by convolution, not a normal approximation and
 * not a fixed cut-off. A streak is judged the same way: the exact probability, given each roll's
 * own chance, of a run of the outcome at least as long as the longest one seen.
 *
 * Counted: table rolls and CRT combats that stand (not undone), rolled by the app or typed in from
 * real dice (both happened at the table; the typed-in ones are counted apart): those of the Tables
 * and Combat tools, and those a game's procedure counted (a combat in a turn panel), which its step
 * records with their exact chances. Automatic results (no roll) are left out. In deck mode a roll's
 * chances are those of the cards left in its deck then (the log is followed card by card).
 */
import { cardDice, deckCards, deckSums, type Decks } from './deck';
import { diceLabel, type DiceRoll } from './dice';
import { EngineError } from './errors';
import { withPlayerChart } from './player-charts';
import type { GameContext, LogEntry, SessionSettings } from './session';
import { rollsOf } from './stats';
import { combatDistribution, rollDistribution, type Distribution } from './tables';

export type Result = string | number;

/** One roll on a table: its exact chances and what came. */
export interface Trial {
  readonly seq: number;
  readonly chances: ReadonlyMap<Result, number>;
  readonly result: Result;
  readonly manual: boolean;
}

/** Every roll one side made on one table, in order. */
export interface TableLuck {
  readonly side: string;
  readonly table: string;
  readonly trials: readonly Trial[];
  /** Every result that could have come on at least one of the rolls, in the table's legend order (numbers ascending). */
  readonly results: readonly Result[];
}

export interface Tally {
  /** Rolls counted. */
  readonly n: number;
  /** How many gave one of the chosen results. */
  readonly obtained: number;
  /** The sum of each roll's chance of one of them. */
  readonly expected: number;
  /** Exact probability of at least `obtained` (Poisson binomial). */
  readonly atLeast: number;
  /** Exact probability of at most `obtained`. */
  readonly atMost: number;
  /** The longest run of rolls in a row giving one of them. */
  readonly longest: number;
  /** Exact probability of a run at least that long somewhere in these rolls (1 when `longest` is 0). */
  readonly streak: number;
}

const toChances = (d: Distribution): Map<Result, number> => new Map([...d.counts].map(([k, c]) => [k, c / d.outcomes]));

/** The exact distribution of the number of successes of independent trials with chances ps. */
export function poissonBinomial(ps: readonly number[]): number[] {
  let pmf = [1];
  for (const p of ps) {
    const next = new Array<number>(pmf.length + 1).fill(0);
    for (let k = 0; k < pmf.length; k++) {
      next[k]! += pmf[k]! * (1 - p);
      next[k + 1]! += pmf[k]! * p;
    }
    pmf = next;
  }
  return pmf;
}

/** Exact probability that independent trials with chances ps (in order) give a run of at least `len` successes. */
export function runAtLeast(ps: readonly number[], len: number): number {
  if (len <= 0) return 1;
  // state[r]: probability of no run of `len` yet and a current run of r (r < len).
  let state = new Array<number>(len).fill(0);
  state[0] = 1;
  let reached = 0;
  for (const p of ps) {
    const next = new Array<number>(len).fill(0);
    for (let r = 0; r < len; r++) {
      const chance = state[r]!;
      if (!chance) continue;
      next[0]! += chance * (1 - p);
      if (r + 1 === len) reached += chance * p;
      else next[r + 1]! += chance * p;
    }
    state = next;
  }
  return reached;
}

/** Obtained against expected for a set of results, with the exact chances of the count and of the longest run. */
export function tally(trials: readonly Trial[], chosen: ReadonlySet<Result>): Tally {
  const ps = trials.map((t) => [...chosen].reduce<number>((a, r) => a + (t.chances.get(r) ?? 0), 0));
  const hits = trials.map((t) => chosen.has(t.result));
  const obtained = hits.filter(Boolean).length;
  const pmf = poissonBinomial(ps);
  const sum = (from: number, to: number) => {
    let s = 0;
    for (let k = from; k <= to; k++) s += pmf[k] ?? 0;
    return Math.min(1, s);
  };
  let longest = 0,
    run = 0;
  for (const h of hits) {
    run = h ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return {
    n: trials.length,
    obtained,
    expected: ps.reduce((a, p) => a + p, 0),
    atLeast: sum(obtained, trials.length),
    atMost: sum(0, obtained),
    longest,
    streak: runAtLeast(ps, longest),
  };
}

/**
 * Follows the decks through the log (deck mode): each roll drawn from a deck records its faces, so
 * the cards left before any roll are known without the session state. Two cards with the same faces
 * in the same order (a die with repeated faces) are the same card for every chance that follows.
 */
class DeckFollower {
  private on = false;
  private decks: Record<string, readonly number[]> = {};
  turn(on: boolean): void {
    if (!on || !this.on) this.decks = {};
    this.on = on;
  }
  /** The distribution of the total the roll was drawn from (undefined: every combination alike). */
  before(roll: DiceRoll | undefined) {
    return roll?.deck ? deckSums(this.decks as Decks, roll.spec) : undefined;
  }
  take(roll: DiceRoll): void {
    if (!roll.deck) return;
    const key = diceLabel(roll.spec);
    const cards = [...deckCards(this.decks as Decks, roll.spec)];
    const cardIndex = cards.findIndex((c) => cardDice(roll.spec, c).every((f, k) => f === roll.dice[k]));
    if (cardIndex >= 0) cards.splice(cardIndex, 1);
    if (cards.length) this.decks[key] = cards;
    else delete this.decks[key];
  }
}

/** Every table and CRT rolled, per side (entry.context.side, '' for none), with each roll's exact chances. */
export function outcomeLuck(
  log: readonly LogEntry[],
  ctx: Pick<GameContext, 'tables' | 'charts' | 'entered'>,
  settings: Pick<SessionSettings, 'errata'>,
): TableLuck[] {
  const groups = new Map<string, { side: string; table: string; trials: Trial[] }>();
  const add = (e: LogEntry, table: string, chances: Map<Result, number>, result: Result) => {
    const side = e.context?.side ?? '';
    const key = `${side}\u0000${table}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { side, table, trials: [] }));
    group.trials.push({ seq: e.seq, chances, result, manual: e.manual });
  };
  const decks = new DeckFollower();
  for (const e of log) {
    if (e.undone) continue;
    const outcome = e.outcome;
    if (outcome.kind === 'balance') decks.turn(outcome.deck);
    // The deck the step's first roll was drawn from (a table or a combat rolls once).
    const before = decks.before(rollsOf(outcome)[0]);
    for (const r of rollsOf(outcome)) decks.take(r);
    if (outcome.kind === 'procedure') {
      for (const x of outcome.tables ?? [])
        if (ctx.tables.has(x.table))
          add(e, x.table, toChances({ counts: new Map(x.chances), outcomes: x.outcomes }), x.result);
      continue;
    }
    if (outcome.kind !== 'resolution') continue;
    const action = e.action;
    if (action.type !== 'table' && action.type !== 'combat') continue;
    const res = outcome.resolution;
    if (res.automatic || !res.roll) continue;
    const base = ctx.tables.get(action.table);
    if (!base) continue;
    let chances: Map<Result, number>;
    try {
      const table = withPlayerChart(base, action.chart ?? ctx.charts?.[action.table]);
      const spec = action.dice ?? table.roll?.dice;
      if (!spec) continue;
      const opts = { errata: action.errata ?? settings.errata, entered: action.entered ?? ctx.entered?.[action.table] };
      const dist =
        action.type === 'table'
          ? rollDistribution(table, spec, action.modifiers ?? [], { ...opts, other: action.other }, before)
          : combatDistribution(table, action, spec, opts, before);
      if (dist.unknown) continue; // cells not known before the roll: its chances were not whole
      chances = toChances(dist);
    } catch (err) {
      if (err instanceof EngineError) continue; // a roll the table cannot enumerate (an incomplete chart)
      throw err;
    }
    add(e, action.table, chances, res.result);
  }
  return [...groups.values()].map((g) => {
    const table = ctx.tables.get(g.table)!;
    const seen = new Set<Result>();
    for (const tr of g.trials) for (const [r, p] of tr.chances) if (p > 0) seen.add(r);
    for (const tr of g.trials) seen.add(tr.result);
    const legend = Object.keys(table.legend ?? {});
    const order = (r: Result) => (typeof r === 'number' ? r : legend.indexOf(r) < 0 ? 1e9 : legend.indexOf(r));
    const results = [...seen].sort((x, y) => order(x) - order(y) || String(x).localeCompare(String(y)));
    return { ...g, results };
  });
}
