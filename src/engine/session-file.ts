/**
 * Sessions as files: the export envelope, validation of an imported file (shape, then a replay of
 * every step from the seed), and migration of older formats. A file that fails any check is
 * refused with the reasons; nothing is changed.
 */
import { EngineError } from './errors';
import { isRngState, restoreRng, type RngState } from './rng';
import {
  array,
  boolean,
  depthExceeds,
  int,
  json,
  literal,
  number,
  object,
  optional,
  record,
  refine,
  string,
  union,
  unknown,
  type Infer,
  type Issue,
  type Schema,
} from './schema/guard';
import {
  initialState,
  step,
  type Action,
  type Context,
  type GameContext,
  type LogEntry,
  type Session,
  type SessionState,
} from './session';

export const FILE_APP = 'wargame-companion';
export const FILE_FORMAT = 1;

/**
 * What the replay does not check: it proves the dice, draws, results, seed and order of steps,
 * but the time of each step, who acted and in which turn or phase the app noted (`context`), the
 * game's name and when it started are kept as written. An export says so in the file itself.
 */
export const UNVERIFIED = ['session.name', 'session.createdAt', 'session.log[].at', 'session.log[].context'] as const;

/** Bounds on what a file (or a stored record) may hold; beyond them it is refused with a message. */
export const LIMITS = {
  /** Characters of a game file (about 32 MB). */
  fileChars: 32 * 1024 * 1024,
  /** Nesting of any value in a game file (a real one nests about 10 deep). */
  depth: 48,
  /** Steps in one game. */
  steps: 100_000,
  /** Readings of ambiguous rules in a game's settings. */
  readings: 64,
} as const;

/** A leading byte-order mark (some editors write one) is not part of the JSON. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** JSON text within the bounds: parsed, or the reason it is refused (never a stack overflow). */
export function parseBounded(
  text: string,
  limits: { chars: number; depth: number },
): { ok: true; value: unknown } | { ok: false; issues: Issue[] } {
  if (typeof text !== 'string') return { ok: false, issues: [{ path: '$', message: 'not a JSON file' }] };
  if (text.length > limits.chars)
    return {
      ok: false,
      issues: [{ path: '$', message: `the file is too large (more than ${Math.round(limits.chars / 1048576)} MB)` }],
    };
  let raw: unknown;
  try {
    raw = JSON.parse(stripBom(text));
  } catch {
    return { ok: false, issues: [{ path: '$', message: 'not a JSON file' }] };
  }
  if (depthExceeds(raw, limits.depth))
    return { ok: false, issues: [{ path: '$', message: `the data is nested more than ${limits.depth} deep` }] };
  return { ok: true, value: raw };
}

export interface SessionFile {
  readonly app: typeof FILE_APP;
  readonly kind: 'session';
  readonly format: number;
  /** The fields the replay does not prove (see UNVERIFIED). */
  readonly unverified?: readonly string[];
  readonly session: Session;
}

export const toFile = (session: Session): SessionFile => ({
  app: FILE_APP,
  kind: 'session',
  format: FILE_FORMAT,
  unverified: UNVERIFIED,
  session,
});

