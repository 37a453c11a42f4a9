/**
 * A game session is an append-only log. Each entry holds the action, its outcome (dice, result and
 * the structured explanation) and the RNG state before and after it. Everything else — the cups,
 * the RNG state to continue from — is derived from the log. Undo marks entries undone (they stay
 * visible) and appends an undo step naming them, so the marks are in the chain (issue #30); the
 * RNG state is restored from before them: redoing the same step gives the same dice, so undo can
 * never be used to re-roll. The game decides every die: a table's or CRT's own, a procedure's
 * declared dice, or a free roll of the Dice tool (issue #30; tableDice, freeDice).
 */
import {
  addChit,
  createCup,
  drawChit,
  drawManual,
  endTurn,
  giveToHand,
  lookAt,
  orderNext,
  pick,
  playFromHand,
  removeChit,
  type Cup,
} from './cup';
import { diceLabel, manualDice, rollDice, type DiceRoll, type DiceSpec } from './dice';
import { checkBalance, diceSource, nextRun, nextSums, sumsAfter, type DiceSource } from './deck';
import { nextPrev } from './chain';
import { EngineError } from './errors';
import {
  checkReveals,
  countingRng,
  jointAdvance,
  jointAfter,
  jointOnly,
  jointPrefix,
  jointQueue,
  jointRng,
  jointUsed,
  redoRng,
} from './joint';
import { applyHidden, endDeal, nextHiddenPos } from './hidden';
import { applySealed } from './sealed';
import type { Ceremony } from './seed-ceremony';
import { runProcedure, type ProcedureOutcome } from './procedures';
import { outOfSequence, PHASE_STEP, phaseStep } from './sequence';
import { createRng, restoreRng, type Rng } from './rng';
import type { ScenarioData, TableData } from './schema/data';
import { withPlayerChart, type ChartSetup, type PlayerChart } from './player-charts';
import { combatColumn, resolveCombat, resolveRoll, type EnteredCells, type Modifier, type Shift } from './tables';

import type {
  Action,
  Context,
  GameContext,
  JointReveal,
  LogEntry,
  Outcome,
  Session,
  SessionSettings,
  SessionState,
} from './session-types';
// The session's types live in a leaf module (no import cycle); this module hands them on.
export type * from './session-types';

export function newSession(init: {
  id: string;
  game: string;
  scenario: string;
  name: string;
  seed: string;
  createdAt: string;
  settings?: Partial<SessionSettings>;
  ceremony?: Ceremony;
  /** The game's rules version now (GameContext.rules): the game's steps may claim none older. */
  rules?: number;
}): Session {
  createRng(init.seed); // validates the seed
  return {
    format: 1,
    id: init.id,
    game: init.game,
    scenario: init.scenario,
    name: init.name,
    seed: init.seed,
    createdAt: init.createdAt,
    settings: { errata: 'default', dice: 'app', ...init.settings },
    ...(init.ceremony ? { ceremony: init.ceremony } : {}),
    ...(init.rules !== undefined ? { rules: init.rules } : {}),
    log: [],
  };
}

export function initialState(session: Pick<Session, 'seed'>, scenario?: ScenarioData): SessionState {
  const cups: Record<string, Cup> = {};
  for (const c of scenario?.cups ?? []) {
    cups[c.id] = createCup(
      c.id,
      c.chits.filter((ch) => !ch.arrives).flatMap((ch) => Array<string>(ch.count ?? 1).fill(ch.id)),
      c.refill,
    );
  }
  return { cups, turn: 1, game: {}, rng: createRng(session.seed).snapshot() };
}

/** The tables with the players' definitions merged in (only those that have one). */
function chartedTables(
  tables: ReadonlyMap<string, TableData>,
  setups: Readonly<Record<string, ChartSetup>>,
): ReadonlyMap<string, TableData> {
  const ids = Object.keys(setups).filter((id) => tables.get(id)?.playerDefinesAxes);
  if (!ids.length) return tables;
  const charted = new Map(tables);
  for (const id of ids) charted.set(id, withPlayerChart(tables.get(id)!, setups[id]));
  return charted;
}

const active = (log: readonly LogEntry[]) => log.filter((e) => !e.undone);

/**
 * The state after every entry that is not undone, replayed from the start. A step recorded under
 * the game's current rules is run as it is; an older one as replayEntry replays it (the verification
 * has checked each when the game opened).
 */
export function deriveState(session: Session, ctx: GameContext): SessionState {
  let state = initialState(session, ctx.scenario);
  for (const e of active(session.log)) {
    if (e.action.type === 'undo') continue; // marks, not a state: the steps it undid are left out above
    if (ctx.rules && e.rules !== ctx.rules.version) {
      const r = replayEntry(state, e, ctx, session.settings);
      if (r.ok) {
        state = r.state;
        continue;
      }
    }
    const rng = restoreRng(e.rngBefore);
    state = {
      ...step(state, e.action, ctx, session.settings, rng, {
        legacy: e.chain !== 2,
        rules: e.rules,
        ...(e.joint ? { joint: e.joint } : {}),
      }).state,
      rng: rng.snapshot(),
    };
  }
  return state;
}

