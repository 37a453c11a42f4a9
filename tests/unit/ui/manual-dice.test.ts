// @vitest-environment happy-dom
// <wc-manual-dice> is controlled: it shows the faces its parent gives it (`.values`) and reports each
// keystroke as a ManualDiceChangeEvent carrying the text of every die, never keeping its own copy.
import { afterEach, describe, expect, it } from 'vitest';
import type { DiceSpec } from '../../../src/engine';
import { ManualDiceChangeEvent } from '../../../src/ui/events';
import { parseRolls, typedFaces, type WcManualDice } from '../../../src/ui/components/manual-dice';
import '../../../src/ui/components/manual-dice';
import { mountCollecting } from './fake-store';

async function mount(spec: DiceSpec, values: readonly string[] = [], locale: 'en' | 'es' = 'en') {
  const { el, events } = await mountCollecting<WcManualDice, ManualDiceChangeEvent>(
    'wc-manual-dice',
    { spec, values, locale },
    'wc-manual-dice-change',
  );
  const inputs = () => [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input')];
  return { el, events, inputs };
}

function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-manual-dice', () => {
  it('renders one labelled input per die, with the range of the dice', async () => {
    const { el, inputs } = await mount({ n: 3, sides: 6 });
    expect(inputs()).toHaveLength(3);
    expect(inputs().map((i) => i.closest('label')!.textContent!.trim())).toEqual(['Die 1', 'Die 2', 'Die 3']);
    expect(inputs().map((i) => [i.min, i.max])).toEqual([
      ['1', '6'],
      ['1', '6'],
      ['1', '6'],
    ]);
    expect(el.shadowRoot!.querySelector('legend')!.textContent).toBe('Values of the dice you rolled');
  });

  it('takes its range from custom faces', async () => {
    const { inputs } = await mount({ n: 1, faces: [0, 0, 1, 1, 2, 3] });
    expect([inputs()[0]!.min, inputs()[0]!.max]).toEqual(['0', '3']);
  });

  it('speaks Spanish', async () => {
    const { el, inputs } = await mount({ n: 2, sides: 6 }, [], 'es');
    expect(inputs().map((i) => i.closest('label')!.textContent!.trim())).toEqual(['Dado 1', 'Dado 2']);
    expect(el.shadowRoot!.querySelector('legend')!.textContent).toBe('Valores de los dados que has tirado');
  });

  it('shows the values its parent gives it, and follows them when they change', async () => {
    const { el, inputs } = await mount({ n: 2, sides: 6 }, ['4', '2']);
    expect(inputs().map((i) => i.value)).toEqual(['4', '2']);
    el.values = [];
    await el.updateComplete;
    expect(inputs().map((i) => i.value)).toEqual(['', '']);
  });

  it('typing reports the texts of every die (empty for those not typed yet) as a ManualDiceChangeEvent', async () => {
    const { el, events, inputs } = await mount({ n: 3, sides: 6 }, ['5']);
    type(inputs()[2]!, '3');
    expect(events).toHaveLength(1);
    expect(events[0]).toBeInstanceOf(ManualDiceChangeEvent);
    expect(events[0]!.texts).toEqual(['5', '', '3']);
    // It bubbles out of the shadow root, so a parent's @wc-manual-dice-change hears it.
    expect(events[0]!.bubbles && events[0]!.composed).toBe(true);
    // Controlled: until the parent passes the new values down, the next keystroke builds on the old ones.
    type(inputs()[1]!, '1');
    expect(events[1]!.texts).toEqual(['5', '1', '']);
    el.values = events[1]!.texts;
    await el.updateComplete;
    type(inputs()[0]!, '6');
    expect(events[2]!.texts).toEqual(['6', '1', '']);
  });

  it('passes what was typed on as text; the engine refuses what is not a face', async () => {
    const { events, inputs } = await mount({ n: 2, sides: 6 });
    type(inputs()[0]!, '7');
    expect(events[0]!.texts).toEqual(['7', '']);
    expect(typedFaces(events[0]!.texts)).toEqual([7, Number.NaN]);
  });
});

describe('typed faces and typed rolls', () => {
  it('turn texts into numbers, NaN where nothing parses', () => {
    expect(typedFaces(['3', ' 4 ', '', 'x'])).toEqual([3, 4, Number.NaN, Number.NaN]);
    expect(parseRolls('3 4, 5 2')).toEqual([
      [3, 4],
      [5, 2],
    ]);
    expect(parseRolls('6; x')).toEqual([[6], [Number.NaN]]);
    expect(parseRolls('  ')).toEqual([]);
  });
});
