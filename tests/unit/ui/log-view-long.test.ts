// @vitest-environment happy-dom
// Issue 18 (9): the log view keeps a constant DOM over a long session: 2,000 steps, re-rendered
// after each one as the app does, end with as many nodes (comment markers included) as after 50.
import { afterEach, describe, expect, it } from 'vitest';
import type { WcLogView } from '../../../src/ui/components/log-view';
import '../../../src/ui/components/log-view';
import { currentOf, steppedGame, stillStore } from './fake-store';

/** Every node under a root, through open shadow roots, by kind. */
function count(root: Node): { all: number; comments: number } {
  let all = 0,
    comments = 0;
  const walk = (n: Node) => {
    all++;
    if (n.nodeType === 8) comments++;
    const sr = (n as Element).shadowRoot;
    if (sr) walk(sr);
    for (const c of Array.from(n.childNodes)) walk(c);
  };
  walk(root);
  return { all, comments };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-log-view over a long session', () => {
  it('2,000 steps: the DOM stays the same size (20 entries shown, no marker comment left behind)', async () => {
    const ctx = { tables: new Map() };
    const meta = { game: 'grossdeutschland', scenario: 'x', seed: 'long', createdAt: '2026-01-01T00:00:00.000Z' };
    const g = steppedGame(ctx, meta);
    let current = currentOf(g, ctx);
    const store = stillStore(() => ({ lang: 'en', current, busy: false, prefs: {} }));
    const el = document.createElement('wc-log-view') as WcLogView;
    el.store = store;
    el.current = current;
    document.body.append(el);
    const sizes: Record<number, { all: number; comments: number }> = {};
    for (let k = 1; k <= 2000; k++) {
      const action =
        k % 100 === 0
          ? ({ type: 'end-turn' } as const)
          : k % 3 === 0
            ? ({ type: 'note', text: `note ${k}` } as const)
            : ({ type: 'roll', dice: { n: 2, sides: 6 } } as const);
      g.step(action, {
        at: '2026-01-01T00:00:00.000Z',
        context: { turn: g.state.turn, side: k % 2 ? 'german' : 'soviet' },
      });
      current = { ...current, session: g.session, state: g.state };
      el.current = current;
      await el.updateComplete;
      if (k === 50 || k === 200 || k === 2000) sizes[k] = count(el.shadowRoot!);
    }
    expect(el.shadowRoot!.querySelectorAll('li[data-seq]').length).toBe(20);
    // The turn filter lists one option per turn played (20 turns here, a long game): allow for those only.
    const turns = 20;
    expect(sizes[2000]!.comments).toBeLessThanOrEqual(sizes[200]!.comments + 4 * turns);
    expect(sizes[2000]!.all).toBeLessThanOrEqual(sizes[200]!.all + 8 * turns);
    expect(sizes[2000]!.all).toBeLessThanOrEqual(sizes[50]!.all + 8 * turns);
  }, 120_000);
});
