/**
 * The layout never covers what the players need next (issue #28 items 4, 5, 11, 12, 14, 17): on a
 * phone the folded result sheet is one line, the open sheet is bounded, and a control scrolled into
 * view or focused lands above it; every tool's tab is in view at 390 px; on a tablet the result
 * column and the log never overlap and Undo answers; a phase change leaves the last result in the
 * sheet; the tool tab and the turn panel's phase and step come back after a reload; the Luck view
 * never widens a 360 px page.
 */
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  describeE2E,
  e2eEnv,
  gdWeatherRolled,
  headline,
  logSteps,
  reloadApp,
  setupOnce,
  startNewGame,
  hitsItself,
} from './helpers';

const env = await e2eEnv();

const sheet = (page: Page) => page.locator('wc-session-page section.latest');
const sheetHeight = async (page: Page) => (await sheet(page).boundingBox())!.height;

describeE2E(env, 'on a phone (390×844), the result sheet covers nothing the players need next', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
      viewport: { width: 390, height: 844 },
      ready: (p) => p.getByRole('button', { name: 'Roll the weather' }),
    }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('every tool’s tab is in view, none off the edge of the strip', async () => {
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(5);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await tab.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      await expect.poll(() => hitsItself(tab)).toBe(true);
    }
  });

  it('folded, the sheet is one line; open, it is bounded, its explanation scrolling inside it', async () => {
    // Before any result: one line.
    expect(await sheetHeight(page)).toBeLessThanOrEqual(72);
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    await headline(page).waitFor();
    expect(await sheetHeight(page)).toBeLessThanOrEqual(844 / 2);
    await sheet(page).getByRole('button', { name: 'Why' }).click();
    await sheet(page).locator('wc-result-view ol').waitFor();
    expect(await sheetHeight(page)).toBeLessThanOrEqual(844 / 2);
    await sheet(page).getByRole('button', { name: 'Put the result away' }).click();
    await expect.poll(() => sheetHeight(page)).toBeLessThanOrEqual(72);
    // The folded line still shows the result.
    await expect
      .poll(() => sheet(page).locator('wc-result-view[line] [data-testid=headline]').textContent())
      .toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('after a result, a control scrolled into view or focused lands above the open sheet', async () => {
    // The weather logged before the move to Activation (the engine's phase step, issue #29).
    await gdWeatherRolled(page);
    await page.getByRole('button', { name: '3. Activation' }).click();
    await page.getByRole('button', { name: '3d. Fire and bridges' }).click();
    const forms = page.locator('wc-grossdeutschland-panel form');
    const barrage = forms.filter({ hasText: 'Artillery barrage' });
    await barrage.getByLabel('Distance in hexes').fill('3');
    await barrage.getByLabel('Units in the target hex').fill('1');
    await barrage.getByRole('button', { name: 'Roll' }).click();
    await expect.poll(() => sheet(page).getAttribute('class')).toMatch(/\bopen\b/);
    // The page was at the top: each control below the fold is brought into view as a browser does
    // for a tap or a Tab, and must land above the sheet (the barrage Roll was under it, issue #28).
    for (const bring of ['scroll', 'focus'] as const)
      for (const control of [
        barrage.getByRole('button', { name: 'Roll' }),
        forms.filter({ hasText: 'AA / Flak' }).getByRole('button', { name: 'Roll' }),
        forms.filter({ hasText: 'AA / Flak' }).getByLabel('Distance in hexes'),
      ]) {
        await page.evaluate(() => scrollTo(0, 0));
        await control.evaluate((el, how) => {
          // (A control that has focus already is not scrolled by focus(): the tapped Roll has it.)
          (el as HTMLElement).blur();
          if (how === 'focus') (el as HTMLElement).focus();
          else el.scrollIntoView({ block: 'nearest' });
        }, bring);
        expect(await hitsItself(control), `${bring}: ${await control.textContent()}`).toBe(true);
      }
    // The keyboard: from the field just above it, Tab reaches the barrage's Roll, which lands above the sheet.
    const firer = barrage.getByLabel(/Firing unit/);
    await page.evaluate(() => scrollTo(0, 0));
    await firer.focus();
    await expect.poll(() => hitsItself(firer)).toBe(true);
    await page.keyboard.press('Tab');
    const roll = barrage.getByRole('button', { name: 'Roll' });
    await expect.poll(() => roll.evaluate((el) => el.matches(':focus'))).toBe(true);
    await expect.poll(() => hitsItself(roll)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a reload comes back to the tool tab, the phase and the step the players were on', async () => {
    await page.getByRole('button', { name: '3c. Combat' }).click();
    await reloadApp(page, page.getByRole('button', { name: '3c. Combat' }));
    await expect
      .poll(() => page.getByRole('button', { name: '3. Activation' }).getAttribute('aria-current'))
      .toBe('step');
    await expect.poll(() => page.getByRole('button', { name: '3c. Combat' }).getAttribute('aria-current')).toBe('step');
    await page.getByRole('tab', { name: 'Cups' }).click();
    await reloadApp(page, page.locator('wc-cup-panel'));
    await expect.poll(() => page.getByRole('tab', { name: 'Cups' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'a phase change is not a result', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'breakout', { ready: (p) => p.getByRole('tab', { name: 'Dice' }) }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('Breakout: moving to phase II leaves the last roll in the sheet; the log and the tracker show the phase', async () => {
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.locator('wc-dice-roller button.primary:not([role])').click();
    await expect.poll(() => logSteps(page)).toBe(1);
    const seq = await sheet(page).getAttribute('data-seq');
    const shown = await headline(page).textContent();
    await page.getByRole('tab', { name: 'Turn' }).click();
    await page.locator('wc-breakout-panel').getByRole('button', { name: 'II', exact: true }).click();
    await expect.poll(() => logSteps(page)).toBe(2);
    expect(
      await page
        .locator('wc-breakout-panel')
        .getByRole('button', { name: 'II', exact: true })
        .getAttribute('aria-current'),
    ).toBeTruthy();
    await expect.poll(() => sheet(page).getAttribute('data-seq')).toBe(seq);
    await expect.poll(() => headline(page).textContent()).toBe(shown);
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'on a tablet (1024×768), the result column and the log never overlap', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
      viewport: { width: 1024, height: 768 },
      ready: (p) => p.getByRole('tab', { name: 'Dice' }),
    }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('after many rolls and scrolled to the end: the result, the filters and Undo are apart and answer', async () => {
    await page.getByRole('tab', { name: 'Dice' }).click();
    const roll = page.locator('wc-dice-roller button.primary:not([role])');
    for (let k = 1; k <= 6; k++) {
      await roll.click();
      await expect.poll(() => logSteps(page)).toBe(k);
    }
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const result = (await sheet(page).boundingBox())!;
    const log = page.locator('wc-log-view');
    const undo = log.getByRole('button', { name: 'Undo last step' });
    await undo.scrollIntoViewIfNeeded();
    const filters = log.locator('select').first();
    for (const part of [undo, filters, log.locator('li[data-seq]').first()]) {
      const box = (await part.boundingBox())!;
      // The result card is above the part, and does not reach into it.
      expect(result.y + result.height).toBeLessThanOrEqual(box.y);
    }
    await expect.poll(() => hitsItself(headline(page))).toBe(true);
    await expect.poll(() => hitsItself(undo)).toBe(true);
    await undo.click();
    // Undone steps stay in the log, struck through.
    await expect.poll(() => log.locator('li.undone').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'a 360 px phone: the Luck view', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'grossdeutschland', {
      viewport: { width: 360, height: 740 },
      ready: (p) => p.getByRole('tab', { name: 'Dice' }),
    }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('its dice tables (3d6: 16 sums) scroll inside their box; the page is not wider than the screen', async () => {
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('radio', { name: /^3 dice/ }).click();
    const roll = page.locator('wc-dice-roller button.primary:not([role])');
    for (let k = 1; k <= 3; k++) {
      await roll.click();
      await expect.poll(() => logSteps(page)).toBe(k);
    }
    await page.locator('wc-session-page summary', { hasText: 'Luck' }).click();
    await page.locator('wc-luck-view table').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});

describeE2E(env, 'the link screen on a phone', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'breakout', { ready: (p) => p.getByRole('tab', { name: 'Dice' }) }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('after "Add a device" the QR code is brought into view', async () => {
    await page.getByTestId('link-open').click();
    await page.getByTestId('link-add').click();
    const qr = page.locator('wc-link-page img.qr');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    await expect
      .poll(async () => {
        const box = (await qr.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 845;
      })
      .toBe(true);
    expect(errors).toEqual([]);
  });
});