/** A replayed outcome as the step recorded it (see asRecorded), compared with the record. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A replayed outcome as a step recorded before procedures recorded their tables' odds (for luck,
 * issue #15) or what they read on each table (issue #28) would hold it: without them. They are
 * derived from the rest of the step, so a step without them loses nothing the seed proves; one that
 * has them must match exactly.
 */
export function asRecorded(replayed: Outcome, recorded: unknown): Outcome {
  if (replayed.kind !== 'procedure') return replayed;
  let out: ProcedureOutcome = replayed;
  for (const derived of ['tables', 'reads'] as const)
    if (out[derived] && !Object.hasOwn(recorded as object, derived)) {
      const { [derived]: _, ...rest } = out;
      out = rest;
    }
  return out;
}

/**
 * How a recorded step replayed: under the game's rules now (`current`), under an older version the
 * game keeps (`former`), or kept as written (`written`): a procedure the game rewrote since the
 * step was recorded, whose old behaviour it does not keep (RulesVersions.rewritten).
 */
export type ReplayedUnder = 'current' | 'former' | 'written';

export type Replayed =
  | { readonly ok: true; readonly state: SessionState; readonly manual: boolean; readonly under: ReplayedUnder }
  | { readonly ok: false; readonly code: 'step-error'; readonly error: unknown }
  | { readonly ok: false; readonly code: 'result' | 'rng-after' | 'manual' };

/**
 * Replays one recorded step from `base` (the state it started from) and checks it against its
 * record: its outcome, its random state after, its manual flag. It runs under the rules version it
 * recorded; a step made before versions were recorded, in a game that declares them, under the
 * newest version that gives its record (the game now, then each older one: its dice come from the
 * seed all the same). A procedure step no version gives, that the game rewrote after the step's
 * version without keeping the old behaviour, is kept as written when its dice hold (writtenDice).
 * Whether the version itself may stand (not older than the game's start or an earlier step) is the
 * verification's (session-file.ts checkRulesOrder).
 */
export function replayEntry(base: SessionState, e: LogEntry, ctx: GameContext, settings: SessionSettings): Replayed {
  const now = ctx.rules?.version;
  const versions =
    e.rules !== undefined ? [e.rules] : now !== undefined ? Array.from({ length: now + 1 }, (_, k) => now - k) : [0];
  let first: Replayed | undefined;
  for (const rules of versions) {
    const rng = restoreRng(e.rngBefore);
    let out;
    try {
      out = step(base, e.action, ctx, settings, rng, {
        legacy: e.chain !== 2,
        rules,
        ...(e.joint ? { joint: e.joint } : {}),
      });
    } catch (error) {
      first ??= { ok: false, code: 'step-error', error };
      continue;
    }
    const after = rng.snapshot();
    if (!same(asRecorded(out.outcome, e.outcome), e.outcome)) first ??= { ok: false, code: 'result' };
    else if (!same(after, e.rngAfter)) first ??= { ok: false, code: 'rng-after' };
    else if (e.manual !== out.manual) first ??= { ok: false, code: 'manual' };
    else
      return {
        ok: true,
        state: { ...out.state, rng: after },
        manual: out.manual,
        under: now === undefined || rules === now ? 'current' : 'former',
      };
  }
  const written = writtenDice(base, e, ctx);
  if (written) {
    // The game's state after it: as the rules now read the step, or as it was when they refuse it.
    let state = base;
    try {
      state = step(base, e.action, ctx, settings, restoreRng(e.rngBefore), {
        legacy: e.chain !== 2,
        ...(e.joint ? { joint: e.joint } : {}),
      }).state;
    } catch {
      /* the rules now refuse the step: it changes nothing the app keeps */
    }
    return {
      ok: true,
      state: { ...state, rng: e.rngAfter, ...(written.decks ? { decks: written.decks } : {}) },
      manual: e.manual,
      under: 'written',
    };
  }
  return first!;
}

/**
 * A procedure step kept as written (RulesVersions.rewritten): only where the game rewrote the
 * procedure after the step's version. Its dice must still hold: each roll it recorded comes again
 * from the seed (or was typed in, on a step marked so) and leaves exactly its recorded random state.
 * Undefined when the step cannot be kept as written.
 */
function writtenDice(base: SessionState, e: LogEntry, ctx: GameContext): { decks?: SessionState['decks'] } | undefined {
  const o = e.outcome;
  if (e.action.type !== 'procedure' || o.kind !== 'procedure' || o.id !== e.action.id) return undefined;
  const changed = ctx.rules?.rewritten?.[e.action.id];
  if (changed === undefined || (e.rules ?? 0) >= changed) return undefined;
  if (!same(o.input, e.action.input) || !Array.isArray(o.rolls)) return undefined;
  const rng = restoreRng(e.rngBefore);
  const source = diceSource(rng, base.balance, base.decks, rollDice);
  try {
    for (const r of o.rolls) {
      if (e.manual !== r.manual) return undefined;
      const again = r.manual ? manualDice(r.spec, r.dice, r.hitOn) : source.roll(r.spec, r.hitOn);
      if (!same(again, r)) return undefined;
    }
  } catch {
    return undefined;
  }
  if (!same(rng.snapshot(), e.rngAfter)) return undefined;
  return base.balance?.deck && source.decks ? { decks: source.decks } : {};
}

