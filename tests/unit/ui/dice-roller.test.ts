// @vitest-environment happy-dom
// <wc-dice-roller>: the game's named dice (Grossdeutschland 2.0: 1, 2 or 3 six-sided dice; East Front's
// fire pools, 7.31) and any other NdS. The Roll button asks the store for a `roll` step with the chosen
// dice; with real dice, the faces typed into <wc-manual-dice> go with it as `manual`, and are cleared
// once the store has saved the step, kept when it refuses it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGame, type GameBundle } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import { ManualDiceChangeEvent } from '../../../src/ui/events';
import type { WcDiceRoller } from '../../../src/ui/components/dice-roller';
import type { WcManualDice } from '../../../src/ui/components/manual-dice';
import '../../../src/ui/components/dice-roller';
import { type FakeGame, fakeGame, labelsOf, mount, settle, type } from './fake-store';

let gd: GameBundle, ef: GameBundle;
beforeAll(async () => {
  [gd, ef] = await Promise.all([loadGame('grossdeutschland'), loadGame('eastfront')]);
});

async function setup(bundle: GameBundle, physical = false, lang: 'en' | 'es' = 'en') {
  const g = fakeGame({ bundle, ctx: await gameContext(bundle, bundle.scenarios[0]!.id), lang });
  const el = await mount<WcDiceRoller>('wc-dice-roller', { store: g.store, game: bundle.game, physical });
  const r = el.shadowRoot!;
  const choices = () => [...r.querySelectorAll<HTMLButtonElement>('[role=radiogroup] button')];
  const chosen = () => choices().filter((b) => b.getAttribute('aria-checked') === 'true');
  const rollButton = () => r.querySelector<HTMLButtonElement>('p > button.primary')!;
  const manual = () => r.querySelector<WcManualDice>('wc-manual-dice');
  const choose = async (label: string) => {
    choices()
      .find((b) => b.textContent!.trim().startsWith(label))!
      .click();
    await settle(el);
  };
  const roll = async () => {
    rollButton().click();
    await settle(el);
  };
  return { g, el, r, choices, chosen, rollButton, manual, choose, roll };
}

/** Types faces as the player does: into the inputs of <wc-manual-dice>. */
async function typeFaces(el: WcDiceRoller, m: WcManualDice, faces: string[]) {
  for (const [k, f] of faces.entries()) {
    type(m.shadowRoot!.querySelectorAll<HTMLInputElement>('input')[k]!, f);
    await settle(el);
  }
}

const lastAction = (g: FakeGame) => g.act.mock.lastCall![0];

afterEach(() => {
  document.body.innerHTML = '';
});

