// @vitest-environment happy-dom
// Readiness from the rules (issue #29), the pattern for every panel: the rules module says what the
// current step offers and why not; the panel renders that and decides nothing itself. Here
// ¿Resiste Stalingrado?'s combat (8.1, seed 003 line 111: "Varias fichas pueden atacar a la vez a varias
// fichas del enemigo, siempre y cuando todas ellas estén adyacentes entre si, atacantes y atacadas"):
// a combat has attacking units and attacked units, so with no defender there is nothing to resolve.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { Current } from '../../../src/app/store';
import { asJson, previewEnv, type Action, type GameContext } from '../../../src/engine';
import * as rs from '../../../src/games/stalingrado/rules';
import '../../../src/games/stalingrado/panel';
import { tablesOf } from '../games/harness';
import { steppedGame, stillStore } from './fake-store';

beforeAll(() => loadGameMessages('stalingrado'));
afterEach(() => {
  document.body.innerHTML = '';
});

const tables = tablesOf(import.meta.glob<unknown>('/tables/stalingrado/*.json', { eager: true, import: 'default' }));
const ctx: GameContext = { tables, procedures: rs.procedures, readings: rs.DEFAULT_READINGS };

function game(step: string | null = 'ge-combat') {
  const g = steppedGame(ctx, { game: 'stalingrado', scenario: 'x', seed: 'readiness' });
  if (step)
    g.step({ type: 'procedure', id: 'rs.phase', input: { index: rs.PHASES.findIndex((p) => p.step === step) } });
  return g;
}
const env = () => {
  const g = game();
  return previewEnv(ctx, g.state, 'default', rs.DEFAULT_READINGS);
};
const combat = (attackers: object[], defenders: object[]) =>
  asJson({ kind: 'ground', attacker: 'axis', attackers, defenders, support: [] } as never);

describe('the rules say what the combat step offers, and why not (8.1, seed 003 line 111)', () => {
  it('no defender: not offered, with the reason', () => {
    expect(rs.combatPreview(env(), combat([{ type: 'infantry-2' }], []))).toEqual({
      ok: false,
      key: 'rs.err.defenders',
      params: {},
    });
  });
  it('no attacker: not offered, with the reason', () => {
    expect(rs.combatPreview(env(), combat([], [{ type: 'infantry-3' }]))).toMatchObject({
      ok: false,
      key: 'rs.err.attackers',
    });
  });
  it('an attacker and a defender: offered, with the factors', () => {
    expect(rs.combatPreview(env(), combat([{ type: 'infantry-2' }], [{ type: 'infantry-3' }]))).toMatchObject({
      ok: true,
      attack: 2,
      defence: 3,
    });
  });
});

describe('the set-up and the tank tracker (issue #31; 9 line 127, 6 line 103, 2.3 line 23)', () => {
  it('a new game is at the set-up, which offers no roll, and says why; combat there is refused in words', () => {
    const g = game(null);
    expect(rs.stepOffer(g.state.game, 1)).toMatchObject({
      phase: { step: 'setup-deploy' },
      tools: [],
      none: { key: 'rs.offer.setup' },
    });
    const e = previewEnv(ctx, g.state, 'default', rs.DEFAULT_READINGS);
    expect(rs.combatPreview(e, combat([{ type: 'infantry-2' }], [{ type: 'infantry-3' }]))).toMatchObject({
      ok: false,
      key: 'rs.err.setup',
    });
  });
  it('a tank not in the tracker: the combat is not offered, and the rules name the tank and its side', () => {
    expect(rs.combatPreview(env(), combat([{ type: 'tank', id: 'A' }], [{ type: 'infantry-3' }]))).toEqual({
      ok: false,
      key: 'rs.err.tankUnknown',
      params: { id: 'A', side: 'axis' },
    });
  });
  it('air bombing: a fourth aircraft on one target is not offered (7, line 107)', () => {
    const g = game('ru-air-attack');
    for (const aircraft of ['a', 'b', 'c'])
      g.step({
        type: 'procedure',
        id: 'rs.bombard',
        input: {
          kind: 'air',
          shooter: 'fighter-bomber',
          target: 'engineers',
          aircraft,
          hex: 'X',
          fortified: true,
          score: 5,
        },
        rolls: [[2]],
      } as Action);
    const e = previewEnv(ctx, g.state, 'default', rs.DEFAULT_READINGS);
    expect(rs.bombardStepCheck(e, 'air', { target: 'engineers', aircraft: 'd', hex: 'X' })).toMatchObject({
      ok: false,
      key: 'rs.err.threeAircraft',
      params: { n: 3 },
    });
    expect(rs.bombardStepCheck(e, 'air', { target: 'engineers', aircraft: 'd', hex: 'Y' })).toMatchObject({ ok: true });
  });
});

