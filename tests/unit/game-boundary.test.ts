// A game module is one folder: nothing in src/ outside src/games/<game>/ may name a game (the
// registries are built from the folders, src/games/rules-registry.ts and ui-registry.ts). Comments
// are allowed to cite a game as an example; code is not. Data lives in tables/<game>/ and scenarios/<game>/; tests may name games.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stripComments } from './strip-comments';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirsIn = (dir: string) =>
  readdirSync(`${ROOT}${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
/** The games, from the folders: the data's (tables/<game>/) and the game modules' (src/games/<game>/). */
const GAME_IDS = [...new Set([...dirsIn('tables'), ...dirsIn('src/games')])].sort();

const filesIn = (dir: string) => (readdirSync(`${ROOT}${dir}`, { withFileTypes: false }) as string[]).sort();
/** The first segments of the message keys in some files ('gd.x', 'proc.gd.x' → gd). */
const keyPrefixes = (files: readonly string[]) =>
  new Set(
    files.flatMap((f) =>
      [...readFileSync(`${ROOT}${f}`, 'utf8').matchAll(/^\s+'(?:proc\.)?([a-z][a-zA-Z0-9]*)\.[\w.-]+'\s*:/gm)].map(
        (m) => m[1]!,
      ),
    ),
  );
/** Prefixes every part of the app uses (the common catalogs' keys): not a game's name. */
const SHARED = keyPrefixes(filesIn('src/ui/i18n').map((f) => `src/ui/i18n/${f}`));

/**
 * Each game's id and its prefixes, of any length: of its data files' ids (`gd-crt.json` → gd), of its
 * procedures (`gameProcedures('rs', …)`) and of its message keys ('gdev.x').
 */
export const GAME_PREFIXES: ReadonlyMap<string, readonly string[]> = new Map(
  GAME_IDS.map((id) => {
    const data = existsSync(`${ROOT}tables/${id}`) ? filesIn(`tables/${id}`) : [];
    const code = existsSync(`${ROOT}src/games/${id}`)
      ? filesIn(`src/games/${id}`).map((f) => `src/games/${id}/${f}`)
      : [];
    const own = new Set([
      ...data.map((f) => /^([a-z][a-z0-9]*)-[\w-]+\.json$/.exec(f)?.[1]).filter((p): p is string => !!p),
      ...code.flatMap((f) =>
        [...readFileSync(`${ROOT}${f}`, 'utf8').matchAll(/gameProcedures\(\s*'([a-z][a-z0-9]*)/g)].map((m) => m[1]!),
      ),
    ]);
    // Its message keys' prefixes that grow from its own ('gdev', 'gdui' from 'gd'); a generic-looking
    // one ('reading.x', a reading's choice) is not taken for the game's name.
    const messages = [...keyPrefixes(code.filter((f) => /\/messages[\w-]*\.ts$/.test(f)))].filter(
      (p) => !SHARED.has(p) && [...own].some((o) => p.startsWith(o)),
    );
    const prefixes = new Set([...own, ...messages]);
    return [id, [...prefixes].sort()];
  }),
);

const NAMES = GAME_IDS.flatMap((id) => [
  { game: id, pattern: new RegExp(`\\b${id}\\b`, 'i') },
  // A message key or table id of the game: 'gd.x', "bo-crt", `gdev.x` inside a string.
  ...GAME_PREFIXES.get(id)!.map((p) => ({ game: id, pattern: new RegExp(`['"\`]${p}[.-]\\w`) })),
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|js|mjs)$/.test(d.name))
    .map((d) => `${d.parentPath}/${d.name}`.slice(ROOT.length).split('\\').join('/'));
}

/** Lines of code (comments blanked) that name a game outside that game's own folder. */
export function gameNamesOutsideTheirFolder(file: string, code: string): string[] {
  const found: string[] = [];
  const lines = stripComments(code).split('\n');
  lines.forEach((line, k) => {
    for (const { game, pattern } of NAMES) {
      if (file.startsWith(`src/games/${game}/`)) continue;
      if (pattern.test(line)) found.push(`${file}:${k + 1} names ${game}: ${line.trim()}`);
    }
  });
  return found;
}

describe('one home per game', () => {
  it('finds the games from the data folders', () => {
    expect(GAME_IDS).toEqual(expect.arrayContaining(['grossdeutschland', 'breakout']));
  });

  it("finds each game's prefixes of any length, from its data, its procedures and its messages", () => {
    expect(GAME_PREFIXES.get('grossdeutschland')).toEqual(expect.arrayContaining(['gd', 'gdev']));
    expect(GAME_PREFIXES.get('stalingrado')).toContain('rs');
  });

  it('no module outside src/games/<game>/ names a game', () => {
    const found: string[] = [];
    for (const file of sources(`${ROOT}src`))
      found.push(...gameNamesOutsideTheirFolder(file, readFileSync(`${ROOT}${file}`, 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a game named in code, not in a comment', () => {
    const code =
      "// grossdeutschland in a comment is fine\nconst panel = game === 'grossdeutschland';\nt(L, 'gd.weather');";
    expect(gameNamesOutsideTheirFolder('src/ui/pages/x.ts', code).map((h) => h.split(' names ')[0])).toEqual([
      'src/ui/pages/x.ts:2',
      'src/ui/pages/x.ts:3',
    ]);
    expect(gameNamesOutsideTheirFolder('src/games/grossdeutschland/panel.ts', code)).toEqual([]);
    // A prefix longer than two letters, and one of a game whose data has no prefixed file.
    expect(gameNamesOutsideTheirFolder('src/ui/x.ts', "t(L, 'gdev.handOff');\nt(L, 'rs.combat');")).toHaveLength(2);
  });
});