describe('wc-dice-roller', () => {
  it("offers the game's named dice and other dice, one chosen at a time", async () => {
    const { choices, chosen, choose, rollButton } = await setup(gd);
    expect(labelsOf(choices())).toEqual([
      '1 die (weather, replacements, bridge demolition)',
      '2 dice (normal attack, direct fire, AA/Flak)',
      '3 dice (night attack, attack across a bridge hexside, artillery barrage, light AA/Flak)',
      'Other dice',
    ]);
    expect(chosen()).toEqual([choices()[0]]);
    expect(rollButton().textContent!.trim()).toBe('Roll 1d6');
    await choose('3 dice');
    expect(chosen()).toEqual([choices()[2]]);
    expect(rollButton().textContent!.trim()).toBe('Roll 3d6');
  });

  it('the Roll button asks the store for a roll of the chosen dice, labelled with their use', async () => {
    const { g, choose, roll } = await setup(gd);
    await roll();
    expect(g.act).toHaveBeenCalledTimes(1);
    expect(lastAction(g)).toEqual({
      type: 'roll',
      dice: { n: 1, sides: 6 },
      label: '1 die (weather, replacements, bridge demolition)',
    });
    await choose('2 dice');
    await roll();
    expect(lastAction(g)).toEqual({
      type: 'roll',
      dice: { n: 2, sides: 6 },
      label: '2 dice (normal attack, direct fire, AA/Flak)',
    });
    // No `manual` when the app rolls.
    expect(lastAction(g)).not.toHaveProperty('manual');
  });

  it('labels the roll in the language being played', async () => {
    const { g, choose, roll, rollButton } = await setup(gd, false, 'es');
    await choose('2 dados');
    expect(rollButton().textContent!.trim()).toBe('Tirar 2d6');
    await roll();
    expect(lastAction(g)).toMatchObject({ label: '2 dados (ataque normal, fuego de alcance directo, AA/Flak)' });
  });

  it('rolls any other NdS', async () => {
    const { g, r, el, choose, roll, rollButton } = await setup(gd);
    await choose('Other dice');
    const [count, sides] = [...r.querySelectorAll<HTMLInputElement>('input[type=number]')];
    expect(count!.closest('label')!.textContent).toContain('Number of dice');
    expect(sides!.closest('label')!.textContent).toContain('Sides');
    type(count!, '3', 'change');
    type(sides!, '10', 'change');
    await settle(el);
    expect(rollButton().textContent!.trim()).toBe('Roll 3d10');
    await roll();
    expect(lastAction(g)).toEqual({ type: 'roll', dice: { n: 3, sides: 10 }, label: 'Other dice' });
  });

  it('rolls a pool of dice that hit on a number (East Front fire, 7.31), as many as asked for', async () => {
    const { g, r, el, choose, roll } = await setup(ef);
    await choose('Double fire');
    const pool = r.querySelector<HTMLInputElement>('input[type=number]')!;
    expect(pool.closest('label')!.textContent).toContain('Dice in the pool (hits on 5+)');
    expect(pool.value).toBe('4');
    type(pool, '7', 'change');
    await settle(el);
    await roll();
    expect(lastAction(g)).toEqual({
      type: 'roll',
      dice: { n: 7, sides: 6 },
      label: 'Double fire (DF): hit on 5-6',
      hitOn: 5,
    });
  });

  describe('with real dice', () => {
    it('shows one input per die of the chosen dice, and the button asks for their faces', async () => {
      const { manual, choose, rollButton } = await setup(gd, true);
      expect(manual()!.spec).toEqual({ n: 1, sides: 6 });
      expect(rollButton().textContent!.trim()).toBe('Enter the real dice');
      await choose('3 dice');
      expect(manual()!.spec).toEqual({ n: 3, sides: 6 });
      expect(manual()!.shadowRoot!.querySelectorAll('input')).toHaveLength(3);
    });

    it('sends the faces reported by <wc-manual-dice> as `manual`, and clears them once the step is saved', async () => {
      const { g, el, manual, choose, roll } = await setup(gd, true);
      await choose('2 dice');
      manual()!.dispatchEvent(new ManualDiceChangeEvent(['5', '3']));
      await settle(el);
      // Controlled: the roller passes the faces back down.
      expect(manual()!.values).toEqual(['5', '3']);
      await roll();
      expect(lastAction(g)).toEqual({
        type: 'roll',
        dice: { n: 2, sides: 6 },
        label: '2 dice (normal attack, direct fire, AA/Flak)',
        manual: [5, 3],
      });
      // The store saved it (with those faces), so the inputs are empty for the next roll.
      expect(g.current().session.log.at(-1)!.outcome).toMatchObject({
        kind: 'roll',
        dice: { dice: [5, 3], manual: true },
      });
      expect(manual()!.values).toEqual([]);
      expect([...manual()!.shadowRoot!.querySelectorAll('input')].map((i) => i.value)).toEqual(['', '']);
    });

    it('takes faces typed into the inputs of <wc-manual-dice> too', async () => {
      const { g, el, manual, choose, roll } = await setup(gd, true);
      await choose('3 dice');
      await typeFaces(el, manual()!, ['6', '1', '4']);
      await roll();
      expect(lastAction(g)).toMatchObject({ dice: { n: 3, sides: 6 }, manual: [6, 1, 4] });
    });

    it('keeps the typed faces when the store refuses the step, so they can be corrected', async () => {
      const { g, el, manual, roll } = await setup(gd, true);
      await typeFaces(el, manual()!, ['7']);
      await roll();
      // The engine refuses a 7 on a d6: no entry, a problem reported, the faces still there.
      expect(lastAction(g)).toMatchObject({ manual: [7] });
      expect(g.report).toHaveBeenCalledTimes(1);
      expect(g.current().session.log).toHaveLength(0);
      expect(manual()!.values).toEqual(['7']);
      expect(manual()!.shadowRoot!.querySelector('input')!.value).toBe('7');
      // Whatever the reason the store gives nothing back, the faces stay.
      g.act.mockResolvedValueOnce(undefined);
      await typeFaces(el, manual()!, ['4']);
      await roll();
      expect(manual()!.values).toEqual(['4']);
      await roll();
      expect(manual()!.values).toEqual([]);
      expect(g.current().session.log).toHaveLength(1);
    });

    it('sends a die left empty as NaN, for the engine to refuse', async () => {
      const { g, el, manual, choose, roll } = await setup(gd, true);
      await choose('2 dice');
      await typeFaces(el, manual()!, ['', '2']);
      await roll();
      const sent = lastAction(g) as unknown as { manual: number[] };
      expect(sent.manual[0]).toBeNaN();
      expect(sent.manual[1]).toBe(2);
      expect(g.report).toHaveBeenCalled();
    });

    it('forgets faces typed for other dice when the dice change', async () => {
      const { g, el, manual, choose, roll } = await setup(gd, true);
      await choose('2 dice');
      await typeFaces(el, manual()!, ['2', '2']);
      await choose('3 dice');
      expect(manual()!.values).toEqual([]);
      await roll();
      // Nothing typed for the three dice: the engine is asked with no faces, and refuses.
      expect(lastAction(g)).toMatchObject({ dice: { n: 3, sides: 6 }, manual: [] });
      expect(g.report).toHaveBeenCalledTimes(1);
      expect(g.current().session.log).toHaveLength(0);
    });
  });
});

describe('wc-dice-roller: a die with its own faces is named (issue #28 item 16)', () => {
  it('Stalingrado 2.5 [seed 003 line 81: «un dado especial que no lleva ni la cifra «uno» ni la «seis»»]: "Roll the Stalingrad die", "Tirar el dado de Stalingrado"', async () => {
    const rs = await loadGame('stalingrado');
    const en = await setup(rs);
    expect(en.rollButton().textContent!.trim()).toBe('Roll the Stalingrad die');
    document.body.innerHTML = '';
    const es = await setup(rs, false, 'es');
    expect(es.rollButton().textContent!.trim()).toBe('Tirar el dado de Stalingrado');
    expect(es.rollButton().textContent).not.toMatch(/\[/);
  });
});
