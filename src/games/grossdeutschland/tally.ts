/**
 * Grossdeutschland's two running tallies, kept for the players (the map and counters stay on the table):
 *
 * - the supply record (5.1, 5.2; digest 000 §3.10): per unit the number of consecutive Supply phases
 *   it failed to trace a supply path — 1 → Low supply, 2 → Out of supply, 3 or more → a step loss
 *   in that phase (and still Out);
 * - the victory-point count (18.3, 19.3, 20.3, 21.3) against the scenario's victory data.
 *
 * Pure procedures over the engine's api; the state is plain JSON under the keys `gdSupply` and `gdVp`
 * of the session's GameState. Message keys (prefix `gdt.`) are in src/games/grossdeutschland/messages-tally.ts.
 */
import {
  attemptPreview,
  gameProcedures,
  stateSlice,
  type GameState,
  type I18n,
  type Json,
  type Line,
  type Preview,
  type Procedure,
  type ProcedureApi,
} from '../../engine';
import { need, obj, save, signed, type Side } from './state';

const SIDES: readonly Side[] = ['german', 'soviet'];

export type SupplyStatus = 'supplied' | 'low' | 'out';

/** One unit of the supply record. */
export interface SupplyEntry {
  /** The name as the players typed it (e.g. "5K 2Gr"). */
  readonly unit: string;
  readonly side: Side;
  /** Consecutive Supply phases without a supply path (0 once supplied again). */
  readonly failures: number;
  readonly status: SupplyStatus;
  /** The turn of its last check. */
  readonly lastTurn: number;
  /** Step losses it has taken for lack of supply since it was recorded (5.2). */
  readonly losses: number;
}

/** The last VP count ('gd.vp'). */
export interface VpTally {
  readonly turn: number;
  /** Indices into scenario.victory.locations. */
  readonly held: readonly number[];
  readonly locations: number;
  readonly extra: number;
  readonly total: number;
  readonly side: string;
  readonly threshold: number | null;
  /** Who wins if the game ended now: a side id, 'draw', or null when the text gives the condition in its notes. */
  readonly winner: string | null;
}

interface TallyState {
  readonly gdSupply?: Readonly<Record<string, SupplyEntry>>;
  readonly gdVp?: VpTally;
  /** This turn's auto-supplied stack of each battalion ("side:battalion" → hex), one per battalion (5.1). */
  readonly gdAuto?: { readonly turn: number; readonly stacks: Readonly<Record<string, string>> };
}
const tally = stateSlice<TallyState>().read;

// ------------------------------------------------------------------ input helpers (need, obj, save, signed: ./state)

const sideOf = (v: Json | undefined): Side => {
  need(v === 'german' || v === 'soviet', 'gdt.err.side');
  return v as Side;
};
/** A unit's name: trimmed, inner spaces collapsed, 1–40 characters. */
const unitName = (v: Json | undefined): string => {
  const trimmed = typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '';
  need(trimmed.length >= 1 && trimmed.length <= 40, 'gdt.err.unit');
  return trimmed;
};
/** Record key: side and name, case-insensitive ("5K 2Gr" and "5k 2gr" are the same counter). */
const keyOf = (side: Side, unit: string) => `${side}:${unit.toLowerCase()}`;
const sideKey = (s: string) => `gdt.side.${s}`;

export const statusOf = (failures: number): SupplyStatus =>
  failures <= 0 ? 'supplied' : failures === 1 ? 'low' : 'out';

// ------------------------------------------------------------------ what the UI reads

/** The supply record, German units first, then by name. */
export function supplyRecord(game: GameState): SupplyEntry[] {
  const record = tally(game).gdSupply ?? {};
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return Object.values(record).sort(
    (a, b) => cmp(a.side, b.side) || cmp(a.unit.toLowerCase(), b.unit.toLowerCase()) || cmp(a.unit, b.unit),
  );
}

/**
 * A unit's status in the supply record, by its name as typed (case-insensitive; either side), for the
 * fire and combat procedures (5.2): undefined if the record does not have it.
 */
export function unitSupply(game: GameState, unit: string): SupplyStatus | undefined {
  const name = unit.trim().replace(/\s+/g, ' ').toLowerCase();
  return Object.values(tally(game).gdSupply ?? {}).find((e) => e.unit.toLowerCase() === name)?.status;
}

