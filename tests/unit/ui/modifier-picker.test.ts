// @vitest-environment happy-dom
// <wc-modifier-picker> offers the die-roll modifiers a table states (rule 10.1, 14.1, 15.0… of the
// Grossdeutschland CRT) plus one free modifier with a reason, and reports the choice as a
// ModifiersChangeEvent: each modifier with its value, its label and its rule, so the log can explain it.
import { afterEach, describe, expect, it } from 'vitest';
import type { TableData } from '../../../src/engine';
import { ModifiersChangeEvent } from '../../../src/ui/events';
import type { WcModifierPicker } from '../../../src/ui/components/modifier-picker';
import '../../../src/ui/components/modifier-picker';
import { gdTable } from './gd-tables';
import { type } from './fake-store';

const crt = gdTable('gd-crt');

async function mount(table: TableData | undefined, locale: 'en' | 'es' = 'en') {
  const el = document.createElement('wc-modifier-picker') as WcModifierPicker;
  if (table) el.table = table;
  el.locale = locale;
  const events: ModifiersChangeEvent[] = [];
  el.addEventListener('wc-modifiers-change', (e) => events.push(e));
  document.body.append(el);
  await el.updateComplete;
  const r = el.shadowRoot!;
  const box = (text: string) => {
    const label = [...r.querySelectorAll('label')].find((l) => l.textContent!.includes(text));
    if (!label) throw new Error(`No modifier "${text}"`);
    return label.querySelector<HTMLInputElement>('input[type=checkbox]')!;
  };
  const tick = (text: string, on = true) => {
    const b = box(text);
    b.checked = on;
    b.dispatchEvent(new Event('change'));
  };
  const other = () => r.querySelector<HTMLInputElement>('input[type=number]')!;
  const reason = () => r.querySelector<HTMLInputElement>('input[type=text]')!;
  const last = () => events[events.length - 1]!.modifiers;
  return { el, r, events, box, tick, other, reason, last };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-modifier-picker', () => {
  it("offers each of the table's stated modifiers with its value and rule, and a labelled free modifier", async () => {
    const { r } = await mount(crt);
    const labels = [...r.querySelectorAll('input[type=checkbox]')].map((b) =>
      b.closest('label')!.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(labels).toHaveLength(crt.roll!.modifiers!.length);
    expect(labels[0]).toBe('+1 Evening turn (10.1, 13.1)');
    expect(labels).toContain('+4 Bunker facing all attackers (15.0, 15.1)');
    expect(r.querySelector('input[type=number]')!.closest('label')!.textContent).toContain('Other modifier');
    expect(r.querySelector('input[type=text]')!.closest('label')!.textContent).toContain('Why (shown in the log)');
  });

  it('speaks Spanish', async () => {
    const { r } = await mount(crt, 'es');
    expect(r.textContent).toContain('Modificadores a la tirada');
    expect(r.textContent).toContain('+2 Clima: Tormenta (14.1)');
    expect(r.textContent).toContain('Otro modificador');
  });

  it('ticking a stated modifier reports it with its label and rule; unticking takes it out', async () => {
    const { events, tick, last } = await mount(crt);
    expect(events).toHaveLength(0);
    tick('Weather: Storm');
    expect(events[0]).toBeInstanceOf(ModifiersChangeEvent);
    expect(events[0]!.bubbles && events[0]!.composed).toBe(true);
    expect(last()).toEqual([{ value: 2, label: { en: 'Weather: Storm', es: 'Clima: Tormenta' }, rule: '14.1' }]);
    tick('Minefield');
    // In the table's order, whatever the order of the clicks.
    expect(last().map((m) => [m.value, m.rule])).toEqual([
      [2, '14.1'],
      [2, '15.0, 15.1'],
    ]);
    tick('Weather: Storm', false);
    expect(last()).toEqual([
      {
        value: 2,
        label: { en: 'Minefield (all directions)', es: 'Campo de minas (omni-direccional)' },
        rule: '15.0, 15.1',
      },
    ]);
  });

  it('typing the free modifier reports it with its reason, or "Other modifier" when none is given', async () => {
    const { tick, other, reason, last } = await mount(crt);
    tick('Evening turn');
    type(other(), '-2');
    expect(last()).toEqual([
      { value: 1, label: { en: 'Evening turn', es: 'Turno de tarde' }, rule: '10.1, 13.1' },
      { value: -2, label: 'Other modifier' },
    ]);
    type(reason(), '  Hardened chit  ');
    expect(last()[1]).toEqual({ value: -2, label: 'Hardened chit' });
    // Cleared, the free modifier is no modifier at all.
    type(other(), '');
    expect(last()).toEqual([{ value: 1, label: { en: 'Evening turn', es: 'Turno de tarde' }, rule: '10.1, 13.1' }]);
  });

  it('passes a free modifier that is not a number on as NaN, for the engine to refuse', async () => {
    const { other, last } = await mount(crt);
    type(other(), '1.5e');
    expect(last()).toHaveLength(1);
    expect(last()[0]!.value).toBeNaN();
  });

  it('changing the table clears the choice and reports no modifiers', async () => {
    const { el, events, box, tick, other, reason, last } = await mount(crt);
    tick('Weather: Rain');
    type(other(), '3');
    type(reason(), 'x');
    await el.updateComplete;
    expect(last()).toHaveLength(2);
    const n = events.length;
    el.table = { ...crt, id: 'gd-crt-copy' };
    await el.updateComplete;
    expect(events.length).toBe(n + 1);
    expect(last()).toEqual([]);
    expect(box('Weather: Rain').checked).toBe(false);
    expect(other().value).toBe('0');
    expect(reason().value).toBe('');
  });

  it('without a table, offers only the free modifier', async () => {
    const { r, other, last } = await mount(undefined);
    expect(r.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    type(other(), '1');
    expect(last()).toEqual([{ value: 1, label: 'Other modifier' }]);
  });
});