function cupOf(state: SessionState, id: string): Cup {
  const cup = state.cups[id];
  if (!cup) throw new EngineError('unknown-cup', { cup: id });
  return cup;
}

function tableOf(ctx: GameContext, id: string): TableData {
  const table = ctx.tables.get(id);
  if (!table) throw new EngineError('unknown-table', { table: id });
  return table;
}

function diceFor(dice: DiceSource, spec: DiceSpec, manual: readonly number[] | undefined, hitOn?: number): DiceRoll {
  return manual ? manualDice(spec, manual, hitOn) : dice.roll(spec, hitOn);
}

/** A chit's side, as the scenario's cup gives it ('' for none). */
function chitSide(ctx: GameContext, cup: string, chit: string): string {
  return ctx.scenario?.cups?.find((c) => c.id === cup)?.chits.find((c) => c.id === chit)?.side ?? '';
}

/** How a recorded step is replayed: `legacy`, a step made before issue #30 (see tableDice). */
export interface Recorded {
  readonly legacy?: boolean;
  /** The devices' values a joint step's randomness was made from (issue #33): the joint set moves on to them. */
  readonly joint?: readonly JointReveal[];
  /** The game's rules version the step runs under (absent: the game's current one). */
  readonly rules?: number;
}

const sameSpec = (a: DiceSpec, b: DiceSpec) => diceLabel(a) === diceLabel(b);

/**
 * The dice a table or CRT is rolled with: the game decides them (issue #30) — the table's own (or,
 * for a chart the players define, the dice they defined), never dice the request names. Where the
 * rules change them (Grossdeutschland's 3d6 at night, 13.2) the game's procedure rolls them with its
 * rule. A step that names other dice is refused, naming both. Steps made before issue #30
 * (`legacy`) could name any sum of the game's dice (the CRT tool offered them): they replay as made.
 */
export function tableDice(t: TableData, asked: DiceSpec | undefined, ctx: GameContext, recorded?: Recorded): DiceSpec {
  const own = t.roll?.dice;
  if (!own) throw new EngineError('unknown-table', { table: t.id });
  // Dice the players defined for a chart whose text is silent are numbered dice, or a die the game defines.
  freeDice(own, ctx);
  if (!asked || sameSpec(asked, own)) return own;
  if (recorded?.legacy && !('faces' in asked) && ctx.dice?.some((d) => !('faces' in d) && sameSpec(d, asked)))
    return asked;
  throw new EngineError(
    'table-dice',
    { table: t.id, dice: diceLabel(asked), expected: diceLabel(own) },
    `The game decides the dice: table ${t.id} is rolled with ${diceLabel(own)}, not ${diceLabel(asked)}`,
  );
}

/**
 * A free roll of the Dice tool: numbered dice of any size, or a die of custom faces the game's data
 * defines (in any number, for a pool); never other faces. It feeds no table, CRT or procedure.
 */
export function freeDice(spec: DiceSpec, ctx: GameContext): void {
  if (!('faces' in spec) || !ctx.dice) return;
  const faces = JSON.stringify(spec.faces);
  if (!ctx.dice.some((d) => 'faces' in d && JSON.stringify(d.faces) === faces))
    throw new EngineError(
      'custom-die',
      { dice: diceLabel(spec) },
      `The dice ${diceLabel(spec)} are not dice of this game`,
    );
}

/** Bounds on the modifiers and column shifts a step may carry: beyond them a value is a slip, not a rule. */
export const MODIFIER_LIMIT = 99;
export const SHIFT_LIMIT = 20;
function checkAdjustments(action: { modifiers?: readonly Modifier[]; shifts?: readonly Shift[] }): void {
  for (const m of action.modifiers ?? [])
    if (!Number.isInteger(m.value) || Math.abs(m.value) > MODIFIER_LIMIT)
      throw new EngineError('modifier-range', { value: String(m.value), min: -MODIFIER_LIMIT, max: MODIFIER_LIMIT });
  for (const s of action.shifts ?? [])
    if (!Number.isInteger(s.amount) || Math.abs(s.amount) > SHIFT_LIMIT)
      throw new EngineError('shift-range', { value: String(s.amount), min: -SHIFT_LIMIT, max: SHIFT_LIMIT });
}

/**
 * Runs one action against the state (pure: the RNG passed in is the only thing advanced). Every die
 * the app rolls for it, from the tools or a game's procedure, comes from one DiceSource (deck.ts):
 * the seeded RNG, or in deck mode the decks, whose cards left go into the state after the step.
 */
