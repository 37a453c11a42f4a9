// @vitest-environment happy-dom
// Readiness from the rules (issue #29) for EastFront: the rules module says what the current step offers
// and why not (src/games/eastfront/offer.ts); the panel and its tools render that and decide nothing
// themselves. Seed 004 (../shared/seeds/004_e4aee9ca769bb184.txt):
// - 4.41 (line 555): "el jugador Activo activa … cualquier número de HQ" — in the Command phase;
// - 5.61 (line 733): "dos Movimientos Supremos por cada punto de Valor de Mando";
// - Scn S44 3 (line 2471): "El jugador del Eje no puede activar ningún HQ en el primer turno de este
//   escenario. Comenzar con el turno del jugador soviético.";
// - 7.23 EXCEPCION (line 1014): "las ventajas del Terreno de una Fortaleza sólo se aplican al Defensor Original";
// - Scn W44 2 (line 2532): "Las Rendiciones Rumana, Húngara y Búlgara han ocurrido".
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, GameState } from '../../../src/engine';
import * as ef from '../../../src/games/eastfront/rules';
import type * as Offer from '../../../src/games/eastfront/offer';
import '../../../src/games/eastfront/panel';
import type { WcEastfrontPanel } from '../../../src/games/eastfront/panel';
import { fakeGame, loadGameBeforeAll, mountPanel, settle, textOf } from './fake-store';

/**
 * What the rules answer, replaced in a test to prove the panel renders it: if the panel worked out the
 * step's tools or an action's readiness itself, it would not follow a changed answer.
 */
const answer = vi.hoisted(() => ({
  step: undefined as ((real: Offer.StepOffer) => Offer.StepOffer) | undefined,
  hq: undefined as ((real: Offer.HqOffer) => Offer.HqOffer) | undefined,
}));
vi.mock('../../../src/games/eastfront/offer', async (importOriginal) => {
  const real = await importOriginal<typeof Offer>();
  return {
    ...real,
    stepOffer: (...args: Parameters<typeof real.stepOffer>) => {
      const offer = real.stepOffer(...args);
      return answer.step ? answer.step(offer) : offer;
    },
    hqOffer: (...args: Parameters<typeof real.hqOffer>) => {
      const offer = real.hqOffer(...args);
      return answer.hq ? answer.hq(offer) : offer;
    },
  };
});

const s41 = loadGameBeforeAll('eastfront', 'ef-s41');
const s44 = loadGameBeforeAll('eastfront', 'ef-s44');
const w41 = loadGameBeforeAll('eastfront', 'ef-w41');

afterEach(() => {
  answer.step = undefined;
  answer.hq = undefined;
  document.body.innerHTML = '';
});

const segment = (id: string) => ef.PHASES.findIndex((p) => p.id === id);
const at = (id: string): Action => ({ type: 'procedure', id: 'ef.phase', input: { index: segment(id) } });

/** A game of `loaded`'s scenario in month `turn`, moved to segment `id`. */
function gameAt(loaded: typeof s41, id: string, turn = 1): GameState {
  const g = fakeGame({ ...loaded, lang: 'en', seed: 'readiness' });
  while (g.current().state.turn < turn) g.step({ type: 'end-turn' });
  g.step(at(id));
  return g.current().state.game;
}

