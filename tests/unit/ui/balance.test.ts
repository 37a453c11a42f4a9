// @vitest-environment happy-dom
// Issue #15, balanced randomness in the components: the per-game setting asks the store for a
// 'balance' step and shows what holds; the Dice tool shows the deck's cards left (or, with real
// dice, that they are not drawn from it); the Cups tab shows the streak cap's odds of the next draw.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGame, type GameBundle } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import type { WcBalanceSettings } from '../../../src/ui/components/balance-settings';
import type { WcCupPanel } from '../../../src/ui/components/cup-panel';
import type { WcDiceRoller } from '../../../src/ui/components/dice-roller';
import '../../../src/ui/components/balance-settings';
import '../../../src/ui/components/cup-panel';
import '../../../src/ui/components/dice-roller';
import { fakeGame, mount, settle } from './fake-store';

let gd: GameBundle;
beforeAll(async () => {
  gd = await loadGame('grossdeutschland');
});
afterEach(() => {
  document.body.innerHTML = '';
});

const text = (el: HTMLElement) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const rawKeys = (s: string) => s.match(/\b(balance|deck|cap)\.[a-z][A-Za-z]*\b/g) ?? [];

describe('balanced randomness in the tools', () => {
  it('the setting is off by default; turning deck mode on and a cap of 2 are steps of the log (en, es)', async () => {
    for (const lang of ['en', 'es'] as const) {
      const g = fakeGame({ bundle: gd, ctx: await gameContext(gd, 'gd-kursk'), lang });
      const el = await mount<WcBalanceSettings>('wc-balance-settings', { store: g.store, current: g.current() });
      g.bind(el);
      expect(text(el)).toContain(lang === 'en' ? 'deck mode off' : 'modo mazo desactivado');
      const box = el.shadowRoot!.querySelector<HTMLInputElement>('[data-testid=deck-mode]')!;
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      await settle(el);
      expect(g.act.mock.lastCall![0]).toEqual({ type: 'balance', deck: true });
      const cap = el.shadowRoot!.querySelector<HTMLSelectElement>('[data-testid=streak-cap]')!;
      cap.value = '2';
      cap.dispatchEvent(new Event('change'));
      await settle(el);
      expect(g.act.mock.lastCall![0]).toEqual({ type: 'balance', deck: true, cap: 2 });
      expect(g.current().state.balance).toEqual({ deck: true, cap: 2 });
      expect(text(el)).toContain(lang === 'en' ? 'at most 2 in a row' : 'como mucho 2 seguidas');
      expect(rawKeys(text(el))).toEqual([]);
    }
  });

  it('the Dice tool shows the cards left and the chance of each total; with real dice, that they are not drawn', async () => {
    const g = fakeGame({ bundle: gd, ctx: await gameContext(gd, 'gd-kursk') });
    g.step({ type: 'balance', deck: true });
    g.step({ type: 'roll', dice: { n: 1, sides: 6 } });
    const el = await mount<WcDiceRoller>('wc-dice-roller', { store: g.store, game: gd.game });
    const odds = () => el.shadowRoot!.querySelector('wc-deck-odds')!;
    expect(text(odds() as HTMLElement)).toContain('Deck: 5 of 6 left');
    // Five faces left, one card each: 20.0% each, the drawn face gone.
    const pcts = [...odds().shadowRoot!.querySelector('wc-odds-bars')!.shadowRoot!.querySelectorAll('td.pct')];
    expect(pcts.map((p) => p.textContent!.trim())).toEqual(Array(5).fill('20.0%'));
    el.physical = true;
    await settle(el);
    expect(text(odds() as HTMLElement)).toContain('Physical dice typed in are not drawn from the deck.');
  });

  it('the Cups tab shows each side\u2019s chance of the next draw, and says when the cap holds it', async () => {
    const g = fakeGame({ bundle: gd, ctx: await gameContext(gd, 'gd-kursk') });
    g.step({ type: 'balance', deck: false, cap: 1 });
    const cup = g.current().state.cups['activation']!;
    const german = cup.chits.find((c) => c.startsWith('g-'))!;
    g.step({ type: 'cup.draw', cup: 'activation', manual: german });
    const el = await mount<WcCupPanel>('wc-cup-panel', { store: g.store, current: g.current() });
    const line = el.shadowRoot!.querySelector('[data-testid=cap-odds]')!.textContent!.replace(/\s+/g, ' ');
    expect(line).toContain('Streak cap: German, 1 in a row');
    expect(line).toMatch(/Next draw: Soviet (\d+)\/\1/);
    expect(line).not.toMatch(/German \d/);
  });
});
