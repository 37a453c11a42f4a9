// @vitest-environment happy-dom
// <wc-luck-view>, issue #15: luck told in outcomes. For each side and CRT rolled, each result
// obtained against expected with its exact chances; results counted together on request; the
// same in Spanish, with no message key on screen and no coloured verdict.
import { describe, expect, it } from 'vitest';
import { outcomeLuck, tally } from '../../../src/engine';
import { hasKey } from '../../../src/ui/i18n';
import type { WcLuckView } from '../../../src/ui/components/luck-view';
import '../../../src/ui/components/luck-view';
import { fakeGame, loadGameBeforeAll, mount, rawKeys, settle, textOf } from './fake-store';

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');

async function setup(lang: 'en' | 'es' = 'en') {
  const g = fakeGame({ ...kursk, lang, side: 'german' });
  for (const dice of [
    [6, 5],
    [6, 6],
    [1, 2],
    [5, 6],
  ])
    g.step({ type: 'combat', table: 'gd-crt', attack: 7, defence: 3, dice: { n: 2, sides: 6 }, manual: dice });
  const el = await mount<WcLuckView>('wc-luck-view', { store: g.store, current: g.current() });
  return { g, el, r: el.shadowRoot! };
}

describe('luck in outcomes', () => {
  it('lists each result of the CRT with obtained, expected and the exact chances', async () => {
    const { g, r } = await setup();
    const text = textOf(r);
    expect(text).toContain('Outcomes on the tables');
    expect(text).toContain('4 rolls');
    const [group] = outcomeLuck(g.current().session.log, kursk.ctx, { errata: 'default' });
    const top = group!.trials[1]!.result; // 12: the best roll
    const x = tally(group!.trials, new Set([top]));
    expect(text).toContain(`${x.obtained} of 4, expected ${Math.round(x.expected * 100) / 100}`);
    expect(text).toMatch(/at least \d: [\d.]+%, at most \d: [\d.]+%/);
    expect(text).toContain('typed in from real dice (counted');
    // No verdict colours: nothing is marked good or bad.
    expect(r.querySelector('[data-testid=outcomes] .good, [data-testid=outcomes] .bad, [style*=color]')).toBeNull();
  });

  it('counts chosen results together', async () => {
    const { g, el, r } = await setup();
    const [group] = outcomeLuck(g.current().session.log, kursk.ctx, { errata: 'default' });
    const boxes = [...r.querySelectorAll<HTMLInputElement>('[data-testid=outcomes] input[type=checkbox]')];
    expect(boxes).toHaveLength(group!.results.length);
    const pick = group!.results.slice(-2);
    for (const b of boxes.slice(-2)) {
      b.checked = true;
      b.dispatchEvent(new Event('change'));
      await settle(el);
    }
    const x = tally(group!.trials, new Set(pick));
    expect(textOf(r).replace(/\s+:/g, ':')).toContain(
      `${pick.join(' + ')}: ${x.obtained} of 4, expected ${Math.round(x.expected * 100) / 100}`,
    );
  });

  it('in Spanish, with no message key on screen', async () => {
    const { r } = await setup('es');
    const text = textOf(r);
    expect(text).toContain('Resultados en las tablas');
    expect(text).toMatch(/de 4, esperado/);
    expect(rawKeys(text, hasKey)).toEqual([]);
  });
});
