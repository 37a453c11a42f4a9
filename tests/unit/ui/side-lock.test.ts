// @vitest-environment happy-dom
// A player's phone offers only its own side's one-side procedures: the game's ACTORS (its rules.ts,
// quoting the rule) tell the view as they tell the link's guard (engine maySideAsk). On a phone linked
// as the other side's the control is off with its reason beside it, in both languages; on the phone of
// the side whose step it is, on the table (the writer) and on a single device it is on.
import { afterEach, describe, expect, it } from 'vitest';
import { PHASE_STEP, maySideAsk } from '../../../src/engine';
import { ACTORS as BO_ACTORS } from '../../../src/games/breakout/rules';
import type { WcBreakoutPanel } from '../../../src/games/breakout/panel';
import type { WcZitadellePanel } from '../../../src/games/zitadelle/panel';
import '../../../src/games/breakout/panel';
import '../../../src/games/zitadelle/panel';
import type { WcGrossdeutschlandPanel } from '../../../src/games/grossdeutschland/panel';
import '../../../src/games/grossdeutschland/panel';
import { PHASES as EF_PHASES } from '../../../src/games/eastfront/rules';
import type { WcEastfrontPanel } from '../../../src/games/eastfront/panel';
import '../../../src/games/eastfront/panel';
import { button, fakeGame, loadGameBeforeAll, mountPanel, settle, type, type FakeGame } from './fake-store';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Where the panel runs: a phone linked as a side's, the table (the writer), or a single device. */
type Device = 'german' | 'soviet' | 'axis' | 'table' | 'single';
function place(g: FakeGame, device: Device) {
  const link =
    device === 'table'
      ? { role: 'writer', view: 'writer', peers: [] }
      : device === 'single'
        ? undefined
        : { role: 'replica', view: 'player', side: device, peers: [] };
  if (link) Object.assign(g.app, { link });
}
const notes = (r: ShadowRoot) => [...r.querySelectorAll('[data-testid=side-lock]')].map((p) => p.textContent!.trim());

describe('engine maySideAsk: the rule the guard and the panels share', () => {
  it("a one-side procedure is its side's only; one naming its side by input follows the input; others are open", () => {
    expect(maySideAsk(BO_ACTORS, 'soviet', 'bo.weather', {})).toBe(true);
    expect(maySideAsk(BO_ACTORS, 'german', 'bo.weather', {})).toBe(false);
    expect(maySideAsk(BO_ACTORS, 'german', 'bo.order', { side: 'german' })).toBe(true);
    expect(maySideAsk(BO_ACTORS, 'german', 'bo.order', { side: 'soviet' })).toBe(false);
    expect(maySideAsk(BO_ACTORS, 'german', 'bo.order', {})).toBe(false);
    expect(maySideAsk(BO_ACTORS, 'german', 'bo.combat', {})).toBe(true);
  });
});

const breakout = loadGameBeforeAll('breakout', 'bo-campaign');

describe('Breakout (seed 002): the other side’s steps on a phone', () => {
  async function at(device: Device, opts: { turn?: number; phase: number; lang?: 'en' | 'es' }) {
    const g = fakeGame({ ...breakout, lang: opts.lang ?? 'en', seed: 'side-lock' });
    while (g.current().state.turn < (opts.turn ?? 1)) g.step({ type: 'end-turn' });
    if (opts.phase) g.step({ type: 'procedure', id: PHASE_STEP, input: { index: opts.phase } });
    place(g, device);
    const { el, r } = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    return { g, el, r };
  }

  it('5.1 (line 321, "una tirada de dado hecha por el jugador soviético"): the weather is off on the German phone, with the reason', async () => {
    const { g, r } = await at('german', { phase: 0 });
    const roll = button(r, 'Roll the weather');
    expect(roll.disabled).toBe(true);
    expect(notes(r)).toEqual(["The Soviet player's step (5.1): on the Soviet phone or the table."]);
    roll.click();
    expect(g.act).not.toHaveBeenCalled();
  });

  it('5.1 in Spanish: the reason in the player’s language', async () => {
    const { r } = await at('german', { phase: 0, lang: 'es' });
    expect(button(r, 'Tirar el tiempo').disabled).toBe(true);
    expect(notes(r)).toEqual(['Paso del jugador Soviético (5.1): en el teléfono del jugador Soviético o en la mesa.']);
  });

  for (const device of ['soviet', 'table', 'single'] as const)
    it(`5.1: on the ${device === 'soviet' ? 'Soviet phone' : device === 'table' ? 'table' : 'single device'} the weather is on, with no reason`, async () => {
      const { r } = await at(device, { phase: 0 });
      expect(button(r, 'Roll the weather').disabled).toBe(false);
      expect(notes(r)).toEqual([]);
    });

  it('11.1 (line 504, "el jugador soviético tira un dado"): an eliminated Rifle Corps’ return is off on the German phone, on on the Soviet one', async () => {
    const german = await at('german', { phase: 3 });
    expect(button(german.r, 'Roll for its return').disabled).toBe(true);
    expect(notes(german.r)).toContain("The Soviet player's step (11.1): on the Soviet phone or the table.");
    document.body.innerHTML = '';
    const soviet = await at('soviet', { phase: 3 });
    expect(button(soviet.r, 'Roll for its return').disabled).toBe(false);
    expect(notes(soviet.r)).toEqual([]);
  });

  it('5.4 (line 341): phase IV’s order is the Soviet player’s announcement: off on the German phone, on on the Soviet one and the table', async () => {
    const german = await at('german', { phase: 3 });
    expect(button(german.r, 'Movement, then combat').disabled).toBe(true);
    expect(notes(german.r)).toContain("The Soviet player's step (5.4): on the Soviet phone or the table.");
    document.body.innerHTML = '';
    for (const device of ['soviet', 'table'] as const) {
      const { r } = await at(device, { phase: 3 });
      expect(button(r, 'Movement, then combat').disabled).toBe(false);
      document.body.innerHTML = '';
    }
  });

  it('5.3 (line 335, "el alemán puede desplegar sus 3 marcadores Korpsgruppe"): KG deployment is off on the Soviet phone, on on the German one', async () => {
    const soviet = await at('soviet', { turn: 3, phase: 2 });
    expect(button(soviet.r, 'Deploy the KG markers').disabled).toBe(true);
    expect(notes(soviet.r)).toEqual(["The German player's step (5.3): on the German phone or the table."]);
    document.body.innerHTML = '';
    const german = await at('german', { turn: 3, phase: 2 });
    expect(button(german.r, 'Deploy the KG markers').disabled).toBe(false);
    expect(notes(german.r)).toEqual([]);
  });
});

