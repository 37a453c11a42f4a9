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
import { applyHidden, endDeal, nextHiddenPos } from './hidden';
import type { Ceremony } from './seed-ceremony';
import { runProcedure } from './procedures';
import { createRng, restoreRng, type Rng } from './rng';
import type { ScenarioData, TableData } from './schema/data';
import { withPlayerChart, type ChartSetup, type PlayerChart } from './player-charts';
import { combatColumn, resolveCombat, resolveRoll, type EnteredCells, type Modifier, type Shift } from './tables';

import type {
  Action,
  Context,
  GameContext,
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
  const m = new Map(tables);
  for (const id of ids) m.set(id, withPlayerChart(tables.get(id)!, setups[id]));
  return m;
}

const active = (log: readonly LogEntry[]) => log.filter((e) => !e.undone);

/** The state after every entry that is not undone, replayed from the start. */
export function deriveState(session: Session, ctx: GameContext): SessionState {
  let state = initialState(session, ctx.scenario);
  for (const e of active(session.log)) {
    if (e.action.type === 'undo') continue; // marks, not a state: the steps it undid are left out above
    const rng = restoreRng(e.rngBefore);
    state = {
      ...step(state, e.action, ctx, session.settings, rng, { legacy: e.chain !== 2 }).state,
      rng: rng.snapshot(),
    };
  }
  return state;
}

function cupOf(state: SessionState, id: string): Cup {
  const c = state.cups[id];
  if (!c) throw new EngineError('unknown-cup', { cup: id });
  return c;
}

