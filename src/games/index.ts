/**
 * The game registry: one line per game, and the only place outside a game's own folder that names
 * it. A game module is one folder, src/games/<game>/, holding what the game's data (tables/<game>/,
 * scenarios/<game>/) cannot say:
 *
 * - `rules.ts` (and the pure files it imports): the procedures, the readings of rules the text leaves
 *   open, the sequence of play. DOM-free: the command-line verifier loads it in Node.
 * - `ui.ts`: the game's messages (en/es) and its turn panel, loaded only when a game of that kind
 *   is opened in the app.
 *
 * A game without an entry is played with the generic tools alone (dice, table rolls, CRT, cups).
 */
import type { GameState, OnceRule, Procedure } from '../engine';
import type { Messages } from '../ui/i18n/define';

/** What src/games/<game>/rules.ts exports. */
export interface GameRulesModule {
  readonly procedures: Readonly<Record<string, Procedure>>;
  /** Default readings of rules the text leaves open. */
  readonly DEFAULT_READINGS: Readonly<Record<string, string>>;
  /** The procedures its sequence of play does once per occasion (this turn's weather…). */
  readonly ONCE?: Readonly<Record<string, OnceRule>>;
  /** What holds this turn ("weather:rain", "turn:evening"), for the tables' modifiers that apply by themselves. */
  readonly conditions?: (game: GameState, turn: number) => readonly string[];
}

/** What src/games/<game>/ui.ts exports. */
export interface GameUiModule {
  /** The game's own message blocks (procedures' lines, turn panel), merged into the catalog on load. */
  readonly messages: readonly Messages<string>[];
  /** Tag of the turn panel's custom element (defined by importing ui.ts); it takes `store`, `current`, `physical`. */
  readonly turnPanel?: string;
  /** The name of a phase the log recorded by its id (a step's context.phase), in the players' language. */
  readonly phaseLabel?: (lang: 'en' | 'es', id: string) => string | undefined;
}

interface GameEntry {
  readonly rules: () => Promise<GameRulesModule>;
  readonly ui: () => Promise<GameUiModule>;
}

const GAMES: Readonly<Record<string, GameEntry>> = {
  grossdeutschland: { rules: () => import('./grossdeutschland/rules'), ui: () => import('./grossdeutschland/ui') },
  breakout: { rules: () => import('./breakout/rules'), ui: () => import('./breakout/ui') },
  eastfront: { rules: () => import('./eastfront/rules'), ui: () => import('./eastfront/ui') },
  stalingrado: { rules: () => import('./stalingrado/rules'), ui: () => import('./stalingrado/ui') },
  zitadelle: { rules: () => import('./zitadelle/rules'), ui: () => import('./zitadelle/ui') },
};

/** The games that have a module of their own. */
export const gamesWithModules: readonly string[] = Object.keys(GAMES);

/** What the engine needs of a game's module: its procedures and default readings. */
export interface GameModule {
  readonly procedures: Readonly<Record<string, Procedure>>;
  readonly readings: Readonly<Record<string, string>>;
  readonly once?: Readonly<Record<string, OnceRule>>;
  readonly conditions?: (game: GameState, turn: number) => readonly string[];
}

export async function loadGameModule(gameId: string): Promise<GameModule | undefined> {
  const m = await GAMES[gameId]?.rules();
  return (
    m && {
      procedures: m.procedures,
      readings: m.DEFAULT_READINGS,
      ...(m.ONCE ? { once: m.ONCE } : {}),
      ...(m.conditions ? { conditions: m.conditions } : {}),
    }
  );
}

const uis = new Map<string, Promise<GameUiModule | undefined>>();
const loadedUis = new Map<string, GameUiModule>();

/** Loads a game's messages and turn panel (once); undefined for a game without a module. */
export function loadGameUi(gameId: string): Promise<GameUiModule | undefined> {
  let p = uis.get(gameId);
  if (!p) {
    p = (GAMES[gameId]?.ui() ?? Promise.resolve(undefined)).then((m) => {
      if (m) loadedUis.set(gameId, m);
      return m;
    });
    uis.set(gameId, p);
  }
  return p;
}

/** A game's UI module once loadGameUi has resolved for it (the store loads it before opening a game). */
export const loadedGameUi = (gameId: string): GameUiModule | undefined => loadedUis.get(gameId);
