/**
 * Luck statistics: for each side and each kind of dice, the rolls the app made against their exact
 * expectation. Pure and deterministic: the same log always gives the same numbers.
 *
 * Only steps that stand (not undone) and that the app rolled itself count; dice and chits typed in
 * from the table are left out (they say nothing about the app's randomness) and counted apart.
 *
 * The expected mean, standard deviation and expected counts are exact (from the enumerated sum
 * distribution). The z-score's percentile and the chi-square p-value are approximations: the
 * percentile treats the mean of n rolls as normally distributed (central limit theorem) and uses
 * a polynomial approximation of erf; the p-value uses the chi-square distribution, which the
 * statistic only follows approximately (hence the minimum of 5 expected per bin).
 */
import {
  diceLabel,
  hitsDistribution,
  sumDistribution,
  type DiceRoll,
  type DiceSpec,
  type SumDistribution,
} from './dice';
import type { LogEntry, Outcome } from './session';

/** One possible value of a group (a total, or a number of hits): how often it came, how often it should. */
export interface ValueCount {
  readonly value: number;
  readonly observed: number;
  /** n · p, exact. */
  readonly expected: number;
}

export interface ChiSquare {
  readonly statistic: number;
  /** Bins after merging (so that every bin expects at least 5) minus one. */
  readonly df: number;
  /** Upper-tail probability of the statistic under the chi-square distribution (approximate). */
  readonly pValue: number;
}

/** The rolls of one side with one kind of dice. */
export interface DiceGroup {
  readonly side: string;
  /** '2d6', '1d[2,3,3,4,4,5]', or '1d6 hits on 5+' for pools (counted per die). */
  readonly kind: string;
  /** What is counted: the sum of the dice, or (pools) whether each die hit (0 or 1). */
  readonly measure: 'total' | 'hits';
  readonly spec: DiceSpec;
  readonly hitOn?: number;
  /** Number of observations: rolls, or dice for pools. */
  readonly n: number;
  readonly mean: number;
  readonly expectedMean: number;
  /** Standard deviation of one observation (exact). */
  readonly sd: number;
  /** Standard deviation of the mean of n observations: sd / √n. */
  readonly sdOfMean: number;
  /** (mean − expectedMean) / sdOfMean; 0 when the dice cannot vary. */
  readonly z: number;
  /** 100 · Φ(z): the share of games with a lower mean, normal approximation (0–100). */
  readonly percentile: number;
  /** Every possible value in order (plus any impossible one that was recorded, expecting 0). */
  readonly counts: readonly ValueCount[];
  /** Absent when there are too few rolls for at least two bins that expect 5 or more each. */
  readonly chiSquare?: ChiSquare;
}

export interface CupDraws {
  readonly cup: string;
  readonly draws: number;
}

export interface SideLuck {
  /** entry.context.side, or '' for steps with no side. */
  readonly side: string;
  readonly groups: readonly DiceGroup[];
  /** Chits drawn by the app, per cup. */
  readonly cups: readonly CupDraws[];
  /** Rolls and draws typed in from the table by this side (not in the statistics). */
  readonly manualRolls: number;
  readonly manualDraws: number;
}

export interface LuckReport {
  /** In the order each side first appears in the log. */
  readonly sides: readonly SideLuck[];
  /** Rolls counted, over every side (dice for pools count once per roll here). */
  readonly rolls: number;
  readonly draws: number;
  readonly manualRolls: number;
  readonly manualDraws: number;
}

/** Every DiceRoll an outcome holds (automatic combat results hold none). */
export function rollsOf(outcome: Outcome): DiceRoll[] {
  switch (outcome.kind) {
    case 'roll':
      return [outcome.dice];
    case 'resolution':
      return outcome.resolution.roll?.dice ? [outcome.resolution.roll.dice] : [];
    case 'procedure':
      return [...outcome.rolls];
    default:
      return [];
  }
}

interface Acc {
  kind: string;
  measure: 'total' | 'hits';
  spec: DiceSpec;
  hitOn?: number;
  dist: SumDistribution;
  values: number[];
}

