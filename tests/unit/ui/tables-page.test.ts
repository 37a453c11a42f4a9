// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppState, Problem, Store } from '../../../src/app/store';
import type { ErrataMode, TableData } from '../../../src/engine';
import type { StoredChart } from '../../../src/persistence/db';
import type { WcTablesPage } from '../../../src/ui/pages/tables-page';
import '../../../src/ui/pages/tables-page';

/** Only what the page calls. */
function fakeStore(init: { charts?: Record<string, StoredChart>; lang?: 'en' | 'es' } = {}) {
  let state = {
    ready: true,
    lang: init.lang ?? 'en',
    theme: 'dark',
    sessions: [],
    busy: false,
    charts: { grossdeutschland: init.charts ?? {} },
    errata: {} as Record<string, ErrataMode>,
    problem: undefined as Problem | undefined,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<typeof state>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const store = {
    getState: () => state as unknown as AppState,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    loadCharts: vi.fn(async () => undefined),
    errataFor: (g: string) => state.errata[g] ?? 'default',
    setErrata: vi.fn(async (g: string, mode: ErrataMode) => set({ errata: { ...state.errata, [g]: mode } })),
    setChartCell: vi.fn(async (_g: string, _t: TableData, _k: string, _v: string | number | null) => undefined),
    setChartAxes: vi.fn(
      async (_g: string, _t: TableData, _a: { rows: readonly string[]; columns: readonly string[] }) => undefined,
    ),
    exportCharts: vi.fn(() => '{"app":"wargame-companion"}'),
    importCharts: vi.fn(async () => {
      set({ problem: { key: 'import.invalid', detail: '$.game: this chart pack is for "x"' } });
      return false;
    }),
    report: vi.fn((p: Problem) => set({ problem: p })),
  };
  return store;
}

async function mount(store: ReturnType<typeof fakeStore>, tableId?: string): Promise<WcTablesPage> {
  const el = document.createElement('wc-tables-page');
  el.store = store as unknown as Store;
  el.gameId = 'grossdeutschland';
  el.tableId = tableId;
  document.body.append(el);
  await vi.waitFor(() => {
    if (!el.shadowRoot!.querySelector('h2')) throw new Error('loading');
  });
  await el.updateComplete;
  return el;
}
const view = (el: WcTablesPage) => el.shadowRoot!.querySelector('wc-table-view')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-tables-page', () => {
  it('lists every table by rule with status and links, loads the charts, and links back', async () => {
    const store = fakeStore();
    const el = await mount(store);
    const r = el.shadowRoot!;
    expect(store.loadCharts).toHaveBeenCalledWith('grossdeutschland');
    expect(r.querySelector('h2')!.textContent).toContain('Tables of');
    expect(r.querySelector('a[href="#/game/grossdeutschland"]')).not.toBeNull();
    const links = [...r.querySelectorAll<HTMLAnchorElement>('ul.tables a')];
    expect(links.length).toBeGreaterThan(5);
    const crt = links.find((a) => a.getAttribute('href') === '#/game/grossdeutschland/tables/gd-crt')!;
    expect(crt.textContent).toContain('Combat Results Table');
    expect(crt.textContent).toContain('Rule 10.1');
    expect(crt.querySelector('.badge.complete')!.textContent).toBe('complete');
    const chits = links.find((a) => a.getAttribute('href')!.endsWith('/gd-event-chits'))!;
    expect(chits.querySelector('.badge.partial')!.textContent).toBe('partly in the text');
    expect(chits.textContent).toContain('46 of 287 cells filled in');
    const terrain = links.find((a) => a.getAttribute('href')!.endsWith('/gd-terrain'))!;
    // gd-terrain holds the Wood entry the text quotes (issue #11): partly in the text.
    expect(terrain.querySelector('.badge.partial')!.textContent).toBe('partly in the text');
    expect(terrain.textContent).toContain('3 of 4 cells filled in');
    expect(view(el)).toBeNull();
  });

  it('shows the selected table and sets the errata reading', async () => {
    const store = fakeStore();
    const el = await mount(store, 'gd-crt');
    expect(view(el).table.id).toBe('gd-crt');
    expect(view(el).mode).toBe('default');
    const radios = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.map((x) => x.checked)).toEqual([false, true, false]);
    radios[2]!.checked = true;
    radios[2]!.dispatchEvent(new Event('change'));
    expect(store.setErrata).toHaveBeenCalledWith('grossdeutschland', 'corrected');
    await el.updateComplete;
    expect(view(el).mode).toBe('corrected');
  });

  it('saves cells through setChartCell and added rows through setChartAxes', async () => {
    const store = fakeStore({
      charts: {
        'gd-event-chits': {
          game: 'grossdeutschland',
          table: 'gd-event-chits',
          cells: {},
          rows: ['Apathy'],
          updatedAt: '',
        },
      },
    });
    const el = await mount(store, 'gd-event-chits');
    const v = view(el);
    await v.updateComplete;
    const input = v.shadowRoot!.querySelector<HTMLInputElement>('td[data-key="Apathy|colour"] input')!;
    input.value = 'red';
    input.dispatchEvent(new Event('change'));
    expect(store.setChartCell).toHaveBeenCalledWith(
      'grossdeutschland',
      expect.objectContaining({ id: 'gd-event-chits' }),
      'Apathy|colour',
      'red',
    );
    const form = v.shadowRoot!.querySelector<HTMLFormElement>('form.add')!;
    form.querySelector('input')!.value = 'Sniper';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(store.setChartAxes).toHaveBeenLastCalledWith(
      'grossdeutschland',
      expect.objectContaining({ id: 'gd-event-chits' }),
      { rows: ['Apathy', 'Sniper'], columns: [] },
    );
  });

  it('exports the chart pack and shows the problem of a bad import', async () => {
    const store = fakeStore();
    const el = await mount(store);
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const button = [...el.shadowRoot!.querySelectorAll('button')].find((b) =>
      b.textContent!.includes('Export chart values'),
    )!;
    button.click();
    expect(store.exportCharts).toHaveBeenCalledWith('grossdeutschland');
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    const file = new File(['{"not":"a pack"}'], 'bad.json', { type: 'application/json' });
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(store.importCharts).toHaveBeenCalledWith('grossdeutschland', '{"not":"a pack"}'));
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('.problem[role=alert]')!;
    expect(alert.textContent).toContain('That file cannot be used; nothing was changed.');
    expect(alert.textContent).toContain('this chart pack is for');
  });

  it('speaks Spanish and reports an unknown table', async () => {
    const el = await mount(fakeStore({ lang: 'es' }), 'nope');
    const r = el.shadowRoot!;
    expect(r.querySelector('h2')!.textContent).toContain('Tablas de');
    expect(r.textContent).toContain('No hay ninguna tabla «nope»');
    expect(r.textContent).toContain('Con todas las correcciones propuestas');
    expect(r.textContent).toContain('falta en el texto');
  });
});
