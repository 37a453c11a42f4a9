/**
 * The checks of the bundled game data: each file against its schema, and the files of a game
 * against each other. They run at build time (vite.config.ts), in the unit tests
 * (tests/unit/data/every-file.test.ts) and when a game is opened — not when the app starts, so the
 * home screen loads neither them nor the engine (issue #14).
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

/** One game's files, read (file name → parsed JSON): validated whole, or a DataError. */
export function validateGame(
  file: string,
  game: unknown,
  tableFiles: readonly (readonly [string, unknown])[],
  scenarioFiles: readonly (readonly [string, unknown])[],
): { game: GameData; tables: TableData[]; scenarios: ScenarioData[] } {
  const g = validate(GameSchema, file, game);
  const tables = tableFiles.map(([f, v]) => validate(TableSchema, f, v));
  const scenarios = scenarioFiles.map(([f, v]) => validate(ScenarioSchema, f, v));
  const issues = checkCatalog([g], tables, scenarios);
  if (issues.length) throw new DataError(`data of ${g.id}`, issues);
  return { game: g, tables, scenarios };
}
