// @vitest-environment happy-dom
// The turn panels of ¿Resiste Stalingrado? and Zitadelle as a player drives them: the chances are
// shown before the roll (computed by the rules module, not the template), every control is
// labelled, and the roll goes to the store as a procedure step.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { Current } from '../../../src/app/store';
import type { Action, GameContext } from '../../../src/engine';
import * as rs from '../../../src/games/stalingrado/rules';
import * as zi from '../../../src/games/zitadelle/rules';
import '../../../src/games/stalingrado/panel';
import '../../../src/games/zitadelle/panel';
import { tablesOf } from '../games/harness';
import { hasKey } from '../../../src/ui/i18n';
import { rawKeys, steppedGame, stillStore, textOf } from './fake-store';

beforeAll(async () => {
  await loadGameMessages('stalingrado');
  await loadGameMessages('zitadelle');
});

const tables = tablesOf(
  import.meta.glob<unknown>(['/tables/stalingrado/*.json', '/tables/zitadelle/*.json'], {
    eager: true,
    import: 'default',
  }),
);

function setup(
  game: 'stalingrado' | 'zitadelle',
  ctxExtra: Partial<GameContext>,
  steps: Action[],
  lang: 'en' | 'es' = 'en',
) {
  const mod = game === 'stalingrado' ? rs : zi;
  const ctx: GameContext = { tables, procedures: mod.procedures, readings: mod.DEFAULT_READINGS, ...ctxExtra };
  const g = steppedGame(ctx, { game, scenario: 'x', seed: game });
  for (const a of steps) g.step(a);
  const current = {
    session: g.session,
    state: g.state,
    bundle: { game: { name: { en: game, es: game } } },
    ctx,
  } as unknown as Current;
  const act = vi.fn(async (_a: Action) => ({}) as never);
  const store = stillStore(() => ({ lang, current, busy: false }), { act, updateSettings: vi.fn() });
  return { store, current, act };
}

async function mount(tag: 'wc-stalingrado-panel' | 'wc-zitadelle-panel', s: ReturnType<typeof setup>) {
  const el = document.createElement(tag);
  el.store = s.store;
  el.current = s.current;
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const labelled = (r: ShadowRoot) => {
  for (const c of r.querySelectorAll('input, select')) expect(c.closest('label'), c.outerHTML).not.toBeNull();
  for (const b of r.querySelectorAll('button'))
    expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()).not.toBe('');
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-stalingrado-panel', () => {
  it('a supported combat: units added by form, equal factors give 13 / 10 / 13 of 36 before the roll, resolve runs rs.combat', async () => {
    const index = rs.PHASES.findIndex((p) => p.step === 'ru-supported');
    const s = setup('stalingrado', {}, [{ type: 'procedure', id: 'rs.phase', input: { index } }]);
    const el = await mount('wc-stalingrado-panel', s);
    const r = el.shadowRoot!;
    expect(r.querySelector('[data-testid="rs-title"]')!.textContent).toContain(
      'Russian combats with artillery support',
    );
    const add = async (list: string, type: string) => {
      const form = r.querySelector<HTMLFormElement>(`fieldset[data-list="${list}"] form`)!;
      form.querySelector<HTMLSelectElement>('select[name="type"]')!.value = type;
      form.dispatchEvent(new Event('submit', { cancelable: true }));
      await el.updateComplete;
    };
    await add('ground-attackers', 'infantry-2');
    await add('ground-defenders', 'infantry-3');
    await add('ground-support', 'field-art');
    // (2 + 1 support) against 3 (8.1, 8.2).
    expect(r.querySelector('[data-testid="rs-chances"]')!.textContent).toBe(
      'Attacker wins 13, tie 10, defender wins 13 (of 36).',
    );
    labelled(r);
    r.querySelector<HTMLButtonElement>('[data-testid="rs-ground-combat"] button.primary')!.click();
    expect(s.act).toHaveBeenCalledWith({
      type: 'procedure',
      id: 'rs.combat',
      input: {
        kind: 'ground',
        attacker: 'russian',
        attackers: [{ type: 'infantry-2' }],
        defenders: [{ type: 'infantry-3' }],
        support: [{ type: 'field-art' }],
      },
    });
  });
  it('artillery cannot attack: the reason is shown and the button stays off', async () => {
    const index = rs.PHASES.findIndex((p) => p.step === 'ge-combat');
    const s = setup('stalingrado', {}, [{ type: 'procedure', id: 'rs.phase', input: { index } }]);
    const el = await mount('wc-stalingrado-panel', s);
    const r = el.shadowRoot!;
    for (const [list, type] of [
      ['ground-attackers', 'field-art'],
      ['ground-defenders', 'cavalry'],
    ]) {
      const form = r.querySelector<HTMLFormElement>(`fieldset[data-list="${list}"] form`)!;
      form.querySelector<HTMLSelectElement>('select[name="type"]')!.value = type!;
      form.dispatchEvent(new Event('submit', { cancelable: true }));
      await el.updateComplete;
    }
    expect(r.textContent).toContain('Artillery never attacks with its combat factor');
    expect(r.querySelector<HTMLButtonElement>('[data-testid="rs-ground-combat"] button.primary')!.disabled).toBe(true);
  });
});

