/**
 * EastFront's command (digest 004; seed 004 lines 553–557, 645–769, 903–915, 983–993, 1512–1520,
 * 1576–1614, 2089): the HQ ledger of a player turn — each HQ activated with the step the players type
 * (its current VM), its disorganisation by weather (5.8, 12.22) or by the June 1941 surprise (Scn S41 3),
 * what it can do (command radius 5.3, air range and strength 5.5 and 13.11–13.12, Supreme moves 5.61),
 * and the steps it spends on deactivation (5.43; two for Blitz, 4.41 and 5.7; at Ø the HQ is eliminated,
 * line 711) — and the battles the rules make mandatory (7.15). Pure functions; the procedures that run
 * them on the game's state are in ./rules.ts (which knows the weather and whose player turn it is).
 */
import type { Line } from '../../engine';
import type { Side, Weather } from './battle';

/** Where a Supreme HQ stands, for the weather exemption (5.8 EXCEPCION, line 769; 12.22, line 1520). */
export const SHQ_PLACES = ['warsaw', 'moscow', 'elsewhere'] as const;
export type ShqPlace = (typeof SHQ_PLACES)[number];

/** The highest VM a counter has: III for most, IV for a few (5.1, line 651: "la mayoría con un VM máximo de III"). */
export const HQ_MAX_VM = 4;

/**
 * An HQ's state in the ledger: `active` after its activation; `blitz` once a Blitz HQ has spent its first
 * step and stays active for the Blitz phases (4.43, 5.7); `done` once deactivated; `eliminated` when the
 * step it spent was its Ø step (5.1, line 655; line 711).
 */
export type HqStage = 'active' | 'blitz' | 'done' | 'eliminated';

export interface HqRec {
  readonly id: string;
  readonly side: Side;
  readonly supreme: boolean;
  readonly at: ShqPlace;
  /** The VM it has now (the players typed it at activation; it falls with each step spent). */
  readonly vm: number;
  readonly blitz: boolean;
  readonly stage: HqStage;
  readonly disorganised: boolean;
  /** Supreme moves made this player turn (5.61, 6.51–6.53), counted by ef.hqSupremeMove. */
  readonly movesUsed?: number;
}

/** What an HQ can do with its VM now (5.3, 5.5, 5.61, 5.63, 5.8, 13.11, 13.12). */
export interface HqView {
  /** The VM it works with: one less when disorganised (5.8, line 767). */
  readonly eff: number;
  /** A disorganised HQ at Ø has no command at all (5.8, line 767). */
  readonly noCommand: boolean;
  /** Command radius in hexes (5.3); null for a Supreme HQ, which has none (6.51, line 907). */
  readonly radius: number | null;
  /** Air attack strength, one die per point (5.5, 13.12). */
  readonly air: number;
  /** Air range in hexes (13.11): the radius, doubled for a Supreme HQ that does not mobilise (5.63, line 741). */
  readonly airRange: number;
  /** Supreme moves: two per VM (5.61, line 733; 6.51). */
  readonly moves: number | null;
  /** Steps it still has to spend: two for a Blitz HQ, one otherwise (4.41, 5.43, 5.7). */
  readonly toSpend: number;
}

export function hqView(hq: HqRec): HqView {
  const noCommand = hq.disorganised && hq.vm === 0;
  const eff = Math.max(0, hq.disorganised ? hq.vm - 1 : hq.vm);
  const toSpend = hq.stage === 'active' ? (hq.blitz ? 2 : 1) : hq.stage === 'blitz' ? 1 : 0;
  return {
    eff,
    noCommand,
    radius: hq.supreme || noCommand ? null : eff,
    air: noCommand ? 0 : eff,
    airRange: noCommand ? 0 : hq.supreme ? 2 * eff : eff,
    moves: hq.supreme ? (noCommand ? 0 : 2 * eff) : null,
    toSpend,
  };
}

/**
 * Whether an HQ is disorganised, and why (5.8, 12.22): in Mud every HQ (line 765, 1516); in Snow the
 * Axis HQs only (line 765, 1518); the Supreme HQ in Warsaw (Axis) or Moscow (Soviet) is exempt from the
 * weather's (line 769, 1520). In June 1941 every Soviet HQ is disorganised (Scn S41 3, line 2089: "Todos
 * los HQ soviéticos están Desorganizados durante junio de 1941"); that is the Axis surprise, not the
 * weather, so the exemption, which names only "la desorganización producida por el clima", does not lift
 * it — the one reading the words allow.
 */
