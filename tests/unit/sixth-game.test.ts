// @vitest-environment happy-dom
// "How to add a game", tried (issue #29): a throw-away sixth game in a fixture folder
// (tests/fixtures/sixth-game: one table, one procedure, one panel), laid out as a game is in the
// project, loads with no edit to a shared file. Its registries are built from its folder the way
// src/games/rules-registry.ts and ui-registry.ts build them from src/games/, and handed in the way
// src/main.ts hands those in; its data comes through the catalog's source of games that are not
// built in, checked by the same validator as the bundled data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesRegistry, uiRegistry, type GameRulesModule, type GameUiModule } from '../../src/games/registry';
import { builtInRules } from '../../src/games/rules-registry';
import { builtInUis } from '../../src/games/ui-registry';
import { provideGameRules, provideGameSource } from '../../src/data/providers';
import { hasGame, loadGame } from '../../src/data/catalog';
import { gameContext } from '../../src/data/context';
import { validateGame } from '../../src/data/validate';
import { apply, initialState, newSession, toFile, type GameContext } from '../../src/engine';
import type { GameBundle } from '../../src/data/catalog';
import { verifyText } from '../../src/cli/verify';
import { loadGameUi, provideGameUis } from '../../src/ui/game-uis';
import { loadGameMessages } from '../../src/ui/i18n';
import { fakeGame, mount } from './ui/fake-store';
import type { PanelHost, Current } from '../../src/app/store';

// The fixture's folders, read as the project's are (src/data/catalog.ts, src/games/*-registry.ts).
const rules = rulesRegistry(import.meta.glob<GameRulesModule>('../fixtures/sixth-game/games/*/rules.ts'));
const uis = uiRegistry(import.meta.glob<GameUiModule>('../fixtures/sixth-game/games/*/ui.ts'));
const gameFiles = import.meta.glob<unknown>('../fixtures/sixth-game/tables/*/game.json', {
  eager: true,
  import: 'default',
});
const tableFiles = import.meta.glob<unknown>(
  ['../fixtures/sixth-game/tables/*/*.json', '!../fixtures/sixth-game/tables/*/game.json'],
  { eager: true, import: 'default' },
);
const scenarioFiles = import.meta.glob<unknown>('../fixtures/sixth-game/scenarios/*/*.json', {
  eager: true,
  import: 'default',
});
const folderOf = (path: string) => path.split('/').at(-2)!;
const ofGame = (files: Record<string, unknown>, game: string) =>
  Object.entries(files).filter(([f]) => folderOf(f) === game);

beforeAll(() => {
  // The composition root, as src/main.ts: the built-in games and the fixture's, side by side.
  provideGameRules((id) => (rules.games.includes(id) ? rules(id) : builtInRules(id)));
  provideGameUis((id) => (uis.games.includes(id) ? uis.load(id) : builtInUis.load(id)));
  provideGameSource({
    find: async (id) => {
      const [file, game] = ofGame(gameFiles, id)[0] ?? [];
      return file ? validateGame(file, game, ofGame(tableFiles, id), ofGame(scenarioFiles, id)) : undefined;
    },
  });
});
afterAll(() => {
  provideGameRules(builtInRules);
  provideGameUis(builtInUis.load);
  provideGameSource(undefined);
});

let bundle: GameBundle;
let ctx: GameContext;

describe('a sixth game from a fixture folder', () => {
  it('is found by its folder name, in the rules and the UI registries', () => {
    expect(rules.games).toEqual(['sixth']);
    expect(uis.games).toEqual(['sixth']);
  });

  it('loads: its data validated, its procedure in the context', async () => {
    expect(await hasGame('sixth')).toBe(true);
    bundle = await loadGame('sixth');
    expect(bundle.tables.map((x) => x.id)).toEqual(['sx-fate']);
    ctx = await gameContext(bundle, 'sx-main');
    expect(Object.keys(ctx.procedures ?? {})).toEqual(['sx.fate']);
  });

  it('runs its procedure (1.1: a 5 on the die is Storm) and the game file verifies', async () => {
    let session = newSession({
      id: 's-sixth',
      game: 'sixth',
      scenario: 'sx-main',
      name: 'sixth',
      seed: 'sixth-seed',
      createdAt: '2026-01-01T00:00:00Z',
    });
    let state = initialState(session, ctx.scenario);
    const typed = apply(session, state, { type: 'procedure', id: 'sx.fate', input: {}, manual: [[5]] }, ctx, {
      at: '2026-01-01T00:00:01Z',
    });
    expect(typed.entry.outcome).toMatchObject({ kind: 'procedure', id: 'sx.fate', result: 'Storm' });
    ({ session, state } = typed);
    ({ session, state } = apply(session, state, { type: 'procedure', id: 'sx.fate', input: {} }, ctx, {
      at: '2026-01-01T00:00:02Z',
    }));
    const file = JSON.stringify(toFile(session));
    const r = await verifyText(file);
    expect(r.code, r.message).toBe(0);
    // A changed result is a mismatch: the replay ran the fixture's procedure.
    const text = file.replace('"result":"Storm"', '"result":"Calm"');
    expect((await verifyText(text)).code).toBe(1);
  });

  it('its panel shows its messages and runs its procedure through the store', async () => {
    const ui = await loadGameUi('sixth');
    expect(ui?.turnPanel).toBe('wc-sixth-panel');
    await loadGameMessages('sixth');
    const g = fakeGame({ bundle, ctx, scenario: 'sx-main' });
    const el = await mount<HTMLElement & { updateComplete: Promise<boolean>; store: PanelHost; current: Current }>(
      ui!.turnPanel!,
      { store: g.store as PanelHost, current: g.current() },
    );
    const root = el.shadowRoot!;
    expect(root.querySelector('h2')!.textContent).toBe('Turn 1: fate');
    root.querySelector('button')!.click();
    await el.updateComplete;
    expect(g.act).toHaveBeenCalledWith({ type: 'procedure', id: 'sx.fate', input: {} });
    expect(g.current().session.log.at(-1)?.outcome).toMatchObject({ kind: 'procedure', id: 'sx.fate' });
  });
});