interface SideAcc {
  groups: Map<string, Acc>;
  cups: Map<string, number>;
  manualRolls: number;
  manualDraws: number;
}

/** The group and the observations one roll adds. */
function observe(roll: DiceRoll): { key: string; make: () => Omit<Acc, 'values'>; values: number[] } {
  if (roll.hitOn !== undefined) {
    const hitOn = roll.hitOn;
    if (roll.dice.length > 0) {
      // A pool counts per die: a 3d6 pool is three observations of '1d6 hits on 5+'.
      const one: DiceSpec = 'faces' in roll.spec ? { n: 1, faces: roll.spec.faces } : { n: 1, sides: roll.spec.sides };
      const kind = `${diceLabel(one)} hits on ${hitOn}+`;
      return {
        key: kind,
        make: () => ({ kind, measure: 'hits', spec: one, hitOn, dist: hitsDistribution(one, hitOn) }),
        values: roll.dice.map((d) => (d >= hitOn ? 1 : 0)),
      };
    }
    // A pool known only by its number of hits.
    const kind = `${diceLabel(roll.spec)} hits on ${hitOn}+`;
    return {
      key: kind,
      make: () => ({ kind, measure: 'hits', spec: roll.spec, hitOn, dist: hitsDistribution(roll.spec, hitOn) }),
      values: [roll.hits ?? 0],
    };
  }
  // Sums use the recorded total: dice entered as a total only have no faces but a total.
  const kind = diceLabel(roll.spec);
  return {
    key: kind,
    make: () => ({ kind, measure: 'total', spec: roll.spec, dist: sumDistribution(roll.spec) }),
    values: [roll.total],
  };
}

export function luckStats(log: readonly LogEntry[]): LuckReport {
  const sides = new Map<string, SideAcc>();
  const sideOf = (e: LogEntry): SideAcc => {
    const id = e.context?.side ?? '';
    let sideData = sides.get(id);
    if (!sideData) sides.set(id, (sideData = { groups: new Map(), cups: new Map(), manualRolls: 0, manualDraws: 0 }));
    return sideData;
  };
  let rolls = 0,
    draws = 0,
    manualRolls = 0,
    manualDraws = 0;
  for (const e of log) {
    if (e.undone) continue;
    const dice = rollsOf(e.outcome);
    const isDraw = e.outcome.kind === 'draw';
    if (!dice.length && !isDraw) continue;
    const side = sideOf(e);
    if (e.manual) {
      if (isDraw) {
        side.manualDraws++;
        manualDraws++;
      } else {
        side.manualRolls += dice.length;
        manualRolls += dice.length;
      }
      continue;
    }
    if (e.outcome.kind === 'draw') {
      side.cups.set(e.outcome.cup, (side.cups.get(e.outcome.cup) ?? 0) + 1);
      draws++;
      continue;
    }
    for (const roll of dice) {
      if (roll.manual) {
        side.manualRolls++;
        manualRolls++;
        continue;
      }
      const observed = observe(roll);
      let group = side.groups.get(observed.key);
      if (!group) side.groups.set(observed.key, (group = { ...observed.make(), values: [] }));
      group.values.push(...observed.values);
      rolls++;
    }
  }
  return {
    sides: [...sides].map(([side, s]) => ({
      side,
      groups: [...s.groups.values()].map((g) => summarize(side, g)),
      cups: [...s.cups].map(([cup, n]) => ({ cup, draws: n })),
      manualRolls: s.manualRolls,
      manualDraws: s.manualDraws,
    })),
    rolls,
    draws,
    manualRolls,
    manualDraws,
  };
}

/** Exact mean and standard deviation of one observation. */
export function moments(dist: SumDistribution): { mean: number; sd: number } {
  let m = 0;
  for (const [v, c] of dist.counts) m += v * c;
  m /= dist.outcomes;
  let v2 = 0;
  for (const [v, c] of dist.counts) v2 += (v - m) * (v - m) * c;
  return { mean: m, sd: Math.sqrt(v2 / dist.outcomes) };
}

