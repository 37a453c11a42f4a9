/**
 * Breakout end to end in the built app: turn 1 (Thaw without a roll, the Soviet CAS roll, a
 * Soviet attack with shifts), a reload with nothing lost, turn 2 weather and air (no KG before turn
 * 3), turn 3 a German attack with KG and Tiger shifts (capped) and a mechanized second-wave attack. Combats use dice typed
 * in, so their results are known.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, liveText as live, logSteps as steps, reloadApp, renderedText } from './helpers';
import { setupOnce, startNewGame } from './helpers';

const env = await e2eEnv();

describeE2E(env, 'Breakout: First Panzer Army, turns 1 and 2', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    const ready = (p: Page) => p.getByRole('button', { name: 'Roll the weather' });
    ({ page, errors } = await startNewGame(env, 'breakout', { viewport: { width: 390, height: 900 }, ready }));
  });

  const attack = async (o: {
    attacker: 'Soviet' | 'German';
    a: string;
    d: string;
    terrain?: string;
    river?: boolean;
    kg?: string;
    tiger?: string;
    concentric?: boolean;
    cas?: string;
    die: string;
  }) => {
    await page.locator('wc-breakout-panel').getByRole('radio', { name: o.attacker, exact: true }).check();
    await page.getByLabel('Attack strength').fill(o.a);
    await page.getByLabel('Defence strength').fill(o.d);
    await page.getByLabel("Defender's terrain").selectOption(o.terrain ?? 'clear');
    await page.getByLabel('Every attacker across a river hexside').setChecked(!!o.river);
    await page.getByLabel('Concentric attack').setChecked(!!o.concentric);
    await page.getByLabel('KG within 2 hexes').fill(o.kg ?? '0');
    await page.getByLabel('Tiger battalion with a German division').fill(o.tiger ?? '0');
    await page.getByLabel('CAS markers for the attack').fill(o.cas ?? '0');
    await page.getByLabel(/Values of the dice you rolled/).fill(o.die);
    const n = await steps(page);
    await page.getByRole('button', { name: 'Resolve the combat' }).click();
    await expect.poll(() => steps(page)).toBe(n + 1);
  };

  it('turn 1: Thaw without a roll, the Soviet CAS roll, a Soviet attack with shifts', async () => {
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect
      .poll(() => live(page))
      .toBe('Weather & terrain condition: Thaw. Turn 1 is always Thaw: no roll. (rule 5.1)');
    await page.getByRole('button', { name: 'Next phase' }).click();
    await page.getByRole('button', { name: 'Roll for air superiority' }).click();
    await expect
      .poll(() => live(page))
      .toMatch(
        /^Air superiority: Soviet [1-6]\. Turn 1: the Soviet has air superiority and rolls 1d6: (?:1 CAS marker|[2-6] CAS markers)\. \(rule 5\.2, 3\.2\)$/,
      );
    const cas = Number((await live(page)).match(/Soviet (\d)/)![1]);
    await page.getByRole('button', { name: 'IV', exact: true }).click();
    // Typed-in dice for the combat: the result is known.
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    await attack({ attacker: 'Soviet', a: '9', d: '3', terrain: 'rough', concentric: true, cas: '1', die: '2' });
    // (9 + 1 CAS) : 3 = 3:1; rough 1L, Soviet concentric 1R → 3:1; die 2 → DL1.
    await expect
      .poll(() => live(page))
      .toBe(
        `Combat: DL1 — Defender loses 1. 1 CAS marker adds 1 to the attack (${cas - 1} left this turn). (rule 13.3)`,
      );
    const text = (await renderedText(page))!;
    expect(text).toContain('Attack 10 : defence 3, rounded for the defender → 3:1; after shifts → 3:1.');
    expect(text).toContain('Shift 1L: defender in rough terrain.');
    expect(text).toContain('Shift 1R: concentric Soviet attack.');
    expect(errors).toEqual([]);
  });

  it('a reload keeps every step, the phase and the markers', async () => {
    const before = await steps(page);
    const text = (await renderedText(page))!;
    await reloadApp(page);
    await expect.poll(() => steps(page)).toBe(before);
    await expect.poll(async () => (await renderedText(page))!).toContain('Turn 1 — IV. 1st Soviet movement/combat');
    expect((await renderedText(page))!.match(/CAS markers left: Soviet \d/)?.[0] ?? '').toBe(
      text.match(/CAS markers left: Soviet \d/)?.[0] ?? '',
    );
  });

  it('turns 2 and 3: weather and air rolls, no KG before turn 3, a German attack with KG and Tiger shifts, a mechanized second wave', async () => {
    await page.getByRole('button', { name: 'XII', exact: true }).click();
    await page.getByRole('button', { name: 'End turn 1' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Turn 2 — I. Weather & terrain condition');
    await page.getByRole('radio', { name: 'The app rolls' }).click();
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect
      .poll(() => live(page))
      .toMatch(
        /^Weather & terrain condition: (Thaw|Ice|Storm)\. Turn 2, die [1-6] on the Weather & Terrain Condition Table\./,
      );
    // Once a turn (5.1): a second roll is refused beside its button, not in the page's banner (issue #29),
    // and made anyway with the players' reason, which the log keeps.
    const rolled = await steps(page);
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    const refusal = page.locator('wc-breakout-panel').getByTestId('bo-error-weather');
    await expect
      .poll(async () => (await refusal.textContent()) ?? '')
      .toContain('Already done: the rules do this once.');
    expect(await page.locator('wc-app div.problem').count()).toBe(0);
    expect(await steps(page)).toBe(rolled);
    await page.locator('wc-breakout-panel').getByTestId('bo-anyway-reason').fill('the die rolled off the table');
    await page.getByRole('button', { name: 'Re-roll (rule or agreement)' }).click();
    await expect.poll(() => steps(page)).toBe(rolled + 1);
    await expect.poll(() => refusal.count()).toBe(0);
    await expect.poll(async () => (await renderedText(page))!).toContain('the die rolled off the table');
    await page.getByRole('button', { name: 'Next phase' }).click();
    await page.getByRole('button', { name: 'Roll for air superiority' }).click();
    await expect.poll(() => live(page)).toMatch(/^Air superiority: (Soviet|German) \d+|Air superiority: No CAS/);

    await page.getByRole('button', { name: 'VI', exact: true }).click();
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    // Turn 2: the KG markers are not deployed yet (5.3, issue #11): the form says why before Resolve.
    await page.locator('wc-breakout-panel').getByRole('radio', { name: 'German', exact: true }).check();
    await page.getByLabel('Attack strength').fill('8');
    await page.getByLabel('Defence strength').fill('9');
    await page.getByLabel('KG within 2 hexes').fill('1');
    await expect
      .poll(async () => (await page.getByTestId('bo-refused').textContent())?.trim())
      .toBe('The KG markers are deployed from turn 3 (5.3): no KG bonus before.');
    await page.getByLabel('KG within 2 hexes').fill('0');

    // Turn 3: weather typed in (die 1: Thaw), then the attack with its KG.
    await page.getByRole('button', { name: 'XII', exact: true }).click();
    await page.getByRole('button', { name: 'End turn 2' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('Turn 3 — I. Weather & terrain condition');
    await page.getByLabel(/Values of the dice you rolled/).fill('1');
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect.poll(() => live(page)).toMatch(/^Weather & terrain condition: Thaw\./);
    await page.getByRole('button', { name: 'VI', exact: true }).click();
    // 8 : 9 → 1:2; KG ×2 (only one counts) and Tiger: +2 → 2:1; die 3 → DR.
    await attack({ attacker: 'German', a: '8', d: '9', kg: '2', tiger: '1', die: '3' });
    await expect.poll(() => live(page)).toMatch(/^Combat: DR — /);
    let text = (await renderedText(page))!;
    expect(text).toContain('Shift 1R: KG within 2 hexes of the target — not counted: at most one of these per combat.');
    expect(text).toContain('after shifts → 2:1');

    await page.getByRole('button', { name: 'Next phase' }).click();
    await expect.poll(async () => (await renderedText(page))!).toContain('VII. 1st German mechanized combat');
    await attack({ attacker: 'German', a: '14', d: '2', concentric: true, die: '' }); // automatic: no die to type
    await expect.poll(() => live(page)).toMatch(/^Combat: DL1\+DR — /);
    text = (await renderedText(page))!;
    expect(text).toContain('Beyond the table: automatic result, no roll.');
    expect(errors).toEqual([]);
  });
});
