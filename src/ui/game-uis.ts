/**
 * The games' UI modules (messages and turn panels), handed in at start-up by src/main.ts
 * (provideGameUis(builtInUis), src/games/ui-registry.ts): the UI names no game and imports no game's
 * folder, so a game's panel may import the shared components without an import cycle.
 */
import type { GameUiModule, UiRegistry } from '../games/registry';

let registry: Pick<UiRegistry, 'load' | 'loaded'> | undefined;

/** The games' UI registry, from the composition root. */
export function provideGameUis(uis: Pick<UiRegistry, 'load' | 'loaded'>): void {
  registry = uis;
}

/** Loads a game's messages and turn panel (once); undefined for a game without a UI module. */
export function loadGameUi(gameId: string): Promise<GameUiModule | undefined> {
  if (!registry) return Promise.reject(new Error('No game UIs: the composition root must call provideGameUis first'));
  return registry.load(gameId);
}

/** A game's UI module once loadGameUi has resolved for it (the store loads it before opening a game). */
export const loadedGameUi = (gameId: string): GameUiModule | undefined => registry?.loaded(gameId);
