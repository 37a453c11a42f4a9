// @vitest-environment happy-dom
// Issue #28, items 6 and 12: a form starts from the game after every resolved step, and what the
// players typed into the current form survives a reload. src/ui/form-drafts.ts keeps a draft per game
// and form (sessionStorage), in a scope (the turn and phase it was typed in); SessionTool drops it when
// the form's step is logged. Here: the store itself, then the forms of the games that kept the last
// step's values (Breakout's combat, Zitadelle's morale), resolved twice in a row and reloaded.
import { afterEach, describe, expect, it } from 'vitest';
import { FormDrafts } from '../../../src/ui/form-drafts';
import type { WcBreakoutPanel } from '../../../src/games/breakout/panel';
import type { WcZitadellePanel } from '../../../src/games/zitadelle/panel';
import '../../../src/games/breakout/panel';
import '../../../src/games/zitadelle/panel';
import { button, fakeGame, loadGameBeforeAll, mountPanel, settle, type } from './fake-store';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A Storage in memory (what sessionStorage is to a page), or one that refuses every write. */
function memoryStorage(refuse = false): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    key: (k: number) => [...m.keys()][k] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('FormDrafts', () => {
  it('keeps a draft per game and form, in its scope, across a reload (a new FormDrafts on the same storage)', () => {
    const storage = memoryStorage();
    const drafts = new FormDrafts(storage);
    drafts.set('g1', 'combat', { attack: '7', tiger: true }, '3:VI');
    drafts.set('g2', 'combat', { attack: '1' });
    const reloaded = new FormDrafts(storage);
    expect(reloaded.get('g1', 'combat', '3:VI')).toEqual({ attack: '7', tiger: true });
    expect(reloaded.get('g2', 'combat')).toEqual({ attack: '1' });
    // Another phase, another form, another game: nothing typed there.
    expect(reloaded.get('g1', 'combat', '3:VII')).toBeUndefined();
    expect(reloaded.get('g1', 'morale', '3:VI')).toBeUndefined();
    expect(storage.getItem('wc.form-drafts.g1')).not.toBeNull();
  });

  it('drops a draft when its step is logged; a game with no drafts leaves nothing in storage', () => {
    const storage = memoryStorage();
    const drafts = new FormDrafts(storage);
    drafts.set('g', 'a', { x: '1' });
    drafts.set('g', 'b', { y: '2' });
    drafts.drop('g', 'a');
    expect(drafts.get('g', 'a')).toBeUndefined();
    expect(drafts.get('g', 'b')).toEqual({ y: '2' });
    drafts.drop('g', 'b');
    expect(storage.getItem('wc.form-drafts.g')).toBeNull();
  });

  it('with a storage that refuses, or none, drafts live in memory for the page', () => {
    for (const storage of [memoryStorage(true), undefined]) {
      const drafts = new FormDrafts(storage);
      drafts.set('g', 'a', { x: '1' });
      expect(drafts.get('g', 'a')).toEqual({ x: '1' });
      drafts.drop('g', 'a');
      expect(drafts.get('g', 'a')).toBeUndefined();
    }
  });

  it('a stored value that is not drafts is no draft', () => {
    const storage = memoryStorage();
    storage.setItem('wc.form-drafts.g', '[1,2]');
    expect(new FormDrafts(storage).get('g', 'a')).toBeUndefined();
    storage.setItem('wc.form-drafts.g', '{oops');
    expect(new FormDrafts(storage).get('g', 'a')).toBeUndefined();
  });
});

const breakout = loadGameBeforeAll('breakout', 'bo-campaign');