const rngState: Schema<RngState> = {
  check: (v, p, i): v is RngState =>
    isRngState(v) || (i.push({ path: p, message: 'not a random-number state' }), false),
};
const text = (max: number) => string({ max });
const name = string({ min: 1, max: 200 });
const finite = number();
const label = union(text(200), object({ en: text(200), es: text(200) }));
const diceSpec: Schema<unknown> = {
  check: (v, p, i): v is unknown =>
    (typeof v === 'object' && v !== null && Object.hasOwn(v, 'faces')
      ? object({ n: int(1, 100), faces: array(int(-1000, 1000), { min: 1, max: 100 }) })
      : object({ n: int(1, 100), sides: int(1, 1000) })
    ).check(v, p, i),
};
const modifiers = optional(array(object({ value: finite, label, rule: optional(text(40)) }), { max: 100 }));
const dieFaces = array(finite, { max: 200 });
const enteredCells = optional(record(union(string({ max: 80 }), number()), { maxKeys: 40_000, maxKeyLength: 81 }));
/** What the players defined for a typed-in chart (player-charts.ts), recorded with the steps that read it. */
const offTable = union(object({ mode: literal('clamp') }), object({ mode: literal('auto'), result: text(40) }));
const chartSetupShape = {
  rows: optional(array(text(80), { max: 500 })),
  columns: optional(array(text(80), { max: 500 })),
  labels: optional(record(object({ en: text(200), es: text(200) }), { maxKeys: 1000, maxKeyLength: 100 })),
  dice: optional(diceSpec),
  below: optional(offTable),
  above: optional(offTable),
};
const chartSetup = optional(object(chartSetupShape));
const playerCharts = optional(
  record(object({ ...chartSetupShape, cells: enteredCells }), { maxKeys: 100, maxKeyLength: 100 }),
);
/** Every kind of step, with exactly the fields it may have (an unknown field is refused, like anywhere else). */
const ACTIONS = {
  roll: object({
    type: literal('roll'),
    label: optional(text(200)),
    dice: diceSpec,
    hitOn: optional(finite),
    manual: optional(dieFaces),
  }),
  table: object({
    type: literal('table'),
    table: name,
    other: optional(text(40)),
    modifiers,
    dice: optional(diceSpec),
    manual: optional(dieFaces),
    entered: enteredCells,
    chart: chartSetup,
  }),
  combat: object({
    type: literal('combat'),
    table: name,
    attack: finite,
    defence: finite,
    shifts: optional(
      array(object({ amount: finite, label, rule: optional(text(40)), group: optional(text(40)) }), { max: 100 }),
    ),
    caps: optional(array(object({ group: text(40), max: finite, rule: optional(text(40)) }), { max: 100 })),
    modifiers,
    dice: optional(diceSpec),
    manual: optional(dieFaces),
    entered: enteredCells,
    chart: chartSetup,
  }),
  'cup.draw': object({ type: literal('cup.draw'), cup: name, manual: optional(name), faceDown: optional(name) }),
  'cup.look': object({ type: literal('cup.look'), cup: name, n: finite }),
  'cup.pick': object({ type: literal('cup.pick'), cup: name, chit: name }),
  'cup.order': object({ type: literal('cup.order'), cup: name, order: array(name, { max: 500 }) }),
  'cup.add': object({ type: literal('cup.add'), cup: name, chit: name }),
  'cup.remove': object({ type: literal('cup.remove'), cup: name, chit: name }),
  'cup.hand': object({ type: literal('cup.hand'), cup: name, side: name, chit: name }),
  'cup.play': object({ type: literal('cup.play'), cup: name, side: name, chit: name }),
  'end-turn': object({ type: literal('end-turn') }),
  procedure: object({
    type: literal('procedure'),
    id: name,
    input: json(16),
    manual: optional(array(dieFaces, { max: 200 })),
    charts: playerCharts,
    reroll: optional(text(200)),
  }),
  note: object({ type: literal('note'), text: text(2000) }),
} satisfies Record<Action['type'], Schema<unknown>>;
/** Compile-time: each kind of step here has exactly the fields of its Action (adding a field to one and not the other fails typecheck). */
type ActionFields = { [K in Action['type']]: keyof Extract<Action, { type: K }> };
type SchemaFields = { [K in Action['type']]: keyof Infer<(typeof ACTIONS)[K]> };
const _actionsInSync: [ActionFields, SchemaFields] extends [SchemaFields, ActionFields] ? true : never = true;
void _actionsInSync;
const actionShape: Schema<unknown> = {
  check: (v, p, i): v is unknown => {
    const t = (v as { type?: unknown } | null)?.type;
    const s =
      typeof t === 'string' && Object.hasOwn(ACTIONS, t) ? (ACTIONS as Record<string, Schema<unknown>>)[t] : undefined;
    if (!s) return (i.push({ path: `${p}.type`, message: `unknown action ${JSON.stringify(t)?.slice(0, 40)}` }), false);
    return s.check(v, p, i);
  },
};
/** An ISO date and time, as the app writes them. */
const timestamp = refine(string({ min: 1, max: 40 }), (v, p, i) => {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(Date.parse(v)))
    i.push({ path: p, message: `"${v}" is not a date and time` });
});
const id = string({ min: 1, max: 200 });
export const EntrySchema = object({
  seq: int(1, LIMITS.steps),
  at: optional(timestamp),
  action: actionShape,
  outcome: unknown(),
  context: optional(object({ turn: optional(int(0, 1_000_000)), phase: optional(text(80)), side: optional(text(80)) })),
  manual: boolean(),
  rngBefore: rngState,
  rngAfter: rngState,
  undone: boolean(),
});
/** Compile-time: a stored or exported step has exactly the fields of a LogEntry, and its context those of a Context. */
type SameKeys<A, B> = [keyof A, keyof B] extends [keyof B, keyof A] ? true : never;
const _entryInSync: SameKeys<Infer<typeof EntrySchema>, LogEntry> = true;
const _contextInSync: SameKeys<NonNullable<Infer<typeof EntrySchema>['context']>, Context> = true;
void _entryInSync;
void _contextInSync;
export const SessionSchema = object({
  format: literal(1),
  id,
  game: id,
  scenario: id,
  name: string({ max: 200 }),
  seed: string({ min: 1, max: 200 }),
  createdAt: timestamp,
  settings: object({
    errata: literal('printed', 'default', 'corrected'),
    dice: literal('app', 'physical'),
    readings: optional(record(string({ max: 40 }), { maxKeys: LIMITS.readings, maxKeyLength: 40 })),
  }),
  log: array(EntrySchema, { max: LIMITS.steps }),
});
const FileSchema = object({
  app: literal(FILE_APP),
  kind: literal('session'),
  format: int(1, FILE_FORMAT),
  unverified: optional(array(text(80), { max: 20 })),
  session: unknown(),
});

