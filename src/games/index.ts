/**
 * Game modules: for each game, only what its data cannot express (src/games/<game>/). Loaded on
 * demand, like the game's data; a game without a module is played with the generic tools alone
 * (dice, table rolls, CRT, cups).
 */
import type { Procedure } from '../engine';

export interface GameModule {
  readonly procedures: Readonly<Record<string, Procedure>>;
  /** Default readings of rules the text leaves open. */
  readonly readings: Readonly<Record<string, string>>;
}

const loaders: Readonly<Record<string, () => Promise<GameModule>>> = {
  grossdeutschland: async () => {
    const m = await import('./grossdeutschland/rules');
    return { procedures: m.procedures, readings: m.DEFAULT_READINGS };
  },
  eastfront: async () => {
    const m = await import('./eastfront/rules');
    return { procedures: m.procedures, readings: m.DEFAULT_READINGS };
  },
  breakout: async () => {
    const m = await import('./breakout/rules');
    return { procedures: m.procedures, readings: m.DEFAULT_READINGS };
  },
};

export async function loadGameModule(gameId: string): Promise<GameModule | undefined> {
  return loaders[gameId]?.();
}
