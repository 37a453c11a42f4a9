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
  int,
  literal,
  object,
  optional,
  record,
  string,
  unknown,
  type Issue,
  type Schema,
} from './schema/guard';
import { initialState, step, type GameContext, type Session, type SessionState } from './session';

export const FILE_APP = 'wargame-companion';
export const FILE_FORMAT = 1;

export interface SessionFile {
  readonly app: typeof FILE_APP;
  readonly kind: 'session';
  readonly format: number;
  readonly session: Session;
}

export const toFile = (session: Session): SessionFile => ({
  app: FILE_APP,
  kind: 'session',
  format: FILE_FORMAT,
  session,
});

const rngState: Schema<RngState> = {
  check: (v, p, i): v is RngState =>
    isRngState(v) || (i.push({ path: p, message: 'not a random-number state' }), false),
};
const actionShape: Schema<unknown> = {
  check: (v, p, i): v is unknown => {
    const t = (v as { type?: unknown } | null)?.type;
    const types = [
      'roll',
      'table',
      'combat',
      'cup.draw',
      'cup.look',
      'cup.pick',
      'cup.order',
      'cup.add',
      'cup.remove',
      'cup.hand',
      'cup.play',
      'end-turn',
      'procedure',
      'note',
    ];
    return (
      (typeof t === 'string' && types.includes(t)) ||
      (i.push({ path: `${p}.type`, message: `unknown action ${JSON.stringify(t)}` }), false)
    );
  },
};
const id = string({ min: 1, max: 200 });
const EntrySchema = object({
  seq: int(1),
  at: optional(string()),
  action: actionShape,
  outcome: unknown(),
  context: optional(unknown()),
  manual: boolean(),
  rngBefore: rngState,
  rngAfter: rngState,
  undone: boolean(),
});
export const SessionSchema = object({
  format: literal(1),
  id,
  game: id,
  scenario: id,
  name: string({ max: 200 }),
  seed: string({ min: 1, max: 200 }),
  createdAt: string(),
  settings: object({
    errata: literal('printed', 'default', 'corrected'),
    dice: literal('app', 'physical'),
    readings: optional(record(string({ max: 40 }))),
  }),
  log: array(EntrySchema),
});
const FileSchema = object({
  app: literal(FILE_APP),
  kind: literal('session'),
  format: int(1, FILE_FORMAT),
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
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: '$', message: 'not a JSON file' }] };
  }
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
  const ctx = contextFor(s);
  if (!ctx)
    return {
      ok: false,
      issues: [{ path: '$.session.scenario', message: `unknown game or scenario "${s.game}/${s.scenario}"` }],
    };
  const verification = verifySession(s, ctx);
  if (!verification.ok) {
    const m = verification.firstMismatch!;
    return { ok: false, issues: [{ path: `$.session.log (step ${m.seq})`, message: m.reason }] };
  }
  return { ok: true, session: s, verification };
}