describe('wc-zitadelle-panel', () => {
  const charts = {
    charts: { 'zi-crt': { rows: ['2-6', '7-12'], columns: ['1:1', '2:1'] } },
    entered: { 'zi-crt': { '2-6|1:1': 'AC', '7-12|1:1': 'BC', '2-6|2:1': 'DC', '7-12|2:1': 'D1' } },
  };
  const assaultPhase = { type: 'procedure', id: 'zi.phase', input: { index: 3 } } as const;
  it('an assault on the typed-in CRT: the column and the chance of every result before the roll', async () => {
    const s = setup('zitadelle', charts, [assaultPhase]);
    const el = await mount('wc-zitadelle-panel', s);
    const r = el.shadowRoot!;
    const fill = async (name: string, v: string) => {
      const i = r.querySelector<HTMLInputElement>(`[data-testid="zi-assault"] input[name="${name}"]`)!;
      i.value = v;
      i.dispatchEvent(new Event('input'));
      await el.updateComplete;
    };
    await fill('attack', '8');
    await fill('defence', '4');
    expect(r.querySelector('[data-testid="zi-column"]')!.textContent).toBe('Column 2:1');
    const bars = r.querySelector('wc-odds-bars') as HTMLElement & { dist?: { counts: Map<string, number> } };
    expect(bars.dist!.counts).toEqual(
      new Map([
        ['DC', 15],
        ['D1', 21],
      ]),
    );
    labelled(r);
    r.querySelector<HTMLButtonElement>('[data-testid="zi-assault"] button.primary')!.click();
    expect(s.act.mock.calls[0]![0]).toMatchObject({
      type: 'procedure',
      id: 'zi.assault',
      input: { attack: 8, defence: 4 },
    });
  });
  it('with no CRT typed in it says so and links to where to type it', async () => {
    const s = setup('zitadelle', {}, [assaultPhase]);
    const el = await mount('wc-zitadelle-panel', s);
    const r = el.shadowRoot!;
    for (const [name, v] of [
      ['attack', '8'],
      ['defence', '4'],
    ]) {
      const i = r.querySelector<HTMLInputElement>(`[data-testid="zi-assault"] input[name="${name}"]`)!;
      i.value = v!;
      i.dispatchEvent(new Event('input'));
      await el.updateComplete;
    }
    expect(r.textContent).toContain('This chart has no rows yet');
    expect(r.querySelector('[data-testid="zi-assault"] a')!.getAttribute('href')).toBe(
      '#/game/zitadelle/tables/zi-crt',
    );
  });
});

// Labels built from a field's name (`zi.ui.${k}`) are checked on screen: every phase, in Spanish.
describe.each([
  ['stalingrado', 'wc-stalingrado-panel', rs.PHASES.length, 'rs.phase'],
  ['zitadelle', 'wc-zitadelle-panel', zi.PHASES.length, 'zi.phase'],
] as const)('%s panel in Spanish', (game, tag, phases, phaseProcedure) => {
  it('shows no raw message key in any phase', async () => {
    for (let index = 0; index < phases; index++) {
      const s = setup(game, {}, [{ type: 'procedure', id: phaseProcedure, input: { index } }], 'es');
      const el = await mount(tag, s);
      expect(rawKeys(textOf(el), hasKey), `phase ${index}`).toEqual([]);
      el.remove();
    }
  });
});
