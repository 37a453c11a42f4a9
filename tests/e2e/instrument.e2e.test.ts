/**
 * A table instrument: every tap answers where the eye is. On a phone (390×844) and a tablet
 * (1024×768), after a roll, a draw, a combat or a refused input, the result's headline or the
 * problem is inside the viewport without scrolling; a once-per-turn roll tapped again does not roll
 * (the log keeps one roll) until the players re-roll on purpose, with a reason the log shows.
 */
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  describeE2E,
  e2eEnv,
  headline,
  inViewport,
  liveText,
  logSteps as steps,
  reloadApp,
  toSpanish,
} from './helpers';
import { setupOnce, startNewGame } from './helpers';

const env = await e2eEnv();

const alert = (page: Page) => page.locator('wc-app .problem[role=alert]');

/** The words of the once-per-turn weather roll and its re-roll, in each language. */
const ONCE = {
  en: {
    turn: 'Turn',
    type: 'Turn type',
    save: 'Save',
    weather: 'Roll the weather',
    done: /Already done/,
    reason: 'Reason for the re-roll',
    reroll: 'Re-roll (rule or agreement)',
    why: 'the die fell off the table',
    logged: /Re-rolled on purpose: the die fell off the table/,
    explain: 'Why',
    headlineInView: true,
  },
  es: {
    turn: 'Turno',
    type: 'Tipo de turno',
    save: 'Guardar',
    weather: 'Tirar el clima',
    done: /Ya está hecho/,
    reason: 'Motivo de la nueva tirada',
    reroll: 'Volver a tirar (regla o acuerdo)',
    why: 'el dado cayó de la mesa',
    logged: /Nueva tirada a propósito: el dado cayó de la mesa/,
    explain: 'Por qué',
    headlineInView: false,
  },
};

/**
 * A day turn saved, its weather rolled, then tapped again: no second roll, the problem in view, until
 * a re-roll with a reason, which the latest result's explanation shows (and, where asked, the first roll's headline in view).
 */
async function weatherOnce(page: Page, w: (typeof ONCE)['en']) {
  await page.getByRole('tab', { name: w.turn }).click();
  await page.getByLabel(w.type).selectOption('day');
  const saved = await steps(page);
  await page.getByRole('button', { name: w.save }).first().click();
  await expect.poll(() => steps(page)).toBe(saved + 1);
  const weather = page.getByRole('button', { name: w.weather });
  const before = await steps(page);
  await weather.click();
  await expect.poll(() => steps(page)).toBe(before + 1);
  if (w.headlineInView) expect(await inViewport(page, headline(page))).toBe(true);
  const n = before + 1;
  await weather.click();
  // Refused beside the control that asked for it (issue #29: SessionTool.refusalAt), the banner empty.
  const refusal = page.locator('[data-testid=gd-error-turn]');
  const anyway = page.locator('[data-testid=gd-anyway-turn]');
  await expect.poll(() => refusal.textContent()).toMatch(w.done);
  await expect.poll(() => inViewport(page, refusal)).toBe(true);
  expect(await steps(page)).toBe(n);
  expect(await alert(page).count()).toBe(0);
  await anyway.getByLabel(w.reason).fill(w.why);
  await anyway.getByRole('button', { name: w.reroll }).click();
  await expect.poll(() => steps(page)).toBe(n + 1);
  // The reason is a line of the result's explanation, shown by "Why".
  const latest = page.locator('wc-session-page section.latest');
  await latest.getByRole('button', { name: w.explain }).click();
  await expect.poll(() => latest.getByText(w.logged).isVisible()).toBe(true);
}

/**
 * Opens the dice tool (`tab`, in the page's language) and rolls with the button scrolled into view;
 * whether the result's headline is then in view.
 */
