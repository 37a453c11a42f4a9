// The engine is pure: no UI framework, no storage, no network, no DOM, no clock, no Math.random.
// This test reads every source file under src/engine and fails on a forbidden import or token.
// Below: the import graph of src/ has no cycle, and the games' rules stay free of Lit and the UI.
import { readFileSync, readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stripComments } from './strip-comments';
import { cycles, importGraph, importsWithKind, sourceFiles, type ImportEdge, type ImportKind } from './import-graph';

const ENGINE_DIR = fileURLToPath(new URL('../../src/engine', import.meta.url));

export interface Violation {
  file: string;
  line: number;
  what: string;
}

const FORBIDDEN_TOKENS: readonly [string, RegExp][] = [
  ['Math.random', /\bMath\s*\.\s*random\b/],
  ['Date.now', /\bDate\s*\.\s*now\b/],
  ['new Date', /\bnew\s+Date\b/],
  ['performance.now', /\bperformance\s*\.\s*now\b/],
  ['document.', /\bdocument\s*\./],
  ['window.', /\bwindow\s*\./],
  ['localStorage', /\blocalStorage\b/],
  ['fetch(', /\bfetch\s*\(/],
  ['indexedDB', /\bindexedDB\b/],
];

const FORBIDDEN_PACKAGES = /^(lit|lit-html|lit-element|@lit(-labs)?\/[^/]+|idb|workbox(-[\w-]+)?)(\/.*)?$/;

/** Every module specifier a source file imports or re-exports. */
export function importsOf(code: string): { spec: string; index: number }[] {
  const found: { spec: string; index: number }[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\bimport\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g,
    /\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push({ spec: m[2]!, index: m.index });
  return found;
}

/**
 * The violations in one engine source file. `file` is its path relative to src/engine (posix),
 * used to resolve relative imports: they must stay inside src/engine.
 */
export function scanSource(file: string, src: string): Violation[] {
  const code = stripComments(src);
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const out: Violation[] = [];
  for (const { spec, index } of importsOf(code)) {
    let bad: string | undefined;
    if (spec.startsWith('.')) {
      const resolved = posix.normalize(posix.join('src/engine', posix.dirname(file), spec));
      if (!resolved.startsWith('src/engine/')) bad = `import "${spec}" leaves src/engine (${resolved})`;
      else if (/^\.\.\/(ui|app|persistence|data)(\/|$)/.test(spec)) bad = `import "${spec}"`;
    } else if (spec.startsWith('/') || spec.includes('src/')) {
      bad = `import "${spec}" by absolute path`;
    }
    if (FORBIDDEN_PACKAGES.test(spec)) bad = `import "${spec}"`;
    if (bad) out.push({ file, line: lineAt(index), what: bad });
  }
  for (const [name, re] of FORBIDDEN_TOKENS) {
    const g = new RegExp(re.source, 'g');
    for (const m of code.matchAll(g)) out.push({ file, line: lineAt(m.index), what: name });
  }
  return out;
}

function engineFiles(): string[] {
  return (readdirSync(ENGINE_DIR, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(f))
    .sort();
}

describe('the engine is pure (src/engine)', () => {
  const files = engineFiles();

  it('finds the engine sources, including subfolders', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'index.ts',
        'rng.ts',
        'dice.ts',
        'cup.ts',
        'tables.ts',
        'session.ts',
        'session-file.ts',
        'errors.ts',
        'schema/guard.ts',
        'schema/data.ts',
      ]),
    );
  });

  it("no file imports lit, idb, workbox or the app's ui/app/persistence/data code, or uses the DOM, storage, network, clock or Math.random", () => {
    const violations = files.flatMap((f) => scanSource(f, readFileSync(`${ENGINE_DIR}/${f}`, 'utf8')));
    expect(violations.map((v) => `src/engine/${v.file}:${v.line} ${v.what}`)).toEqual([]);
  });

  it('the only third-party packages the engine imports are seedrandom and @noble/hashes (issue #15)', () => {
    const bare = new Set(
      files
        .flatMap((f) => importsOf(stripComments(readFileSync(`${ENGINE_DIR}/${f}`, 'utf8'))).map((i) => i.spec))
        .filter((s) => !s.startsWith('.'))
        // The package, not the file: rng.ts imports seedrandom's alea alone ('seedrandom/lib/alea.js').
        .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0])),
    );
    expect([...bare].sort()).toEqual(['@noble/hashes', 'seedrandom']);
  });
});

