/**
 * The shape of a game, of its steps and of a game file: what a stored record or an imported file
 * must be before anything reads it. Apart from the engine's logic (session-file.ts replays what
 * these admit), so that the home screen checks the games it lists without loading the engine.
 */
import { isRngState, type RngState } from './rng-state';
import { array, boolean, int, json, literal, number, object, optional, record } from './schema/guard';
import { refine, string, union, unknown, type Infer, type Schema } from './schema/guard';
import type { Action, Context, LogEntry, Session } from './session-types';
import { CAP_MAX, ERRATA_MODES } from './modes';

export { CAP_MAX, ERRATA_MODES } from './modes';

export const FILE_APP = 'wargame-companion';
/**
 * 2: each step carries its link (`prev`) and the file records its seal (issue #15). 3: undo is a step
 * of the chain, steps hash their random states as digests and a file without the seed holds only
 * those (issue #30). 4: joint randomness across linked devices (`joint` steps, and each step's
 * values; issue #33). Files of format 1 to 3 are migrated on import.
 */
export const FILE_FORMAT = 4;

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

const rngState: Schema<RngState> = {
  check: (v, p, i): v is RngState => isRngState(v) || (i.push({ path: p, code: 'rng-state' }), false),
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
const errataMode = literal(...ERRATA_MODES);
/** The players' readings of rules the text leaves open (id → choice). */
const readingChoices = record(string({ max: 40 }), { maxKeys: LIMITS.readings, maxKeyLength: 40 });
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
/** A table or combat step's table, its roll and what it read there (session.ts TableRoll). */
const tableRoll = {
  table: name,
  modifiers,
  dice: optional(diceSpec),
  manual: optional(dieFaces),
  entered: enteredCells,
  chart: chartSetup,
  errata: optional(errataMode),
};
const playerCharts = optional(
  record(object({ ...chartSetupShape, cells: enteredCells }), { maxKeys: 100, maxKeyLength: 100 }),
);
/** 64 lower-case hex digits: a hash (a step's link), or a point or scalar of a hidden cup (issue #33). */
const hex64 = refine(string({ min: 64, max: 64 }), (v, p, i) => {
  if (!/^[0-9a-f]{64}$/.test(v)) i.push({ path: p, code: 'sha256' });
});
const point = hex64;
const hiddenProof = object({ c: point, s: point });
/** Every kind of step, with exactly the fields it may have (an unknown field is refused, like anywhere else). */
const ACTIONS = {
  roll: object({
    type: literal('roll'),
    label: optional(text(200)),
    dice: diceSpec,
    hitOn: optional(finite),
    manual: optional(dieFaces),
  }),
  table: object({ type: literal('table'), other: optional(text(40)), ...tableRoll }),
  combat: object({
    type: literal('combat'),
    attack: finite,
    defence: finite,
    shifts: optional(
      array(object({ amount: finite, label, rule: optional(text(40)), group: optional(text(40)) }), { max: 100 }),
    ),
    caps: optional(array(object({ group: text(40), max: finite, rule: optional(text(40)) }), { max: 100 })),
    ...tableRoll,
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
    outOfSequence: optional(text(200)),
    errata: optional(errataMode),
    readings: optional(readingChoices),
  }),
  note: object({ type: literal('note'), text: text(2000) }),
  undo: object({ type: literal('undo'), steps: array(int(1, LIMITS.steps), { min: 1, max: LIMITS.steps }) }),
  balance: object({ type: literal('balance'), deck: boolean(), cap: optional(int(1, CAP_MAX)) }),
  joint: object({
    type: literal('joint'),
    devices: array(
      object({ name: string({ min: 1, max: 60 }), side: optional(text(40)), anchor: hex64, length: int(1, 1 << 20) }),
      { min: 1, max: 16 },
    ),
  }),
  'hidden.deal': object({
    type: literal('hidden.deal'),
    cup: name,
    deal: text(200),
    parties: array(object({ side: name, key: point }), { min: 1, max: 8 }),
    decks: array(array(point, { max: 500 }), { min: 1, max: 8 }),
    lasting: optional(literal(true)),
    keep: optional(array(int(0, 500), { max: 500 })),
  }),
  'hidden.refill': object({
    type: literal('hidden.refill'),
    cup: name,
    deal: text(200),
    chits: array(string({ min: 1, max: 200 }), { min: 1, max: 500 }),
    decks: array(array(point, { max: 500 }), { min: 1, max: 8 }),
    sigs: array(hiddenProof, { min: 1, max: 8 }),
    next: optional(int(0, 2000)),
    keep: optional(array(int(0, 2000), { max: 500 })),
  }),
  'hidden.draw': object({ type: literal('hidden.draw'), cup: name, side: name, pos: optional(int(0, 2000)) }),
  'hidden.reveal': object({
    type: literal('hidden.reveal'),
    cup: name,
    pos: int(0, 2000),
    chain: array(object({ by: name, y: point, proof: hiddenProof }), { max: 8 }),
    index: int(0, 2000),
    proof: hiddenProof,
  }),
  'hidden.keep': object({
    type: literal('hidden.keep'),
    cup: name,
    pos: int(0, 2000),
    chain: array(object({ by: name, y: point, proof: hiddenProof }), { max: 8 }),
    proof: object({ parts: array(hiddenProof, { min: 1, max: 500 }) }),
  }),
  'sealed.commit': object({
    type: literal('sealed.commit'),
    id: name,
    side: name,
    commitment: hex64,
    n: int(0, 500),
    seq: optional(int(1, LIMITS.steps)),
  }),
  'sealed.call': object({ type: literal('sealed.call'), ids: array(name, { min: 1, max: 16 }) }),
  'sealed.reveal': object({ type: literal('sealed.reveal'), id: name, value: json(16), salt: hex64 }),
  'hidden.audit': object({
    type: literal('hidden.audit'),
    cup: name,
    secrets: array(object({ side: name, k: point, perm: array(int(0, 2000), { max: 2000 }) }), { min: 1, max: 8 }),
    opened: optional(array(object({ pos: int(0, 2000), index: int(0, 2000) }), { max: 2000 })),
  }),
} satisfies Record<Action['type'], Schema<unknown>>;
/** Compile-time: each kind of step here has exactly the fields of its Action (adding a field to one and not the other fails typecheck). */
type ActionFields = { [K in Action['type']]: keyof Extract<Action, { type: K }> };
type SchemaFields = { [K in Action['type']]: keyof Infer<(typeof ACTIONS)[K]> };
const _actionsInSync: [ActionFields, SchemaFields] extends [SchemaFields, ActionFields] ? true : never = true;
void _actionsInSync;
const actionShape: Schema<unknown> = {
  check: (v, p, i): v is unknown => {
    const kind = (v as { type?: unknown } | null)?.type;
    const schema =
      typeof kind === 'string' && Object.hasOwn(ACTIONS, kind)
        ? (ACTIONS as Record<string, Schema<unknown>>)[kind]
        : undefined;
    if (!schema)
      return (
        i.push({
          path: `${p}.type`,
          code: 'unknown-action',
          params: { value: `${JSON.stringify(kind)?.slice(0, 40)}` },
        }),
        false
      );
    return schema.check(v, p, i);
  },
};
/** An ISO date and time, as the app writes them. */
const timestamp = refine(string({ min: 1, max: 40 }), (v, p, i) => {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(Date.parse(v)))
    i.push({ path: p, code: 'timestamp', params: { value: `"${v}"` } });
});
const id = string({ min: 1, max: 200 });
const entryShape = {
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
  chain: optional(literal(2)),
  joint: optional(array(object({ name: string({ min: 1, max: 60 }), k: int(1, 1 << 20), value: hex64 }), { max: 16 })),
  jointRedo: optional(int(1, LIMITS.steps)),
  rules: optional(int(0, 1_000_000)),
};
export const EntrySchema = object(entryShape);
/**
 * A step in a file exported without the seed (issue #30): its random states are left out, only
 * their digests (chain.ts rngDigest) are kept — what the chain's hash of a step of `chain: 2` holds.
 */