describe('the rules say what the step offers, and why not', () => {
  it('the Command phase offers the HQ ledger; the other tools stay open out of sequence (4.41, Chart:TURNO DE JUGADOR)', () => {
    const offer = ef.stepOffer(gameAt(s41, 'f1.p1.command'), 's41', 1);
    expect(offer.segment.id).toBe('f1.p1.command');
    expect(offer.tools).toEqual(['hq']);
    expect(offer.others).toEqual([
      'production',
      'weather',
      'battle',
      'pursuit',
      'attrition',
      'overstack',
      'rally',
      'surrender',
      'events',
      'victory',
    ]);
  });
  it('the weather step: offered until recorded, once per fortnight and front (12.1); a fixed month says its weather before any roll', () => {
    const g = fakeGame({ ...s41, lang: 'en', seed: 'readiness' });
    g.step(at('f1.weather'));
    // 12.1 (line 1502): "En los meses de Junio a Septiembre siempre hay clima Seco".
    expect(ef.weatherOffer(g.current().state.game, 's41', 1, 1, 'east')).toEqual({ fixed: 'dry', offered: true });
    g.step({ type: 'procedure', id: 'ef.weather', input: { front: 'east', fortnight: 1 } });
    expect(ef.weatherOffer(g.current().state.game, 's41', 1, 1, 'east')).toEqual({
      recorded: 'dry',
      first: 'axis',
      fixed: 'dry',
      offered: false,
    });
    // W41's month 4 is March 1942: "Marzo es variable" (line 1502): even Snow, odd Mud, one chance in two each.
    const w = fakeGame({ ...w41, lang: 'en', seed: 'readiness' });
    expect(ef.weatherOffer(w.current().state.game, 'w41', 4, 1, 'east')).toEqual({
      chances: [
        { code: 'snow', p: 0.5 },
        { code: 'mud', p: 0.5 },
      ],
      offered: true,
    });
  });
  it('the first month has no Production, said in words (3.2.2, 11.1)', () => {
    const g = fakeGame({ ...s41, lang: 'en', seed: 'readiness' });
    expect(ef.stepOffer(g.current().state.game, 's41', 1).none).toEqual({
      key: 'ef.phase.noProduction',
      rule: '3.2.2, 11.1',
    });
  });
  it('S44: the Axis may activate no HQ in the first player turn it plays (Scn S44 3, line 2471)', () => {
    // The Soviets play fortnight 1's first player turn, the Axis its second.
    const axis = ef.hqOffer(gameAt(s44, 'f1.p2.command'), 's44', 1);
    expect(axis.side).toBe('axis');
    expect(axis.activate).toEqual({ ready: false, why: { key: 'ef.s44.noHq', rule: 'Scn S44 3' } });
    const soviets = ef.hqOffer(gameAt(s44, 'f1.p1.command'), 's44', 1);
    expect(soviets).toMatchObject({ side: 'soviet', activate: { ready: true } });
  });
  it('a variable month before its weather roll: no activation yet, and why (4.4, 12.21)', () => {
    // W41 month 4 is March 1942: "variable" (12.1), so who plays is not known before the roll.
    const offer = ef.hqOffer(gameAt(w41, 'f1.p1.command', 4), 'w41', 4);
    expect(offer.side).toBeUndefined();
    expect(offer.activate).toMatchObject({ ready: false, why: { key: 'ef.err.hqWeather' } });
  });
  it('activation only in the Command phase; deactivation outside it (4.41, 5.41–5.43)', () => {
    const movement = ef.hqOffer(gameAt(s41, 'f1.p1.movement'), 's41', 1);
    expect(movement.activate).toBeUndefined();
    expect(movement.phase).toBe('movement');
  });
  it('the satellite surrender is closed in W44, where all three have happened (16.1, Scn W44 2 line 2532)', () => {
    expect(ef.surrenderOffer('w44', 3, '2d6')).toEqual({ ok: false, key: 'ef.err.surrenderDone', params: {} });
    // 2d6 less than 3: a 2 only, 1 in 36.
    expect(ef.surrenderOffer('s43', 3, '2d6')).toEqual({ ok: true, chance: 1 / 36 });
  });
  it('pursuit fire in a fortress asks whether the rearguard is the Original Defender (7.23 line 1014)', () => {
    expect(ef.pursuitAsks('fortress', '')).toEqual({ key: 'ef.err.rearguardRole', rule: '7.23, 7.35' });
    expect(ef.pursuitAsks('fortress', 'oa')).toBeUndefined();
    expect(ef.pursuitAsks('clear', '')).toBeUndefined();
  });
});

describe("the panel renders the rules' answer and decides nothing itself", () => {
  /** Everything matching `selector` under the panel, through each tool's shadow root. */
  const deep = (root: ParentNode, selector: string): HTMLElement[] =>
    [...root.querySelectorAll<HTMLElement>('*')].flatMap((el) => [
      ...(el.matches(selector) ? [el] : []),
      ...(el.shadowRoot ? deep(el.shadowRoot, selector) : []),
    ]);

  async function panelAt(id: string) {
    const g = fakeGame({ ...s41, lang: 'en', seed: 'readiness' });
    g.step(at(id));
    const { el, r } = await mountPanel<WcEastfrontPanel>(g, 'wc-eastfront-panel', false);
    await settle(el);
    const byId = (testid: string) => deep(r, `[data-testid="${testid}"]`)[0];
    return { g, byId };
  }

  it('the tools shown are the ones stepOffer gives', async () => {
    answer.step = (real) => ({ ...real, tools: ['surrender'], others: [] });
    const { byId } = await panelAt('f1.p1.command');
    expect(byId('ef-tool-surrender')).toBeDefined();
    expect(byId('ef-tool-hq')).toBeUndefined();
  });
  it("HQ activation follows hqOffer: not ready, its button is disabled and the rules' reason is shown", async () => {
    answer.hq = (real) => ({ ...real, activate: { ready: false, why: { key: 'ef.s44.noHq', rule: 'Scn S44 3' } } });
    const { g, byId } = await panelAt('f1.p1.command');
    const button = byId('ef-hq-activate') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(textOf(byId('ef-hq-why-not')!)).toMatch(
      /^Hold or die: the Axis may activate no HQ in this first player turn\. ?\( ?rule Scn S44 3 ?\)$/,
    );
    button.click();
    expect(g.act).not.toHaveBeenCalled();
  });
  it('and ready when hqOffer says so: the same segment, no reason shown', async () => {
    const { byId } = await panelAt('f1.p1.command');
    expect((byId('ef-hq-activate') as HTMLButtonElement).disabled).toBe(false);
    expect(byId('ef-hq-why-not')).toBeUndefined();
  });
});