describe('the scanner catches violations (so the test above can fail)', () => {
  const whats = (file: string, src: string) => scanSource(file, src).map((v) => v.what);

  it.each([
    [`import { html } from 'lit';`, 'import "lit"'],
    [`import { customElement } from "lit/decorators.js";`, 'import "lit/decorators.js"'],
    [`import { openDB } from 'idb';`, 'import "idb"'],
    [`import 'idb';`, 'import "idb"'],
    [`const { Workbox } = await import('workbox-window');`, 'import "workbox-window"'],
    [`export { t } from 'lit';`, 'import "lit"'],
    [`import type {\n  X,\n  Y } from 'idb';`, 'import "idb"'],
  ])('flags a forbidden package: %s', (src, what) => {
    expect(whats('tables.ts', src)).toEqual([what]);
  });

  it.each([
    ['tables.ts', `import { t } from '../ui/i18n';`],
    ['tables.ts', `import { store } from '../app/store';`],
    ['tables.ts', `import { db } from '../persistence/db';`],
    ['tables.ts', `import { catalog } from '../data/catalog';`],
    ['schema/data.ts', `import { t } from '../../ui/i18n';`],
    ['schema/data.ts', `export * from '../../data/catalog';`],
    ['tables.ts', `import x from '../../tables/gd/gd-crt.json';`],
    ['tables.ts', `import x from '/src/ui/app';`],
  ])('flags an import out of the engine: %s %s', (file, src) => {
    expect(whats(file, src)).toHaveLength(1);
  });

  it('allows imports inside the engine and seedrandom', () => {
    expect(
      whats(
        'session.ts',
        `import { a } from './rng';\nimport type { T } from './schema/data';\nimport seedrandom from 'seedrandom';`,
      ),
    ).toEqual([]);
    expect(whats('schema/data.ts', `import { b } from '../errors';\nimport { c } from './guard';`)).toEqual([]);
  });

  it.each([
    ['const x = Math.random();', 'Math.random'],
    ['const t = Date.now();', 'Date.now'],
    ['const d = new Date();', 'new Date'],
    ['const p = performance.now();', 'performance.now'],
    ['document.body.append(x);', 'document.'],
    ['window.alert(1);', 'window.'],
    ['localStorage.setItem("k", "v");', 'localStorage'],
    ['const r = await fetch ("/tables.json");', 'fetch('],
    ['indexedDB.open("db");', 'indexedDB'],
  ])('flags the token in %s', (src, what) => {
    expect(whats('rng.ts', src)).toEqual([what]);
  });

  it('ignores comments, but not code after a string or regex that holds "//" or "/*"', () => {
    expect(
      whats('rng.ts', '// Math.random is not used\n/* nor Date.now() */\n/** no document. here */\nconst a = 1;'),
    ).toEqual([]);
    expect(whats('rng.ts', `const s = '// not a comment'; const t = Date.now();`)).toEqual(['Date.now']);
    expect(whats('rng.ts', 'const r = /\\/\\/x|[/*]/; const d = new Date();')).toEqual(['new Date']);
    expect(whats('rng.ts', 'const u = `a ${b} // c`; Math.random();')).toEqual(['Math.random']);
  });

  it('reports the line of the violation', () => {
    expect(scanSource('cup.ts', '/*\n multi\n*/\nconst ok = 1;\nconst bad = Math.random();')).toEqual([
      { file: 'cup.ts', line: 5, what: 'Math.random' },
    ]);
  });

  it('does not flag look-alike names', () => {
    expect(
      whats(
        'rng.ts',
        'const newDate = 1; prefetch(x); const windowed = 2; mydocument.x; const performanceNow = 3; x.localStorageKey;',
      ),
    ).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// The import graph of src/ (issue #29): no cycles, the games' rules free of Lit and the UI, and no
// `as unknown as` in the games or the engine.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ALL_KINDS: readonly ImportKind[] = ['value', 'type', 'lazy'];

/** A game's UI files (its panels and their styles, messages and ui.ts); everything else in its folder is its rules. */
export const isGameUiFile = (file: string): boolean =>
  /^src\/games\/[^/]+\/(panel[\w-]*(\.styles)?|messages[\w-]*|ui)\.ts$/.test(file);

/**
 * The files a rules file reaches through value imports (lazy ones included: a rules module must load
 * in Node), and those among them that are UI: src/ui, a game's UI file, or a file importing Lit.
 */
export function uiReachedFrom(start: string, edges: readonly ImportEdge[], code: (f: string) => string): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (e.kind !== 'type') next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const seen = new Set<string>([start]);
  const queue = [start];
  const found: string[] = [];
  while (queue.length) {
    const f = queue.shift()!;
    const lit = importsWithKind(stripComments(code(f))).some(
      (i) => i.kind !== 'type' && /^(lit|lit-html|lit-element|@lit(-labs)?\/[^/]+)(\/.*)?$/.test(i.spec),
    );
    if (f.startsWith('src/ui/') || isGameUiFile(f) || lit) found.push(lit ? `${f} (imports Lit)` : f);
    for (const n of next.get(f) ?? []) if (!seen.has(n)) (seen.add(n), queue.push(n));
  }
  return found;
}

/** The shared style modules of src/ui: the first screen's (`styles-common.ts`) and the others' (`styles.ts`). */
const SHARED_STYLES = new Set(['src/ui/styles.ts', 'src/ui/styles-common.ts']);

/**
 * The lines of the shared UI (src/ui) and of the games' UI (src/games/<game>/) that declare a `css`
 * template outside a `<file>.styles.ts` beside its element or the shared style modules (issue #29:
 * each component's styles in a file beside it; a game's styles files stay in its folder).
 */
export function inlineStyles(files: readonly string[], code: (f: string) => string): string[] {
  return files
    .filter((f) => /^src\/(ui|games)\//.test(f) && !f.endsWith('.styles.ts') && !SHARED_STYLES.has(f))
    .flatMap((f) =>
      stripComments(code(f))
        .split('\n')
        .flatMap((line, k) => (/\bcss\s*`/.test(line) ? [`${f}:${k + 1}`] : [])),
    );
}

/**
 * Imports of a `<file>.styles.ts` by anything but its element `<file>.ts` (or another styles file
 * that composes it, as table-view.styles.ts composes chart-editor.styles.ts): a styles file loads
 * with its element only, so the home screen's download does not grow with another screen's styles.
 */
export function stylesImportedElsewhere(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => e.kind !== 'type' && e.to.endsWith('.styles.ts'))
    .filter((e) => e.from !== e.to.replace(/\.styles\.ts$/, '.ts') && !e.from.endsWith('.styles.ts'))
    .map((e) => `${e.from} imports ${e.to}`);
}

describe('the import graph of src/ (issue #29)', () => {
  const files = sourceFiles(ROOT, 'src');
  const edges = importGraph(ROOT, files);
  const read = (f: string) => readFileSync(`${ROOT}${f}`, 'utf8');

  it('reads the imports of every kind', () => {
    const kinds = new Set(edges.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['lazy', 'type', 'value']);
    expect(edges).toContainEqual({ from: 'src/main.ts', to: 'src/app/store.ts', kind: 'value' });
  });

  it('has no import cycle, counting value, type-only and lazy import() imports', () => {
    expect(cycles(edges, ALL_KINDS)).toEqual([]);
  });

  it("no game's rules (every non-UI file of src/games/<game>/, and the rules registry) reach Lit or src/ui", () => {
    const rules = files.filter(
      (f) => (/^src\/games\/[^/]+\//.test(f) && !isGameUiFile(f)) || f === 'src/games/rules-registry.ts',
    );
    expect(rules).toContain('src/games/breakout/rules.ts');
    expect(rules.flatMap((f) => uiReachedFrom(f, edges, read).map((u) => `${f} reaches ${u}`))).toEqual([]);
  });

  it('the data layer imports no game (the registries are handed in by the composition roots)', () => {
    expect(edges.filter((e) => e.from.startsWith('src/data/') && e.to.startsWith('src/games/'))).toEqual([]);
  });

  it('no `as unknown as` in src/games or src/engine: a cast through unknown hides a type error', () => {
    const found = files
      .filter((f) => /^src\/(games|engine)\//.test(f))
      .flatMap((f) =>
        stripComments(read(f))
          .split('\n')
          .flatMap((line, k) => (/\bas\s+unknown\s+as\b/.test(line) ? [`${f}:${k + 1}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it("each component's styles live in a file beside it (<file>.styles.ts), imported by that element only", () => {
    expect(files).toContain('src/ui/components/cup-panel.styles.ts');
    expect(files).toContain('src/games/breakout/panel.styles.ts');
    expect(inlineStyles(files, read)).toEqual([]);
    expect(stylesImportedElsewhere(edges)).toEqual([]);
  });
});

describe('the import graph checks can fail', () => {
  const fake = (sources: Record<string, string>) => {
    const files = Object.keys(sources);
    return importGraph(
      '',
      files,
      (f) => sources[f]!,
      (f) => f in sources,
    );
  };

  it('finds a cycle through a type-only import, and one through a lazy import()', () => {
    const typeCycle = fake({
      'src/a.ts': `import { b } from './b';`,
      'src/b.ts': `import type { A } from './a';\nexport const b = 1;`,
    });
    expect(cycles(typeCycle, ['value'])).toEqual([]);
    expect(cycles(typeCycle, ALL_KINDS)).toEqual([['src/a.ts', 'src/b.ts']]);
    const lazyCycle = fake({
      'src/a.ts': `export const load = () => import('./b');`,
      'src/b.ts': `import { type X, y } from './c';`,
      'src/c.ts': `import { load } from './a';\nexport const y = 1;`,
    });
    expect(cycles(lazyCycle, ALL_KINDS)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });

  it('reads `import { type A }` as type-only, and a comment as nothing', () => {
    const g = fake({
      'src/a.ts': `import { type B } from './b';\n// import { c } from './c';`,
      'src/b.ts': ``,
      'src/c.ts': ``,
    });
    expect(g).toEqual([{ from: 'src/a.ts', to: 'src/b.ts', kind: 'type' }]);
  });

  it("flags a game's rules that reach src/ui or Lit through another file, but not through a type", () => {
    const sources: Record<string, string> = {
      'src/games/x/rules.ts': `import { h } from './helper';\nimport type { P } from './panel';`,
      'src/games/x/helper.ts': `import { t } from '../../ui/i18n/index';`,
      'src/games/x/panel.ts': `import { html } from 'lit';`,
      'src/ui/i18n/index.ts': ``,
      'src/games/y/rules.ts': `import { html } from 'lit';`,
    };
    const g = fake(sources);
    expect(uiReachedFrom('src/games/x/rules.ts', g, (f) => sources[f]!)).toEqual(['src/ui/i18n/index.ts']);
    expect(uiReachedFrom('src/games/y/rules.ts', g, (f) => sources[f]!)).toEqual([
      'src/games/y/rules.ts (imports Lit)',
    ]);
  });

  it('flags a component that declares its styles inline, and a styles file imported by another element', () => {
    const sources: Record<string, string> = {
      'src/ui/components/a.ts': `import { css } from 'lit';\n// css\`not code\`\nclass A { static styles = css\`:host {}\`; }`,
      'src/ui/pages/b.ts': `import { bStyles } from './b.styles';\nimport { aStyles } from '../components/a.styles';`,
      'src/ui/pages/b.styles.ts': `import { css } from 'lit';\nexport const bStyles = css\`:host {}\`;`,
      'src/ui/components/a.styles.ts': `import { css } from 'lit';\nexport const aStyles = css\`:host {}\`;`,
      'src/ui/styles.ts': `import { css } from 'lit';\nexport const base = css\`button {}\`;`,
      'src/games/x/panel.ts': `import { css } from 'lit';\nconst s = css\`:host {}\`;`,
      'src/games/x/panel-y.ts': `import { yStyles } from './panel-y.styles';`,
      'src/games/x/panel-y.styles.ts': `import { css } from 'lit';\nexport const yStyles = css\`:host {}\`;`,
    };
    expect(inlineStyles(Object.keys(sources), (f) => sources[f]!)).toEqual([
      'src/ui/components/a.ts:3',
      'src/games/x/panel.ts:2',
    ]);
    // A game panel's styles file is UI (its rules may not reach it), and stays in the game's folder.
    expect(isGameUiFile('src/games/x/panel-y.styles.ts')).toBe(true);
    expect(isGameUiFile('src/games/x/rules.styles.ts')).toBe(false);
    expect(stylesImportedElsewhere(fake(sources))).toEqual(['src/ui/pages/b.ts imports src/ui/components/a.styles.ts']);
  });
});
