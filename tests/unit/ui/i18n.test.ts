// Every string the UI asks for exists in both languages; every engine error has a message.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasKey, lazyBlocks, loadBlock, loadBlocks, loadGameMessages, t } from '../../../src/ui/i18n';
import { gamesWithModules as gamesWithMessages } from '../../../src/games';
import type { Messages } from '../../../src/ui/i18n/define';

/** The core blocks and every game's blocks (loaded into the catalog, as opening a game does). */
let all: [string, Messages<string>][] = [];
beforeAll(async () => {
  // The blocks that load with their screens (src/ui/i18n/index.ts), all of them here.
  const blocks = await loadBlocks();
  const games = await Promise.all(
    gamesWithMessages.map(async (g) =>
      (await loadGameMessages(g)).map((b, k) => [`${g}#${k}`, b] as [string, Messages<string>]),
    ),
  );
  // A screen's own blocks, loaded with it (src/ui/i18n lazyBlocks).
  const lazy = await Promise.all(
    Object.keys(lazyBlocks).map(async (n) => [n, await loadBlock(n)] as [string, Messages<string>]),
  );
  all = [...(Object.entries(blocks) as [string, Messages<string>][]), ...lazy, ...games.flat()];
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('message catalog', () => {
  it('has the same keys in English and Spanish in every block, and no key in two blocks', () => {
    const seen = new Map<string, string>();
    for (const [name, b] of all) {
      expect(Object.keys(b.es).sort(), `block ${name}`).toEqual(Object.keys(b.en).sort());
      for (const k of Object.keys(b.en)) {
        expect(seen.get(k), `key ${k} is in blocks ${seen.get(k)} and ${name}`).toBeUndefined();
        seen.set(k, name);
      }
    }
  });

  it('has no empty or untranslated-looking Spanish strings', () => {
    for (const [, b] of all) for (const [k, v] of Object.entries(b.es)) expect(v.trim(), k).not.toBe('');
  });

  it('knows every literal key the UI and the store use', () => {
    const missing: string[] = [];
    for (const f of [...files('src/ui'), ...files('src/app')]) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*L\s*,\s*'([a-z]+\.[A-Za-z.-]+)'/g))
        if (!hasKey(m[1]!)) missing.push(`${f}: ${m[1]}`);
      for (const m of src.matchAll(/key: '([a-z]+\.[A-Za-z.-]+)'/g)) if (!hasKey(m[1]!)) missing.push(`${f}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('has a message for every engine error code and storage failure', () => {
    const src = readFileSync('src/engine/errors.ts', 'utf8');
    const codes = [...src.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(10);
    for (const c of codes) expect(hasKey(`error.${c}`), `error.${c}`).toBe(true);
    for (const c of ['quota', 'failed', 'not-found']) expect(hasKey(`storage.${c}`)).toBe(true);
  });

  it('fills parameters and formats numbers per language', () => {
    expect(t('en', 'cup.left', { n: 12345 })).toBe('12,345 chits in the cup');
    expect(t('es', 'cup.left', { n: 12345 })).toMatch(/^12.345 fichas en el recipiente$/);
  });
  it('groups no number of four digits (a year is 1941, not 1,941), in either language', () => {
    expect(t('en', 'cup.left', { n: 1941 })).toBe('1941 chits in the cup');
    expect(t('es', 'cup.left', { n: 1941 })).toBe('1941 fichas en el recipiente');
  });
});

describe('plurals (Intl.PluralRules)', () => {
  it('says "1 step" and "2 steps", "1 paso" and "0 pasos"', () => {
    expect(t('en', 'session.steps', { n: 1 })).toBe('1 step');
    expect(t('en', 'session.steps', { n: 2 })).toBe('2 steps');
    expect(t('es', 'session.steps', { n: 1 })).toBe('1 paso');
    expect(t('es', 'session.steps', { n: 0 })).toBe('0 pasos');
    expect(t('en', 'cup.left', { n: 1 })).toBe('1 chit in the cup');
    expect(t('en', 'hand.title', { side: 'German', n: 3 })).toBe('Hand of the German player: 3 chits');
  });
});