const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');

describe('Zitadelle (seed 001): the other side’s steps on a phone', () => {
  async function at(device: Device, opts: { turn: number }) {
    const ctx = { ...zitadelle.ctx, readings: { ...zitadelle.ctx.readings, 'zi.germanOrder': 'offered' } };
    const g = fakeGame({ ...zitadelle, ctx, lang: 'en', seed: 'side-lock' });
    while (g.current().state.turn < opts.turn) g.step({ type: 'end-turn' });
    g.step({ type: 'procedure', id: 'zi.morale', input: { op: 'set', formation: '13A', side: 'soviet', initial: 5 } });
    place(g, device);
    const { el, r } = await mountPanel<WcZitadellePanel>(g, 'wc-zitadelle-panel', false);
    return { g, el, r };
  }
  const order = (r: ShadowRoot) => r.querySelector<HTMLInputElement>('[data-testid=zi-order] input[name=order]')!;

  it('13.61 (line 762, "solo el jugador alemán puede cambiar la secuencia alemana"): the German order is off on the Soviet phone, with the reason', async () => {
    const { r } = await at('soviet', { turn: 2 });
    expect(order(r).disabled).toBe(true);
    expect(notes(r)).toContain("The German player's step (13.61): on the German phone or the table.");
  });

  for (const device of ['german', 'table', 'single'] as const)
    it(`13.61: on the ${device} device the German order is on`, async () => {
      const { r } = await at(device, { turn: 2 });
      expect(order(r).disabled).toBe(false);
      expect(notes(r).filter((n) => n.includes('13.61'))).toEqual([]);
    });

  it('9.21 (line 577, "el jugador soviético lanza un dado por cada unidad de bombardeo a nivel"): off on the German phone, on on the Soviet one and the table', async () => {
    const german = await at('german', { turn: 1 });
    expect(button(german.r, 'Level bomber on this army').disabled).toBe(true);
    expect(notes(german.r)).toContain("The Soviet player's step (9.21): on the Soviet phone or the table.");
    document.body.innerHTML = '';
    for (const device of ['soviet', 'table', 'single'] as const) {
      const { r } = await at(device, { turn: 1 });
      expect(button(r, 'Level bomber on this army').disabled).toBe(false);
      expect(notes(r)).toEqual([]);
      document.body.innerHTML = '';
    }
  });
});

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

