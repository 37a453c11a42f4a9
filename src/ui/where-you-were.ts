/**
 * Where the players were in a game in progress, kept across a reload (issue #28, item 12): the
 * tool tab, the turn panel's step, and (for the forms that use it) what was typed. One small
 * store per game in localStorage, `wc.where.<game id>`, a JSON object of key → value; the game
 * itself is in IndexedDB and never depends on this. Nothing here is a rule: a missing, stale or
 * unreadable place is simply "no place kept", and the screen starts where it would anyway.
 *
 * Keys in use: `tab` (the session page's tool tab), `step` (a turn panel's step or phase),
 * `step.<sub>` (a step's own sub-step), `scroll` (the page's scroll position, ./scroll-place.ts).
 * Other screens add theirs (`form.<name>` for typed fields).
 *
 *   const tab = placeOf<string>(sessionId, 'tab');
 *   keepPlace(sessionId, 'tab', 'combat');
 *   keepPlace(sessionId, 'tab', undefined); // forget one key
 *   forgetPlaces(sessionId);                // the game was deleted
 */

const PREFIX = 'wc.where.';
/** How many games keep a place (the oldest written is dropped beyond this). */
const MAX_GAMES = 30;

type Places = Record<string, unknown>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage refused (privacy mode, an opaque origin)
  }
}

function read(gameId: string): Places {
  try {
    const raw = storage()?.getItem(PREFIX + gameId);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Places) : {};
  } catch {
    return {};
  }
}

/** The value kept for this game under `key`, or undefined (never kept, forgotten, or unreadable). */
export function placeOf<T = unknown>(gameId: string, key: string): T | undefined {
  if (!gameId) return undefined;
  return read(gameId)[key] as T | undefined;
}

/** Every key kept for this game (a copy). */
export function placesOf(gameId: string): Readonly<Places> {
  if (!gameId) return {};
  const { ['@']: _at, ...places } = read(gameId);
  return places;
}

/** Keeps `value` (any JSON value) for this game under `key`; undefined forgets the key. Never throws. */
export function keepPlace(gameId: string, key: string, value: unknown): void {
  const store = storage();
  if (!gameId || !store) return;
  const places = read(gameId);
  if (value === undefined) delete places[key];
  else places[key] = value;
  try {
    if (Object.keys(places).length === 0) store.removeItem(PREFIX + gameId);
    else {
      // The written order says which game was used last (for the cap below).
      places['@'] = Date.now();
      store.setItem(PREFIX + gameId, JSON.stringify(places));
      prune(store);
    }
  } catch {
    /* storage full or refused: the place is simply not kept */
  }
}

/** Forgets everything kept for this game (it was deleted). */
export function forgetPlaces(gameId: string): void {
  try {
    storage()?.removeItem(PREFIX + gameId);
  } catch {
    /* nothing to forget */
  }
}

/** Keeps the places of the MAX_GAMES games used last; older ones are dropped. */
function prune(store: Storage) {
  const kept: [key: string, at: number][] = [];
  for (let k = 0; k < store.length; k++) {
    const key = store.key(k);
    if (!key?.startsWith(PREFIX)) continue;
    let at = 0;
    try {
      at = Number((JSON.parse(store.getItem(key) ?? '{}') as Places)['@']) || 0;
    } catch {
      /* unreadable: oldest */
    }
    kept.push([key, at]);
  }
  if (kept.length <= MAX_GAMES) return;
  kept.sort((a, b) => b[1] - a[1]);
  for (const [key] of kept.slice(MAX_GAMES)) store.removeItem(key);
}
