// @vitest-environment happy-dom
// <wc-table-roller> (the Tables tool) on the games' own roll tables (tables/<game>/*.json): the player
// picks a table and, for a two-way table, its other axis (Breakout's River Crossing Table by weather,
// 12.3); the exact chance of each result shows before the roll; Roll asks the store for a `table` step
// with the table, the other axis, the stated modifiers ticked (those that hold this turn ticked by
// themselves: Grossdeutschland's replacements in Rain, 4.1) and a free modifier with its reason. With
// real dice the faces typed in go with it. A chart the text lacks (Zitadelle's scatter diagram, 9.31)
// says what is missing and where to type it in.
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../src/engine';
import { hasKey } from '../../../src/ui/i18n';
import type { WcTableRoller } from '../../../src/ui/components/table-roller';
import type { WcManualDice } from '../../../src/ui/components/manual-dice';
import type { WcModifierPicker } from '../../../src/ui/components/modifier-picker';
import '../../../src/ui/components/table-roller';
import { expectBlockedPress } from './chart-button';
import type { LoadedGame } from './fake-store';
import { actsOn, fakeGame, loadGameBeforeAll, mount, rawKeys, settle, textOf, type } from './fake-store';

const breakout = loadGameBeforeAll('breakout', 'bo-campaign');
const gd = loadGameBeforeAll('grossdeutschland', 'gd-kursk');
const zitadelle = loadGameBeforeAll('zitadelle', 'zi-kursk');
const eastfront = loadGameBeforeAll('eastfront', 'ef-s41');

/** "Dnester, Bug or Prut river" (bo-river-crossing.json, 12.3), as the table states it. */
const MAJOR_RIVER = {
  value: 1,
  label: { en: 'Dnester, Bug or Prut river', es: 'Ríos Dnester, Bug o Prut' },
  rule: '12.3',
};

/** An element's own text, without its children's (a label's words, not its select's options). */
const ownText = (e: Element) =>
  [...e.childNodes]
    .filter((n) => n.nodeType === 3)
    .map((n) => n.textContent)
    .join('')
    .trim();