describe("Breakout's combat form (5.0, 13.3, 13.4)", () => {
  async function combatPhase() {
    const g = fakeGame({ ...breakout, lang: 'en', seed: 'breakout' });
    const mounted = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    button(mounted.r, 'Roll the weather').click();
    await settle(mounted.el);
    // VI: the German's first combat phase (5.0).
    mounted.tracker()[5]!.click();
    await settle(mounted.el);
    return { g, ...mounted };
  }
  const field = (r: ShadowRoot, k: string) => r.querySelector<HTMLInputElement>(`[data-testid=bo-${k}]`)!;

  it('a resolved combat leaves the next one clean: no strengths, no Tiger (issue #28, item 6)', async () => {
    const { g, el, r } = await combatPhase();
    type(field(r, 'attack'), '6');
    type(field(r, 'defence'), '2');
    type(field(r, 'tiger'), '1');
    await settle(el);
    button(r, 'Resolve the combat').click();
    await settle(el);
    expect(g.act.mock.lastCall![0]).toMatchObject({ id: 'bo.combat', input: { attack: 6, defence: 2, tiger: 1 } });
    expect(g.current().session.log.at(-1)!.outcome).toMatchObject({ kind: 'procedure', id: 'bo.combat' });
    expect([field(r, 'attack').value, field(r, 'defence').value, field(r, 'tiger').value]).toEqual(['', '', '0']);
    type(field(r, 'attack'), '4');
    type(field(r, 'defence'), '2');
    await settle(el);
    button(r, 'Resolve the combat').click();
    await settle(el);
    expect(g.act.mock.lastCall![0]).toMatchObject({
      id: 'bo.combat',
      input: { attack: 4, defence: 2, tiger: 0, kg: 0 },
    });
  });

  it('what is typed survives a reload (a new panel on the same game), and is gone once resolved (item 12)', async () => {
    const { g, el, r } = await combatPhase();
    type(field(r, 'attack'), '9');
    type(field(r, 'tiger'), '1');
    await settle(el);
    el.remove();
    const again = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    expect(field(again.r, 'attack').value).toBe('9');
    expect(field(again.r, 'tiger').value).toBe('1');
    type(field(again.r, 'defence'), '3');
    await settle(again.el);
    button(again.r, 'Resolve the combat').click();
    await settle(again.el);
    again.el.remove();
    const third = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    expect([field(third.r, 'attack').value, field(third.r, 'tiger').value]).toEqual(['', '0']);
  });

  it('a blank or bad number is said at its field and nothing is sent (item 15)', async () => {
    const { g, el, r } = await combatPhase();
    const calls = g.act.mock.calls.length;
    type(field(r, 'attack'), '6');
    type(field(r, 'defence'), '2');
    type(field(r, 'kg'), '');
    type(field(r, 'tiger'), '2.5');
    await settle(el);
    button(r, 'Resolve the combat').click();
    await settle(el);
    expect(g.act.mock.calls.length).toBe(calls);
    const said = (k: string) => r.getElementById(field(r, k).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(said('kg')).toBe('Nothing is typed here. Type a whole number from 0 to 3.');
    expect(said('tiger')).toBe('“2.5” is not a whole number. Type a whole number from 0 to 5.');
    expect(field(r, 'tiger').value).toBe('2.5');
  });
});

describe("Breakout's VP tally (4.1)", () => {
  it('a cleared count is asked for, not read as 0; once tallied, the form is back to its start', async () => {
    const g = fakeGame({ ...breakout, lang: 'en', seed: 'breakout' });
    const { el, r, tracker } = await mountPanel<WcBreakoutPanel>(g, 'wc-breakout-panel', false);
    tracker()[11]!.click();
    await settle(el);
    const field = (k: string) => r.querySelector<HTMLInputElement>(`#bo-vp-${k}`)!;
    type(field('population'), '');
    type(field('exited'), '2');
    await settle(el);
    const calls = g.act.mock.calls.length;
    button(r, 'Total the VP').click();
    await settle(el);
    expect(g.act.mock.calls.length).toBe(calls);
    expect(r.getElementById('bo-vp-population-error')!.textContent).toBe(
      'Nothing is typed here. Type a whole number from 0 to 99.',
    );
    type(field('population'), '3');
    await settle(el);
    button(r, 'Total the VP').click();
    await settle(el);
    expect(g.act.mock.lastCall![0]).toMatchObject({ id: 'bo.vp', input: { population: 3, exited: 2, fortified: 0 } });
    expect([field('population').value, field('exited').value]).toEqual(['0', '0']);
  });
});

const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');

describe("Zitadelle's morale tracker (7.71, 7.72)", () => {
  it('a formation added leaves the form clean; a formation the game tracks fills in its side and initial level (what the game knows)', async () => {
    const g = fakeGame({ ...zitadelle, lang: 'en', seed: 'zi' });
    const { el, r } = await mountPanel<WcZitadellePanel>(g, 'wc-zitadelle-panel', false);
    const section = () => r.querySelector('[data-testid=zi-morale]')!;
    const formation = () => section().querySelector<HTMLInputElement>('input[name=formation]')!;
    const initial = () => section().querySelector<HTMLInputElement>('input[name=initial]')!;
    type(formation(), '4 PzA');
    type(initial(), '6');
    await settle(el);
    button(section(), 'Add').click();
    await settle(el);
    expect(g.act.mock.lastCall![0]).toMatchObject({
      id: 'zi.morale',
      input: { op: 'set', formation: '4 PzA', side: 'german', initial: 6 },
    });
    expect([formation().value, initial().value]).toEqual(['', '']);
    // The next formation: blank initial level is asked for, never read as 0.
    type(formation(), 'Voronezh');
    await settle(el);
    button(section(), 'Add').click();
    await settle(el);
    expect(g.act.mock.calls.filter((c) => (c[0] as { id?: string }).id === 'zi.morale')).toHaveLength(1);
    expect(initial().getAttribute('aria-invalid')).toBe('true');
    // A formation the game already tracks: its level as the game knows it.
    type(formation(), '4 PzA');
    await settle(el);
    expect(initial().value).toBe('6');
  });
});
