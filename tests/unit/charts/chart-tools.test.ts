// @vitest-environment happy-dom
// No tool can hang or throw on a chart in any state (issue #28 item 1 and "What to build"): every
// roll table and CRT of every game, with the players' data empty, rows only, columns only, rows and
// columns, some cells and complete, in the Tables tool and the Combat tool (a strength pair typed
// in). Zitadelle's AT fire table with its rows and columns typed in froze the page at 100 % CPU: the
// tool merged the chart again on every render and the modifier picker took each copy for another
// table, cleared its choice and told the tool, which rendered again, forever. A render loop never
// returns to the test, so every element here has an update budget: past it, its updates stop and
// the case fails, naming the element.
import { formDrafts } from '../../../src/ui/form-drafts';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReactiveElement } from 'lit';
import type { GameContext, TableData } from '../../../src/engine';
import '../../../src/ui/components/table-roller';
import '../../../src/ui/components/combat-panel';
import { fakeGame, loadGameBeforeAll, mount } from '../ui/fake-store';
import { chartStates, setupOf } from './chart-states';

const GAMES = [
  loadGameBeforeAll('breakout', 'bo-campaign'),
  loadGameBeforeAll('grossdeutschland', 'gd-kursk'),
  loadGameBeforeAll('zitadelle', 'zi-kursk'),
  loadGameBeforeAll('eastfront', 'ef-s41'),
  loadGameBeforeAll('stalingrado', 'rs-stalingrado'),
];

/** Updates of one element in one case past which it is taken to loop (a real render takes a handful). */
const BUDGET = 200;
const updates = new Map<ReactiveElement, number>();
let overflow: string | undefined;
type Schedulable = { scheduleUpdate(): void | Promise<unknown> };
const proto = ReactiveElement.prototype as unknown as Schedulable;
const original = proto.scheduleUpdate;
proto.scheduleUpdate = function (this: ReactiveElement) {
  const n = (updates.get(this) ?? 0) + 1;
  updates.set(this, n);
  if (n > BUDGET) {
    // Stop here: the element stays pending and schedules nothing more, so the loop ends.
    overflow ??= `<${this.localName}> updated more than ${BUDGET} times`;
    return;
  }
  return original.call(this);
};
afterAll(() => {
  proto.scheduleUpdate = original;
});
beforeEach(() => {
  updates.clear();
  overflow = undefined;
});
afterEach(() => {
  document.body.innerHTML = '';
});

async function open(game: (typeof GAMES)[number], tb: TableData, chart: ReturnType<typeof chartStates>[number]) {
  const ctx: GameContext = {
    ...game.ctx,
    charts: { ...game.ctx.charts, [tb.id]: setupOf(chart.chart) },
    entered: { ...game.ctx.entered, [tb.id]: chart.chart.cells ?? {} },
  };
  const g = fakeGame({ ...game, ctx, seed: 'chart-states' });
  // The tool on this table (its choice), and for a CRT a combat typed in, as the players' drafts
  // (src/ui/form-drafts.ts): the chances are computed.
  const id = g.current().session.id;
  if (tb.type === 'crt') formDrafts.set(id, 'combat', { attack: '8', defence: '4' });
  else formDrafts.set(id, 'table-roller-chart', { tableId: tb.id, other: '' });
  const tag = tb.type === 'crt' ? 'wc-combat-panel' : 'wc-table-roller';
  const el = await mount<HTMLElement & { updateComplete: Promise<boolean> }>(tag, {
    store: g.store,
    current: g.current(),
    physical: false,
  } as never);
  if (tb.type === 'crt') Object.assign(el, { tableId: tb.id });
  await el.updateComplete;
  for (let k = 0; k < 5; k++) await new Promise((r) => setTimeout(r, 0));
  return el;
}

describe('the Tables and Combat tools on every chart in every state', () => {
  it('covers the five games', () => expect(GAMES.every((g) => g.bundle.tables.length > 0)).toBe(true));
  for (const [k, name] of ['breakout', 'grossdeutschland', 'zitadelle', 'eastfront', 'stalingrado'].entries())
    it(`${name}: every roll table and CRT, empty, partial and complete, renders and settles`, async () => {
      const game = GAMES[k]!;
      const tools = game.bundle.tables.filter((x) => (x.type === 'roll' || x.type === 'crt') && x.roll);
      for (const tb of tools)
        for (const state of chartStates(tb)) {
          updates.clear();
          overflow = undefined;
          const el = await open(game, tb, state);
          expect(overflow, `${tb.id}, ${state.name}`).toBeUndefined();
          // Rows and columns typed in are enough to roll: empty cells never block (#31), they are asked for.
          if (state.name === 'rows and columns' || state.name === 'some cells')
            expect(
              el.shadowRoot!.querySelector('p > button.primary')!.getAttribute('aria-disabled'),
              `${tb.id}, ${state.name}`,
            ).toBeNull();
          el.remove();
        }
    });
});
