// @vitest-environment happy-dom
// <wc-combat-panel> on the Grossdeutschland CRT (tables/grossdeutschland/gd-crt.json; rule 10.1, seed 000
// lines 437-472): the strengths give the odds column, rounded in the attacker's favour (10.1 step 2), and
// the exact chance of each result before the roll; Resolve asks the store for a `combat` step with the
// strengths, shifts, the modifiers reported by <wc-modifier-picker> and the dice chosen. A CRT the
// players type in from their printed card (Zitadelle's, 7.3) cannot be resolved on while it has
// problems: Resolve is off, says why beside it, and sends nothing to the store.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { games, type GameBundle } from '../../../src/data/catalog';
import type { GameContext, Modifier } from '../../../src/engine';
import { ManualDiceChangeEvent, ModifiersChangeEvent } from '../../../src/ui/events';
import { loadGameMessages } from '../../../src/ui/i18n';
import type { WcCombatPanel } from '../../../src/ui/components/combat-panel';
import type { WcManualDice } from '../../../src/ui/components/manual-dice';
import type { WcModifierPicker } from '../../../src/ui/components/modifier-picker';
import '../../../src/ui/components/combat-panel';
import { expectBlockedPress } from './chart-button';
import { type LoadedGame, button, fakeGame, loadGameBeforeAll, mount, settle, textOf, type } from './fake-store';
import { gdTable } from './gd-tables';

const crt = gdTable('gd-crt');
const bundle: GameBundle = {
  game: games.find((g) => g.id === 'grossdeutschland')!,
  tables: [crt, gdTable('gd-weather')],
  scenarios: [],
};
const ctx: GameContext = { tables: new Map(bundle.tables.map((t) => [t.id, t])) };
const storm: Modifier = { value: 2, label: { en: 'Weather: Storm', es: 'Clima: Tormenta' }, rule: '14.1' };

beforeAll(() => loadGameMessages('grossdeutschland'));
const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');

