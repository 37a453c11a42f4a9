// @vitest-environment happy-dom
// <wc-log-view>: the session log, newest step first, each with its explanation; undone steps stay,
// struck through; the undo buttons ask the store to undo the last step or back to a step; filters by
// kind of step and by side. Tests read what a player sees (text, buttons, which steps are listed),
// not how the list is built.
import { afterEach, describe, expect, it } from 'vitest';
import type { WcLogView } from '../../../src/ui/components/log-view';
import '../../../src/ui/components/log-view';
import { button, fakeGame, loadGameBeforeAll, mount, settle, textOf } from './fake-store';

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');
const eastfront = loadGameBeforeAll('eastfront', 'ef-w41');

/** A game of a few steps: a German roll, a Soviet combat, a note, the end of turn 1, a German roll. */
async function setup(opts: { lang?: 'en' | 'es'; readOnly?: boolean } = {}) {
  const g = fakeGame({ ...kursk, lang: opts.lang ?? 'en', side: 'german' });
  g.step({ type: 'roll', dice: { n: 2, sides: 6 }, label: 'Recon', manual: [3, 4] });
  g.app.side = 'soviet';
  g.step({ type: 'combat', table: 'gd-crt', attack: 7, defence: 3, dice: { n: 2, sides: 6 }, manual: [4, 3] });
  g.app.side = undefined;
  g.step({ type: 'note', text: 'Bridge at 3412 blown' });
  g.step({ type: 'end-turn' });
  g.app.side = 'german';
  g.step({ type: 'roll', dice: { n: 1, sides: 6 }, label: 'Weather', manual: [5] });
  const current = opts.readOnly ? { ...g.current(), readOnly: true } : g.current();
  const el = await mount<WcLogView>('wc-log-view', { store: g.store, current });
  g.bind(el);
  const r = el.shadowRoot!;
  /** The steps listed, top to bottom, by number. */
  const shown = () => [...r.querySelectorAll('[data-seq]')].map((x) => Number(x.getAttribute('data-seq')));
  const entry = (seq: number) => r.querySelector<HTMLElement>(`[data-seq="${seq}"]`)!;
  const filter = async (label: string, value: string) => {
    const s = [...r.querySelectorAll('select')].find((x) => x.closest('label')!.textContent!.trim().startsWith(label))!;
    s.value = value;
    s.dispatchEvent(new Event('change'));
    await settle(el);
  };
  return { g, el, r, shown, entry, filter };
}

/**
 * Whether an entry is shown struck through: a style rule of the log's own that draws a line through
 * text applies to the entry or to what it holds (happy-dom does not compute shadow-root styles itself).
 */
