// A game module is one folder: nothing in src/ outside src/games/<game>/ may name a game (the
// registries are built from the folders, src/games/rules-registry.ts and ui-registry.ts). Comments are allowed to cite a game as
// an example; code is not. Data lives in tables/<game>/ and scenarios/<game>/; tests may name games.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stripComments } from './strip-comments';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GAME_IDS = readdirSync(`${ROOT}tables`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Each game's id and the message-key prefix of its data files (e.g. `gd-crt.json` → `gd`). */
const NAMES = GAME_IDS.flatMap((id) => {
  const prefixes = new Set(
    readdirSync(`${ROOT}tables/${id}`)
      .map((f) => /^([a-z]{2})-[\w-]+\.json$/.exec(f)?.[1])
      .filter((p): p is string => !!p),
  );
  return [
    { game: id, pattern: new RegExp(`\\b${id}\\b`, 'i') },
    // A message key or table id of the game: 'gd.x', "bo-crt", `ef.x` inside a string.
    ...[...prefixes].map((p) => ({ game: id, pattern: new RegExp(`['"\`]${p}[.-]\\w`) })),
  ];
});

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
  });
});