async function setup(
  physical = false,
  lang: 'en' | 'es' = 'en',
  game: LoadedGame = { bundle, ctx, scenario: 'gd-kursk' },
) {
  const g = fakeGame({ ...game, lang });
  const el = await mount<WcCombatPanel>('wc-combat-panel', { store: g.store, current: g.current(), physical });
  g.bind(el);
  const r = el.shadowRoot!;
  const strengths = async (attack: string, defence: string) => {
    type(r.querySelector<HTMLInputElement>('input[name=attack]')!, attack);
    type(r.querySelector<HTMLInputElement>('input[name=defence]')!, defence);
    await settle(el);
  };
  const column = () => r.querySelector('[data-testid=column]')?.textContent?.trim();
  /** The odds bars as [result, percentage] rows. */
  const bars = () =>
    [...r.querySelector('wc-odds-bars')!.shadowRoot!.querySelectorAll('tr')].map((tr) => [
      // The code as printed (the result's name is only for screen readers).
      [...tr.querySelector('th')!.childNodes]
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent)
        .join('')
        .trim(),
      tr.querySelector('.pct')!.textContent,
    ]);
  const picker = () => r.querySelector<WcModifierPicker>('wc-modifier-picker:not([kind=shifts])')!;
  const resolveButton = () => button(r, lang === 'en' ? 'Resolve the combat' : 'Resolver el combate');
  const resolve = async () => {
    resolveButton().click();
    await settle(el);
  };
  const last = () => g.act.mock.lastCall![0];
  return { g, el, r, strengths, column, bars, picker, resolveButton, resolve, last };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-combat-panel', () => {
  it('shows no column and no chances until both strengths are typed', async () => {
    const { r, strengths, column } = await setup();
    expect(column()).toBeUndefined();
    expect(textOf(r.querySelector('wc-odds-bars')!)).toBe('Not available yet for these inputs.');
    await strengths('7', '');
    expect(column()).toBeUndefined();
  });

  it("strengths give the column, rounded in the attacker's favour (10.1): 7 against 3 is 3-1, 6 against 3 is 2-1", async () => {
    const { strengths, column } = await setup();
    await strengths('7', '3');
    expect(column()).toBe('Column: 3-1');
    await strengths('6', '3');
    expect(column()).toBe('Column: 2-1');
    // Beyond the table, the end columns (10.1 note).
    await strengths('30', '2');
    expect(column()).toBe('Column: 5-1');
    await strengths('1', '9');
    expect(column()).toBe('Column: 1-4');
  });

  it('shows the exact chance of each result on 2d6 in that column, in the order of the legend', async () => {
    const { strengths, bars } = await setup();
    await strengths('7', '3');
    // Column 3-1, rows 2-12: DE DE DE DD DC DC DR - AR AC AD (seed 000 lines 462-472).
    expect(bars()).toEqual([
      ['AD', '2.8%'],
      ['AC', '5.6%'],
      ['AR', '8.3%'],
      ['-', '11.1%'],
      ['DR', '13.9%'],
      ['DC', '30.6%'],
      ['DD', '11.1%'],
      ['DE', '16.7%'],
    ]);
  });

  it('the chances follow the modifiers the picker reports, clamped to 2-12 (10.1)', async () => {
    const { el, picker, strengths, bars } = await setup();
    await strengths('7', '3');
    picker().dispatchEvent(new ModifiersChangeEvent([storm]));
    await settle(el);
    // +2: a natural 2 reads row 4 (DE), and 10, 11, 12 all read row 12 (AD).
    expect(Object.fromEntries(bars())).toMatchObject({ DE: '2.8%', AD: '16.7%', '-': '16.7%' });
  });

  it('Resolve asks for the combat with the strengths, the dice of the table and the modifiers from the picker', async () => {
    const { g, el, r, picker, strengths, resolve, last } = await setup();
    await strengths('7', '3');
    // Ticked in the picker itself: the panel hears its ModifiersChangeEvent.
    const stormBox = [...picker().shadowRoot!.querySelectorAll('label')]
      .find((l) => l.textContent!.includes('Weather: Storm'))!
      .querySelector('input')!;
    stormBox.checked = true;
    stormBox.dispatchEvent(new Event('change'));
    await settle(el);
    await resolve();
    expect(g.act).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({
      type: 'combat',
      table: 'gd-crt',
      attack: 7,
      defence: 3,
      shifts: [],
      modifiers: [storm],
      dice: { n: 2, sides: 6 },
    });
    expect(g.current().session.log).toHaveLength(1);
    expect(g.current().session.log[0]!.outcome).toMatchObject({ kind: 'resolution', resolution: { column: '3-1' } });
    // Issue #28: the next combat starts clean — no strengths, and only the modifiers that hold this turn.
    expect(r.querySelector<HTMLInputElement>('input[name=attack]')!.value).toBe('');
    expect(r.querySelector<HTMLInputElement>('input[name=defence]')!.value).toBe('');
    expect(stormBox.checked).toBe(false);
    // Whatever the picker reports last is what goes with the next combat.
    await strengths('7', '3');
    picker().dispatchEvent(new ModifiersChangeEvent([{ value: -1, label: 'Hardened' }]));
    await settle(el);
    await resolve();
    expect(last()).toMatchObject({ modifiers: [{ value: -1, label: 'Hardened' }] });
    expect(r.querySelector('[data-testid=column]')).toBeNull();
  });

  it("takes decimal strengths with a comma, and rolls the CRT's own dice only (issue #30: 3d6 at night is the attack procedure's, 13.2)", async () => {
    const { r, strengths, resolve, last } = await setup();
    await strengths('7,5', '3');
    const dice = [...r.querySelectorAll('select')].find((s) => s.closest('label')!.textContent!.includes('Dice'))!;
    expect([...dice.options].map((o) => o.value)).toEqual(['2d6']);
    await resolve();
    expect(last()).toMatchObject({ attack: 7.5, defence: 3, dice: { n: 2, sides: 6 } });
  });

  it("a game whose strengths are whole numbers (a pack's manifest, issue #32) refuses 8.5 at the field, as typed, and asks nothing of the store", async () => {
    const whole: GameBundle = { ...bundle, game: { ...bundle.game, strengths: 'whole' } };
    const { g, r, strengths, resolve } = await setup(false, 'en', { bundle: whole, ctx, scenario: 'gd-kursk' });
    const field = r.querySelector<HTMLInputElement>('input[name=attack]')!;
    await strengths('8.5', '3');
    await resolve();
    expect(field.value).toBe('8.5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(r.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '“8.5” is not a whole number. Type a whole number from 0 to 1,000,000.',
    );
    expect(g.act).not.toHaveBeenCalled();
    await strengths('8', '3');
    await resolve();
    expect(g.act.mock.lastCall![0]).toMatchObject({ attack: 8, defence: 3 });
  });

  it('column shifts move the column and go with the combat, "Column shifts" when no reason is given', async () => {
    const { el, r, strengths, column, resolve, last } = await setup();
    await strengths('7', '3');
    button(r, 'Add a shift').click();
    await settle(el);
    expect(column()).toBe('Column: 2-1');
    await resolve();
    expect(last()).toMatchObject({ shifts: [{ amount: -1, label: 'Column shifts' }] });
    // The next combat starts clean (issue #28): no shift rows are left over.
    expect(r.querySelectorAll('fieldset input')).toHaveLength(0);
    await strengths('7', '3');
    button(r, 'Add a shift').click();
    await settle(el);
    const [amount, why] = [...r.querySelectorAll('fieldset input')] as HTMLInputElement[];
    type(amount!, '2');
    type(why!, 'Surprise');
    await settle(el);
    expect(column()).toBe('Column: 5-1');
    button(r, 'Add a shift').click();
    await settle(el);
    expect(column()).toBe('Column: 4-1');
    [...r.querySelectorAll('button')].filter((b) => b.textContent!.trim() === 'Remove')[1]!.click();
    await settle(el);
    expect(column()).toBe('Column: 5-1');
    await resolve();
    expect(last()).toMatchObject({ shifts: [{ amount: 2, label: 'Surprise' }] });
  });

  it('missing or bad strengths and shifts are said at their fields, quoting what was typed, and ask nothing of the store (issue #28, item 15)', async () => {
    const { g, el, r, strengths, resolve } = await setup();
    const field = (name: string) => r.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
    const message = (input: HTMLInputElement) =>
      r.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    // Before Resolve, a blank field says nothing.
    expect(field('attack').getAttribute('aria-invalid')).toBeNull();
    await resolve();
    expect(field('attack').getAttribute('aria-invalid')).toBe('true');
    expect(message(field('attack'))).toBe('Nothing is typed here. Type a number from 0 to 1,000,000.');
    expect(r.activeElement).toBe(field('attack'));
    await strengths('5', 'x');
    expect(field('attack').getAttribute('aria-invalid')).toBeNull();
    expect(field('defence').value).toBe('x');
    expect(message(field('defence'))).toBe('“x” is not a number. Type a number from 0 to 1,000,000.');
    // A shift: 1e12 and 2.5 are refused at the field and kept as typed (never "NaN"); a blank row is asked for, not dropped.
    await strengths('5', '2');
    button(r, 'Add a shift').click();
    await settle(el);
    const shift = r.querySelector<HTMLInputElement>('#combat-shift-0')!;
    for (const [text, said] of [
      ['1e12', '“1e12” is not a number.'],
      ['2.5', '“2.5” is not a whole number.'],
      ['21', '“21” is out of range.'],
      ['', 'Nothing is typed here.'],
    ] as const) {
      type(shift, text);
      await settle(el);
      await resolve();
      expect(shift.value).toBe(text);
      expect(message(shift)).toBe(`${said} Type a whole number from -20 to 20.`);
    }
    expect(g.act).not.toHaveBeenCalled();
    expect(g.report).not.toHaveBeenCalled();
    type(shift, '+1');
    await settle(el);
    await resolve();
    expect(g.act).toHaveBeenCalledTimes(1);
    expect(el).toBeTruthy();
  });

  it('with real dice, the typed faces go with the combat as manual, cleared once saved and kept when refused', async () => {
    const { g, el, r, strengths, resolve, last } = await setup(true);
    await strengths('7', '3');
    const manual = () => r.querySelector<WcManualDice>('wc-manual-dice')!;
    expect(manual().spec).toEqual({ n: 2, sides: 6 });
    manual().dispatchEvent(new ManualDiceChangeEvent(['9', '3']));
    await settle(el);
    await resolve();
    expect(last()).toMatchObject({ type: 'combat', manual: [9, 3] });
    expect(g.report).toHaveBeenCalledTimes(1);
    expect(manual().values).toEqual(['9', '3']);
    manual().dispatchEvent(new ManualDiceChangeEvent(['4', '3']));
    await settle(el);
    await resolve();
    expect(last()).toMatchObject({ manual: [4, 3] });
    // 7 on the 3-1 column: DC (seed 000 line 467).
    expect(g.current().session.log[0]!.outcome).toMatchObject({
      resolution: { row: '7', column: '3-1', result: 'DC' },
    });
    expect(manual().values).toEqual([]);
  });

  it('speaks Spanish, with no raw message key', async () => {
    const { r, strengths } = await setup(false, 'es');
    await strengths('7', '3');
    const text = textOf(r);
    expect(text).toContain('Resolver el combate');
    expect(text).toContain('Columna: 3-1');
    expect(text).toMatch(/Tabla de resultados del combate \(\s*10\.1\s*\)/);
    expect(text).toContain('DE Defensor eliminado 16.7 %');
    expect(text).not.toMatch(/\b(combat|odds|table|dice)\.[a-zA-Z]+/);
  });

  it.each(['en', 'es'] as const)(
    'Resolve on a CRT still to type in (Zitadelle, 7.3) is off, with its reason beside it; pressed, the reason is an alert and nothing reaches the store (%s)',
    async (lang) => {
      const { g, r, strengths, resolve, resolveButton } = await setup(false, lang, zitadelle);
      await strengths('8', '4');
      expect(textOf(r.querySelector('[data-testid=chart-problems]')!)).toContain(
        { en: 'This chart has no rows yet', es: 'Esta tabla aún no tiene filas' }[lang],
      );
      await expectBlockedPress(g, r, resolveButton(), resolve, {
        reason: {
          en: 'This combat cannot be resolved on this chart until what is listed above is fixed. Type it in on the Tables page',
          es: 'No se puede resolver el combate en esta tabla hasta corregir lo indicado arriba. Introdúcela en la página Tablas',
        }[lang],
        href: '#/game/zitadelle/tables/zi-crt',
      });
    },
  );

  it('Resolve on a whole CRT is on and says nothing beside it', async () => {
    const { r, strengths, resolveButton } = await setup();
    await strengths('7', '3');
    expect(resolveButton().hasAttribute('aria-disabled')).toBe(false);
    expect(resolveButton().hasAttribute('aria-describedby')).toBe(false);
    expect(r.getElementById('combat-resolve-blocked')).toBeNull();
  });
});