async function rollInView(page: Page, tab: string): Promise<boolean> {
  await page.getByRole('tab', { name: tab }).click();
  const roll = page.locator('wc-dice-roller button.primary:not([role])');
  await roll.scrollIntoViewIfNeeded();
  await roll.click();
  return inViewport(page, headline(page));
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
]) {
  describeE2E(env, `every tap answers where the eye is, on a ${viewport.name}`, () => {
    let page: Page;
    let errors: string[];
    setupOnce(async () => {
      const ready = (p: Page) => p.getByRole('tab', { name: 'Dice' });
      ({ page, errors } = await startNewGame(env, 'grossdeutschland', { viewport, ready }));
    });
    afterAll(async () => {
      await page?.close();
    });

    it('a dice roll, a combat and a draw show their headline in view; a bad die shows its problem in view', async () => {
      // Scroll the page so the button sits low: the answer must still be in view, not at the top of the page.
      expect(await rollInView(page, 'Dice')).toBe(true);

      await page.getByRole('tab', { name: 'Combat' }).click();
      const panel = page.locator('wc-combat-panel');
      await panel
        .getByLabel(/Attack/)
        .first()
        .fill('8');
      await panel.getByLabel('Defence strength').fill('4');
      const before = await steps(page);
      const resolve = panel.getByRole('button', { name: 'Resolve the combat' });
      await resolve.scrollIntoViewIfNeeded();
      await resolve.click();
      await expect.poll(() => steps(page)).toBe(before + 1);
      await expect.poll(() => inViewport(page, headline(page))).toBe(true);

      await page.getByRole('tab', { name: 'Cups' }).click();
      const draw = page.locator('wc-cup-panel').getByRole('button', { name: 'Draw a chit' }).first();
      await draw.scrollIntoViewIfNeeded();
      await draw.click();
      await expect.poll(() => steps(page)).toBe(before + 2);
      await expect.poll(() => inViewport(page, headline(page))).toBe(true);

      await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
      await page.getByRole('tab', { name: 'Dice' }).click();
      const typed = page.locator('wc-dice-roller wc-manual-dice input').first();
      await typed.fill('7');
      await page
        .locator('wc-dice-roller')
        .getByRole('button', { name: /^Roll|^Enter|^Record/ })
        .first()
        .click();
      await expect.poll(() => inViewport(page, alert(page))).toBe(true);
      await expect.poll(() => alert(page).textContent()).toMatch(/7 is not on this die/);
      // A problem belongs to its screen: it does not follow the players into another page.
      await page.evaluate(() => {
        location.hash = '#/';
      });
      await expect.poll(() => alert(page).count()).toBe(0);
      await page.goBack();
      await page.getByRole('radio', { name: 'The app rolls' }).click();
      expect(errors).toEqual([]);
    });

    it("this turn's weather is rolled once: a second tap does not roll; a re-roll needs a reason and is logged", async () => {
      await page.getByRole('radio', { name: 'The app rolls' }).click();
      await weatherOnce(page, ONCE.en);
      expect(errors).toEqual([]);
    });

    it('from a fresh load of the saved game, a dice roll takes at most 8 key presses (the tabs are one stop)', async () => {
      await reloadApp(page, page.getByRole('tab', { name: 'Dice' }));
      const focused = () =>
        page.evaluate(() => {
          let a = document.activeElement;
          while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
          return { role: a?.getAttribute('role') ?? '', text: a?.textContent?.trim() ?? '', tag: a?.localName ?? '' };
        });
      let presses = 0;
      const press = async (key: string) => {
        presses++;
        await page.keyboard.press(key);
      };
      // The skip link comes first; on a game in progress it lands on the tools' tabs (one stop), then arrows to Dice.
      await press('Tab');
      expect((await focused()).text).toBe('Skip to content');
      await press('Enter');
      expect((await focused()).role).toBe('tab');
      while ((await focused()).text !== 'Dice' && presses < 20) await press('ArrowRight');
      await expect.poll(() => page.getByRole('tab', { name: 'Dice' }).getAttribute('aria-selected')).toBe('true');
      while (!/^Roll \d+d\d+$/.test((await focused()).text) && presses < 20) await press('Tab');
      const before = await steps(page);
      await press('Enter');
      await expect.poll(() => steps(page)).toBe(before + 1);
      await expect.poll(() => liveText(page)).toMatch(/: \d+$/);
      expect(presses).toBeLessThanOrEqual(8);
    });
  });
}

describeE2E(env, 'the Combat tab knows the turn', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
      ready: (p) => p.getByRole('tab', { name: 'Dice' }),
    }));
  });

  it('an Evening turn with Rain rolled: the CRT tool ticks Rain (14.1) and Evening (10.1) by itself; one weather at a time', async () => {
    await page.getByRole('radio', { name: 'We roll real dice and type them in' }).click();
    await page.getByRole('tab', { name: 'Turn' }).click();
    await page.getByLabel('Turn type').selectOption('evening');
    await page.getByLabel('Weather modifier on the track').fill('0');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(() => liveText(page)).toMatch(/Evening/);
    await page.getByLabel(/Values of the dice you rolled/).fill('4');
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await expect.poll(() => liveText(page)).toMatch(/^Weather: Rain\./); // 14.0: D16 4 → Rain
    await page.getByRole('tab', { name: 'Combat' }).click();
    const picker = page.locator('wc-combat-panel wc-modifier-picker');
    await expect.poll(() => picker.getByRole('radio', { name: /Weather: Rain/ }).isChecked()).toBe(true);
    await expect.poll(() => picker.getByRole('checkbox', { name: /Evening turn/ }).isChecked()).toBe(true);
    await expect.poll(() => picker.getByText('this turn').count()).toBe(2);
    await picker.getByRole('radio', { name: /Weather: Snow/ }).check();
    await expect.poll(() => picker.getByRole('radio', { name: /Weather: Rain/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'forms start from what the game knows', () => {
  let page: Page;
  setupOnce(async () => {
    ({ page } = await startNewGame(env, 'breakout', {
      ready: (p) => p.getByRole('button', { name: 'Roll the weather' }),
    }));
  });
  afterAll(async () => {
    await page?.close();
  });
  const panel = () => page.locator('wc-breakout-panel');
  const phase = (id: string) => panel().getByRole('button', { name: id, exact: true }).click();

  it("a Breakout turn-2 German attack starts without turn 1's Soviet settings", async () => {
    await phase('IV');
    // A phase is a logged step: the form follows once it is saved.
    await expect.poll(() => panel().getByRole('radio', { name: 'Soviet', exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Attack strength').fill('9');
    await page.getByLabel('Concentric attack').check();
    await phase('VI');
    await expect.poll(() => panel().getByRole('radio', { name: 'German', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Attack strength').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Concentric attack').isChecked()).toBe(false);
    await page.getByLabel('Attack strength').fill('5');
    await phase('XII');
    await panel().getByRole('button', { name: 'End turn 1' }).click();
    await expect.poll(() => page.locator('wc-session-page .top').textContent()).toMatch(/Turn 2/);
    await phase('VI');
    await expect.poll(() => panel().getByRole('radio', { name: 'German', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Attack strength').inputValue()).toBe('');
  });
});

describeE2E(env, 'in Spanish, on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland'));
    await toSpanish(page);
    await page.getByRole('tab', { name: 'Dados' }).waitFor();
  });
  afterAll(async () => {
    await page?.close();
  });

  it('a roll answers in view; the weather is rolled once; a re-roll asks the reason, in Spanish', async () => {
    expect(await rollInView(page, 'Dados')).toBe(true);
    await weatherOnce(page, ONCE.es);
    expect(errors).toEqual([]);
  });
});
