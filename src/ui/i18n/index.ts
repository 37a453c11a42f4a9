/**
 * The one message catalog: every string the UI shows, in English and Spanish. It is composed of
 * blocks per area (common, session, tables, trust); defineMessages makes a key missing in one
 * language a compile error, and tests/unit/ui/i18n.test.ts checks that the blocks do not collide.
 *
 * Only `common` is in the first download (the home screen, the shell, its problems), with `packs` and
 * `link`, and only in English: their Spanish loads for a player who reads Spanish (loadLanguage). The
 * other blocks load with the screens that show them: a module that renders a block's keys imports it
 * and calls use() at its top level, so the block is in that screen's chunk (issue #14).
 */
import type { I18n } from '../../engine';
import type { Lang } from '../../app/store';
import type { EnglishBlock, KeysOf, Messages } from './define';
import { loadGameUi } from '../game-uis';
import { common } from './common';
import type { session } from './session';
import type { tables } from './tables';
import type { trust } from './trust';
import type { editor } from './editor';
import type { status } from './status';
import type { errors } from './errors';
import type { issues } from './issues';
// The home screen shows game packs: their block is in the first download (src/ui/pages/home-page.ts).
import { packs } from './packs';
// The shell shows the link strip (linked devices): its block is in the first download too.
import { link } from './link';

/** A block in both languages, or the English of one split by language (its Spanish: loadLanguage). */
type Block = Messages<string> | EnglishBlock<string>;
type Keys<B> = B extends { en: Record<infer K extends string, string> } ? K : never;
type Bilingual<B> = Messages<Keys<B>>;

type Blocks = {
  common: Bilingual<typeof common>;
  session: typeof session;
  tables: typeof tables;
  trust: typeof trust;
  editor: typeof editor;
  status: typeof status;
  errors: typeof errors;
  issues: typeof issues;
  packs: Bilingual<typeof packs>;
  link: Bilingual<typeof link>;
};

/** Blocks of one screen that no other screen needs, loaded with it (loadBlock). */
export const lazyBlocks: Readonly<Record<string, () => Promise<Messages<string>>>> = {
  link: () => import('./link-screen').then((m) => m.linkScreen),
};
/**
 * Keys of the generic catalog (the lazy blocks' included): `t` accepts these and no other, so a
 * misspelt key does not compile. A game's own keys are typed by its translator (translatorFor).
 */
export type MessageKey = Keys<Blocks[keyof Blocks]> | Keys<typeof import('./link-screen').linkScreen>;

const catalog: Record<Lang, Record<string, string>> = { en: {}, es: {} };
const merged = new WeakSet<Block>();
/** Messages without parameters, as t() made them (cleared when blocks are added). */
const plainOf: Record<Lang, Map<string, string>> = { en: new Map(), es: new Map() };

/** Adds blocks to the catalog (once each): called at the top level of the modules that show their keys. */
export function use(...bs: readonly Block[]): void {
  for (const b of bs) {
    if (merged.has(b)) continue;
    merged.add(b);
    plainOf.en.clear();
    plainOf.es.clear();
    Object.assign(catalog.en, b.en);
    if ('es' in b) Object.assign(catalog.es, b.es);
  }
}

// In the first download: the common block, the home screen's packs and the shell's link strip (English).
use(common, packs, link);

type Spanish = typeof import('./es');
let spanish: Promise<Spanish> | undefined;
/**
 * The first download's blocks in the player's language, loaded once: English is in it; Spanish
 * loads when a player reads it (the store waits for it before it shows the language, src/main.ts).
 * Until then a Spanish key shows its English, never the key.
 */
export function loadLanguage(lang: Lang): Promise<unknown> {
  if (lang !== 'es') return Promise.resolve();
  return (spanish ??= import('./es').then(
    (es) => {
      plainOf.es.clear();
      Object.assign(catalog.es, es.common, es.packs, es.link);
      return es;
    },
    (e: unknown) => {
      spanish = undefined;
      throw e;
    },
  ));
}

let all: Promise<Blocks> | undefined;
/**
 * Every generic block, loaded and in the catalog, in both languages: for a message raised on one
 * screen and shown on another (the shell's problems), and for tests that check the whole catalog.
 */
export function loadBlocks(): Promise<Blocks> {
  return (all ??= Promise.all([
    import('./session'),
    import('./tables'),
    import('./trust'),
    import('./editor'),
    import('./status'),
    import('./errors'),
    import('./issues'),
    loadLanguage('es') as Promise<Spanish>,
  ]).then(([{ session }, { tables }, { trust }, { editor }, { status }, { errors }, { issues }, es]) => {
    use(session, tables, trust, editor, status, errors, issues);
    return {
      common: { en: common.en, es: es.common },
      session,
      tables,
      trust,
      editor,
      status,
      errors,
      issues,
      packs: { en: packs.en, es: es.packs },
      link: { en: link.en, es: es.link },
    };
  }));
}

const loaded = new Map<string, Promise<readonly Messages<string>[]>>();

/**
 * Loads a game's own messages into the catalog (once), from its module (src/games/<game>/ui.ts);
 * resolves to its blocks (none for a game without a module). The store asks for them before it
 * opens a game of that kind (Env.loadGame in src/main.ts).
 */