function tableOf(ctx: GameContext, id: string): TableData {
  const t = ctx.tables.get(id);
  if (!t) throw new EngineError('unknown-table', { table: id });
  return t;
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
  const r = stepWith(state, action, ctx, settings, rng, dice, recorded);
  return state.balance?.deck && r.state.balance?.deck && dice.decks !== state.decks
    ? { ...r, state: { ...r.state, decks: dice.decks! } }
    : r;
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
      const t = withPlayerChart(tableOf(ctx, action.table), action.chart ?? ctx.charts?.[action.table]);
      const spec = tableDice(t, action.dice, ctx, recorded);
      const dice = diceFor(source, spec, action.manual);
      const resolution = resolveRoll(t, dice, action.modifiers ?? [], {
        ...opts(t.id, action.entered),
        other: action.other,
      });
      return { state, outcome: { kind: 'resolution', resolution }, manual: dice.manual };
    }
    case 'combat': {
      checkAdjustments(action);
      const t = withPlayerChart(tableOf(ctx, action.table), action.chart ?? ctx.charts?.[action.table]);
      const spec = tableDice(t, action.dice, ctx, recorded);
      // Work out the column first: an automatic result needs no roll and draws nothing from the RNG.
      const automatic = combatColumn(t, action).after.at !== 'column';
      const resolution = resolveCombat(
        t,
        action,
        automatic ? undefined : diceFor(source, spec, action.manual),
        opts(t.id, action.entered),
      );
      return { state, outcome: { kind: 'resolution', resolution }, manual: !!action.manual && !automatic };
    }
    case 'cup.draw': {
      const cup = cupOf(state, action.cup);
      // The streak cap (deck.ts): after `cap` chits of one side in a row, the app draws from the others' chits.
      const cap = state.balance?.cap;
      const run = state.runs?.[action.cup];
      const avoid = cap && run && run.n >= cap ? (c: string) => chitSide(ctx, action.cup, c) === run.side : undefined;
      const d = action.manual !== undefined ? drawManual(cup, action.manual) : drawChit(cup, rng, avoid);
      const runs = cap
        ? { runs: { ...state.runs, [action.cup]: nextRun(run, chitSide(ctx, action.cup, d.chit)) } }
        : {};
      return {
        state: { ...withCup(action.cup, d.cup), ...runs },
        outcome: {
          kind: 'draw',
          cup: action.cup,
          chit: d.chit,
          how: d.how,
          from: d.from,
          ...(d.refilled ? { refilled: true } : {}),
          ...(action.faceDown ? { faceDown: action.faceDown } : {}),
          ...(d.capped && run ? { capped: { side: run.side, n: run.n } } : {}),
        },
        manual: d.how === 'manual',
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
    case 'hidden.audit': {
      const r = applyHidden(action, cupOf(state, action.cup), state.hidden?.[action.cup]);
      const { [action.cup]: _was, ...others } = state.hidden ?? {};
      const hidden = r.deal ? { ...others, [action.cup]: r.deal } : others;
      return { state: { ...withCup(action.cup, r.cup), hidden }, outcome: r.outcome, manual: false };
    }
    case 'end-turn': {
      // A hidden cup's deal ends with the turn (every drawn chit revealed): its chits go back first.
      const ended = (k: string, c: Cup) => (state.hidden?.[k] ? endDeal(c, state.hidden[k]) : c);
      const cups = Object.fromEntries(Object.entries(state.cups).map(([k, c]) => [k, endTurn(ended(k, c))]));
      return {
        state: {
          ...state,
          cups,
          turn: state.turn + 1,
          ...(state.runs ? { runs: {} } : {}),
          ...(state.hidden ? { hidden: {} } : {}),
        },
        outcome: { kind: 'end-turn', turn: state.turn + 1 },
        manual: false,
      };
    }
    case 'procedure': {
      const procedure = ctx.procedures?.[action.id];
      if (!procedure) throw new EngineError('bad-action', { type: action.id }, `No procedure ${action.id}`);
      const reroll = typeof action.reroll === 'string' ? action.reroll.trim().slice(0, 200) : '';
      if (action.reroll !== undefined && !reroll) throw new EngineError('reroll-reason');
      if (!reroll && ctx.once?.[action.id]?.(action.input, { turn: state.turn, game: state.game }))
        throw new EngineError('once', { procedure: action.id });
      // A recorded step reads the charts it recorded; a new one the device's (apply records what it read).
      const rec = action.charts;
      // Tables it did not record (nothing typed in then, or read through api.entered alone) keep the device's values.
      const entered = rec
        ? { ...ctx.entered, ...Object.fromEntries(Object.entries(rec).map(([k, c]) => [k, c.cells ?? {}])) }
        : ctx.entered;
      const setups: Readonly<Record<string, ChartSetup>> | undefined = rec ? { ...ctx.charts, ...rec } : ctx.charts;
      const r = runProcedure(
        procedure,
        action.id,
        action.input,
        rng,
        {
          tables: setups ? chartedTables(ctx.tables, setups) : ctx.tables,
          cups: state.cups,
          turn: state.turn,
          game: state.game,
          errata,
          ...(entered ? { entered } : {}),
          readings: { ...ctx.readings, ...(action.readings ?? settings.readings) },
          ...(ctx.scenario ? { scenario: ctx.scenario } : {}),
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
        ...(r.game ? { game: r.game } : {}),
        ...(r.cups ? { cups: { ...state.cups, ...r.cups } } : {}),
      };
      return { state: next, outcome: reroll ? { ...r.outcome, reroll } : r.outcome, manual: r.manual, read: r.read };
    }
    case 'note':
      return { state, outcome: { kind: 'note', text: String(action.text).slice(0, 2000) }, manual: false };
    case 'undo':
      // The marks are checked against the log (undoTargets, checkUndoMarks): as a step it changes nothing.
      return { state, outcome: { kind: 'undo', steps: [...action.steps] }, manual: false };
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
  meta: { at?: string; context?: Context } = {},
): { session: Session; state: SessionState; entry: LogEntry } {
  if (action.type === 'undo') return applyUndo(session, action, ctx, meta);
  const rng = restoreRng(state.rng);
  const rngBefore = state.rng;
  // Record the chart values a table step reads, so it verifies on any device and after the chart is edited.
  if ((action.type === 'table' || action.type === 'combat') && !action.entered) {
    const entered = ctx.entered?.[action.table];
    if (entered && Object.keys(entered).length) action = { ...action, entered };
  }
  if ((action.type === 'table' || action.type === 'combat') && !action.chart) {
    const chart = ctx.charts?.[action.table];
    if (chart && Object.keys(chart).length) action = { ...action, chart };
  }
  // Record the errata (and for a procedure the players' readings) the step is made with: a later change
  // of those settings applies to the steps after it, and the steps before it still replay as they were.
  if ((action.type === 'table' || action.type === 'combat') && !action.errata)
    action = { ...action, errata: session.settings.errata };
  if (action.type === 'procedure' && !action.errata)
    action = { ...action, errata: session.settings.errata, readings: session.settings.readings ?? {} };
  // A hidden draw records its card's position: one never drawn before, even by a step since undone
  // (its drawer's phone has seen that card: it is never dealt to anyone again).
  if (action.type === 'hidden.draw' && action.pos === undefined)
    action = { ...action, pos: nextHiddenPos(session.log, action.cup) };
  const r = step(state, action, ctx, session.settings, rng);
  // A procedure that read tables the players typed in records what it read (the same values it used).
  if (action.type === 'procedure' && !action.charts && r.read?.length) {
    const charts: Record<string, PlayerChart> = {};
    for (const id of r.read) {
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
    outcome: r.outcome,
    ...(meta.context ? { context: meta.context } : {}),
    manual: r.manual,
    rngBefore,
    rngAfter,
    undone: false,
    chain: 2,
  };
  return { session: { ...session, log: [...session.log, entry] }, state: { ...r.state, rng: rngAfter }, entry };
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
  const r = applyUndo(session, { type: 'undo', steps }, ctx, meta);
  return { ...r, undone: steps };
}