function struck(entry: HTMLElement): boolean {
  const root = entry.getRootNode() as ShadowRoot;
  const sheets = [
    ...root.adoptedStyleSheets,
    ...[...root.querySelectorAll('style')].map((s) => s.sheet).filter((s): s is CSSStyleSheet => !!s),
  ];
  const rules = sheets
    .flatMap((s) => [...s.cssRules])
    .filter((r): r is CSSStyleRule => 'selectorText' in r && /line-through/.test(r.cssText));
  const els = [entry, ...entry.querySelectorAll('*')];
  return rules.some((r) => els.some((e) => e.matches(r.selectorText)));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-log-view', () => {
  it('lists the steps newest first, each with its number, turn, side and explanation', async () => {
    const { shown, entry } = await setup();
    expect(shown()).toEqual([5, 4, 3, 2, 1]);
    const first = textOf(entry(1));
    expect(first).toContain('Step 1');
    expect(first).toContain('Turn 1');
    expect(first).toContain('German');
    expect(first).toContain('typed in');
    expect(first).toContain('Recon');
    expect(first).toMatch(/\b7\b/);
    // The combat explains itself: the column and the result from the CRT.
    const combat = textOf(entry(2));
    expect(combat).toContain('Soviet');
    expect(combat).toContain('3-1');
    expect(combat).toContain('DC Defender casualty');
    expect(textOf(entry(3))).toContain('Bridge at 3412 blown');
    expect(textOf(entry(5))).toContain('Turn 2');
  });

  it('says so when the log is empty', async () => {
    const g = fakeGame(kursk);
    const el = await mount<WcLogView>('wc-log-view', { store: g.store, current: g.current() });
    expect(textOf(el.shadowRoot!)).toBe('The log is empty.');
  });

  it('"Undo last step" asks the store to undo the last step; the step stays, struck through and marked undone', async () => {
    const { g, el, r, shown, entry } = await setup();
    expect(struck(entry(5))).toBe(false);
    button(r, 'Undo last step').click();
    await settle(el);
    expect(g.undo).toHaveBeenCalledTimes(1);
    expect(g.undo.mock.lastCall![0]).toBeUndefined();
    // The undo is a step of its own (issue #30), shown at the top, with no undo button of its own.
    expect(shown()).toEqual([6, 5, 4, 3, 2, 1]);
    expect(textOf(entry(6))).toContain('Step 5 undone');
    expect(textOf(entry(5))).toContain('undone');
    expect(struck(entry(5))).toBe(true);
    expect(struck(entry(4))).toBe(false);
    expect(textOf(entry(4))).not.toContain('undone');
  });

  it('"Undo back to here" asks the store to undo from that step on; undone steps offer no undo', async () => {
    const { g, el, entry } = await setup();
    // Every active step but the last offers it; the last is undone with "Undo last step".
    expect(entry(5).querySelector('button')).toBeNull();
    for (const seq of [1, 2, 3, 4]) expect(button(entry(seq), 'Undo back to here')).toBeTruthy();
    button(entry(3), 'Undo back to here').click();
    await settle(el);
    expect(g.undo).toHaveBeenLastCalledWith(3);
    for (const seq of [3, 4, 5]) {
      expect(struck(entry(seq))).toBe(true);
      expect(textOf(entry(seq))).toContain('undone');
      expect(entry(seq).querySelector('button')).toBeNull();
    }
    for (const seq of [1, 2]) expect(struck(entry(seq))).toBe(false);
    // Step 2 is now the last active step: "Undo last step" undoes it, and step 1 keeps its button.
    expect(entry(2).querySelector('button')).toBeNull();
    expect(button(entry(1), 'Undo back to here')).toBeTruthy();
  });

  it('offers no undo in a tab that only follows the game', async () => {
    const { r } = await setup({ readOnly: true });
    expect([...r.querySelectorAll('button')].filter((b) => /Undo/.test(b.textContent!))).toEqual([]);
  });

  it('filters by kind of step', async () => {
    const { r, shown, filter } = await setup();
    await filter('Kind', 'roll');
    expect(shown()).toEqual([5, 1]);
    await filter('Kind', 'resolution');
    expect(shown()).toEqual([2]);
    await filter('Kind', 'draw');
    expect(shown()).toEqual([]);
    expect(textOf(r)).toContain('No step matches these filters.');
    await filter('Kind', '');
    expect(shown()).toEqual([5, 4, 3, 2, 1]);
  });

  it('filters by side, and by side and kind together', async () => {
    const { shown, filter } = await setup();
    await filter('Side', 'soviet');
    expect(shown()).toEqual([2]);
    await filter('Side', 'german');
    expect(shown()).toEqual([5, 1]);
    await filter('Kind', 'resolution');
    expect(shown()).toEqual([]);
    await filter('Side', '');
    expect(shown()).toEqual([2]);
  });

  it('filters by turn', async () => {
    const { shown, filter } = await setup();
    await filter('Turn', '2');
    expect(shown()).toEqual([5]);
    await filter('Turn', '1');
    expect(shown()).toEqual([4, 3, 2, 1]);
  });

  it('shows the newest 20 steps of a long game, the older ones one tap away', async () => {
    const g = fakeGame(kursk);
    for (let k = 1; k <= 25; k++) g.step({ type: 'note', text: `note ${k}` });
    const el = await mount<WcLogView>('wc-log-view', { store: g.store, current: g.current() });
    const r = el.shadowRoot!;
    const shown = () => [...r.querySelectorAll('[data-seq]')].map((x) => Number(x.getAttribute('data-seq')));
    expect(shown()).toEqual(Array.from({ length: 20 }, (_, k) => 25 - k));
    button(r, 'Show older steps').click();
    await settle(el);
    expect(shown()).toEqual(Array.from({ length: 25 }, (_, k) => 25 - k));
    expect([...r.querySelectorAll('button')].some((b) => b.textContent!.includes('Show older steps'))).toBe(false);
  });

  it('speaks Spanish, with no raw message key', async () => {
    const { r, entry } = await setup({ lang: 'es' });
    const text = textOf(r);
    expect(text).toContain('Deshacer el último paso');
    expect(textOf(entry(2))).toContain('Soviético');
    expect(textOf(entry(1))).toContain('introducido a mano');
    expect(text).not.toMatch(/\b(log|filter|kind|play|combat|error)\.[a-zA-Z]+/);
  });
});

describe('wc-log-view: the phase a step was taken in, in words (issue #28 item 8)', () => {
  it('EastFront: "Phase Fortnight 1 · player turn 1 · Movement", never the raw id f1.p1.movement', async () => {
    for (const [lang, words] of [
      ['en', 'Phase Fortnight 1 · player turn 1 · Movement'],
      ['es', 'Fase Quincena 1 · Turno de Jugador 1 · Movimiento'],
    ] as const) {
      const g = fakeGame({ ...eastfront, lang });
      g.step({ type: 'procedure', id: 'ef.phase', input: { index: 3 } }, { phase: 'f1.p1.movement' });
      const el = await mount<WcLogView>('wc-log-view', { store: g.store, current: g.current() });
      g.bind(el);
      const text = textOf(el.shadowRoot!);
      expect(text).toContain(words);
      expect(text).not.toContain('f1.p1.movement');
      // The phase filter names it the same way.
      const options = [...el.shadowRoot!.querySelectorAll('option')].map((o) => o.textContent!.trim());
      expect(options).toContain(words.replace(/^(Phase|Fase) /, ''));
      el.remove();
    }
  });
});

describe('steps kept as written under older rules (rules versions)', () => {
  it('a step the store opened as recorded under older rules is marked, in English and Spanish; others are not', async () => {
    for (const lang of ['en', 'es'] as const) {
      const g = fakeGame({ ...kursk, lang });
      g.step({ type: 'roll', dice: { n: 2, sides: 6 }, manual: [3, 4] });
      g.step({ type: 'roll', dice: { n: 2, sides: 6 }, manual: [5, 6] });
      const el = await mount<WcLogView>('wc-log-view', {
        store: g.store,
        current: { ...g.current(), writtenRules: [1] },
      });
      const marks = [...el.shadowRoot!.querySelectorAll('[data-testid=older-rules]')];
      expect(marks.map((m) => m.closest('[data-seq]')!.getAttribute('data-seq'))).toEqual(['1']);
      expect(textOf(marks[0]!)).toBe(
        lang === 'en' ? 'Older rules: result as recorded' : 'Reglas anteriores: resultado como se registró',
      );
      document.body.innerHTML = '';
    }
  });
});
