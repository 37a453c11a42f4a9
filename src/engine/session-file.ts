/**
 * Sessions as files: the export envelope, validation of an imported file (shape, then a replay of
 * every step from the seed), and migration of older formats. A file that fails any check is
 * refused with the reasons; nothing is changed.
 */
import { chainLog, checkChain, fingerprintOf, sealOf, seedCommitmentOf, type Seal } from './chain';
import { CAP_MAX } from './deck';
import { EngineError } from './errors';
import { checkCeremony, commitmentOnly } from './seed-ceremony';
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
  type Outcome,
  type Session,
  type SessionState,
} from './session';

export const FILE_APP = 'wargame-companion';
/** 2: each step carries its link (`prev`) and the file records its seal (issue #15). Format 1 files are migrated on import. */
export const FILE_FORMAT = 2;

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
  /** Where the log ends: the steps must reach this seal (a file cut short does not). */
  readonly seal?: Pick<Seal, 'steps' | 'at' | 'hash' | 'fingerprint'>;
  readonly session: Session;
}

/**
 * The file of a game. `withoutSeed`: the seed and the ceremony's reveals are left out and only the
 * seed's commitment is kept — a record whose chain of steps and seal verify now, and whose dice
 * verify once the file exported with the seed is revealed (its chain starts from the same header).
 */
export function toFile(session: Session, opts?: { withoutSeed?: false }): SessionFile;
export function toFile(session: Session, opts: { withoutSeed: true }): SessionFileWithoutSeed;
export function toFile(session: Session, opts: { withoutSeed?: boolean } = {}): SessionFile | SessionFileWithoutSeed {
  const seal = sealOf(session)!;
  const head = {
    app: FILE_APP,
    kind: 'session',
    format: FILE_FORMAT,
    unverified: UNVERIFIED,
    seal: { steps: seal.steps, at: seal.at, hash: seal.hash, fingerprint: seal.fingerprint },
  } as const;
  if (!opts.withoutSeed) return { ...head, session };
  const { seed, ceremony, ...rest } = session;
  return {
    ...head,
    withoutSeed: { seedCommitment: seedCommitmentOf(seed) },
    session: {
      ...rest,
      ...(ceremony
        ? {
            ceremony: {
              device: commitmentOnly(ceremony.device),
              contributions: ceremony.contributions.map(commitmentOnly),
            },
          }
        : {}),
    },
  };
}

