// Every JSON file in tables/ and scenarios/ passes its schema, and the files agree with each other.
import { describe, expect, it } from 'vitest';
import { GameSchema, ScenarioSchema, TableSchema, checkCatalog, formatIssues, parse } from '../../../src/engine';
import type { GameData, ScenarioData, TableData } from '../../../src/engine';

const files = {
  ...import.meta.glob<unknown>('/tables/**/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<unknown>('/scenarios/**/*.json', { eager: true, import: 'default' }),
};

/** The game modules' rules (src/games/<game>/rules.ts), not loaded: only their folders are read. */
const gameModules = import.meta.glob('/src/games/*/rules.ts');

const games: GameData[] = [];
const tables: TableData[] = [];
const scenarios: ScenarioData[] = [];

describe('game data files', () => {
  it("finds every game's data: a game.json in each data folder, and data for each game module (src/games/<game>/)", () => {
    const dirs = new Set(
      Object.keys(files)
        .filter((f) => f.startsWith('/tables/'))
        .map((f) => f.split('/')[2]),
    );
    // The games are the folders (issue #29): nothing here lists them.
    const modules = Object.keys(gameModules).map((f) => f.split('/')[3]);
    expect(dirs.size).toBeGreaterThan(0);
    expect([...dirs].filter((d) => !files[`/tables/${d}/game.json`])).toEqual([]);
    expect(modules.filter((m) => !dirs.has(m))).toEqual([]);
  });

  for (const [file, value] of Object.entries(files)) {
    it(`${file} is valid`, () => {
      const kind = (value as { kind?: unknown }).kind;
      const schema = kind === 'game' ? GameSchema : kind === 'scenario' ? ScenarioSchema : TableSchema;
      const r = parse<unknown>(schema, value);
      if (!r.ok) expect.fail(`${file}\n${formatIssues(r.issues, 30)}`);
      const dir = file.split('/')[2];
      const v = r.value as { id: string; game?: string };
      if (kind === 'game') {
        expect(v.id).toBe(dir);
        expect(file.endsWith('/game.json')).toBe(true);
        games.push(value as GameData);
      } else {
        expect(v.game, 'file sits in its game folder').toBe(dir);
        expect(file.split('/').pop(), 'file is named after its id').toBe(`${v.id}.json`);
        (kind === 'scenario' ? scenarios : tables).push(value as never);
      }
    });
  }

  it('cross-references resolve (scenario tables, sides, unique ids)', () => {
    expect(formatIssues(checkCatalog(games, tables, scenarios), 50)).toBe('');
  });
});

describe("a game's readings of unclear rules (game.json `readings`)", () => {
  const game = Object.entries(files).find(([f]) => f === '/tables/grossdeutschland/game.json')![1] as GameData;
  const withReading = (reading: object) => ({ ...game, readings: { 'gd.odds': reading } });

  it('each game file names its readings with its rule and a default among the choices', () => {
    const gd = game.readings!['gd.odds']!;
    expect(gd).toMatchObject({ rule: 'A2', choices: ['printed', 'defender'], default: 'printed' });
    expect(parse(GameSchema, withReading(gd)).ok).toBe(true);
  });
  it('refuses a default that is not one of the choices, naming the field', () => {
    const r = parse(
      GameSchema,
      withReading({ rule: 'A2', note: 'n', choices: ['printed', 'defender'], default: 'up' }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatIssues(r.issues, 5)).toContain('readings.gd.odds.default');
  });
  it('refuses a reading without its rule', () => {
    expect(parse(GameSchema, withReading({ note: 'n', choices: ['a'], default: 'a' })).ok).toBe(false);
  });
});