export function loadGameMessages(game: string): Promise<readonly Messages<string>[]> {
  let p = loaded.get(game);
  if (!p) {
    // A game's UI module loads with the first game of its kind opened, not with the home screen (issue #14).
    p = loadGameUi(game).then((ui) => {
      const bs = ui?.messages ?? [];
      use(...bs);
      return bs;
    });
    loaded.set(game, p);
  }
  return p;
}

const lazyLoaded = new Map<string, Promise<Messages<string>>>();
/** Loads a lazy block (once) into the catalog; resolves to it. */
export function loadBlock(name: string): Promise<Messages<string>> {
  let p = lazyLoaded.get(name);
  if (!p) {
    p = lazyBlocks[name]!().then((b) => {
      use(b);
      return b;
    });
    lazyLoaded.set(name, p);
  }
  return p;
}

/** Parameters of a message: {name} in its text. */
export type MessageParams = Record<string, string | number>;

/** Translates a key of the generic catalog, filling {params}: a key not in the catalog does not compile. */
export const t: (lang: Lang, key: MessageKey, params?: MessageParams) => string = translate;

/**
 * A game's translator, typed by its message blocks: the generic keys and the game's own, no other
 * (src/games/<game>/messages-keys.ts). The blocks are named for their keys' type alone.
 */
export const translatorFor =
  <const B extends readonly Messages<string>[]>(..._blocks: B) =>
  (lang: Lang, key: MessageKey | KeysOf<B[number]>, params?: MessageParams): string =>
    translate(lang, key, params);

/**
 * Translates a key known only at run time — a problem's, an explanation line's (the engine's
 * Line.key), an issue code's, one made from data — filling {params}. Unknown keys show the key
 * itself (tests catch them). A key written in the code goes through `t`, which knows it.
 */
export function translate(lang: Lang, key: string, params?: MessageParams): string {
  // A message without parameters is the same every time: made once (renders ask for dozens per tap).
  const plain = params ? undefined : plainOf[lang];
  const hit = plain?.get(key);
  if (hit !== undefined) return hit;
  const p = params ?? {};
  const found = catalog[lang][key] ?? catalog.en[key];
  const out = plurals(lang, found ?? key, p).replace(/\{(\w+)\}/g, (_, k: string) =>
    k in p ? formatParam(lang, p[k]!) : '',
  );
  // A key not loaded yet is not remembered: its block may load later.
  if (plain && found !== undefined) plain.set(key, out);
  return out;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
/** A plural's forms, parsed once per message (renders format dozens of counts per tap). */
const pluralForms = new Map<string, Map<string, string>>();
/**
 * ICU-style plurals inside a message: `{n, plural, one {# step} other {# steps}}` picks the form the
 * language's plural rules give for n (Intl.PluralRules); `#` is n, formatted. `=0 {…}` matches exactly.
 */
function plurals(lang: Lang, s: string, params: Record<string, string | number>): string {
  if (!s.includes(', plural,')) return s;
  return s.replace(/\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g, (_, k: string, body: string) => {
    const n = Number(params[k]);
    const forms = cached(
      pluralForms,
      body,
      () => new Map([...body.matchAll(/(=?\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!])),
    );
    const rules = cached(pluralRules, lang, () => new Intl.PluralRules(locale(lang)));
    const form = forms.get(`=${n}`) ?? forms.get(rules.select(n)) ?? forms.get('other') ?? '';
    return form.replace(/#/g, formatParam(lang, n));
  });
}

const locale = (lang: Lang) => (lang === 'es' ? 'es-ES' : 'en-GB');
// Intl formatters are costly to build: one per language, made once (renders call these per entry).
const numbers = new Map<Lang, Intl.NumberFormat>();
const times = new Map<Lang, Intl.DateTimeFormat>();
const dates = new Map<Lang, Intl.DateTimeFormat>();
const cached = <K, F>(m: Map<K, F>, key: K, make: () => F): F => {
  let f = m.get(key);
  if (!f) {
    f = make();
    m.set(key, f);
  }
  return f;
};
/** A number as the language writes it; four digits are not grouped (a year: 1941), five are (12,345). */
export const formatNumber = (lang: Lang, n: number) =>
  cached(numbers, lang, () => new Intl.NumberFormat(locale(lang), { useGrouping: 'min2' })).format(n);
/** A clock time, e.g. 21:07. */
export const formatTime = (lang: Lang, iso: string) =>
  cached(times, lang, () => new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short' })).format(new Date(iso));
/** A date and time, e.g. 22 Nov 2026, 21:07. */
export const formatDateTime = (lang: Lang, iso: string) =>
  cached(dates, lang, () => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' })).format(
    new Date(iso),
  );
/**
 * A parameter as shown: a number as the language writes it; a message key (a refusal names a side or
 * a status by its key: `gd.side.soviet`) in the language's words, never raw (issue #28 item 8).
 */
const formatParam = (lang: Lang, v: string | number): string =>
  typeof v === 'number' ? formatNumber(lang, v) : v.includes('.') && v in catalog.en ? translate(lang, v) : v;

/** Picks the language of a bilingual data text; plain strings are shown as they are. */
export const tx = (lang: Lang, text: I18n | string | undefined): string =>
  text === undefined ? '' : typeof text === 'string' ? text : text[lang];

export const hasKey = (key: string) => key in catalog.en;