describe("the panel renders the rules' answer", () => {
  async function panel(step: string | null = 'ge-combat') {
    const g = game(step);
    const current = {
      session: g.session,
      state: g.state,
      bundle: { game: { name: { en: 'stalingrado', es: 'stalingrado' } } },
      ctx,
    } as Partial<Current> as Current;
    const act = vi.fn(async (_a: Action) => ({}) as never);
    const store = stillStore(() => ({ lang: 'en', current, busy: false }), { act, updateSettings: vi.fn() });
    const el = document.createElement('wc-stalingrado-panel');
    el.store = store;
    el.current = current;
    document.body.append(el);
    await el.updateComplete;
    const r = el.shadowRoot!;
    const add = async (list: string, type: string) => {
      const form = r.querySelector<HTMLFormElement>(`fieldset[data-list="${list}"] form`)!;
      form.querySelector<HTMLSelectElement>('select[name="type"]')!.value = type;
      form.dispatchEvent(new Event('submit', { cancelable: true }));
      await el.updateComplete;
    };
    const section = () => r.querySelector('[data-testid="rs-ground-combat"]')!;
    const resolve = () => section().querySelector<HTMLButtonElement>('button.primary')!;
    const whyNot = () => section().querySelector('[data-testid="rs-why-not"]')?.textContent;
    return { add, resolve, whyNot, act, r, el };
  }

  it('with an attacker and no defender, resolve is not offered and the panel says why', async () => {
    const p = await panel();
    expect(p.whyNot()).toBe('Add at least one attacking unit.');
    await p.add('ground-attackers', 'infantry-2');
    expect(p.resolve().disabled).toBe(true);
    expect(p.whyNot()).toBe('Add the defending units: one to six.');
    p.resolve().click();
    expect(p.act).not.toHaveBeenCalled();
    await p.add('ground-defenders', 'infantry-3');
    expect(p.whyNot()).toBeUndefined();
    expect(p.resolve().disabled).toBe(false);
  });
  it('at the set-up: the step, its reminders and "no roll" in words, no tool', async () => {
    const p = await panel(null);
    expect(p.r.querySelector('[data-testid="rs-title"]')!.textContent).toContain('Set-up');
    expect(p.r.querySelector('[data-testid="rs-offer"]')!.textContent).toContain('no roll');
    expect(p.r.querySelector('[data-testid="rs-ground-combat"]')).toBeNull();
    expect(p.r.querySelector('[data-testid="rs-prompts"]')!.textContent).toContain('5th Tank Army');
  });

  it('a tank not in the tracker is asked for right there: full or affected', async () => {
    const p = await panel();
    const form = p.r.querySelector<HTMLFormElement>('fieldset[data-list="ground-attackers"] form')!;
    form.querySelector<HTMLSelectElement>('select[name="type"]')!.value = 'tank';
    form.querySelector<HTMLInputElement>('input[name="id"]')!.value = 'B';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await p.el.updateComplete;
    await p.add('ground-defenders', 'infantry-3');
    expect(p.whyNot()).toContain('Tank B is not in the step tracker');
    expect(p.resolve().disabled).toBe(true);
    const ask = [...p.r.querySelectorAll<HTMLButtonElement>('[data-testid="rs-ask-tank"] button')];
    expect(ask.map((b) => b.textContent!.trim())).toEqual(['Tank B: full 6-8', 'Tank B: affected 4-8']);
    ask[1]!.click();
    expect(p.act).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'procedure',
        id: 'rs.tank',
        input: { id: 'B', side: 'axis', state: 'affected' },
      }),
    );
  });
});

describe('the victory form reads what the rules count (5, seed 003 line 91; issue #29)', () => {
  it('the city’s hexes only after the last turn', () => {
    expect(rs.victoryCountsHexes({ turn: rs.LAST_TURN - 1 })).toBe(false);
    expect(rs.victoryCountsHexes({ turn: rs.LAST_TURN })).toBe(true);
  });
});
