// A game of the bundled Grossdeutschland Kursk scenario, for the tests that check whole game files.
import { initialState, newSession, type GameContext } from '../../../src/engine';
import { loadGame } from '../../../src/data/catalog';

/**
 * A new game "Kursk" (`id`, from `seed`, created at `createdAt`) of the bundled Grossdeutschland Kursk
 * scenario, with a context of its tables.
 */
export async function kurskGame(id: string, seed: string, createdAt: string) {
  const bundle = await loadGame('grossdeutschland');
  const scenario = bundle.scenarios.find((s) => s.id === 'gd-kursk')!;
  const ctx: GameContext = { tables: new Map(bundle.tables.map((t) => [t.id, t])), scenario };
  const session = newSession({ id, game: 'grossdeutschland', scenario: 'gd-kursk', name: 'Kursk', seed, createdAt });
  return { ctx, session, state: initialState(session, scenario) };
}