const EntryWithoutSeedSchema = object({ ...entryShape, rngBefore: hex64, rngAfter: hex64 });
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
    errata: errataMode,
    dice: literal('app', 'physical'),
    readings: optional(readingChoices),
  }),
  ceremony: optional(
    object({ device: contributionShape, contributions: array(contributionShape, { min: 1, max: 8 }) }),
  ),
  rules: optional(int(0, 1_000_000)),
  log: array(EntrySchema, { max: LIMITS.steps }),
};
export const SessionSchema = object(sessionShape);
/** A session in a file exported without its seed (no seed; the ceremony without its reveals; no random states). */
const { seed: _seed, ...shapeWithoutSeed } = sessionShape;
export const SessionWithoutSeedSchema = object({
  ...shapeWithoutSeed,
  log: array(EntryWithoutSeedSchema, { max: LIMITS.steps }),
});
/** The same in a file of format 2, which kept each step's random states (issue #30). */
export const SessionWithoutSeedV2Schema = object(shapeWithoutSeed);
/** Compile-time: the session's fields are those of a Session. */
const _sessionInSync: SameKeys<Infer<typeof SessionSchema>, Session> = true;
void _sessionInSync;
export const FileSchema = object({
  app: literal(FILE_APP),
  kind: literal('session'),
  format: int(1, FILE_FORMAT),
  unverified: optional(array(text(80), { max: 20 })),
  seal: optional(object({ steps: int(0, LIMITS.steps), at: int(0, LIMITS.steps), hash: hex64, fingerprint: text(40) })),
  withoutSeed: optional(object({ seedCommitment: hex64 })),
  session: unknown(),
});