/** The last VP count, if any. */
export const vpOf = (game: GameState): VpTally | undefined => tally(game).gdVp;

// ------------------------------------------------------------------ supply (5.1, 5.2)

const AUTO_REMINDER: Line = { key: 'gdt.supply.autoReminder', rule: '5.1' };

/**
 * One unit's check in the Supply phase (5.1, 5.2). Input: { unit, side, traced, autoSupplied? }.
 * A unit is checked once per turn: a second check in the same turn is refused (undo that step to correct it).
 * A unit not checked in the previous turn starts counting again (its failures were not consecutive as far as the record knows).
 */
/** The unit a supply check names (its name, its side) and its entry, refused if it was checked this turn already (5.1). */
function checkedUnit(fields: Record<string, Json>, at: { readonly game: GameState; readonly turn: number }) {
  const unit = unitName(fields['unit']);
  const side = sideOf(fields['side']);
  const record = tally(at.game).gdSupply ?? {};
  const key = keyOf(side, unit);
  const prev = record[key];
  need(!prev || prev.lastTurn !== at.turn, 'gdt.err.checkedThisTurn', { unit: prev?.unit ?? unit, turn: at.turn });
  return { unit, side, record, key, prev };
}

/**
 * Whether a unit's supply check is offered now (readiness from the rules, issue #29), or why not —
 * no name typed, or the unit already checked this turn (5.1) — in the procedure's words.
 */
export const supplyOffer = (
  at: { readonly game: GameState; readonly turn: number },
  typed: { readonly unit: string; readonly side: string },
): Preview<object> => attemptPreview(() => (checkedUnit({ unit: typed.unit, side: typed.side }, at), {}));

export const supply: Procedure = (input, api) => {
  const fields = obj(input);
  const { unit, side, record, key, prev } = checkedUnit(fields, api);
  need(typeof fields['traced'] === 'boolean', 'gdt.err.traced');
  need(fields['autoSupplied'] === undefined || typeof fields['autoSupplied'] === 'boolean', 'gdt.err.auto');
  const traced = fields['traced'] === true,
    auto = fields['autoSupplied'] === true;
  // 5.1 (seed 000 line 222): only one stack of each battalion may be auto-supplied in a turn. Named with
  // its battalion and hex, the app holds the players to it (several units of that one stack are fine).
  const text = (v: Json | undefined, max: number) =>
    typeof v === 'string' && v.trim() ? v.trim().replace(/\s+/g, ' ').slice(0, max) : undefined;
  const battalion = text(fields['battalion'], 20),
    hex = text(fields['hex'], 8);
  const autoState = tally(api.game).gdAuto;
  const stacks = autoState && autoState.turn === api.turn ? autoState.stacks : {};
  const stackKey = battalion ? keyOf(side, battalion) : undefined;
  if (auto && stackKey) {
    need(hex, 'gdt.err.autoHex');
    need(!stacks[stackKey] || stacks[stackKey] === hex, 'gdt.err.autoTwice', {
      battalion: battalion!,
      hex: stacks[stackKey] ?? '',
    });
  }

  const lines: Line[] = [];
  let before = prev?.failures ?? 0;
  if (prev && before > 0 && prev.lastTurn < api.turn - 1) {
    lines.push({ key: 'gdt.supply.gap', params: { unit, last: prev.lastTurn }, rule: '5.2' });
    before = 0;
  }
  const supplied = traced || auto;
  const failures = supplied ? 0 : before + 1;
  const status = statusOf(failures);
  const stepLoss = failures >= 3;
  const losses = (prev?.losses ?? 0) + (stepLoss ? 1 : 0);
  const params = { unit, side: sideKey(side) };

  let headline: Line;
  if (supplied) {
    lines.push(
      traced ? { key: 'gdt.supply.traced', params, rule: '5.1' } : { key: 'gdt.supply.auto', params, rule: '5.1' },
    );
    if (!traced && stackKey)
      lines.push({ key: 'gdt.supply.autoStack', params: { battalion: battalion!, hex: hex! }, rule: '5.1' });
    if (!traced) lines.push(AUTO_REMINDER);
    if (before > 0) {
      lines.push({ key: 'gdt.supply.restored', params: { unit, was: `gdt.was.${statusOf(before)}` }, rule: '5.2' });
      if (before >= 2) lines.push({ key: 'gdt.supply.artilleryReady', rule: '5.2' });
    }
    headline = { key: before > 0 ? 'gdt.supply.head.restored' : 'gdt.supply.head.supplied', params: { unit } };
  } else {
    lines.push({ key: 'gdt.supply.failed', params: { ...params, n: failures }, rule: '5.2' });
    if (failures === 1) {
      lines.push({ key: 'gdt.supply.low', rule: '5.2' });
    } else {
      lines.push({ key: 'gdt.supply.out', rule: '5.2' });
      lines.push({ key: 'gdt.supply.outMove', rule: '5.2 (A7)' });
      lines.push({ key: 'gdt.supply.outNoDirect', rule: '5.2' });
      lines.push({ key: 'gdt.supply.outArtillery', rule: '5.2' });
    }
    if (stepLoss) {
      lines.push({ key: 'gdt.supply.stepLoss', params: { n: failures }, rule: '5.2' });
      lines.push({ key: 'gdt.supply.stepLossRemove', rule: '5.2' });
    }
    lines.push(AUTO_REMINDER);
    headline = { key: stepLoss ? 'gdt.supply.head.stepLoss' : `gdt.supply.head.${status}`, params: { unit } };
  }

  const entry: SupplyEntry = { unit, side, failures, status, lastTurn: api.turn, losses };
  return {
    headline,
    lines,
    result: { unit, side, traced, autoSupplied: auto, failures, status, stepLoss, turn: api.turn },
    game: save(api.game, {
      gdSupply: { ...record, [key]: entry },
      ...(auto && stackKey ? { gdAuto: { turn: api.turn, stacks: { ...stacks, [stackKey]: hex! } } } : {}),
    }),
  };
};

