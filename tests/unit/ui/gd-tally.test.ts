// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { Action, GameContext } from '../../../src/engine';
import type { PanelHost } from '../../../src/app/store';
import { tallyProcedures } from '../../../src/games/grossdeutschland/tally';
import { grossdeutschlandTally } from '../../../src/games/grossdeutschland/messages-tally';
import type { WcGdSupply, WcGdVp } from '../../../src/games/grossdeutschland/panel-tally';
import '../../../src/games/grossdeutschland/panel-tally';
import { gdTestScenario } from '../games/gd-harness';
import { currentOf, mount as mountElement, steppedGame, stillStore } from './fake-store';

beforeAll(() => loadGameMessages('grossdeutschland'));

const scenario = gdTestScenario({
  name: { en: 'Test', es: 'Prueba' },
  rule: '21.0',
  victory: {
    rule: '21.3',
    side: 'soviet',
    threshold: 5,
    locations: [
      { name: { en: 'Hill 142', es: 'Colina 142' }, vp: 1, hex: '4116' },
      { name: { en: 'Hill 96', es: 'Colina 96' }, vp: 1, hex: '3412' },
    ],
  },
});

/** A game with a few steps already played, and a store that records what the tools ask for. */
function setup(lang: 'en' | 'es' = 'en', withVictory = true) {
  const ctx: GameContext = { tables: new Map(), procedures: tallyProcedures, ...(withVictory ? { scenario } : {}) };
  const g = steppedGame(ctx, { game: 'grossdeutschland', scenario: 'gd-test', seed: 'gd' });
  g.step({ type: 'procedure', id: 'gd.supply', input: { unit: '5K 2Gr', side: 'german', traced: false } });
  g.step({ type: 'end-turn' });
  g.step({ type: 'procedure', id: 'gd.supply', input: { unit: '5K 2Gr', side: 'german', traced: false } });
  g.step({ type: 'procedure', id: 'gd.supply', input: { unit: '3Fus', side: 'soviet', traced: false } });
  if (withVictory) g.step({ type: 'procedure', id: 'gd.vp', input: { held: [1], extra: 0 } });
  const current = currentOf(g, ctx);
  // A step logged (as the store answers): the tools read what it rolled (SessionTool actAt).
  const act = vi.fn(async (_a: Action) => ({ outcome: { kind: 'procedure', rolls: [] } }) as never);
  const store = stillStore(() => ({ lang, side: 'soviet', current }), { act });
  return { store, current, act };
}