export function step(
  state: SessionState,
  action: Action,
  ctx: GameContext,
  settings: SessionSettings,
  rng: Rng,
  recorded?: Recorded,
): { state: SessionState; outcome: Outcome; manual: boolean; read?: readonly string[] } {
  const dice = diceSource(rng, state.balance, state.decks, rollDice);
  const stepped = stepWith(state, action, ctx, settings, rng, dice, recorded);
  const out =
    state.balance?.deck && stepped.state.balance?.deck && dice.decks !== state.decks
      ? { ...stepped, state: { ...stepped.state, decks: dice.decks! } }
      : stepped;
  return recorded?.joint && out.state.joint
    ? { ...out, state: { ...out.state, joint: jointAdvance(out.state.joint, recorded.joint) } }
    : out;
}

function stepWith(
  state: SessionState,
  action: Action,
  ctx: GameContext,
  settings: SessionSettings,
  rng: Rng,
  source: DiceSource,
  recorded?: Recorded,
): { state: SessionState; outcome: Outcome; manual: boolean; read?: readonly string[] } {
  const withCup = (id: string, cup: Cup): SessionState => ({ ...state, cups: { ...state.cups, [id]: cup } });
  // A recorded step reads the chart values it recorded; a new one reads the device's (apply records them).
  // So do the errata and readings: a recorded step keeps those it was made with (apply records them).
  const errata = ('errata' in action && action.errata) || settings.errata;
  const opts = (table: string, recorded?: EnteredCells) => ({
    errata,
    entered: recorded ?? ctx.entered?.[table],
  });
  switch (action.type) {
    case 'roll': {
      freeDice(action.dice, ctx);
      const dice = diceFor(source, action.dice, action.manual, action.hitOn);
      return {
        state,
        outcome: { kind: 'roll', dice, ...(action.label ? { label: action.label } : {}) },
        manual: dice.manual,
      };
    }
    case 'table': {
      checkAdjustments(action);
      const table = withPlayerChart(tableOf(ctx, action.table), action.chart ?? ctx.charts?.[action.table]);
      const spec = tableDice(table, action.dice, ctx, recorded);
      const dice = diceFor(source, spec, action.manual);
      const resolution = resolveRoll(table, dice, action.modifiers ?? [], {
        ...opts(table.id, action.entered),
        other: action.other,
      });
      return { state, outcome: { kind: 'resolution', resolution }, manual: dice.manual };
    }
    case 'combat': {
      checkAdjustments(action);
      const table = withPlayerChart(tableOf(ctx, action.table), action.chart ?? ctx.charts?.[action.table]);
      const spec = tableDice(table, action.dice, ctx, recorded);
      // Work out the column first: an automatic result needs no roll and draws nothing from the RNG.
      const automatic = combatColumn(table, action).after.at !== 'column';
      const resolution = resolveCombat(
        table,
        action,
        automatic ? undefined : diceFor(source, spec, action.manual),
        opts(table.id, action.entered),
      );
      return { state, outcome: { kind: 'resolution', resolution }, manual: !!action.manual && !automatic };
    }
    case 'cup.draw': {
      const cup = cupOf(state, action.cup);
      // The streak cap (deck.ts): after `cap` chits of one side in a row, the app draws from the others' chits.
      const cap = state.balance?.cap;
      const run = state.runs?.[action.cup];
      const avoid = cap && run && run.n >= cap ? (c: string) => chitSide(ctx, action.cup, c) === run.side : undefined;
      const draw = action.manual !== undefined ? drawManual(cup, action.manual) : drawChit(cup, rng, avoid);
      const runs = cap
        ? { runs: { ...state.runs, [action.cup]: nextRun(run, chitSide(ctx, action.cup, draw.chit)) } }
        : {};
      return {
        state: { ...withCup(action.cup, draw.cup), ...runs },
        outcome: {
          kind: 'draw',
          cup: action.cup,
          chit: draw.chit,
          how: draw.how,
          from: draw.from,
          ...(draw.refilled ? { refilled: true } : {}),
          ...(action.faceDown ? { faceDown: action.faceDown } : {}),
          ...(draw.capped && run ? { capped: { side: run.side, n: run.n } } : {}),
        },
        manual: draw.how === 'manual',
      };
    }
    case 'cup.look': {
      const cup = lookAt(cupOf(state, action.cup), rng, action.n);
      return {
        state: withCup(action.cup, cup),
        outcome: { kind: 'cup', cup: action.cup, op: 'look', chits: cup.next },
        manual: false,
      };
    }
    case 'cup.pick':
    case 'cup.order':
    case 'cup.add':
    case 'cup.remove':
    case 'cup.hand':
    case 'cup.play': {
      const c0 = cupOf(state, action.cup);
      const cup =
        action.type === 'cup.pick'
          ? pick(c0, action.chit)
          : action.type === 'cup.order'
            ? orderNext(c0, action.order)
            : action.type === 'cup.add'
              ? addChit(c0, action.chit)
              : action.type === 'cup.remove'
                ? removeChit(c0, action.chit)
                : action.type === 'cup.hand'
                  ? giveToHand(c0, action.side, action.chit)
                  : playFromHand(c0, action.side, action.chit);
      const chits = action.type === 'cup.order' ? action.order : [action.chit];
      const side = action.type === 'cup.hand' || action.type === 'cup.play' ? { side: action.side } : {};
      return {
        state: withCup(action.cup, cup),
        outcome: { kind: 'cup', cup: action.cup, op: action.type.slice(4), chits, ...side },
        manual: false,
      };
    }
    case 'hidden.deal':
    case 'hidden.draw':
    case 'hidden.reveal':
    case 'hidden.keep':
    case 'hidden.refill':
    case 'hidden.audit': {
      const r = applyHidden(action, cupOf(state, action.cup), state.hidden?.[action.cup]);
      const { [action.cup]: _was, ...others } = state.hidden ?? {};
      const hidden = r.deal ? { ...others, [action.cup]: r.deal } : others;
      return { state: { ...withCup(action.cup, r.cup), hidden }, outcome: r.outcome, manual: false };
    }
    case 'sealed.commit':
    case 'sealed.call':
    case 'sealed.reveal': {
      const r = applySealed(action, state.sealed);
      return { state: { ...state, sealed: r.sealed }, outcome: r.outcome, manual: false };
    }
    case 'end-turn': {
      // A hidden cup's deal ends with the turn (every drawn chit revealed): its chits go back first.
      // A deal that lasts the game (hidden.ts `lasting`) stays, its cup as it is.
      const lasting = Object.fromEntries(Object.entries(state.hidden ?? {}).filter(([, d]) => d.lasting));
      const ended = (k: string, c: Cup) => (state.hidden?.[k] ? endDeal(c, state.hidden[k]) : c);
      const cups = Object.fromEntries(
        Object.entries(state.cups).map(([k, c]) => [k, lasting[k] ? c : endTurn(ended(k, c))]),
      );
      return {
        state: {
          ...state,
          cups,
          turn: state.turn + 1,
          ...(state.runs ? { runs: {} } : {}),
          ...(state.hidden ? { hidden: lasting } : {}),
        },
        outcome: { kind: 'end-turn', turn: state.turn + 1 },
        manual: false,
      };
    }
    case 'procedure': {
      // The phase step is the engine's, from the game's sequence of play (sequence.ts).
      const procedure =
        ctx.procedures?.[action.id] ?? (action.id === PHASE_STEP && ctx.sequence ? phaseStep(ctx.sequence) : undefined);
      if (!procedure) throw new EngineError('bad-action', { type: action.id }, `No procedure ${action.id}`);
      const reroll = reasonOf(action.reroll, 'reroll-reason');
      const outOfSequence = reasonOf(action.outOfSequence, 'sequence-reason');
      if (!reroll && ctx.once?.[action.id]?.(action.input, { turn: state.turn, game: state.game }))
        throw new EngineError('once', { procedure: action.id });
      // A recorded step reads the charts it recorded; a new one the device's (apply records what it read).
      const rec = action.charts;
      // Tables it did not record (nothing typed in then, or read through api.entered alone) keep the device's values.
      const entered = rec
        ? { ...ctx.entered, ...Object.fromEntries(Object.entries(rec).map(([k, c]) => [k, c.cells ?? {}])) }
        : ctx.entered;
      const setups: Readonly<Record<string, ChartSetup>> | undefined = rec ? { ...ctx.charts, ...rec } : ctx.charts;
      const ran = runProcedure(
        procedure,
        action.id,
        action.input,
        rng,
        {
          tables: setups ? chartedTables(ctx.tables, setups) : ctx.tables,
          cups: state.cups,
          turn: state.turn,
          game: state.game,
          ...(state.sealed ? { sealed: state.sealed } : {}),
          errata,
          ...(entered ? { entered } : {}),
          readings: { ...ctx.readings, ...(action.readings ?? settings.readings) },
          rules: recorded?.rules ?? ctx.rules?.version ?? 0,
          ...(ctx.scenario ? { scenario: ctx.scenario } : {}),
          ...(state.hidden ? { hidden: state.hidden } : {}),
          // The chances a step explains before its rolls: the deck's cards left (none for dice typed in).
          ...(action.manual
            ? {}
            : {
                sums: (spec: DiceSpec) => nextSums(state, spec),
                sumsAfter: (spec: DiceSpec, total: number) => sumsAfter(state, spec, total),
              }),
        },
        action.manual,
        source,
      );
      const next = {
        ...state,
        ...(ran.game ? { game: ran.game } : {}),
        ...(ran.cups ? { cups: { ...state.cups, ...ran.cups } } : {}),
      };
      const outcome = {
        ...ran.outcome,
        ...(reroll ? { reroll } : {}),
        ...(outOfSequence ? { outOfSequence } : {}),
      };
      return { state: next, outcome, manual: ran.manual, read: ran.read };
    }
    case 'note':
      return { state, outcome: { kind: 'note', text: String(action.text).slice(0, 2000) }, manual: false };
    case 'undo':
      // The marks are checked against the log (undoTargets, checkUndoMarks): as a step it changes nothing.
      return { state, outcome: { kind: 'undo', steps: [...action.steps] }, manual: false };
    case 'joint': {
      // Joint randomness from here on (issue #33, ./joint.ts); a device of the set before that is not in this one left it.
      const joint = jointAfter(state.joint, action.devices);
      const names = action.devices.map((d) => d.name);
      if (new Set(names).size !== names.length) throw new EngineError('bad-action', { field: 'devices' });
      const left = (state.joint?.devices ?? []).map((d) => d.name).filter((n) => !names.includes(n));
      return {
        state: { ...state, joint },
        outcome: { kind: 'joint', devices: names, ...(left.length ? { left } : {}) },
        manual: false,
      };
    }
    case 'balance': {
      // A mode turned on starts afresh (full decks, no run yet); one left on keeps its state; one turned off is forgotten.
      const balance = checkBalance(action.deck, action.cap);
      const { balance: _b, decks: _d, runs: _r, ...rest } = state;
      return {
        state: {
          ...rest,
          ...(balance.deck || balance.cap ? { balance } : {}),
          ...(balance.deck ? { decks: state.balance?.deck ? (state.decks ?? {}) : {} } : {}),
          ...(balance.cap ? { runs: state.balance?.cap ? (state.runs ?? {}) : {} } : {}),
        },
        outcome: { kind: 'balance', deck: balance.deck === true, ...(balance.cap ? { cap: balance.cap } : {}) },
        manual: false,
      };
    }
    default:
      throw new EngineError('bad-action', { type: String((action as { type?: unknown }).type) });
  }
}

