/**
 * Grossdeutschland's step 3b on a phone (issue #28, item 11: one screen per step of the sequence of
 * play). An attack's event chits are drawn first (10.3), then the combat is resolved (10.0): once the
 * chits are recorded, the combat form follows them without a long scroll — its Resolve within about
 * one and a half screens of the step's top, at 390×844.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, gdWeatherRolled, setupOnce, startNewGame, typeEventChits, type AppPage } from './helpers';

const env = await e2eEnv();
const PHONE = { width: 390, height: 844 };

describeE2E(env, "Grossdeutschland's combat step on a phone (issue #28, item 11)", () => {
  let app: AppPage;
  let page: Page;
  setupOnce(async () => {
    app = await startNewGame(env, 'grossdeutschland', { viewport: PHONE, ready: (p) => p.getByLabel('Turn type') });
    page = app.page;
  });

  it("after the attack's event chits are recorded, the combat's Resolve is within 1.5 screens of the step's top", async () => {
    // The night turn of day 10 (3.0), its weather rolled (14.0): then an attack in Activation (3.4).
    await page.getByLabel('Day', { exact: true }).fill('10');
    await page.getByLabel('Turn type').selectOption('night');
    await page.getByLabel('Weather modifier on the track').fill('-1');
    await page.getByRole('button', { name: 'Roll the weather' }).click();
    // The weather logged before the move to Activation (the engine's phase step, issue #29).
    await gdWeatherRolled(page);
    await page.getByRole('button', { name: '3. Activation' }).click();
    await page.getByRole('button', { name: '3b. Event chits' }).click();
    await page.getByTestId('gd-events-table').click();
    await typeEventChits(page, { german: ['Aggressive Assault', 'blue', '-2'], soviet: ['Apathy', 'red', '2'] });
    await page.getByTestId('gd-pending').waitFor();
    // Then the combat, the next step of the sequence of play, under the chits' net modifier.
    await page.getByTestId('gd-to-combat').click();
    await expect
      .poll(() => page.getByTestId('gd-chits-summary').textContent())
      .toMatch(/This attack's chits \(modifier 0\):\s*German: Aggressive Assault \(-2\); Soviet: Apathy \(\+2\)/);
    const stepNav = page.getByRole('navigation', { name: 'Steps of the activation phase' });
    await stepNav.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const resolve = page.getByRole('button', { name: 'Resolve the combat' });
    const top = (await stepNav.boundingBox())!.y;
    const box = (await resolve.boundingBox())!;
    const below = box.y + box.height - top;
    expect(below).toBeGreaterThan(0);
    expect(below).toBeLessThan(1.5 * PHONE.height);
    expect(app.errors).toEqual([]);
  });
});