/** Brings an older file up to the current format (only format 1 exists so far). */
export function migrateFile(file: { format: number; session: unknown }): unknown {
  switch (file.format) {
    case 1:
      return file.session;
    default:
      throw new EngineError('bad-action', { field: 'format' }, `Unknown file format ${file.format}`);
  }
}

export interface Verification {
  readonly ok: boolean;
  /** Steps replayed from the seed and found identical. */
  readonly checked: number;
  /**
   * Steps whose random state changed (rngAfter differs from rngBefore): the rolls and draws made by
   * the app, each replayed from the seed and found identical. Part of `checked`.
   */
  readonly random: number;
  /** Steps typed in from physical dice or cups: replayed through the same tables, not from the RNG. */
  readonly manual: number;
  readonly firstMismatch?: { readonly seq: number; readonly reason: string };
  readonly state?: SessionState;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays the log from the seed: every active step must start from the RNG state the previous one
 * left, and produce exactly the recorded outcome. Undone steps must start from a state the chain
 * passed through at that point and replay to their recorded outcome too.
 *
 * The log is replayed as a branch: undo takes undone steps off its end, so an undone step starts
 * from the state after some step above the last active one (an undone step may follow other
 * undone steps: "roll, roll, undo, undo"), and an active step from the last active one.
 */
export function verifySession(session: Session, ctx: GameContext): Verification {
  const branch: { state: SessionState; active: boolean }[] = [
    { state: initialState(session, ctx.scenario), active: true },
  ];
  let checked = 0,
    manual = 0,
    random = 0;
  let expectedSeq = 1;
  for (const e of session.log) {
    const fail = (reason: string): Verification => ({
      ok: false,
      checked,
      random,
      manual,
      firstMismatch: { seq: e.seq, reason },
    });
    if (e.seq !== expectedSeq++) return fail('entries are missing or out of order');
    const lastActive = branch.map((b) => b.active).lastIndexOf(true);
    let why: string | undefined;
    let found: { at: number; out: ReturnType<typeof step> } | undefined;
    for (let h = e.undone ? branch.length - 1 : lastActive; h >= lastActive && !found; h--) {
      const base = branch[h]!.state;
      if (!same(e.rngBefore, base.rng)) continue;
      const r = restoreRng(e.rngBefore);
      let out;
      try {
        out = step(base, e.action, ctx, session.settings, r);
      } catch (err) {
        why ??= `the step cannot be replayed: ${(err as Error).message}`;
        continue;
      }
      if (!same(out.outcome, e.outcome)) why ??= 'the recorded result differs from the replay';
      else if (!same(r.snapshot(), e.rngAfter)) why ??= 'the random state after the step differs from the replay';
      else if (e.manual !== out.manual) why ??= 'the manual flag differs from the replay';
      else found = { at: h, out };
    }
    if (!found)
      return fail(
        why ??
          (e.undone
            ? 'an undone step starts from a random state the game never had'
            : 'the random state does not continue from the previous step'),
      );
    if (found.out.manual) manual++;
    else checked++;
    if (!same(e.rngBefore, e.rngAfter)) random++;
    branch.length = found.at + 1;
    branch.push({ state: { ...found.out.state, rng: e.rngAfter }, active: !e.undone });
  }
  return { ok: true, checked, random, manual, state: branch[branch.map((b) => b.active).lastIndexOf(true)]!.state };
}

export type ImportResult = { ok: true; session: Session; verification: Verification } | { ok: false; issues: Issue[] };

/** Parses an imported file's text: JSON, envelope, shape, migration, then a full replay. */
export function readSessionFile(text: string, contextFor: (s: Session) => GameContext | undefined): ImportResult {
  const parsed = parseBounded(text, { chars: LIMITS.fileChars, depth: LIMITS.depth });
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const issues: Issue[] = [];
  if (!FileSchema.check(raw, '$', issues)) return { ok: false, issues };
  let session: unknown;
  try {
    session = migrateFile(raw as { format: number; session: unknown });
  } catch (e) {
    return { ok: false, issues: [{ path: '$.format', message: (e as Error).message }] };
  }
  if (!SessionSchema.check(session, '$.session', issues)) return { ok: false, issues };
  const s = session as unknown as Session;
  let ctx: GameContext | undefined;
  try {
    ctx = contextFor(s);
  } catch {
    ctx = undefined;
  }
  if (!ctx)
    return {
      ok: false,
      issues: [{ path: '$.session.scenario', message: `unknown game or scenario "${s.game}/${s.scenario}"` }],
    };
  let verification: Verification;
  try {
    verification = verifySession(s, ctx);
  } catch (e) {
    return {
      ok: false,
      issues: [{ path: '$.session.log', message: `the game cannot be replayed: ${(e as Error).message}` }],
    };
  }
  if (!verification.ok) {
    const m = verification.firstMismatch!;
    return { ok: false, issues: [{ path: `$.session.log (step ${m.seq})`, message: m.reason }] };
  }
  return { ok: true, session: s, verification };
}
