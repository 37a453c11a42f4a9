/**
 * The games' UI modules (messages and turn panels), found by the loader the composition root hands
 * in at start-up (src/main.ts: src/games/ui-registry.ts, loaded with the first game opened): the UI
 * names no game and imports no game's folder, so a game's panel may import the shared components
 * without an import cycle.
 */
import type { GameUiModule } from '../games/registry';

/** Finds a game's UI module by game id (undefined: a game without one). */
export type GameUiLoader = (gameId: string) => Promise<GameUiModule | undefined>;

let loader: GameUiLoader | undefined;
const loaded = new Map<string, GameUiModule>();

/** The games' UI modules, from the composition root. */
export function provideGameUis(load: GameUiLoader): void {
  loader = load;
  loaded.clear();
}

/** Loads a game's messages and turn panel; undefined for a game without a UI module. */
export async function loadGameUi(gameId: string): Promise<GameUiModule | undefined> {
  if (!loader) throw new Error('No game UIs: the composition root must call provideGameUis first');
  const ui = await loader(gameId);
  if (ui) loaded.set(gameId, ui);
  return ui;
}

/** A game's UI module once loadGameUi has resolved for it (the store loads it before opening a game). */
export const loadedGameUi = (gameId: string): GameUiModule | undefined => loaded.get(gameId);