export interface SessionFileWithoutSeed extends Omit<SessionFile, 'session'> {
  /** The file leaves the seed out: its full SHA-256, which the chain starts from. */
  readonly withoutSeed: { readonly seedCommitment: string };
  readonly session: Omit<Session, 'seed'>;
}

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
  balance: object({ type: literal('balance'), deck: boolean(), cap: optional(int(1, CAP_MAX)) }),
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
const hex64 = refine(string({ min: 64, max: 64 }), (v, p, i) => {
  if (!/^[0-9a-f]{64}$/.test(v)) i.push({ path: p, message: 'not a SHA-256 hash (64 hex digits)' });
});
export const EntrySchema = object({
  seq: int(1, LIMITS.steps),
  prev: optional(hex64),
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
const contributionShape = object({
  side: id,
  kind: literal('text', 'dice', 'taps', 'device'),
  commitment: hex64,
  reveal: optional(object({ salt: string({ max: 200 }), secret: string({ max: 2000 }) })),
});
const sessionShape = {
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
  ceremony: optional(
    object({ device: contributionShape, contributions: array(contributionShape, { min: 1, max: 8 }) }),
  ),
  log: array(EntrySchema, { max: LIMITS.steps }),
};
export const SessionSchema = object(sessionShape);
/** A session in a file exported without its seed (no seed; the ceremony without its reveals). */
const { seed: _seed, ...shapeWithoutSeed } = sessionShape;
const SessionWithoutSeedSchema = object(shapeWithoutSeed);
/** Compile-time: the session's fields are those of a Session. */
const _sessionInSync: SameKeys<Infer<typeof SessionSchema>, Session> = true;
void _sessionInSync;
const FileSchema = object({
  app: literal(FILE_APP),
  kind: literal('session'),
  format: int(1, FILE_FORMAT),
  unverified: optional(array(text(80), { max: 20 })),
  seal: optional(object({ steps: int(0, LIMITS.steps), at: int(0, LIMITS.steps), hash: hex64, fingerprint: text(40) })),
  withoutSeed: optional(object({ seedCommitment: hex64 })),
  session: unknown(),
});

/**
 * Brings an older file up to the current format. Format 1 had no chain: its steps are linked here
 * (the chain is computed on import), so it imports as before; it records no seal, so whether it
 * was cut short cannot be told (the verification says so).
 */
export function migrateFile(file: { format: number; session: unknown }): unknown {
  switch (file.format) {
    case 1: // linked by readSessionFile once its shape is checked (chainLog)
    case 2:
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
  /** Steps stored before the log was chained (no link to the step before them); they come first. */
  readonly unchained?: number;
  /** Where the log ends: its seal, with the fingerprint the table saw (when ok). */
  readonly seal?: Seal;
  /** True when the file recorded its seal and the steps reach it (false: a file of format 1, which cannot show it). */
  readonly sealed?: boolean;
  /**
   * A file exported without its seed: only its chain of steps and its seal were checked, not its
   * dice (they verify once the file with the seed is revealed). The seed's full commitment.
   */
  readonly chainOnly?: string;
  /** True when the seed was made by both players and every contribution matches its commitment. */
  readonly ceremony?: boolean;
  readonly firstMismatch?: { readonly seq: number; readonly reason: string };
  readonly state?: SessionState;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A replayed outcome as a step recorded before procedures recorded their tables' odds (for luck,
 * issue #15) would hold it: without them. They are derived from the rest of the step, so a step
 * without them loses nothing the seed proves; one that has them must match exactly.
 */
function asRecorded(replayed: Outcome, recorded: unknown): Outcome {
  if (replayed.kind !== 'procedure' || !replayed.tables || Object.hasOwn(recorded as object, 'tables')) return replayed;
  const { tables: _, ...rest } = replayed;
  return rest;
}

interface Node {
  readonly state: SessionState;
  readonly active: boolean;
}
interface Candidate {
  readonly at: number;
  readonly out: ReturnType<typeof step>;
}

/**
 * Verifies a game: its seed against the players' ceremony (if any), the chain of links between its
 * steps, then a replay of the log from the seed: every active step must start from the RNG state
 * the previous one left, and produce exactly the recorded outcome. Undone steps must start from a
 * state the game passed through at that point and replay to their recorded outcome too.
 *
 * The log is replayed as a branch: undo takes undone steps off its end, so an undone step starts
 * from the state after some step above the last active one (an undone step may follow other
 * undone steps: "roll, roll, undo, undo"), and an active step from the last active one. A step
 * that changes no dice (an end of turn, a note, a cup change) leaves the random state as it found
 * it, so the random state alone may not say where an undone step started: every place it could
 * have started from is tried, and a later step that does not fit goes back to the next place
 * (a search with backtracking, within a budget of replays).
 */
export function verifySession(session: Session, ctx: GameContext): Verification {
  const fail = (seq: number, reason: string): Verification => ({
    ok: false,
    checked: 0,
    random: 0,
    manual: 0,
    firstMismatch: { seq, reason },
  });
  if (session.ceremony) {
    const bad = checkCeremony(session.ceremony, session.seed);
    if (bad) return fail(0, `the seed ceremony does not hold: ${bad}`);
  }
  const chain = checkChain(session);
  const replay = replayLog(session, ctx);
  if ('seq' in chain && (replay.ok || chain.seq < replay.firstMismatch!.seq)) return fail(chain.seq, chain.reason);
  if (!replay.ok) return replay;
  return {
    ...replay,
    unchained: 'legacy' in chain ? chain.legacy : 0,
    seal: sealOf(session),
    ...(session.ceremony ? { ceremony: true } : {}),
  };
}

function replayLog(session: Session, ctx: GameContext): Verification {
  const log = session.log;
  let branch: Node[] = [{ state: initialState(session, ctx.scenario), active: true }];
  /** Per step: replayed by hand (typed in), changed the random state. */
  const kinds: { manual: boolean; random: boolean }[] = [];
  /** Places where an undone step could have started from more than one state: the others, to try next. */
  const choices: { i: number; rest: Candidate[]; branch: Node[] }[] = [];
  let budget = 4 * log.length + 10_000;
  let furthest: { seq: number; reason: string } | undefined;
  const take = (i: number, c: Candidate) => {
    const e = log[i]!;
    branch.length = c.at + 1;
    branch.push({ state: { ...c.out.state, rng: e.rngAfter }, active: !e.undone });
    kinds[i] = { manual: c.out.manual, random: !same(e.rngBefore, e.rngAfter) };
  };
  let i = 0;
  while (i < log.length) {
    const e = log[i]!;
    let why: string | undefined;
    const found: Candidate[] = [];
    if (e.seq !== i + 1) why = 'entries are missing or out of order';
    else {
      let lastActive = branch.length - 1;
      while (!branch[lastActive]!.active) lastActive--;
      for (let h = e.undone ? branch.length - 1 : lastActive; h >= lastActive; h--) {
        const base = branch[h]!.state;
        if (!same(e.rngBefore, base.rng)) continue;
        if (--budget < 0) return { ...failAt(e.seq, 'the undone steps branch too many ways to be checked') };
        const r = restoreRng(e.rngBefore);
        let out;
        try {
          out = step(base, e.action, ctx, session.settings, r);
        } catch (err) {
          why ??= `the step cannot be replayed: ${(err as Error).message}`;
          continue;
        }
        if (!same(asRecorded(out.outcome, e.outcome), e.outcome)) why ??= 'the recorded result differs from the replay';
        else if (!same(r.snapshot(), e.rngAfter)) why ??= 'the random state after the step differs from the replay';
        else if (e.manual !== out.manual) why ??= 'the manual flag differs from the replay';
        // Two places giving the same state lead to the same futures: keep the higher (it leaves more to undo to).
        else if (!found.some((f) => same(f.out.state, out.state))) found.push({ at: h, out });
      }
      why ??= e.undone
        ? 'an undone step starts from a random state the game never had'
        : 'the random state does not continue from the previous step';
    }
    if (found.length) {
      if (found.length > 1) choices.push({ i, rest: found.slice(1), branch: branch.slice() });
      take(i, found[0]!);
      i++;
      continue;
    }
    if (!furthest || e.seq > furthest.seq) furthest = { seq: e.seq, reason: why };
    const back = choices[choices.length - 1];
    if (!back) return failAt(furthest.seq, furthest.reason);
    const next = back.rest.shift()!;
    if (!back.rest.length) choices.pop();
    i = back.i;
    branch = back.branch.slice();
    take(i, next);
    i++;
  }
  let checked = 0,
    manual = 0,
    random = 0;
  for (const k of kinds) {
    if (k.manual) manual++;
    else checked++;
    if (k.random) random++;
  }
  let last = branch.length - 1;
  while (!branch[last]!.active) last--;
  return { ok: true, checked, random, manual, state: branch[last]!.state };
}

const failAt = (seq: number, reason: string): Verification => ({
  ok: false,
  checked: 0,
  random: 0,
  manual: 0,
  firstMismatch: { seq, reason },
});

export type ImportResult = { ok: true; session: Session; verification: Verification } | { ok: false; issues: Issue[] };

/** The recorded seal against the steps': a file whose steps do not reach it is refused, naming both fingerprints. */
function sealIssue(recorded: Seal | undefined, seal: Seal, format: number): Issue | undefined {
  if (format >= 2 && !recorded)
    return { path: '$.seal', message: 'the file records no seal: where its log ends cannot be checked' };
  if (!recorded || recorded.hash === seal.hash) return undefined;
  const expected = fingerprintOf(recorded.hash);
  return {
    path: '$.seal',
    message:
      seal.steps < recorded.steps
        ? `cut short: expected fingerprint ${expected} (step ${recorded.steps}), the file ends at ${seal.fingerprint} (step ${seal.steps})`
        : `the steps do not reach the recorded end: expected fingerprint ${expected} (step ${recorded.steps}), the file ends at ${seal.fingerprint} (step ${seal.steps})`,
  };
}

/**
 * Parses an imported file's text: JSON, envelope, shape, migration, then a full replay.
 * A file exported without its seed is refused unless `withoutSeed: 'chain'` (verifying, not
 * importing): then its chain of steps and its seal are checked, not its dice (`chainOnly`).
 */
export function readSessionFile(
  text: string,
  contextFor: (s: Session) => GameContext | undefined,
  opts: { withoutSeed?: 'chain' } = {},
): ImportResult {
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
  const fileFormat = (raw as { format: number }).format;
  const recorded = (raw as { seal?: Seal }).seal;
  const withoutSeed = (raw as { withoutSeed?: { seedCommitment: string } }).withoutSeed;
  if (withoutSeed) {
    if (opts.withoutSeed !== 'chain')
      return {
        ok: false,
        issues: [
          {
            path: '$.withoutSeed',
            message:
              'this file was exported without its seed: its steps can be verified ("Verify a game file"), but it cannot be played — import the file exported with the seed',
          },
        ],
      };
    if (!SessionWithoutSeedSchema.check(session, '$.session', issues)) return { ok: false, issues };
    const s = { ...(session as Omit<Session, 'seed'>), seedCommitment: withoutSeed.seedCommitment };
    const chain = checkChain(s);
    if ('seq' in chain)
      return { ok: false, issues: [{ path: `$.session.log (step ${chain.seq})`, message: chain.reason }] };
    const seal = sealOf(s)!;
    const bad = sealIssue(recorded, seal, fileFormat);
    if (bad) return { ok: false, issues: [bad] };
    return {
      ok: true,
      session: { ...(session as Omit<Session, 'seed'>), seed: '' },
      verification: {
        ok: true,
        checked: 0,
        random: 0,
        manual: 0,
        unchained: chain.legacy,
        seal,
        sealed: true,
        chainOnly: withoutSeed.seedCommitment,
      },
    };
  }
  if (!SessionSchema.check(session, '$.session', issues)) return { ok: false, issues };
  // A file of format 1 has no chain: it is linked here, as it stands (and it records no seal).
  const s = fileFormat === 1 ? chainLog(session as unknown as Session) : (session as unknown as Session);
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
    const path = m.seq === 0 ? '$.session.ceremony' : `$.session.log (step ${m.seq})`;
    return { ok: false, issues: [{ path, message: m.reason }] };
  }
  const bad = sealIssue(recorded, verification.seal!, fileFormat);
  if (bad) return { ok: false, issues: [bad] };
  return { ok: true, session: s, verification: { ...verification, sealed: !!recorded } };
}