/** Drops a unit from the supply record (eliminated, or entered by mistake). Input: { unit, side? }. */
export const supplyRemove: Procedure = (input, api) => {
  const fields = obj(input);
  const unit = unitName(fields['unit']);
  const record = tally(api.game).gdSupply ?? {};
  let keys: string[];
  if (fields['side'] !== undefined) keys = [keyOf(sideOf(fields['side']), unit)].filter((k) => k in record);
  else keys = SIDES.map((s) => keyOf(s, unit)).filter((k) => k in record);
  need(keys.length > 0, 'gdt.err.unknownUnit', { unit });
  need(keys.length === 1, 'gdt.err.whichSide', { unit });
  const key = keys[0]!;
  const gone = record[key]!;
  const rest: Record<string, SupplyEntry> = { ...record };
  delete rest[key];
  return {
    headline: { key: 'gdt.remove.head', params: { unit: gone.unit } },
    lines: [
      {
        key: 'gdt.remove.line',
        params: { unit: gone.unit, side: sideKey(gone.side), status: `gdt.status.${gone.status}` },
      },
    ],
    result: { unit: gone.unit, side: gone.side },
    game: save(api.game, { gdSupply: rest }),
  };
};

// ------------------------------------------------------------------ victory points

type Victory = NonNullable<NonNullable<ProcedureApi['scenario']>['victory']>;
type Location = Victory['locations'][number];

/** A location by its index ("0", 0), its hex, or its name in either language when only one location has it. */
function locationIndex(v: Victory, ref: Json): number {
  const n =
    typeof ref === 'number'
      ? ref
      : typeof ref === 'string' && /^\d+$/.test(ref.trim())
        ? Number(ref.trim())
        : Number.NaN;
  if (Number.isInteger(n) && n >= 0 && n < v.locations.length) return n;
  const name = typeof ref === 'string' ? ref.trim().toLowerCase() : '';
  const label = typeof ref === 'string' || typeof ref === 'number' ? String(ref) : '?';
  const byHex = name ? v.locations.findIndex((l) => l.hex?.toLowerCase() === name) : -1;
  if (byHex >= 0) return byHex;
  const byName = name
    ? v.locations.flatMap((l, k) => (l.name.en.toLowerCase() === name || l.name.es.toLowerCase() === name ? [k] : []))
    : [];
  need(byName.length > 0, 'gdt.err.location', { location: label });
  need(byName.length === 1, 'gdt.err.ambiguous', { location: label });
  return byName[0]!;
}

