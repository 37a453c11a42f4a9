/**
 * A game pack: one JSON file bundling a manifest (name in one or two languages, version, author,
 * sides with colours, dice kinds) with the very tables and scenarios the project's own
 * tables/<game>/ and scenarios/<game>/ hold, checked by the same schemas (src/engine/schema).
 *
 *   { "app": "wargame-companion", "kind": "pack", "format": 1,
 *     "manifest": { "id", "name": { "en"?, "es"? }, "version", "author", "sides", "dice", "notes"? },
 *     "tables": [ <table JSON> … ], "scenarios": [ <scenario JSON> … ] }
 *
 * A pack is read whole or refused whole, with every issue named by its path ($.tables[2].cells[0][3]…).
 * Each version is known by a hash of its content: a game started from a pack records the game id
 * `<pack id>@<hash>`, so it keeps the version it started with (and verifies) when the pack is updated.
 */
import {
  DiceSpecSchema,
  ScenarioSchema,
  TableSchema,
  array,
  checkCatalog,
  depthExceeds,
  int,
  issue,
  literal,
  object,
  optional,
  refine,
  sha256Hex,
  string,
  withMessages,
  FILE_APP,
  stripBom,
  type GameData,
  type I18n,
  type Infer,
  type Issue,
  type IssueCode,
  type IssueParams,
  type Parsed,
  type ScenarioData,
  type TableData,
} from '../engine';

/** The same app name as a game file's. */
export const PACK_APP = FILE_APP;
export const PACK_FORMAT = 1;
/** Bounds of a pack file: far above any printed game, far below what would stall a phone. */
export const PACK_LIMITS = { chars: 4_000_000, depth: 14, tables: 200, scenarios: 100 } as const;

const idPattern = /^[a-z0-9][a-z0-9-]*$/;
const packId = string({ min: 1, max: 40, pattern: idPattern });
const itemId = string({ min: 1, max: 60, pattern: idPattern });

/** Text a pack gives in English, Spanish or both: the other language shows the one given. */
export const PackText = refine(
  object({ en: optional(string({ min: 1, max: 400 })), es: optional(string({ min: 1, max: 400 })) }),
  (v, p, i) => {
    if (v.en === undefined && v.es === undefined) i.push(issue(p, 'pack-text'));
  },
);
export type PackText = Infer<typeof PackText>;