export function disorganisation(opts: {
  side: Side;
  supreme: boolean;
  at: ShqPlace;
  weather: Weather;
  surprise: boolean;
}): { disorganised: boolean; lines: Line[] } {
  const lines: Line[] = [];
  if (opts.surprise && opts.side === 'soviet') {
    lines.push({ key: 'ef.hq.surprise', rule: 'Scn S41 3' });
    return { disorganised: true, lines };
  }
  const byWeather = opts.weather === 'mud' || (opts.weather === 'snow' && opts.side === 'axis');
  if (!byWeather) return { disorganised: false, lines };
  const exempt =
    opts.supreme &&
    ((opts.side === 'axis' && opts.at === 'warsaw') || (opts.side === 'soviet' && opts.at === 'moscow'));
  if (exempt) {
    lines.push({ key: `ef.hq.exempt.${opts.side}`, rule: '5.8, 12.22' });
    return { disorganised: false, lines };
  }
  lines.push({ key: opts.weather === 'mud' ? 'ef.hq.disMud' : 'ef.hq.disSnow', rule: '5.8, 12.22' });
  return { disorganised: true, lines };
}

/** What an activated HQ can do, said line by line (5.3, 5.5, 5.61, 5.63, 5.8, 13.11). */
export function hqLines(hq: HqRec): Line[] {
  const view = hqView(hq);
  const lines: Line[] = [];
  if (hq.disorganised)
    lines.push(
      view.noCommand
        ? { key: 'ef.hq.noCommand', rule: '5.8' }
        : { key: 'ef.hq.effVm', params: { vm: hq.vm, eff: view.eff }, rule: '5.8, 12.22, 13.16' },
    );
  if (view.noCommand) return lines;
  if (hq.supreme) {
    lines.push({ key: 'ef.hq.moves', params: { n: view.moves ?? 0 }, rule: '5.61, 6.51' });
    lines.push({ key: 'ef.hq.noRadius', rule: '5.64, 6.51' });
    lines.push({ key: 'ef.hq.shqAir', params: { n: view.air, range: view.airRange }, rule: '5.63, 13.11' });
  } else {
    lines.push(
      view.radius === 0
        ? { key: 'ef.hq.radiusZero', rule: '5.1, 5.3' }
        : { key: 'ef.hq.radius', params: { n: view.radius ?? 0 }, rule: '5.3' },
    );
    lines.push({ key: 'ef.hq.air', params: { n: view.air, range: view.airRange }, rule: '5.5, 13.11, 13.12' });
  }
  return lines;
}

/**
 * The warning at activation about the steps it will spend (4.41, 5.7; 5.1 line 655; line 711): an HQ
 * that has fewer steps above Ø than it must spend loses its Ø step and is eliminated on that deactivation.
 */
export function spendLines(hq: HqRec): Line[] {
  const cost = hq.blitz ? 2 : 1;
  const lines: Line[] = [
    hq.blitz ? { key: 'ef.hq.blitzCost', rule: '4.41, 5.7' } : { key: 'ef.hq.cost', rule: '4.43, 5.43' },
  ];
  if (hq.vm === 0) lines.push({ key: 'ef.hq.zeroElim', rule: '5.43 (ACTIVACIÓN DE LOS HQ Ø)' });
  else if (cost > hq.vm) lines.push({ key: 'ef.hq.blitzElim', rule: '5.1, 5.7' });
  return lines;
}

/** A player turn's phases where an HQ may be deactivated, and what the Blitz HQ does in each (4.42–4.45, 5.41–5.43, 5.7). */
export type DeactivationPhase = 'movement' | 'combat' | 'blitz-move' | 'blitz-combat' | 'supply';

/**
 * One step spent by an active HQ in a phase (5.43, line 691: "reduciendo en un punto su Valor de Mando"):
 * a Mobile HQ after movement (5.41), a Combat HQ after combat (4.43, 5.42); a Blitz HQ spends its first
 * step after the first combat and stays active (4.43, 5.7, line 757), its second after the Blitz phases
 * (4.44, 4.45, line 761). An HQ at Ø that spends a step is eliminated (5.1, line 655; line 711).
 * Returns the problem key when the rules refuse it.
 */