function summarize(side: string, g: Acc): DiceGroup {
  const count = g.values.length;
  const { mean: expectedMean, sd } = moments(g.dist);
  const mean = g.values.reduce((a, b) => a + b, 0) / count;
  const sdOfMean = sd / Math.sqrt(count);
  const zScore = sdOfMean > 0 ? (mean - expectedMean) / sdOfMean : 0;
  const observed = new Map<number, number>();
  for (const v of g.values) observed.set(v, (observed.get(v) ?? 0) + 1);
  const values = [...new Set([...g.dist.counts.keys(), ...observed.keys()])].sort((a, b) => a - b);
  const counts = values.map((value) => ({
    value,
    observed: observed.get(value) ?? 0,
    expected: (count * (g.dist.counts.get(value) ?? 0)) / g.dist.outcomes,
  }));
  const chi = chiSquare(counts);
  return {
    side,
    kind: g.kind,
    measure: g.measure,
    spec: g.spec,
    ...(g.hitOn !== undefined ? { hitOn: g.hitOn } : {}),
    n: count,
    mean,
    expectedMean,
    sd,
    sdOfMean,
    z: zScore,
    percentile: 100 * normalCdf(zScore),
    counts,
    ...(chi ? { chiSquare: chi } : {}),
  };
}

/** Expected count a bin needs for the chi-square approximation to be trusted. */
export const MIN_EXPECTED = 5;

/**
 * Pearson's chi-square over the counts. Bins are merged first: each tail inward until it expects
 * MIN_EXPECTED or more, then any inner bin still short into its smaller neighbour. Undefined when
 * fewer than two bins remain, or when a value that cannot occur was recorded.
 */
export function chiSquare(counts: readonly ValueCount[]): ChiSquare | undefined {
  if (counts.some((c) => c.expected === 0 && c.observed > 0)) return undefined;
  let bins = counts.filter((c) => c.expected > 0).map((c) => ({ o: c.observed, e: c.expected }));
  const merge = (k: number) => {
    // merges bin k into bin k + 1
    bins[k + 1] = { o: bins[k]!.o + bins[k + 1]!.o, e: bins[k]!.e + bins[k + 1]!.e };
    bins.splice(k, 1);
  };
  while (bins.length > 1 && bins[0]!.e < MIN_EXPECTED) merge(0);
  while (bins.length > 1 && bins[bins.length - 1]!.e < MIN_EXPECTED) merge(bins.length - 2);
  for (;;) {
    let k = -1;
    for (let i = 0; i < bins.length; i++) if (bins[i]!.e < MIN_EXPECTED && (k < 0 || bins[i]!.e < bins[k]!.e)) k = i;
    if (k < 0 || bins.length < 2) break;
    const left = k > 0 ? bins[k - 1]!.e : Infinity;
    const right = k < bins.length - 1 ? bins[k + 1]!.e : Infinity;
    merge(left <= right ? k - 1 : k);
  }
  bins = bins.filter((b) => b.e > 0);
  if (bins.length < 2 || bins.some((b) => b.e < MIN_EXPECTED)) return undefined;
  const statistic = bins.reduce((s, b) => s + ((b.o - b.e) * (b.o - b.e)) / b.e, 0);
  const df = bins.length - 1;
  return { statistic, df, pValue: gammaQ(df / 2, statistic / 2) };
}

// ---------------------------------------------------------------- numerical approximations

/**
 * erf(x), Abramowitz & Stegun 7.1.26: an APPROXIMATION with absolute error below 1.5e-7 —
 * ample for a percentile shown to one decimal.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
  return sign * (1 - poly * Math.exp(-a * a));
}

/** Φ(z), the standard normal CDF (through the approximate erf above). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; about 15 significant digits). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const y = x - 1;
  let s = c[0]!;
  for (let i = 1; i < 9; i++) s += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(s);
}

/** The regularized upper incomplete gamma Q(a, x) = P(χ²(2a) > 2x): series below a + 1, continued fraction above. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPre = a * Math.log(x) - x - lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a,
      term = sum;
    for (let k = 1; k < 500; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lnPre));
  }
  // Modified Lentz for the continued fraction of Q.
  const tiny = 1e-300;
  let b = x + 1 - a,
    c = 1 / tiny,
    d = 1 / b,
    h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(lnPre) * h);
}