const mount = <T extends WcGdSupply | WcGdVp>(tag: 'wc-gd-supply' | 'wc-gd-vp', s: ReturnType<typeof setup>) =>
  mountElement<T>(tag, { store: s.store as PanelHost, current: s.current } as Partial<T>);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-gd-supply', () => {
  it('shows the record with status in words, and runs gd.supply from the form', async () => {
    const s = setup();
    const el = await mount<WcGdSupply>('wc-gd-supply', s);
    const r = el.shadowRoot!;
    const rows = [...r.querySelectorAll('tbody tr')];
    expect(rows.map((x) => x.className)).toEqual(['out', 'low']);
    expect(rows[0]!.textContent).toContain('5K 2Gr');
    expect(rows[0]!.textContent).toContain('Out of supply');
    expect(rows[1]!.textContent).toContain('Low supply');
    expect(r.textContent).toContain('Low supply: 1. Out of supply: 1. Not yet checked this turn: 0.');
    // Every control is labelled; every button has a name.
    for (const c of r.querySelectorAll('input, select')) expect(c.closest('label')).not.toBeNull();
    for (const b of r.querySelectorAll('button'))
      expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()).not.toBe('');
    // The acting side is the default.
    expect(r.querySelector<HTMLSelectElement>('select[name=side]')!.value).toBe('soviet');

    const unit = r.querySelector<HTMLInputElement>('input[name=unit]')!;
    unit.value = '7K 1Pz';
    unit.dispatchEvent(new Event('input'));
    await el.updateComplete;
    r.querySelector<HTMLButtonElement>('button[data-how=failed]')!.click();
    expect(s.act).toHaveBeenLastCalledWith({
      type: 'procedure',
      id: 'gd.supply',
      input: { unit: '7K 1Pz', side: 'soviet', traced: false },
    });
    r.querySelector<HTMLButtonElement>('button[data-how=auto]')!.click();
    expect(s.act).toHaveBeenLastCalledWith({
      type: 'procedure',
      id: 'gd.supply',
      input: { unit: '7K 1Pz', side: 'soviet', traced: false, autoSupplied: true },
    });
    r.querySelector<HTMLButtonElement>('button[aria-label="Remove 5K 2Gr from the record"]')!.click();
    expect(s.act).toHaveBeenLastCalledWith({
      type: 'procedure',
      id: 'gd.supply.remove',
      input: { unit: '5K 2Gr', side: 'german' },
    });
  });

  it('readiness from the rules (issue #29): a unit checked this turn is not offered again, with the reason (5.1)', async () => {
    // 5.1: each unit's supply is checked once in the Supply phase; 3Fus (Soviet) was checked this turn.
    const s = setup();
    const el = await mount<WcGdSupply>('wc-gd-supply', s);
    const r = el.shadowRoot!;
    const unit = r.querySelector<HTMLInputElement>('input[name=unit]')!;
    unit.value = '3fus';
    unit.dispatchEvent(new Event('input'));
    await el.updateComplete;
    const traced = r.querySelector<HTMLButtonElement>('button[data-how=traced]')!;
    expect(traced.disabled).toBe(true);
    expect(r.querySelector('[data-testid=gdt-why-not]')!.textContent).toContain('3Fus');
    traced.click();
    expect(s.act).not.toHaveBeenCalled();
    // Another unit is offered.
    unit.value = '5K 2Gr';
    unit.dispatchEvent(new Event('input'));
    await el.updateComplete;
    r.querySelector<HTMLSelectElement>('select[name=side]')!.value = 'german';
    r.querySelector<HTMLSelectElement>('select[name=side]')!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(r.querySelector<HTMLButtonElement>('button[data-how=traced]')!.disabled).toBe(true);
    unit.value = '7K 1Pz';
    unit.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(r.querySelector<HTMLButtonElement>('button[data-how=traced]')!.disabled).toBe(false);
    expect(r.querySelector('[data-testid=gdt-why-not]')).toBeNull();
  });

  it('speaks Spanish', async () => {
    const el = await mount<WcGdSupply>('wc-gd-supply', setup('es'));
    expect(el.shadowRoot!.textContent).toContain('Sin suministros');
    expect(el.shadowRoot!.textContent).toContain('Registro de suministros');
  });
});

describe('wc-gd-vp', () => {
  it('lists the locations with VP and hex, ticks the last count, and runs gd.vp', async () => {
    const s = setup();
    const el = await mount<WcGdVp>('wc-gd-vp', s);
    const r = el.shadowRoot!;
    const boxes = [...r.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes.map((b) => b.closest('label')!.textContent!.trim())).toEqual([
      'Hill 142, 1 VP, hex 4116',
      'Hill 96, 1 VP, hex 3412',
    ]);
    expect(boxes.map((b) => b.checked)).toEqual([false, true]);
    expect(r.textContent).toContain('The German player wins (Soviet: 1 VP)');
    boxes[0]!.checked = true;
    boxes[0]!.dispatchEvent(new Event('change'));
    const extra = r.querySelector<HTMLInputElement>('input[name=extra]')!;
    extra.value = '2';
    extra.dispatchEvent(new Event('input'));
    await el.updateComplete;
    [...r.querySelectorAll('button')].find((b) => b.textContent === 'Count VP')!.click();
    // Asked from its control (SessionTool actAt): no step context of its own.
    expect(s.act).toHaveBeenLastCalledWith({ type: 'procedure', id: 'gd.vp', input: { held: [0, 1], extra: 2 } });
    expect(extra.closest('label')!.textContent).toContain('Other VP');
  });

  it('says when the scenario has no victory data', async () => {
    const el = await mount<WcGdVp>('wc-gd-vp', setup('en', false));
    expect(el.shadowRoot!.textContent).toContain(grossdeutschlandTally.en['gdt.ui.vp.noData']);
  });
});