async function setup(
  game: LoadedGame,
  opts: { physical?: boolean; lang?: 'en' | 'es'; side?: string; steps?: Action[] } = {},
) {
  const g = fakeGame({ ...game, lang: opts.lang ?? 'en', seed: 'tables', ...(opts.side ? { side: opts.side } : {}) });
  for (const a of opts.steps ?? []) g.step(a);
  const el = await mount<WcTableRoller>('wc-table-roller', {
    store: g.store,
    current: g.current(),
    physical: opts.physical ?? false,
  });
  g.bind(el);
  const r = el.shadowRoot!;
  /** The select labelled `label` (the table, or the table's other axis). */
  const select = (label: string) =>
    [...r.querySelectorAll('label')].find((l) => ownText(l) === label)?.querySelector('select');
  const acts = actsOn(el);
  const choose = (label: string, value: string) => acts.choose(select(label)!, value);
  const picker = () => r.querySelector<WcModifierPicker>('wc-modifier-picker')!;
  /** The picker's input whose label holds `text`. */
  const pickerInput = (text: string) =>
    [...picker().shadowRoot!.querySelectorAll('label')]
      .find((l) => l.textContent!.includes(text))!
      .querySelector('input')!;
  const tick = (text: string) => acts.tick(pickerInput(text));
  const fill = acts.fill;
  /** The chances shown, as [result, percentage] rows. */
  const bars = () =>
    [...r.querySelector('wc-odds-bars')!.shadowRoot!.querySelectorAll('tr')].map((tr) => [
      ownText(tr.querySelector('th')!),
      tr.querySelector('.pct')!.textContent,
    ]);
  const rollButton = () => r.querySelector<HTMLButtonElement>('p > button.primary')!;
  const roll = async () => {
    rollButton().click();
    await settle(el);
  };
  const manual = () => r.querySelector<WcManualDice>('wc-manual-dice');
  const last = () => g.act.mock.lastCall![0];
  return { g, el, r, select, choose, picker, pickerInput, tick, fill, bars, rollButton, roll, manual, last };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-table-roller', () => {
  it('lists the roll tables by rule; a two-way table waits for its other axis before showing the chances', async () => {
    const { g, select, choose, bars, roll, r } = await setup(breakout);
    expect([...select('Table')!.options].map((o) => o.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      'Weather & Terrain Condition Table (5.1)',
      'River Crossing Table (12.3)',
    ]);
    await choose('Table', 'bo-river-crossing');
    expect([...select('Weather')!.options].map((o) => [o.value, o.textContent!.trim()])).toEqual([
      ['', '—'],
      ['storm', 'Storm'],
      ['thaw', 'Thaw'],
    ]);
    expect(textOf(r.querySelector('wc-odds-bars')!)).toBe('Not available yet for these inputs.');
    // Rolled with no weather chosen: refused at that field, in its words; nothing goes to the store.
    await roll();
    expect(g.act).not.toHaveBeenCalled();
    expect(g.current().session.log).toHaveLength(0);
    const weather = select('Weather')!;
    expect(weather.getAttribute('aria-invalid')).toBe('true');
    const refusal = r.getElementById(weather.getAttribute('aria-describedby')!)!;
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(textOf(refusal)).toBe('Choose the Weather first.');
    expect(r.activeElement).toBe(weather);
    // Storm row (12.3): 1 → 0, 2–3 → 1, 4–5 → 2, 6 → 3 extra MF.
    await choose('Weather', 'storm');
    expect(select('Weather')!.getAttribute('aria-invalid')).toBe('false');
    expect(r.getElementById('table-other-error')).toBeNull();
    expect(bars().map(([extra, chance]) => `${extra}: ${chance}`)).toEqual([
      '0: 16.7%',
      '1: 33.3%',
      '2: 33.3%',
      '3: 16.7%',
    ]);
    // Another table starts with its own other axis unchosen (the Weather table by turn, 5.1).
    await choose('Table', 'bo-weather');
    expect(select('Turn')!.value).toBe('');
    expect(textOf(r.querySelector('wc-odds-bars')!)).toBe('Not available yet for these inputs.');
  });

  it('Roll asks for a table step with the table, its other axis, the stated modifier ticked and a free modifier with its reason', async () => {
    const { g, r, choose, tick, fill, picker, bars, roll, last } = await setup(breakout);
    await choose('Table', 'bo-river-crossing');
    await choose('Weather', 'storm');
    await tick('Dnester, Bug or Prut river');
    const [other, why] = [...picker().shadowRoot!.querySelectorAll<HTMLInputElement>('.row input')];
    await fill(other!, '1');
    await fill(why!, 'Bridge down');
    // 1d6 + 1 + 1 in Storm: 3 → 1, 4–5 → 2, 6 or more → 3 extra MF.
    expect(bars()).toEqual([
      ['1', '16.7%'],
      ['2', '33.3%'],
      ['3', '50.0%'],
    ]);
    await roll();
    expect(g.act).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({
      type: 'table',
      table: 'bo-river-crossing',
      other: 'storm',
      modifiers: [MAJOR_RIVER, { value: 1, label: 'Bridge down' }],
    });
    expect(g.current().session.log).toHaveLength(1);
    expect(g.current().session.log[0]!.outcome).toMatchObject({
      kind: 'resolution',
      resolution: { tableId: 'bo-river-crossing', row: 'storm' },
    });
    expect(r.querySelector('button.primary')!.textContent!.trim()).toBe('Roll on this table');
  });

  it('with real dice, the face typed in goes with the roll (4 + 1 in Storm: 2 MF, 12.3), kept when refused and cleared once saved', async () => {
    const { g, el, choose, tick, roll, manual, rollButton, last } = await setup(breakout, { physical: true });
    await choose('Table', 'bo-river-crossing');
    await choose('Weather', 'storm');
    await tick('Dnester, Bug or Prut river');
    expect(rollButton().textContent!.trim()).toBe('Enter the real dice');
    const die = () => manual()!.shadowRoot!.querySelector<HTMLInputElement>('input[name=die1]')!;
    type(die(), '9');
    await settle(el);
    await roll();
    expect(last()).toMatchObject({ type: 'table', table: 'bo-river-crossing', manual: [9] });
    expect(g.report).toHaveBeenCalledTimes(1);
    expect(g.current().session.log).toHaveLength(0);
    expect(manual()!.values).toEqual(['9']);
    type(die(), '4');
    await settle(el);
    await roll();
    expect(last()).toEqual({
      type: 'table',
      table: 'bo-river-crossing',
      other: 'storm',
      modifiers: [MAJOR_RIVER],
      manual: [4],
    });
    expect(g.current().session.log[0]!.manual).toBe(true);
    expect(g.current().session.log[0]!.outcome).toMatchObject({ resolution: { result: 2 } });
    expect(manual()!.values).toEqual([]);
  });

  it('a modifier that holds this turn is ticked by itself and goes with the roll (Grossdeutschland replacements in Rain, 4.1)', async () => {
    const { choose, pickerInput, picker, roll, last } = await setup(gd, {
      side: 'german',
      steps: [
        { type: 'procedure', id: 'gd.turn', input: { turnType: 'morning', weatherModifier: 1 } },
        // 14.0: 3 + 1 = 4 → Rain.
        { type: 'procedure', id: 'gd.weather', input: {}, manual: [[3]] },
      ],
    });
    await choose('Table', 'gd-replacement');
    expect(pickerInput('Weather: Rain').checked).toBe(true);
    expect(pickerInput('Weather: Sunny').checked).toBe(false);
    expect(textOf(pickerInput('Weather: Rain').closest('label')!)).toContain('this turn');
    expect(textOf(picker())).toContain('At most one of these');
    await roll();
    expect(last()).toEqual({
      type: 'table',
      table: 'gd-replacement',
      modifiers: [{ value: 2, label: { en: 'Weather: Rain', es: 'Lluvioso' }, rule: '4.1' }],
    });
  });

  it('a chart the text lacks (Zitadelle scatter diagram, 9.31) says what is missing and where to type it in', async () => {
    const { r, choose } = await setup(zitadelle);
    await choose('Table', 'zi-scatter');
    const problems = r.querySelector('[data-testid=chart-problems]')!;
    expect(textOf(problems)).toContain('Before this chart can be rolled on:');
    expect(textOf(problems)).toContain('This chart has no rows yet');
    expect(problems.querySelector('a')!.getAttribute('href')).toBe('#/game/zitadelle/tables/zi-scatter');
    expect(textOf(r.querySelector('wc-odds-bars')!)).toBe('Not available yet for these inputs.');
  });

  it.each(['en', 'es'] as const)(
    'Roll on a chart with problems is off, with its reason beside it; tapped, the reason is an alert and nothing reaches the store (%s)',
    async (lang) => {
      const { g, r, choose, roll, rollButton } = await setup(zitadelle, { lang });
      await choose(lang === 'en' ? 'Table' : 'Tabla', 'zi-scatter');
      await expectBlockedPress(g, r, rollButton(), roll, {
        reason: {
          en: 'This chart cannot be rolled on until what is listed above is fixed. Type it in on the Tables page',
          es: 'No se puede tirar en esta tabla hasta corregir lo indicado arriba. Introdúcela en la página Tablas',
        }[lang],
        href: '#/game/zitadelle/tables/zi-scatter',
      });
      // A chart the text gives whole (level bombing) can be rolled on; nothing is said beside its button.
      await choose(lang === 'en' ? 'Table' : 'Tabla', 'zi-level-bombing');
      expect(rollButton().hasAttribute('aria-disabled')).toBe(false);
      expect(r.getElementById('table-roll-blocked')).toBeNull();
    },
  );

  it('a game with no chart rolled on by itself (EastFront) says to use its turn panel and the Dice tab', async () => {
    const { r } = await setup(eastfront);
    expect(textOf(r)).toBe(
      "This game has no chart that is rolled on by itself: its rolls are made in the game's turn panel (Turn tab) and with the Dice tab.",
    );
    expect(r.querySelector('button')).toBeNull();
  });

  it.each(['en', 'es'] as const)('shows no raw message key, with real dice and a chart problem (%s)', async (lang) => {
    const b = await setup(breakout, { lang, physical: true });
    await b.choose(lang === 'en' ? 'Table' : 'Tabla', 'bo-river-crossing');
    await b.choose(lang === 'en' ? 'Weather' : 'Tiempo', 'thaw');
    const text = textOf(b.r);
    expect(text).toContain(lang === 'en' ? 'Die-roll modifiers' : 'Modificadores a la tirada');
    expect(text).toContain(lang === 'en' ? 'Enter the real dice' : 'Introducir los dados reales');
    expect(rawKeys(text, hasKey)).toEqual([]);
    const z = await setup(zitadelle, { lang });
    await z.choose(lang === 'en' ? 'Table' : 'Tabla', 'zi-at-fire-table');
    expect(rawKeys(textOf(z.r), hasKey)).toEqual([]);
  });
});