export function deactivate(
  hq: HqRec,
  phase: DeactivationPhase,
): { rec: HqRec; lines: Line[] } | { refuse: string; rule: string } {
  if (hq.stage === 'done' || hq.stage === 'eliminated') return { refuse: 'ef.err.hqInactive', rule: '5.43' };
  if (hq.blitz && hq.stage === 'active' && phase === 'movement') return { refuse: 'ef.err.hqBlitzStays', rule: '5.7' };
  if (hq.blitz && hq.stage === 'active' && (phase === 'blitz-move' || phase === 'blitz-combat'))
    return { refuse: 'ef.err.hqBlitzFirst', rule: '4.43, 5.7' };
  const lines: Line[] = [];
  const eliminated = hq.vm === 0;
  const vm = Math.max(0, hq.vm - 1);
  const firstBlitz = hq.blitz && hq.stage === 'active';
  const stage: HqStage = eliminated ? 'eliminated' : firstBlitz ? 'blitz' : 'done';
  if (phase === 'movement') lines.push({ key: 'ef.hq.mobile', rule: '4.42, 5.41' });
  lines.push(
    eliminated
      ? { key: 'ef.hq.eliminated', params: { id: hq.id }, rule: '5.1, 5.43 (ACTIVACIÓN DE LOS HQ Ø)' }
      : { key: 'ef.hq.stepLost', params: { id: hq.id, vm }, rule: '5.43' },
  );
  if (stage === 'blitz') lines.push({ key: 'ef.hq.blitzStays', rule: '4.43, 5.7' });
  if (stage === 'done') lines.push({ key: 'ef.hq.noMoreMove', rule: '5.43' });
  const rec: HqRec = { ...hq, vm, stage };
  if (stage === 'blitz') lines.push(...hqLines(rec));
  return { rec, lines };
}

/**
 * One Supreme move (5.61, line 733; 6.51, line 907: "dos Movimientos Supremos por cada VM"): counted in
 * the Movement phase while the Supreme HQ is active; refused when none is left.
 */
export function supremeMove(hq: HqRec): { rec: HqRec; used: number; of: number } | { refuse: string } {
  if (!hq.supreme) return { refuse: 'ef.err.notSupreme' };
  if (hq.stage !== 'active') return { refuse: 'ef.err.hqInactive' };
  const of = hqView(hq).moves ?? 0;
  const used = (hq.movesUsed ?? 0) + 1;
  if (used > of) return { refuse: 'ef.err.noSupremeMoves' };
  return { rec: { ...hq, movesUsed: used }, used, of };
}

// ------------------------------------------------------------------ mandatory combat (7.15)

/** The fortresses of 7.15 (line 991): combat there is mandatory for the Original Attacker. */
export const FORTRESSES = ['sevastopol', 'leningrad'] as const;
export type FortressName = (typeof FORTRESSES)[number];

export interface MandatoryBattle {
  /** The hex as the players name it (a fortress by its key). */
  readonly hex: string;
  readonly fortress?: FortressName;
  readonly reasons: readonly Line[];
}

const hexList = (text: string): string[] =>
  text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The battles the rules make mandatory in a combat phase (7.15, seed 004 lines 983–993; 4.43): every
 * battle begun by an attack in the preceding movement phase fights at least one round (line 987); every
 * battle given an air attack (line 989, 7.13); Sevastopol and Leningrad for the Original Attacker, each
 * of its player turns, even unsupported (line 991) — except in the Blitz combat phase (line 993).
 * `newBattles` and `airBattles` are the hexes the players name; `fortresses` those where the active
 * player is the Original Attacker.
 */
export function mandatoryBattles(opts: {
  phase: 'combat' | 'blitz-combat';
  newBattles: string;
  airBattles: string;
  fortresses: readonly FortressName[];
}): { battles: MandatoryBattle[]; notes: Line[] } {
  const byHex = new Map<string, { hex: string; fortress?: FortressName; reasons: Line[] }>();
  const add = (hex: string, reason: Line, fortress?: FortressName) => {
    const hexKey = hex.toLowerCase();
    const entry = byHex.get(hexKey) ?? { hex, reasons: [], ...(fortress ? { fortress } : {}) };
    entry.reasons.push(reason);
    byHex.set(hexKey, entry);
  };
  for (const h of hexList(opts.newBattles)) add(h, { key: 'ef.must.new', rule: '7.15' });
  for (const h of hexList(opts.airBattles)) add(h, { key: 'ef.must.air', rule: '7.13, 7.15' });
  const notes: Line[] = [];
  if (opts.phase === 'blitz-combat') {
    if (opts.fortresses.length) notes.push({ key: 'ef.must.fortressBlitz', rule: '7.15' });
  } else for (const f of opts.fortresses) add(`ef.fortress.${f}`, { key: 'ef.must.fortress', rule: '7.15, 7.4' }, f);
  return { battles: [...byHex.values()], notes };
}
