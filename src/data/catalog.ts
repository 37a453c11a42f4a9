/**
 * The catalog of game data. game.json files are small and loaded eagerly (the home screen lists the
 * games); tables and scenarios are split per file and loaded per game on demand, and validated with
 * the game's data when it is opened, so the first load stays small while the service worker still
 * precaches every chunk.
 */
import type { GameData, ScenarioData, TableData } from '../engine';
import { gameSource } from './providers';

// game.json files are checked at build time (vite.config.ts) and by the unit tests, and again with the
// rest of a game's data when it is opened (./validate): the home screen lists them as they are.
const gameFiles = import.meta.glob<GameData>('/tables/*/game.json', { eager: true, import: 'default' });
const tableLoaders = import.meta.glob<unknown>(['/tables/*/*.json', '!/tables/*/game.json'], { import: 'default' });
const scenarioLoaders = import.meta.glob<unknown>('/scenarios/*/*.json', { import: 'default' });

const gameOf = (path: string) => path.split('/')[2]!;

export const games: readonly GameData[] = Object.values(gameFiles).sort((a, b) => a.id.localeCompare(b.id));

export interface GameBundle {
  readonly game: GameData;
  readonly tables: readonly TableData[];
  readonly scenarios: readonly ScenarioData[];
}

const bundles = new Map<string, Promise<GameBundle>>();
/** The source the cached games that are not built in came from: another one handed in drops them. */
let bundlesFrom = gameSource();

export { provideGameSource, type GameSource } from './providers';

const builtIn = (gameId: string) => Object.keys(gameFiles).find((f) => gameOf(f) === gameId);

/** Whether a game can be loaded: built in, or a pack stored on this device. */
export async function hasGame(gameId: string): Promise<boolean> {
  if (builtIn(gameId)) return true;
  try {
    return !!(await (await gameSource()())?.find(gameId));
  } catch {
    return false;
  }
}

/** Loads and validates every table and scenario of one game (cached). */
export function loadGame(gameId: string): Promise<GameBundle> {
  if (bundlesFrom !== gameSource()) {
    bundlesFrom = gameSource();
    for (const id of bundles.keys()) if (!builtIn(id)) bundles.delete(id);
  }
  let p = bundles.get(gameId);
  if (!p) {
    p = (async () => {
      const file = builtIn(gameId);
      if (!file) {
        const found = await (await gameSource()())?.find(gameId);
        if (!found) throw new Error(`Unknown game "${gameId}"`);
        return { game: found.game, tables: sortByRule(found.tables), scenarios: found.scenarios };
      }
      const read = (loaders: Record<string, () => Promise<unknown>>) =>
        Promise.all(
          Object.entries(loaders)
            .filter(([f]) => gameOf(f) === gameId)
            .map(async ([f, l]) => [f, await l()] as const),
        );
      const [{ validateGame }, tableFiles, scenarioFiles] = await Promise.all([
        import('./validate'),
        read(tableLoaders),
        read(scenarioLoaders),
      ]);
      const { game, tables, scenarios } = validateGame(file, gameFiles[file], tableFiles, scenarioFiles);
      return { game, tables: sortByRule(tables), scenarios: sortByRule(scenarios) };
    })();
    p.catch(() => bundles.delete(gameId));
    bundles.set(gameId, p);
  }
  return p;
}

const ruleKey = (r: string) =>
  r
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map((n) => n.padStart(4, '0'))
    .join('.');
function sortByRule<T extends { rule: string; id: string }>(xs: T[]): T[] {
  return xs.sort((a, b) => ruleKey(a.rule).localeCompare(ruleKey(b.rule)) || a.id.localeCompare(b.id));
}