/**
 * The VP count if the game ended now (18.3, 19.3, 20.3, 21.3). Input: { held: location refs last
 * occupied by the scoring side, extra?: other VP the players count (exits, −1 per hex, per-hex readings of A23) }.
 * The scoring side wins with at least the threshold; a scenario may give a draw value (`draw`, 20.3: 5 VP).
 */
export const vp: Procedure = (input, api) => {
  const victory = api.scenario?.victory;
  need(victory, 'gdt.err.noVictory');
  const fields = obj(input);
  const heldIn = fields['held'] ?? [];
  need(Array.isArray(heldIn), 'gdt.err.held');
  const held = (heldIn as Json[]).map((r) => locationIndex(victory, r));
  const dup = held.find((x, k) => held.indexOf(x) !== k);
  need(dup === undefined, 'gdt.err.duplicate', {
    location: dup === undefined ? '' : (victory.locations[dup]!.hex ?? victory.locations[dup]!.name.en),
  });
  held.sort((a, b) => a - b);
  const x = fields['extra'] ?? 0;
  need(typeof x === 'number' && Number.isInteger(x) && x >= -99 && x <= 99, 'gdt.err.extra');
  const extra = x as number;

  const lines: Line[] = [];
  let locations = 0;
  for (const k of held) {
    const location: Location = victory.locations[k]!;
    locations += location.vp;
    // Without a hex the data means "any of its hexes", unless its note says otherwise (20.3 lists hexes, A23).
    lines.push(
      location.hex
        ? {
            key: 'gdt.vp.location',
            params: { name: location.name, vp: location.vp, hex: location.hex },
            rule: victory.rule,
          }
        : {
            key: location.note ? 'gdt.vp.locationPlain' : 'gdt.vp.locationAny',
            params: { name: location.name, vp: location.vp },
            rule: victory.rule,
          },
    );
    if (location.note) lines.push({ key: 'gdt.vp.locationNote', params: { note: location.note } });
  }
  if (!held.length) lines.push({ key: 'gdt.vp.noneHeld', params: { side: sideKey(victory.side) }, rule: victory.rule });
  if (extra) lines.push({ key: 'gdt.vp.extra', params: { extra: signed(extra) }, rule: victory.rule });
  const total = locations + extra;
  lines.push({ key: 'gdt.vp.total', params: { total, side: sideKey(victory.side) }, rule: victory.rule });

  const threshold = victory.threshold ?? null;
  const drawAt = victory.draw;
  const draw = typeof drawAt === 'number' ? drawAt : null;
  const other = SIDES.find((s) => s !== victory.side) ?? null;
  let winner: string | null = null;
  let headline: Line;
  if (threshold === null) {
    lines.push({ key: 'gdt.vp.noThreshold', rule: victory.rule });
    headline = { key: 'gdt.vp.head.total', params: { total, side: sideKey(victory.side) } };
  } else if (total >= threshold) {
    winner = victory.side;
    lines.push({ key: 'gdt.vp.wins', params: { side: sideKey(victory.side), total, threshold }, rule: victory.rule });
    headline = { key: 'gdt.vp.head.wins', params: { side: sideKey(victory.side), total } };
  } else if (draw !== null && total >= draw) {
    winner = 'draw';
    lines.push({ key: 'gdt.vp.draw', params: { total, draw }, rule: victory.rule });
    headline = { key: 'gdt.vp.head.draw', params: { total } };
  } else {
    winner = other;
    lines.push({
      key: 'gdt.vp.short',
      params: { side: sideKey(victory.side), other: other ? sideKey(other) : '?', total, threshold },
      rule: victory.rule,
    });
    headline = {
      key: 'gdt.vp.head.short',
      params: { side: sideKey(victory.side), other: other ? sideKey(other) : '?', total },
    };
  }
  for (const note of victory.notes ?? []) lines.push({ key: 'gdt.vp.note', params: { note: note as I18n } });

  const result: VpTally = { turn: api.turn, held, locations, extra, total, side: victory.side, threshold, winner };
  return { headline, lines, result: { ...result }, game: save(api.game, { gdVp: result }) };
};

export const tallyProcedures = gameProcedures('gd', { supply, 'supply.remove': supplyRemove, vp });
