/**
 * The validated catalog of game data. game.json files are small and loaded eagerly (the home
 * screen lists the games); tables and scenarios are split per file and loaded per game on demand,
 * so the first load stays small while the service worker still precaches every chunk.
 */
import {
  GameSchema,
  ScenarioSchema,
  TableSchema,
  checkCatalog,
  formatIssues,
  parse,
  type GameData,
  type Issue,
  type ScenarioData,
  type Schema,
  type TableData,
} from '../engine';

const gameFiles = import.meta.glob<unknown>('/tables/*/game.json', { eager: true, import: 'default' });
const tableLoaders = import.meta.glob<unknown>(['/tables/*/*.json', '!/tables/*/game.json'], { import: 'default' });
const scenarioLoaders = import.meta.glob<unknown>('/scenarios/*/*.json', { import: 'default' });

export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly issues: Issue[],
  ) {
    super(`${file}:\n${formatIssues(issues)}`);
    this.name = 'DataError';
  }
}

function validate<T>(schema: Schema<T>, file: string, value: unknown): T {
  const r = parse(schema, value);
  if (!r.ok) throw new DataError(file, r.issues);
  return r.value;
}

const gameOf = (path: string) => path.split('/')[2]!;

export const games: readonly GameData[] = Object.entries(gameFiles)
  .map(([file, v]) => validate(GameSchema, file, v))
  .sort((a, b) => a.id.localeCompare(b.id));

export interface GameBundle {
  readonly game: GameData;
  readonly tables: readonly TableData[];
  readonly scenarios: readonly ScenarioData[];
}

const bundles = new Map<string, Promise<GameBundle>>();

/** Loads and validates every table and scenario of one game (cached). */
export function loadGame(gameId: string): Promise<GameBundle> {
  let p = bundles.get(gameId);
  if (!p) {
    p = (async () => {
      const game = games.find((g) => g.id === gameId);
      if (!game) throw new Error(`Unknown game "${gameId}"`);
      const load = async <T>(loaders: Record<string, () => Promise<unknown>>, schema: Schema<T>) =>
        Promise.all(
          Object.entries(loaders)
            .filter(([f]) => gameOf(f) === gameId)
            .map(async ([f, l]) => validate(schema, f, await l())),
        );
      const tables = await load(tableLoaders, TableSchema);
      const scenarios = await load(scenarioLoaders, ScenarioSchema);
      const issues = checkCatalog([game], tables, scenarios);
      if (issues.length) throw new DataError(`data of ${gameId}`, issues);
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
