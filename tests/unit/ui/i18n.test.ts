// Every string the UI asks for exists in both languages; every engine error has a message.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasKey, lazyBlocks, loadBlock, loadBlocks, loadGameMessages, t } from '../../../src/ui/i18n';
import { builtInUis } from '../../../src/games/ui-registry';
import type { Messages } from '../../../src/ui/i18n/define';

/** The core blocks and every game's blocks (loaded into the catalog, as opening a game does). */
let all: [string, Messages<string>][] = [];
beforeAll(async () => {
  // The blocks that load with their screens (src/ui/i18n/index.ts), all of them here.
  const blocks = await loadBlocks();
  const games = await Promise.all(
    builtInUis.games.map(async (g) =>
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

  // A literal key given to `t` is checked by the compiler (tests/unit/ui/message-keys.typecheck.ts shows a
  // misspelt one failing `npm run typecheck`). What the compiler cannot see: keys written as data
  // (`key: '…'` in a problem, a line, a prompt) and keys handed to `translate`, which takes any string.
  it('knows every literal key written as data in the UI, the store and the games', () => {
    const missing: string[] = [];
    let found = 0;
    for (const f of [...files('src/ui'), ...files('src/app'), ...files('src/games')]) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bkey: '([a-z]+\.[A-Za-z0-9.-]+)'/g)) {
        found++;
        if (!hasKey(m[1]!)) missing.push(`${f}: ${m[1]}`);
      }
    }
    expect(found, 'keys written as data (the scan finds them)').toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('gives `translate` no literal key: a key written in the code goes through `t`, which the compiler checks', () => {
    const literal: string[] = [];
    for (const f of [...files('src/ui'), ...files('src/app'), ...files('src/games')])
      for (const m of readFileSync(f, 'utf8').matchAll(/\btranslate\(\s*[\w.]+\s*,\s*(['"][^'"]*['"])/g))
        literal.push(`${f}: ${m[1]}`);
    expect(literal).toEqual([]);
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
