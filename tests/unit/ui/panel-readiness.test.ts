// @vitest-environment happy-dom
// Readiness from the rules (issue #29) in Breakout's, Zitadelle's and Grossdeutschland's panels, as
// ¿Resiste Stalingrado?'s (stalingrado-readiness.test.ts): each game's rules module says what the
// current step offers and why not, in the words the procedure would refuse with; the panel renders
// that — its button not offered, the reason beside it — and decides nothing itself.
import { afterEach, describe, expect, it } from 'vitest';
import { PHASE_STEP, previewEnv } from '../../../src/engine';
import * as bo from '../../../src/games/breakout/rules';
import * as zi from '../../../src/games/zitadelle/rules';
import { ACTIVATION_CUP, hqDrawOffer } from '../../../src/games/grossdeutschland/activation';
import '../../../src/games/grossdeutschland/panel-activation';
import type { WcBreakoutPanel } from '../../../src/games/breakout/panel';
import type { WcZitadellePanel } from '../../../src/games/zitadelle/panel';
import '../../../src/games/breakout/panel';
import '../../../src/games/zitadelle/panel';
import { button, fakeGame, loadGameBeforeAll, mount, mountPanel, settle, type } from './fake-store';

afterEach(() => {
  document.body.innerHTML = '';
});

const breakout = loadGameBeforeAll('breakout', 'bo-campaign');

describe('Breakout: the combat step (13.1, seed 002 line 592)', () => {
  // 13.1 [002: 592 «un combate de defensa en cada fase de combate soviética, un ataque en cada fase de
  // combate alemana»]: the 18th Artillery Division supports one German attack per German combat phase.
  const attack = { attacker: 'german', attack: 3, defence: 6, terrain: 'clear', support18: 3 };
  function supportedOnce() {
    const g = fakeGame({ ...breakout, lang: 'en', seed: 'readiness' });
    g.step({ type: 'procedure', id: PHASE_STEP, input: { index: 5 } }); // VI. German movement/combat
    g.step({ type: 'procedure', id: 'bo.combat', input: attack, manual: [[4]] });
    return g;
  }

  it('the rules: a second supported attack in phase VI is not offered, with the reason; in phase VII it is', () => {
    const g = supportedOnce();
    const env = () => previewEnv(breakout.ctx, g.current().state, 'default', bo.DEFAULT_READINGS);
    expect(bo.combatPreview(env(), attack)).toEqual({
      ok: false,
      key: 'bo.err.s18Used',
      params: { phase: 'VI' },
    });
    g.step({ type: 'procedure', id: PHASE_STEP, input: { index: 6 } }); // VII. mechanized combat
    expect(bo.combatPreview(env(), attack)).toMatchObject({ ok: true, column: '1:1' });
  });

  it('the panel: Resolve is not offered and the rules’ words are beside it; nothing is asked of the store', async () => {
    const g = supportedOnce();
    const { el, r } = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    const field = (k: string) => r.querySelector<HTMLInputElement>(`[data-testid=bo-${k}]`)!;
    type(field('attack'), '3');
    type(field('defence'), '6');
    type(field('support18'), '3');
    await settle(el);
    const resolve = button(r, 'Resolve the combat');
    expect(r.querySelector('[data-testid=bo-refused]')!.textContent).toBe(
      'The 18th Artillery Division already supported a combat in phase VI: once per combat phase (13.1).',
    );
    expect(resolve.disabled).toBe(true);
    const steps = g.act.mock.calls.length;
    resolve.click();
    await settle(el);
    expect(g.act.mock.calls.length).toBe(steps);
    // Without the support the same combat is offered (its column shown, Resolve ready).
    type(field('support18'), '0');
    await settle(el);
    expect(r.querySelector('[data-testid=bo-refused]')).toBeNull();
    expect(button(r, 'Resolve the combat').disabled).toBe(false);
  });

  it('a probe (13.7) is offered in the German and mechanized combat phases only, as the rules say', async () => {
    expect(['IV', 'V', 'VI', 'VII', 'VIII', 'IX'].filter(bo.probeOffered)).toEqual(['VI', 'VII', 'VIII', 'IX']);
  });
});

const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');

