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
import { mountCollecting, type } from './fake-store';

const crt = gdTable('gd-crt');

async function mount(table: TableData | undefined, locale: 'en' | 'es' = 'en', conditions: readonly string[] = []) {
  const { el, events } = await mountCollecting<WcModifierPicker, ModifiersChangeEvent>(
    'wc-modifier-picker',
    { ...(table ? { table } : {}), locale, conditions },
    'wc-modifiers-change',
  );
  const r = el.shadowRoot!;
  const box = (text: string) => {
    const label = [...r.querySelectorAll('label')].find((l) => l.textContent!.includes(text));
    if (!label) throw new Error(`No modifier "${text}"`);
    return label.querySelector<HTMLInputElement>('input[type=checkbox], input[type=radio]')!;
  };
  const tick = (text: string, on = true) => {
    const b = box(text);
    b.checked = on;
    b.dispatchEvent(new Event('change'));
  };
  const other = () => r.querySelector<HTMLInputElement>('#other-modifier')!;
  const reason = () => r.querySelector<HTMLInputElement>('input[maxlength="80"]')!;
  const last = () => events[events.length - 1]!.modifiers;
  return { el, r, events, box, tick, other, reason, last };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-modifier-picker', () => {
  it("offers each of the table's stated modifiers with its value and rule, and a labelled free modifier", async () => {
    const { r } = await mount(crt);
    const labels = [...r.querySelectorAll('input[type=checkbox], input[type=radio]')].map((b) =>
      b.closest('label')!.textContent!.replace(/\s+/g, ' ').trim(),
    );
    // Every stated modifier, plus "None of these" for each group of exclusive ones (the weather, the water).
    expect(labels).toHaveLength(crt.roll!.modifiers!.length + 2);
    expect(labels[0]).toBe('+1 Evening turn (10.1, 13.1)');
    expect(labels).toContain('+4 Bunker facing all attackers (15.0, 15.1)');
    expect(r.querySelector('#other-modifier')!.closest('label')!.textContent).toContain('Other modifier');
    expect(r.querySelector('input[maxlength="80"]')!.closest('label')!.textContent).toContain('Why (shown in the log)');
  });

  it('speaks Spanish', async () => {
    const { r } = await mount(crt, 'es');
    const text = r.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Modificadores a la tirada');
    expect(text).toContain('+2 Clima: Tormenta (14.1)');
    expect(text).toContain('Como máximo uno de estos');
    expect(text).toContain('Otro modificador');
  });

  it('ticking a stated modifier reports it with its label and rule; unticking takes it out', async () => {
    const { events, tick, last } = await mount(crt);
    // On mount it reports what is ticked from the start: nothing, when no condition holds.
    expect(events.map((e) => e.modifiers)).toEqual([[]]);
    tick('Weather: Storm');
    expect(events[1]).toBeInstanceOf(ModifiersChangeEvent);
    expect(events[1]!.bubbles && events[1]!.composed).toBe(true);
    expect(last()).toEqual([{ value: 2, label: { en: 'Weather: Storm', es: 'Clima: Tormenta' }, rule: '14.1' }]);
    tick('Minefield');
    // In the table's order, whatever the order of the clicks.
    expect(last().map((m) => [m.value, m.rule])).toEqual([
      [2, '14.1'],
      [2, '15.0, 15.1'],
    ]);
    tick('Minefield', false);
    expect(last()).toEqual([{ value: 2, label: { en: 'Weather: Storm', es: 'Clima: Tormenta' }, rule: '14.1' }]);
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

  it('a free modifier that is not a whole number in range is said at the field, quoting it, kept as typed, and passed on as NaN (never 0) for the tool to refuse (issue #28, item 15)', async () => {
    const { el, r, other, last } = await mount(crt);
    for (const [text, said] of [
      ['1.5e', '“1.5e” is not a number.'],
      ['1e12', '“1e12” is not a number.'],
      ['2.5', '“2.5” is not a whole number.'],
      ['100', '“100” is out of range.'],
    ] as const) {
      type(other(), text);
      await el.updateComplete;
      expect(last()).toHaveLength(1);
      expect(last()[0]!.value).toBeNaN();
      expect(el.invalid).toBe(true);
      expect(other().value).toBe(text);
      expect(other().getAttribute('aria-invalid')).toBe('true');
      expect(r.getElementById(other().getAttribute('aria-describedby')!)!.textContent).toBe(
        `${said} Type a whole number from -99 to 99.`,
      );
    }
    // Blank: the form says the free modifier is optional — no modifier, no message.
    type(other(), ' ');
    await el.updateComplete;
    expect(last()).toEqual([]);
    expect(el.invalid).toBe(false);
    expect(other().getAttribute('aria-invalid')).toBeNull();
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
    expect(other().value).toBe('');
    expect(reason().value).toBe('');
  });

  it('one weather at a time (14.1) and one water penalty (10.8): ticking one of a group unticks the other', async () => {
    const { r, box, tick, last } = await mount(crt);
    tick('Weather: Storm');
    tick('Weather: Snow');
    expect(box('Weather: Storm').checked).toBe(false);
    expect(last().map((m) => m.value)).toEqual([3]);
    tick('All attackers across river');
    tick('intact bridge');
    expect(last().map((m) => [m.value, m.rule])).toEqual([
      [3, '14.1'],
      [1, '10.8'],
    ]);
    expect(r.querySelectorAll('[role=radiogroup]')).toHaveLength(2);
    // "None of these" clears the group.
    const none = [...r.querySelectorAll<HTMLInputElement>('input[type=radio]')].find(
      (x) => x.name.endsWith('-weather') && x.closest('label')!.textContent!.includes('None of these'),
    )!;
    none.checked = true;
    none.dispatchEvent(new Event('change'));
    expect(last().map((m) => m.value)).toEqual([1]);
  });

  it("ticks from the start what holds this turn (the game module's conditions: Rain rolled, an Evening turn) and follows the weather", async () => {
    const { el, box, tick, last, r } = await mount(crt, 'en', ['weather:rain', 'turn:evening']);
    expect(box('Weather: Rain').checked).toBe(true);
    expect(box('Evening turn').checked).toBe(true);
    expect(last().map((m) => [m.value, m.rule])).toEqual([
      [1, '10.1, 13.1'],
      [1, '14.1'],
    ]);
    expect(r.textContent).toContain('this turn');
    // The players may still untick one (the rules are theirs); a condition that changes re-ticks.
    tick('Minefield');
    el.conditions = ['weather:storm', 'turn:evening'];
    await el.updateComplete;
    expect(box('Weather: Rain').checked).toBe(false);
    expect(box('Weather: Storm').checked).toBe(true);
    expect(last().map((m) => m.rule)).toEqual(['10.1, 13.1', '14.1', '15.0, 15.1']);
    // The same conditions in a new array change nothing.
    const n = last();
    el.conditions = ['weather:storm', 'turn:evening'];
    await el.updateComplete;
    expect(last()).toBe(n);
  });

  it('without a table, offers only the free modifier', async () => {
    const { r, other, last } = await mount(undefined);
    expect(r.querySelectorAll('input[type=checkbox], input[type=radio]')).toHaveLength(0);
    type(other(), '1');
    expect(last()).toEqual([{ value: 1, label: 'Other modifier' }]);
  });
});

describe('wc-modifier-picker: the choice survives a reload, and goes once the roll is logged (issue #28, items 6 and 12)', () => {
  it('kept per game and tool, for its table; reset() (the roll logged) drops it', async () => {
    sessionStorage.clear();
    const draft = { game: 'g', form: 'wc-table-roller-modifiers' };
    const open = async () => {
      const { el, events } = await mountCollecting<WcModifierPicker, ModifiersChangeEvent>(
        'wc-modifier-picker',
        { table: crt, locale: 'en', conditions: [], draft },
        'wc-modifiers-change',
      );
      const r = el.shadowRoot!;
      const other = r.querySelector<HTMLInputElement>('#other-modifier')!;
      const storm = [...r.querySelectorAll('label')]
        .find((l) => l.textContent!.includes('Weather: Storm'))!
        .querySelector<HTMLInputElement>('input')!;
      return { el, events, other, storm };
    };
    const first = await open();
    type(first.other, '-2');
    first.storm.checked = true;
    first.storm.dispatchEvent(new Event('change'));
    await first.el.updateComplete;
    first.el.remove();
    const reloaded = await open();
    expect(reloaded.other.value).toBe('-2');
    expect(reloaded.storm.checked).toBe(true);
    expect(reloaded.events.at(-1)!.modifiers.map((m) => m.value)).toEqual([2, -2]);
    reloaded.el.reset();
    await reloaded.el.updateComplete;
    expect(reloaded.other.value).toBe('');
    reloaded.el.remove();
    const after = await open();
    expect(after.other.value).toBe('');
    expect(after.storm.checked).toBe(false);
  });
});
