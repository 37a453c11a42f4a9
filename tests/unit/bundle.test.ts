// Issue #14: the home screen loads only what it shows. The modules src/main.ts reaches through static
// imports (type-only imports left out) are the first download; the other screens, their message
// blocks and the game modules load with the screens that need them (dynamic import()).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module reached from `entry` through static, non-type imports (re-exports included). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    const specs = [
      ...src.matchAll(/^\s*import\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm),
      ...src.matchAll(/^\s*export\s+(?!type\b)[^'";]*?\s+from\s+['"]([^'"]+)['"]/gm),
    ].map((m) => m[1]!);
    for (const spec of specs) {
      if (!spec.startsWith('.')) continue; // packages (lit, idb, workbox) are measured by the bench
      const base = normalize(join(dirname(file), spec));
      const hit = [base, `${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f) && f.match(/\.(ts|js)$/));
      if (hit) visit(hit);
    }
  };
  visit(entry);
  return seen;
}

describe('the first download (issue #14)', () => {
  const first = staticGraph('src/main.ts');

  it('holds the shell, the home page and the common messages', () => {
    for (const f of ['src/ui/app.ts', 'src/ui/pages/home-page.ts', 'src/ui/i18n/common.ts', 'src/app/store.ts'])
      expect(first, f).toContain(f);
  });

  it('leaves out the other screens, their message blocks and the game modules', () => {
    const later = [...first].filter((f) =>
      /^src\/(ui\/pages\/(?!home-page)|ui\/i18n\/(session|tables|trust)\.ts|ui\/wake-lock\.ts|ui\/components\/(log-view|result-view|table-view|table-model|chart-editor|combat-panel|cup-panel|dice-roller)|games\/[^/]+\/)/.test(
        f,
      ),
    );
    expect(later).toEqual([]);
  });

  it('leaves out the engine and the game data', () => {
    // What the home screen needs of src/engine: the error class and the saved RNG state's check.
    // The rest loads with a game (src/app/store.ts).
    const engine = [...first].filter((f) => f.startsWith('src/engine/')).sort();
    expect(engine).toEqual(['src/engine/errors.ts', 'src/engine/rng-state.ts']);
    expect([...first].filter((f) => /^src\/data\/(catalog|context|validate)\.ts$/.test(f))).toEqual([]);
  });

  it('leaves out the checks of stored records and their schemas: they load when there is a record to check', () => {
    // src/persistence/sessions.ts imports ./records when a stored game or chart is read (issue #29):
    // the home screen of a device with no saved game does not download the checks, their repair of
    // damaged metadata, nor the shapes of a game and its steps.
    for (const f of [
      'src/persistence/records.ts',
      'src/engine/session-schema.ts',
      'src/engine/schema/guard.ts',
      'src/engine/modes.ts',
    ])
      expect(first, f).not.toContain(f);
  });

  it("leaves out the store's game half, the tabs' coordination and what shows only when asked", () => {
    // src/app/store-game.ts loads with the engine; src/app/tabs.ts with the first game opened
    // (src/app/tabs-on-demand.ts); the shell's notices, a verified file's verdict and the pack
    // list's actions when they are first needed; the game screens' styles with them.
    for (const f of [
      'src/app/store-game.ts',
      'src/app/shared-steps.ts',
      'src/app/tabs.ts',
      'src/ui/app-notices.ts',
      'src/ui/verdict.ts',
      'src/ui/components/pack-actions.ts',
      'src/ui/styles.ts',
    ])
      expect(first, f).not.toContain(f);
  });

  it('holds the messages in English only, and not the engine refusals, the table statuses or the issues', () => {
    // Spanish loads for a player who reads it (src/ui/i18n/index.ts loadLanguage); why a file is
    // refused, in English (src/engine/issue-text.ts) or in the player's language, with a refusal.
    const later = [...first].filter(
      (f) =>
        /^src\/ui\/i18n\/(.*\.es|es|errors|status|issues)\.ts$/.test(f) ||
        /^src\/(ui\/issues|engine\/issue-text)\.ts$/.test(f),
    );
    expect(later).toEqual([]);
  });

  it("uses none of Lit's decorators", () => {
    // static properties and customElements.define: the decorators load with the other screens.
    const decorated = [...first].filter((f) => /from\s+['"]lit\/decorators(\.js)?['"]/.test(readFileSync(f, 'utf8')));
    expect(decorated).toEqual([]);
  });
});