describe('Zitadelle: the German order (13.6, seed 001 lines 758-777) and level bombing (9.21)', () => {
  // 13.61 (line 762): from turn 2; 13.62 (line 773): chosen each turn, before the German player turn is under way.
  function offered() {
    const ctx = { ...zitadelle.ctx, readings: { ...zitadelle.ctx.readings, 'zi.germanOrder': 'offered' } };
    const g = fakeGame({ ...zitadelle, ctx, lang: 'en', seed: 'readiness' });
    return { g, env: () => previewEnv(ctx, g.current().state, 'default', ctx.readings) };
  }

  it('the rules: not on turn 1, offered at the start of turn 2, not once the German turn is under way, not without the reading', () => {
    const { g, env } = offered();
    expect(zi.germanOrderOffer(env())).toEqual({ ok: false, key: 'zi.err.orderTurn1', params: {} });
    g.step({ type: 'end-turn' });
    expect(zi.germanOrderOffer(env())).toEqual({ ok: true });
    g.step({ type: 'procedure', id: PHASE_STEP, input: { index: 1 } });
    expect(zi.germanOrderOffer(env())).toEqual({ ok: false, key: 'zi.err.orderLate', params: {} });
    const standard = previewEnv(zitadelle.ctx, g.current().state, 'default', zi.DEFAULT_READINGS);
    expect(zi.germanOrderOffer(standard)).toMatchObject({ ok: false, key: 'zi.err.orderOff' });
  });

  it('the panel offers the choice exactly when the rules do', async () => {
    const { g } = offered();
    g.step({ type: 'end-turn' });
    const { el, r } = await mountPanel<WcZitadellePanel>(g, 'wc-zitadelle-panel', false);
    expect(r.querySelector('[data-testid=zi-order]')).not.toBeNull();
    await g.act({ type: 'procedure', id: PHASE_STEP, input: { index: 1 } });
    await settle(el);
    expect(r.querySelector('[data-testid=zi-order]')).toBeNull();
  });

  it('the rules: level bombing hits a Soviet army on the tracker (9.21), and says so of any other', () => {
    const { g, env } = offered();
    g.step({ type: 'procedure', id: 'zi.morale', input: { op: 'set', formation: '13A', side: 'soviet', initial: 5 } });
    g.step({ type: 'procedure', id: 'zi.morale', input: { op: 'set', formation: 'GD', side: 'german', initial: 6 } });
    expect(zi.levelBombingOffer(env(), '13A')).toEqual({ ok: true });
    expect(zi.levelBombingOffer(env(), 'GD')).toEqual({ ok: false, key: 'zi.err.army', params: { army: 'GD' } });
  });

  it('the numbers each step reads are the rules’: the German bombardment factor on turn 1 only (7.48, 10.13)', () => {
    expect(zi.assaultNumbers('german', 1)).toContain('bombardment');
    expect(zi.assaultNumbers('german', 2)).not.toContain('bombardment');
    expect(zi.assaultNumbers('soviet', 1)).not.toContain('bombardment');
    expect(zi.atNumbers(true)).toEqual(['armor']); // a dive bomber's strength is 3 (9.31e)
  });
});

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

describe('Grossdeutschland: the HQ draws of the Activation phase (3.4)', () => {
  // 3.4: HQ chits are drawn from the cup one at a time; when the cup is empty the Activation phase is over.
  function emptied() {
    const g = fakeGame({ ...kursk, lang: 'en', seed: 'readiness' });
    for (const chit of [...g.current().state.cups[ACTIVATION_CUP]!.chits])
      g.step({ type: 'cup.remove', cup: ACTIVATION_CUP, chit });
    return g;
  }

  it('the rules: a draw is offered while the cup holds a chit; empty, the phase is over', () => {
    const g = fakeGame({ ...kursk, lang: 'en', seed: 'readiness' });
    expect(hqDrawOffer(g.current().state.cups)).toEqual({ ok: true });
    expect(hqDrawOffer(emptied().current().state.cups)).toEqual({ ok: false, key: 'gd.act.phaseOver', params: {} });
  });

  it('the panel: no draw offered from an empty cup, and the rules’ words beside the button', async () => {
    const g = emptied();
    const el = await mount<HTMLElement & { updateComplete: Promise<boolean> }>('wc-gd-activation', {
      store: g.store,
      current: g.current(),
      physical: false,
    } as never);
    const r = el.shadowRoot!;
    expect(r.querySelector<HTMLButtonElement>('[data-testid=gd-draw-hq]')!.disabled).toBe(true);
    expect(r.querySelector('[data-testid=gd-draw-why-not]')!.textContent).toBe(
      'The cup is empty: the Activation phase is over.',
    );
  });

  it('the panel: a cup dealt between the phones (issue #33) is not said empty; it says where its chits are drawn', async () => {
    const g = fakeGame({ ...kursk, lang: 'en', seed: 'readiness' });
    const n = g.current().state.cups[ACTIVATION_CUP]!.chits.length;
    const deck = (k: number) => Array.from({ length: n }, (_, i) => (k * 100 + i).toString(16).padStart(64, '0'));
    g.step({
      type: 'hidden.deal',
      cup: ACTIVATION_CUP,
      deal: 'd1',
      parties: [
        { side: 'german', key: 'ab'.repeat(32) },
        { side: 'soviet', key: 'cd'.repeat(32) },
      ],
      decks: [deck(1), deck(2)],
    });
    const el = await mount<HTMLElement & { updateComplete: Promise<boolean> }>('wc-gd-activation', {
      store: g.store,
      current: g.current(),
      physical: false,
    } as never);
    const r = el.shadowRoot!;
    expect(r.querySelector<HTMLButtonElement>('[data-testid=gd-draw-hq]')!.disabled).toBe(true);
    expect(r.querySelector('[data-testid=gd-draw-why-not]')!.textContent).toContain(
      'The activation cup is shuffled between the players’ phones for this turn',
    );
  });
});
