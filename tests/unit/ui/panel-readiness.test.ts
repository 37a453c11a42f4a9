// @vitest-environment happy-dom
// Readiness from the rules (issue #29) in Breakout's, Zitadelle's and Grossdeutschland's panels, as
// ¿Resiste Stalingrado?'s (stalingrado-readiness.test.ts): each game's rules module says what the
// current step offers and why not, in the words the procedure would refuse with; the panel renders
// that — its button not offered, the reason beside it — and decides nothing itself.
import { afterEach, describe, expect, it } from 'vitest';
import { PHASE_STEP, previewEnv } from '../../../src/engine';
import * as bo from '../../../src/games/breakout/rules';
import type { WcBreakoutPanel } from '../../../src/games/breakout/panel';
import '../../../src/games/breakout/panel';
import { button, fakeGame, loadGameBeforeAll, mountPanel, settle, type } from './fake-store';

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
