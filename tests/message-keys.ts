/**
 * Every message key of the app, read from the catalogs themselves (the shared blocks in src/ui/i18n/
 * and every game's src/games/<game>/messages*.ts, both languages), and the check that no key is
 * shown raw: shared by the unit tests (tests/unit/ui/fake-store.ts) and the e2e screen checks
 * (tests/e2e/helpers.ts axeViolations). A new game or block is covered without editing a list
 * (issue #28 item 8: the checks listed a few prefixes by hand and missed `side.german`).
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['/src/ui/i18n/*.ts', '!/src/ui/i18n/index.ts', '!/src/ui/i18n/define.ts', '/src/games/*/messages*.ts'],
  { eager: true },
);

const isStrings = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');

/** Every game's blocks of messages (src/games/<game>/messages*.ts), for tests that explain a game's steps. */
export const GAME_MESSAGES = Object.entries(modules)
  .filter(([path]) => path.startsWith('/src/games/'))
  .flatMap(([, m]) => Object.values(m))
  .filter((b): b is { en: Record<string, string>; es: Record<string, string> } => {
    const { en, es } = (b ?? {}) as { en?: unknown; es?: unknown };
    return isStrings(en) && isStrings(es);
  });

/** Every key of every block (a block is `{ en, es? }`; a Spanish split file's records are keyed alike). */
export const MESSAGE_KEYS: ReadonlySet<string> = new Set(
  Object.values(modules).flatMap((m) =>
    Object.values(m).flatMap((block) => {
      if (typeof block !== 'object' || block === null) return [];
      const { en, es } = block as { en?: unknown; es?: unknown };
      if (isStrings(en) || isStrings(es)) return [...Object.keys(en ?? {}), ...Object.keys(es ?? {})];
      return isStrings(block) ? Object.keys(block) : [];
    }),
  ),
);

/** Every message of every catalog, in each language it has (a Spanish split file counts as Spanish). */
export const ALL_MESSAGES: readonly { key: string; lang: 'en' | 'es'; text: string }[] = Object.entries(
  modules,
).flatMap(([path, m]) =>
  Object.values(m).flatMap((block) => {
    if (typeof block !== 'object' || block === null) return [];
    const { en, es } = block as { en?: unknown; es?: unknown };
    const of = (lang: 'en' | 'es', rec: Record<string, string>) =>
      Object.entries(rec).map(([key, text]) => ({ key, lang, text }));
    if (isStrings(en) || isStrings(es))
      return [...(isStrings(en) ? of('en', en) : []), ...(isStrings(es) ? of('es', es) : [])];
    return isStrings(block) ? of(/\.es\.ts$|\/es\.ts$/.test(path) ? 'es' : 'en', block) : [];
  }),
);

/** The first segment of every key (`gd`, `side`, `x`, `proc`, `read`…): a word starting with one of them and a dot is a key. */
export const KEY_PREFIXES: ReadonlySet<string> = new Set(
  [...MESSAGE_KEYS].filter((k) => k.includes('.')).map((k) => k.slice(0, k.indexOf('.'))),
);

/** Key-shaped words: a lowercase word, then one or more `.segment`s (letters, digits, `-`, `_`). */
const KEY_SHAPED = /(?<![\w.])[a-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+/g;

/**
 * The message keys shown raw in a text: key-shaped words whose first segment is a prefix of the
 * catalogs' keys (so a key missing from the catalog is caught too), or that are keys themselves.
 * Empty when every message was translated.
 */
export function rawKeys(text: string, hasKey: (k: string) => boolean = (k) => MESSAGE_KEYS.has(k)): string[] {
  const words = text.match(KEY_SHAPED) ?? [];
  return words
    .map((w) => w.replace(/[.\-_]+$/, ''))
    .filter(
      (w) => w.includes('.') && (hasKey(w) || MESSAGE_KEYS.has(w) || KEY_PREFIXES.has(w.slice(0, w.indexOf('.')))),
    );
}