describe('Grossdeutschland (seed 000): each player’s replacement roll on a phone', () => {
  async function atNightsEnd(device: Device) {
    const g = fakeGame({ ...kursk, lang: 'en', seed: 'side-lock' });
    place(g, device);
    const { el, r, tracker } = await mountPanel<WcGrossdeutschlandPanel>(g, 'wc-grossdeutschland-panel', false);
    const form = r.querySelector<HTMLFormElement>('form.card')!;
    form.querySelector<HTMLSelectElement>('select[name=tt]')!.value = 'night';
    type(form.querySelector<HTMLInputElement>('input[name=wm]')!, '0');
    await settle(el);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle(el);
    tracker()[3]!.click(); // End of turn
    await settle(el);
    return { g, el, r };
  }

  it('4.1 (line 191, "cada jugador puede lanzar un dado para recibir posibles reemplazos"): on the German phone the Soviet roll is off, with the reason; the German one is on', async () => {
    const { r } = await atNightsEnd('german');
    expect(button(r, 'Replacement roll: Soviet').disabled).toBe(true);
    expect(button(r, 'Replacement roll: German').disabled).toBe(false);
    expect(notes(r)).toEqual(["The Soviet player's step (4.1): on the Soviet phone or the table."]);
  });

  it('4.1: on the Soviet phone the German roll is off; on the table and a single device both are on', async () => {
    const soviet = await atNightsEnd('soviet');
    expect(button(soviet.r, 'Replacement roll: German').disabled).toBe(true);
    expect(button(soviet.r, 'Replacement roll: Soviet').disabled).toBe(false);
    expect(notes(soviet.r)).toEqual(["The German player's step (4.1): on the German phone or the table."]);
    document.body.innerHTML = '';
    for (const device of ['table', 'single'] as const) {
      const { r } = await atNightsEnd(device);
      expect(button(r, 'Replacement roll: German').disabled).toBe(false);
      expect(button(r, 'Replacement roll: Soviet').disabled).toBe(false);
      expect(notes(r)).toEqual([]);
      document.body.innerHTML = '';
    }
  });
});

const s41 = loadGameBeforeAll('eastfront', 'ef-s41');

describe('EastFront (seed 004): HQ activation and Production on a phone', () => {
  /** The elements matching `selector`, the tools' shadow roots included (each tool is its own element). */
  const deep = (root: ParentNode, selector: string): HTMLElement[] =>
    [...root.querySelectorAll<HTMLElement>('*')].flatMap((el) => [
      ...(el.matches(selector) ? [el] : []),
      ...(el.shadowRoot ? deep(el.shadowRoot, selector) : []),
    ]);
  async function at(device: Device, opts: { turn?: number; phase?: string }) {
    const g = fakeGame({ ...s41, lang: 'en', seed: 'side-lock' });
    while (g.current().state.turn < (opts.turn ?? 1)) g.step({ type: 'end-turn' });
    if (opts.phase)
      g.step({ type: 'procedure', id: 'ef.phase', input: { index: EF_PHASES.findIndex((p) => p.id === opts.phase) } });
    place(g, device);
    const { el, r } = await mountPanel<WcEastfrontPanel>(g, 'wc-eastfront-panel', false);
    for (const c of deep(r, '*')) await (c as Partial<WcEastfrontPanel>).updateComplete;
    await settle(el);
    const byId = <E extends HTMLElement>(id: string) => deep(r, `[data-testid="${id}"]`)[0] as E;
    const lockNotes = () => deep(r, '[data-testid=side-lock]').map((p) => p.textContent!.trim());
    return { g, el, r, byId, lockNotes };
  }

  it('4.41 (line 555, "el jugador Activo activa … cualquier número de HQ"): the Axis turn’s activation is off on the Soviet phone, with the reason; on on the Axis phone and the table', async () => {
    const soviet = await at('soviet', { phase: 'f1.p1.command' });
    expect(soviet.byId<HTMLButtonElement>('ef-hq-activate').disabled).toBe(true);
    expect(soviet.lockNotes()).toContain("The Axis player's step (4.41): on the Axis phone or the table.");
    document.body.innerHTML = '';
    for (const device of ['axis', 'table'] as const) {
      const { byId, lockNotes } = await at(device, { phase: 'f1.p1.command' });
      expect(lockNotes().filter((n) => n.includes('4.41'))).toEqual([]);
      expect(byId<HTMLButtonElement>('ef-hq-activate').disabled).toBe(false);
      document.body.innerHTML = '';
    }
  });

  it('11.1 (line 1362, "los jugadores realizan, independiente y simultáneamente, una Fase de Producción"): a phone types its own side’s production; the other side chosen, Spend is off with the reason', async () => {
    const soviet = await at('soviet', { turn: 2 });
    const side = () => deep(soviet.byId('ef-tool-production'), 'select')[0] as HTMLSelectElement;
    expect(side().value).toBe('soviet');
    expect(soviet.byId<HTMLButtonElement>('ef-prod-run').disabled).toBe(false);
    side().value = 'axis';
    side().dispatchEvent(new Event('change'));
    for (const c of deep(soviet.r, '*')) await (c as Partial<WcEastfrontPanel>).updateComplete;
    await settle(soviet.el);
    expect(soviet.byId<HTMLButtonElement>('ef-prod-run').disabled).toBe(true);
    expect(soviet.lockNotes()).toContain("The Axis player's step (11.1): on the Axis phone or the table.");
    document.body.innerHTML = '';
    const table = await at('table', { turn: 2 });
    expect(table.byId<HTMLButtonElement>('ef-prod-run').disabled).toBe(false);
    expect(table.lockNotes()).toEqual([]);
  });
});