/** The players' reason for a step the rules would refuse (a re-roll, a step out of sequence): trimmed, never blank. */
function reasonOf(given: string | undefined, blank: 'reroll-reason' | 'sequence-reason'): string {
  const reason = typeof given === 'string' ? given.trim().slice(0, 200) : '';
  if (given !== undefined && !reason) throw new EngineError(blank);
  return reason;
}

/**
 * A new step of a procedure the current phase does not offer is refused, naming the phase, unless it
 * carries the players' reason (players keep the last word; the log keeps the reason). Only new steps:
 * a recorded log replays as it was made.
 */
function checkSequence(action: Action, state: SessionState, ctx: GameContext, settings: SessionSettings): void {
  if (action.type !== 'procedure' || !ctx.sequence || action.outOfSequence !== undefined) return;
  const readings = { ...ctx.readings, ...(action.readings ?? settings.readings) };
  const out = outOfSequence(ctx.sequence, { game: state.game, turn: state.turn, readings }, action.id);
  if (out)
    throw new EngineError(
      'sequence',
      { procedure: action.id, ...out },
      `The sequence of play does not offer ${action.id} in phase ${out.phase} (${out.rule})`,
    );
}

/**
 * Appends one step to the log. The RNG continues from the state after the last entry that is not
 * undone. Throws EngineError on bad input, leaving session and state untouched. An undo step
 * (`{ type: 'undo', steps }`) marks its steps undone: see `undo`.
 */