const SideSchema = object({ id: itemId, name: PackText, colour: string({ pattern: /^#[0-9a-f]{6}$/i }) });
const DiceKindSchema = object({
  id: itemId,
  label: PackText,
  dice: DiceSpecSchema,
  /** Dice pools: each die at or above hitOn is a hit. */
  hitOn: optional(int(1, 100)),
  rule: optional(string({ min: 1, max: 80 })),
});

export const ManifestSchema = object({
  id: packId,
  name: PackText,
  /** Shown to players and written in game files; a new version of a pack keeps its id. */
  version: string({ min: 1, max: 20, pattern: /^[0-9A-Za-z][0-9A-Za-z.+-]*$/ }),
  author: string({ min: 1, max: 120 }),
  sides: array(SideSchema, { min: 1, max: 12 }),
  dice: array(DiceKindSchema, { min: 1, max: 30 }),
  notes: optional(array(PackText, { max: 50 })),
  /** Whose values these are and on what terms (issue #32): shown with the pack, never checked. */
  licence: optional(string({ min: 1, max: 400 })),
  /** Where the values come from (the printed game, its edition, its charts). */
  source: optional(string({ min: 1, max: 400 })),
  /** Whether strengths may have decimals ("decimal": halved strengths); left out, whole numbers only (issue #32). */
  strengths: optional(literal('whole', 'decimal')),
});
export type Manifest = Infer<typeof ManifestSchema>;

const PackShape = object({
  app: literal(PACK_APP),
  kind: literal('pack'),
  format: literal(PACK_FORMAT),
  manifest: ManifestSchema,
  tables: array(TableSchema, { max: PACK_LIMITS.tables }),
  scenarios: array(ScenarioSchema, { min: 1, max: PACK_LIMITS.scenarios }),
});
export type Pack = Infer<typeof PackShape>;

/** Both languages of a pack's text (a text given in one language stands for both). */
export const bothLanguages = (t: PackText): I18n => ({ en: t.en ?? t.es!, es: t.es ?? t.en! });

/** The manifest as the game data the engine and the UI know (tables/<game>/game.json). */
export function gameOf(m: Manifest, gameId: string = m.id): GameData {
  return {
    kind: 'game',
    id: gameId,
    name: bothLanguages(m.name),
    short: bothLanguages(m.name),
    seed: `pack ${m.id} ${m.version}`,
    digest: m.author,
    sides: m.sides.map((s) => ({ id: s.id, name: bothLanguages(s.name), colour: s.colour })),
    dice: m.dice.map((d) => ({
      id: d.id,
      label: bothLanguages(d.label),
      dice: d.dice,
      ...(d.hitOn !== undefined ? { hitOn: d.hitOn } : {}),
      rule: d.rule ?? '—',
    })),
    ...(m.notes?.length ? { notes: m.notes.map(bothLanguages) } : {}),
    strengths: m.strengths ?? 'whole',
  };
}

function duplicates(
  ids: readonly string[],
  path: (k: number) => string,
  code: 'duplicate-side' | 'duplicate-dice',
  issues: Issue[],
) {
  const seen = new Set<string>();
  ids.forEach((x, k) => {
    if (seen.has(x)) issues.push(issue(path(k), code, { id: x }));
    seen.add(x);
  });
}

/** The checks across a pack's parts, once each part has its shape. */
function checkPack(p: Pack, path: string, issues: Issue[]): void {
  const m = p.manifest;
  duplicates(
    m.sides.map((s) => s.id),
    (k) => `${path}.manifest.sides[${k}].id`,
    'duplicate-side',
    issues,
  );
  duplicates(
    m.dice.map((d) => d.id),
    (k) => `${path}.manifest.dice[${k}].id`,
    'duplicate-dice',
    issues,
  );
  p.tables.forEach((t, k) => {
    if (t.game !== m.id) issues.push(issue(`${path}.tables[${k}].game`, 'pack-id', { pack: m.id, game: t.game }));
  });
  p.scenarios.forEach((s, k) => {
    if (s.game !== m.id) issues.push(issue(`${path}.scenarios[${k}].game`, 'pack-id', { pack: m.id, game: s.game }));
    // A cup's chit ids and a scenario's cup ids are unique by the scenario's own schema (ScenarioSchema).
  });
  // The project's own cross-file checks (scenarios name tables that exist, sides that exist…),
  // their paths placed inside the pack.
  const where = (x: string) => {
    const m2 = /^(table|scenario) ([^.[]+)(.*)$/.exec(x);
    if (!m2) return `${path} ${x}`;
    const list = m2[1] === 'table' ? p.tables : p.scenarios;
    const k = list.findIndex((y) => y.id === m2[2]);
    return `${path}.${m2[1]}s[${k}]${m2[3]}`;
  };
  for (const x of checkCatalog([gameOf(m)], p.tables, p.scenarios)) issues.push({ ...x, path: where(x.path) });
}

export const PackSchema = refine(PackShape, checkPack);

/**
 * Reads a pack file: its text, JSON and every part checked. Nothing is kept of a pack that fails.
 * `reserved`: game ids a pack may not take (the built-in games).
 */
/** A text given in one language ({ "en": … } or { "es": … }) standing for both, as the manifest allows. */
function fillLanguages(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fillLanguages);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  const isText = keys.length === 1 && (keys[0] === 'en' || keys[0] === 'es') && typeof o[keys[0]] === 'string';
  if (isText) return { en: o[keys[0]!], es: o[keys[0]!] };
  return Object.fromEntries(keys.map((k) => [k, fillLanguages(o[k])]));
}

/**
 * A pack's tables and scenarios may give a name, a label or a note in English, Spanish or both, as
 * its manifest may (issue #32): one language stands for the other before the shared schemas (which
 * ask for both, as the project's own data gives both) read them.
 */
function withBothLanguages(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const p = raw as Record<string, unknown>;
  return {
    ...p,
    ...(Array.isArray(p.tables) ? { tables: p.tables.map(fillLanguages) } : {}),
    ...(Array.isArray(p.scenarios) ? { scenarios: p.scenarios.map(fillLanguages) } : {}),
  };
}

export function readPack(text: string, reserved: readonly string[] = []): Parsed<Pack> {
  const bad = (code: IssueCode, params?: IssueParams, path = '$'): Parsed<Pack> => ({
    ok: false,
    issues: [issue(path, code, params)],
  });
  if (text.length > PACK_LIMITS.chars) return bad('pack-too-large', { max: PACK_LIMITS.chars });
  let raw: unknown;
  try {
    raw = JSON.parse(stripBom(text));
  } catch (e) {
    return bad('pack-not-json', { error: (e as Error).message });
  }
  if (depthExceeds(raw, PACK_LIMITS.depth)) return bad('nested', { max: PACK_LIMITS.depth });
  const issues: Issue[] = [];
  raw = withBothLanguages(raw);
  if (!PackSchema.check(raw, '$', issues)) return { ok: false, issues: withMessages(issues) };
  if (reserved.includes(raw.manifest.id)) return bad('built-in-id', { id: raw.manifest.id }, '$.manifest.id');
  return { ok: true, value: raw };
}

/**
 * A pack given as several files, each as the project keeps its data: one manifest
 * (`{ "kind": "manifest", …manifest fields }`), and table and scenario files exactly as in
 * tables/<game>/ and scenarios/<game>/ (a single pack file is read as it is). Issues name the file.
 */
export function readPackFiles(
  files: readonly { readonly name: string; readonly text: string }[],
  reserved: readonly string[] = [],
): Parsed<Pack> {
  if (files.length === 1) return readPack(files[0]!.text, reserved);
  const issues: Issue[] = [];
  let manifest: unknown;
  let manifestFile = '';
  const tables: [string, unknown][] = [];
  const scenarios: [string, unknown][] = [];
  let total = 0;
  for (const f of files) {
    total += f.text.length;
    let v: unknown;
    try {
      v = JSON.parse(stripBom(f.text));
    } catch (e) {
      issues.push(issue(`${f.name}: $`, 'pack-not-json', { error: (e as Error).message }));
      continue;
    }
    const kind = (v as { kind?: unknown } | null)?.kind;
    if (kind === 'table') tables.push([f.name, v]);
    else if (kind === 'scenario') scenarios.push([f.name, v]);
    else if (kind === 'manifest' && manifest === undefined) {
      const { kind: _k, ...rest } = v as Record<string, unknown>;
      manifest = rest;
      manifestFile = f.name;
    } else
      issues.push(
        kind === 'manifest'
          ? issue(`${f.name}: $.kind`, 'second-manifest', { file: manifestFile })
          : issue(`${f.name}: $.kind`, 'file-kind'),
      );
  }
  if (total > PACK_LIMITS.chars)
    return { ok: false, issues: [issue('$', 'files-too-large', { max: PACK_LIMITS.chars })] };
  if (manifest === undefined && !issues.length) issues.push(issue('$', 'no-manifest'));
  if (issues.length) return { ok: false, issues };
  const r = readPack(
    JSON.stringify({
      app: PACK_APP,
      kind: 'pack',
      format: PACK_FORMAT,
      manifest,
      tables: tables.map((t) => t[1]),
      scenarios: scenarios.map((x) => x[1]),
    }),
    reserved,
  );
  if (r.ok) return r;
  // Paths inside the assembled pack, said in the files' terms.
  const where = (path: string) => {
    const m = /^\$\.(tables|scenarios)\[(\d+)\](.*)$/.exec(path);
    if (m) return `${(m[1] === 'tables' ? tables : scenarios)[Number(m[2])]?.[0] ?? m[1]}: $${m[3]}`;
    if (path.startsWith('$.manifest')) return `${manifestFile}: $${path.slice('$.manifest'.length)}`;
    return path;
  };
  return { ok: false, issues: r.issues.map((i) => ({ ...i, path: where(i.path) })) };
}

/** JSON with the keys of every object in order: the same content gives the same text, however it was written. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** The hash that names one version of a pack (its content, whatever its formatting). */
export const packHash = (p: Pack): string => sha256Hex(canonicalJson(p)).slice(0, 16);

/** The game id a game started from this version of the pack records. */
export const packGameId = (p: Pack): string => `${p.manifest.id}@${packHash(p)}`;

/** The pack id of a game id that names a pack version, or undefined. */
export function packIdOf(gameId: string): string | undefined {
  const m = /^([a-z0-9][a-z0-9-]*)@([0-9a-f]{16})$/.exec(gameId);
  return m?.[1];
}

/** A pack version as the engine and the app load a game: game, tables and scenarios under the versioned id. */
export function bundleOf(p: Pack): { game: GameData; tables: TableData[]; scenarios: ScenarioData[] } {
  const id = packGameId(p);
  return {
    game: gameOf(p.manifest, id),
    tables: p.tables.map((t) => ({ ...t, game: id })),
    scenarios: p.scenarios.map((s) => ({ ...s, game: id })),
  };
}

/** The text of a pack file, as exported. */
export const packText = (p: Pack): string => JSON.stringify(p, null, 1);
