/**
 * The one message catalog: every string the UI shows, in English and Spanish. It is composed of
 * blocks per area (common, session, tables); defineMessages makes a key missing in one language a
 * compile error, and tests/unit/ui/i18n.test.ts checks that the blocks do not collide.
 */
import type { I18n } from '../../engine';
import type { Lang } from '../../app/store';
import type { Messages } from './define';
import { common } from './common';
import { session } from './session';
import { tables } from './tables';
import { trust } from './trust';
import { link } from './link';
import { packs } from './packs';
import { loadGameUi } from '../../games';

/** The blocks every screen needs, in the first download. */
export const blocks = { common, session, tables, trust, packs, link } as const;

/** Blocks of one screen, loaded with it (loadBlock), not in the first download. */
export const lazyBlocks: Readonly<Record<string, () => Promise<Messages<string>>>> = {
  link: () => import('./link-screen').then((m) => m.linkScreen),
};

type Keys<B> = B extends { en: Record<infer K, string> } ? K : never;
/** Keys of the generic catalog. A game's own keys (prefixed, in src/games/<game>/) are plain strings here. */
export type MessageKey = Keys<(typeof blocks)[keyof typeof blocks]>;

const catalog: Record<Lang, Record<string, string>> = {
  en: Object.assign({}, ...Object.values(blocks).map((b) => b.en)),
  es: Object.assign({}, ...Object.values(blocks).map((b) => b.es)),
};
const loaded = new Map<string, Promise<readonly Messages<string>[]>>();

/**
 * Loads a game's own messages into the catalog (once), from its module (src/games/<game>/ui.ts);
 * resolves to its blocks (none for a game without a module). The store asks for them before it
 * opens a game of that kind (Env.loadGame in src/main.ts).
 */
export function loadGameMessages(game: string): Promise<readonly Messages<string>[]> {
  let p = loaded.get(game);
  if (!p) {
    p = loadGameUi(game).then((ui) => {
      const bs = ui?.messages ?? [];
      for (const b of bs) {
        Object.assign(catalog.en, b.en);
        Object.assign(catalog.es, b.es);
      }
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
      Object.assign(catalog.en, b.en);
      Object.assign(catalog.es, b.es);
      return b;
    });
    lazyLoaded.set(name, p);
  }
  return p;
}

/** Translates a key, filling {params}. Unknown keys show the key itself (tests catch them). */
export function t(lang: Lang, key: MessageKey | string, params: Record<string, string | number> = {}): string {
  const s = catalog[lang][key] ?? catalog.en[key] ?? key;
  return plurals(lang, s, params).replace(/\{(\w+)\}/g, (_, k: string) =>
    k in params ? formatParam(lang, params[k]!) : '',
  );
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
/**
 * ICU-style plurals inside a message: `{n, plural, one {# step} other {# steps}}` picks the form the
 * language's plural rules give for n (Intl.PluralRules); `#` is n, formatted. `=0 {…}` matches exactly.
 */
function plurals(lang: Lang, s: string, params: Record<string, string | number>): string {
  if (!s.includes(', plural,')) return s;
  return s.replace(/\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g, (_, k: string, body: string) => {
    const n = Number(params[k]);
    const forms = new Map([...body.matchAll(/(=?\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
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
const cached = <F>(m: Map<Lang, F>, lang: Lang, make: () => F): F => {
  let f = m.get(lang);
  if (!f) {
    f = make();
    m.set(lang, f);
  }
  return f;
};
export const formatNumber = (lang: Lang, n: number) =>
  cached(numbers, lang, () => new Intl.NumberFormat(locale(lang))).format(n);
/** A clock time, e.g. 21:07. */
export const formatTime = (lang: Lang, iso: string) =>
  cached(times, lang, () => new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short' })).format(new Date(iso));
/** A date and time, e.g. 22 Nov 2026, 21:07. */
export const formatDateTime = (lang: Lang, iso: string) =>
  cached(dates, lang, () => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' })).format(
    new Date(iso),
  );
const formatParam = (lang: Lang, v: string | number) => (typeof v === 'number' ? formatNumber(lang, v) : v);

/** Picks the language of a bilingual data text; plain strings are shown as they are. */
export const tx = (lang: Lang, text: I18n | string | undefined): string =>
  text === undefined ? '' : typeof text === 'string' ? text : text[lang];

export const hasKey = (key: string) => key in catalog.en;