export function apply(
  session: Session,
  state: SessionState,
  action: Action,
  ctx: GameContext,
  meta: { at?: string; context?: Context; joint?: readonly JointReveal[] } = {},
): { session: Session; state: SessionState; entry: LogEntry } {
  if (action.type === 'undo') return applyUndo(session, action, ctx, meta);
  action = recordInputs(session, action, ctx);
  // A hidden draw records its card's position: one never drawn before, even by a step since undone
  // (its drawer's phone has seen that card: it is never dealt to anyone again).
  if (action.type === 'hidden.draw' && action.pos === undefined)
    action = { ...action, pos: nextHiddenPos(session.log, action.cup) };
  // A refill records the deal's next position too: a last card burned by an undone draw counts as drawn.
  if (action.type === 'hidden.refill' && action.next === undefined)
    action = { ...action, next: nextHiddenPos(session.log, action.cup) };
  // A commitment records its own step's number (a reveal that does not match names it).
  if (action.type === 'sealed.commit') action = { ...action, seq: session.log.length + 1 };
  checkSequence(action, state, ctx, session.settings);
  let rng = restoreRng(state.rng);
  let rngBefore = state.rng;
  let stepped: ReturnType<typeof step>;
  let redo: number | undefined;
  const due = state.joint && meta.joint ? jointQueue(session.log).queue[0] : undefined;
  if (state.joint && meta.joint && due === undefined) {
    // Joint randomness (issue #33) with the devices' values given for this step: it is made from them
    // in one run (no probe first). Whether it draws does not depend on the generator's values (a step
    // that draws nothing never reaches its first draw), so values given for one that draws nothing
    // are refused as before, and the values are checked against the chains before the step is kept.
    const prefix = jointPrefix(nextPrev(session), session.log.length + 1, action, meta.context);
    const made = jointRng(prefix, meta.joint);
    const counted = countingRng(made.rng);
    stepped = step(state, action, ctx, session.settings, counted, { joint: meta.joint });
    if (counted.draws === 0) throw new EngineError('joint-unneeded');
    const fault = checkReveals(state.joint, meta.joint, jointUsed(session.log));
    if (fault) throw new EngineError(fault.code, fault.params);
    rng = made.rng;
    rngBefore = made.start;
  } else if (state.joint || meta.joint) {
    // Joint randomness (issue #33): the step runs once without it; if it drew nothing, that is the step.
    const probe = countingRng(rng);
    stepped = step(state, action, ctx, session.settings, probe);
    // An undone roll's randomness is due first: the step is made from it again (undo never re-rolls).
    const due = state.joint && probe.draws > 0 ? jointQueue(session.log).queue[0] : undefined;
    if (due !== undefined) {
      if (meta.joint) throw new EngineError('joint-unneeded');
      const made = redoRng(session.log, due);
      if (!made) throw new EngineError('joint-needed');
      rng = made.rng;
      rngBefore = made.start;
      redo = due;
      stepped = step(state, action, ctx, session.settings, rng);
    } else if (probe.draws > 0 || meta.joint) {
      if (!state.joint || !meta.joint || probe.draws === 0)
        throw new EngineError(meta.joint ? 'joint-unneeded' : 'joint-needed');
      const fault = checkReveals(state.joint, meta.joint, jointUsed(session.log));
      if (fault) throw new EngineError(fault.code, fault.params);
      const prefix = jointPrefix(nextPrev(session), session.log.length + 1, action, meta.context);
      const made = jointRng(prefix, meta.joint);
      rng = made.rng;
      rngBefore = made.start;
      stepped = step(state, action, ctx, session.settings, rng, { joint: meta.joint });
    }
  } else if (jointOnly(session) || session.log.some((e) => e.action.type === 'joint')) {
    // A game whose seed is public, or that went joint (issue #33): no roll is made from the seed any
    // more, even with its joint step undone (the seed is on every linked device; no way back alone).
    const probe = countingRng(rng);
    stepped = step(state, action, ctx, session.settings, probe);
    if (probe.draws > 0) throw new EngineError('joint-only');
  } else stepped = step(state, action, ctx, session.settings, rng);
  // A procedure that read tables the players typed in records what it read (the same values it used).
  if (action.type === 'procedure' && !action.charts && stepped.read?.length) {
    const charts: Record<string, PlayerChart> = {};
    for (const id of stepped.read) {
      const cells = ctx.entered?.[id],
        setup = ctx.charts?.[id];
      if ((cells && Object.keys(cells).length) || (setup && Object.keys(setup).length))
        charts[id] = { ...setup, ...(cells && Object.keys(cells).length ? { cells } : {}) };
    }
    if (Object.keys(charts).length) action = { ...action, charts };
  }
  const rngAfter = rng.snapshot();
  const entry: LogEntry = {
    seq: session.log.length + 1,
    prev: nextPrev(session),
    ...(meta.at ? { at: meta.at } : {}),
    action,
    outcome: stepped.outcome,
    ...(meta.context ? { context: meta.context } : {}),
    manual: stepped.manual,
    rngBefore,
    rngAfter,
    undone: false,
    chain: 2,
    ...(meta.joint && stepped.state.joint ? { joint: meta.joint } : {}),
    ...(redo !== undefined ? { jointRedo: redo } : {}),
    ...(ctx.rules ? { rules: ctx.rules.version } : {}),
  };
  return { session: { ...session, log: [...session.log, entry] }, state: { ...stepped.state, rng: rngAfter }, entry };
}

/**
 * What a step records of the settings and charts it is made with (so it replays the same on any
 * device, after a chart is edited or the errata changed): the chart values and the definition a
 * table step reads, the errata, and for a procedure the players' readings. A procedure's charts
 * read are recorded after its run (apply).
 */
export function recordInputs(session: Pick<Session, 'settings'>, action: Action, ctx: GameContext): Action {
  if ((action.type === 'table' || action.type === 'combat') && !action.entered) {
    const entered = ctx.entered?.[action.table];
    if (entered && Object.keys(entered).length) action = { ...action, entered };
  }
  if ((action.type === 'table' || action.type === 'combat') && !action.chart) {
    const chart = ctx.charts?.[action.table];
    if (chart && Object.keys(chart).length) action = { ...action, chart };
  }
  // A later change of the errata or readings applies to the steps after it; the steps before still replay as they were.
  if ((action.type === 'table' || action.type === 'combat') && !action.errata)
    action = { ...action, errata: session.settings.errata };
  if (action.type === 'procedure' && !action.errata)
    action = { ...action, errata: session.settings.errata, readings: session.settings.readings ?? {} };
  return action;
}

/**
 * Whether a step needs a joint round (issue #33) before it can be made, and the request it is asked
 * for: the prefix every device's value names. Undefined: no joint set, or the step draws nothing
 * (run once, no draw, no round). Throws the step's own EngineError when it is refused anyway.
 */
export function jointRequest(
  session: Session,
  state: SessionState,
  action: Action,
  ctx: GameContext,
  context?: Context,
): { readonly seq: number; readonly prefix: string } | undefined {
  if (!state.joint || action.type === 'undo' || action.type === 'joint') return undefined;
  const recorded = recordInputs(session, action, ctx);
  const probe = countingRng(restoreRng(state.rng));
  try {
    step(state, recorded, ctx, session.settings, probe);
  } catch (e) {
    // Refused before it drew: the step's own refusal. Refused after (a roll of this generator landing
    // on a cell the text lacks): the joint roll decides where it lands, so the round is asked for.
    if (!probe.draws) throw e;
  }
  // No draw, no round; an undone roll's randomness due, no round either (the step is made from it again).
  if (!probe.draws || jointQueue(session.log).queue.length) return undefined;
  const seq = session.log.length + 1;
  return { seq, prefix: jointPrefix(nextPrev(session), seq, recorded, context) };
}

/**
 * Whether a step draws randomness (issue #33): run once with a generator that counts its draws. A
 * step refused once it has drawn (a roll landing on a cell the text lacks) still draws; one refused
 * before it draws does not (its own run then says why).
 */
export function drawsRandomness(session: Session, state: SessionState, action: Action, ctx: GameContext): boolean {
  if (action.type === 'undo' || action.type === 'joint') return false;
  const probe = countingRng(restoreRng(state.rng));
  try {
    step(state, recordInputs(session, action, ctx), ctx, session.settings, probe);
  } catch {
    /* refused: counted as far as it went */
  }
  return probe.draws > 0;
}

/**
 * The steps an undo from `from` on takes back: every step still standing (not undone, not itself an
 * undo) from `from` on, in order.
 */
export function undoTargets(log: readonly LogEntry[], from: number): number[] {
  return log.filter((e) => !e.undone && e.action.type !== 'undo' && e.seq >= from).map((e) => e.seq);
}

function applyUndo(
  session: Session,
  action: { readonly type: 'undo'; readonly steps: readonly number[] },
  ctx: GameContext,
  meta: { at?: string; context?: Context },
): { session: Session; state: SessionState; entry: LogEntry } {
  const steps = Array.isArray(action.steps) ? action.steps : [];
  const expected = steps.length ? undoTargets(session.log, steps[0]!) : [];
  if (!expected.length) throw new EngineError('nothing-to-undo');
  if (JSON.stringify(expected) !== JSON.stringify(steps))
    throw new EngineError(
      'undo-steps',
      { steps: steps.join(', '), expected: expected.join(', ') },
      `That undo names steps ${steps.join(', ')}; the steps standing to undo are ${expected.join(', ')}`,
    );
  // An audit of a hidden cup (issue #33) put every phone's secrets for that deal in the log, where an
  // undone step stays: undoing it would hide nothing again. Refused, and so is any undo reaching past it.
  const audit = session.log.find((e) => expected.includes(e.seq) && e.action.type === 'hidden.audit');
  if (audit) throw new EngineError('hidden', { key: 'hidden.err.auditUndo', step: audit.seq });
  const marked = { ...session, log: session.log.map((e) => (expected.includes(e.seq) ? { ...e, undone: true } : e)) };
  const state = deriveState(marked, ctx);
  const entry: LogEntry = {
    seq: session.log.length + 1,
    prev: nextPrev(session),
    ...(meta.at ? { at: meta.at } : {}),
    action: { type: 'undo', steps: expected },
    outcome: { kind: 'undo', steps: expected },
    ...(meta.context ? { context: meta.context } : {}),
    manual: false,
    rngBefore: state.rng,
    rngAfter: state.rng,
    undone: false,
    chain: 2,
    ...(ctx.rules ? { rules: ctx.rules.version } : {}),
  };
  return { session: { ...marked, log: [...marked.log, entry] }, state, entry };
}

/**
 * Undoes every active entry from `seq` on (default: the last one), as a step of the log (issue #30):
 * they stay in the log, marked undone, and an undo step naming them is appended, so the marks are
 * in the chain. The state is derived again, so the RNG is back where it was before them.
 */
export function undo(
  session: Session,
  ctx: GameContext,
  seq?: number,
  meta: { at?: string; context?: Context } = {},
): { session: Session; state: SessionState; undone: number[]; entry: LogEntry } {
  const standing = session.log.filter((e) => !e.undone && e.action.type !== 'undo');
  const from = seq ?? standing[standing.length - 1]?.seq;
  const steps = from === undefined ? [] : undoTargets(session.log, from);
  if (!steps.length) throw new EngineError('nothing-to-undo');
  const undone = applyUndo(session, { type: 'undo', steps }, ctx, meta);
  return { ...undone, undone: steps };
}
