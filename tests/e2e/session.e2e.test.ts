/**
 * A game at the table, in the built app in real Chromium: start a Kursk game, draw activation
 * chits and resolve a combat, reload (and close the page right after a roll) with nothing lost;
 * a malformed import changes nothing; the same in Spanish; keyboard only.
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  collectErrors,
  describeE2E,
  e2eEnv,
  liveText,
  openApp,
  reloadApp,
  setupOnce,
  waitForApp,
  toSpanish,
} from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;

/** Text of an element including its open shadow roots (innerText stops at them). */
const DEEP_TEXT = `(function deep(n) {
  if (n.nodeType === 3) return n.textContent;
  let s = '';
  if (n.shadowRoot) s += deep(n.shadowRoot);
  for (const c of n.childNodes) if (!(c.localName === 'style')) s += ' ' + deep(c);
  return s;
})`;
async function logStepTexts(page: Page): Promise<string[]> {
  return page.locator('wc-log-view li[data-seq]').evaluateAll((lis, fn) => {
    const deep = eval(fn) as (n: Node) => string;
    return lis.map((li) => deep(li).replace(/\s+/g, ' ').trim());
  }, DEEP_TEXT);
}
const latestText = (page: Page) =>
  page
    .locator('section.latest wc-result-view')
    .evaluate((el, fn) => (eval(fn) as (n: Node) => string)(el).replace(/\s+/g, ' ').trim(), DEEP_TEXT);

/** The Combat tab's words in each language. */
const COMBAT = {
  en: { tab: 'Combat', attack: 'Attack strength', defence: 'Defence strength', resolve: 'Resolve the combat' },
  es: { tab: 'Combate', attack: 'Fuerza de ataque', defence: 'Fuerza de defensa', resolve: 'Resolver el combate' },
};

/** Types the strengths into the Combat tab and resolves the combat; the column shown before the roll. */
async function resolveCombat(page: Page, lang: 'en' | 'es', attack: string, defence: string) {
  const words = COMBAT[lang];
  await page.getByRole('tab', { name: words.tab }).click();
  await page.getByLabel(words.attack).fill(attack);
  await page.getByLabel(words.defence).fill(defence);
  const column = await page.locator('[data-testid=column]').textContent();
  await page.getByRole('button', { name: words.resolve }).click();
  return column;
}

describeE2E(env, 'a game session in the built app', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ context, page, errors } = await openApp(env, '', { viewport: { width: 360, height: 780 } }));
  });

  it('starts a Kursk game, draws chits and resolves a combat; everything survives a reload', async () => {
    await page.getByRole('link', { name: /Grossdeutschland/ }).click();
    await page.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
    await expect.poll(() => page.url()).toContain('#/session/');
    const sessionUrl = page.url();

    // Cups tab opens first when the scenario has cups: draw two activation chits.
    await page.getByRole('tab', { name: 'Cups' }).click();
    const left = page
      .locator('wc-cup-panel section')
      .first()
      .getByText(/chits in the cup/);
    const before = Number((await left.textContent())!.match(/\d+/)![0]);
    await page.getByRole('button', { name: 'Draw a chit' }).first().click();
    await expect.poll(() => liveText(page)).toMatch(/^Drew /);
    await page.getByRole('button', { name: 'Draw a chit' }).first().click();
    await expect.poll(async () => Number((await left.textContent())!.match(/\d+/)![0])).toBe(before - 2);

    expect(await resolveCombat(page, 'en', '7', '3')).toBe('Column: 3-1');
    await expect.poll(() => liveText(page)).toMatch(/^Result /);
    const steps = await logStepTexts(page);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('Odds 7 : 3 = 2.33, rounded up (for the attacker) (rule 10.1)');

    await reloadApp(page);
    expect(page.url()).toBe(sessionUrl);
    await expect.poll(() => logStepTexts(page)).toEqual(steps);
    await page.getByRole('tab', { name: 'Cups' }).click();
    await expect.poll(async () => Number((await left.textContent())!.match(/\d+/)![0])).toBe(before - 2);
    expect(errors).toEqual([]);
  });

  it('a roll shown just before the page is closed is in the log exactly as shown, and the dice continue from the same state', async () => {
    const url = page.url();
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('radio', { name: /^2 dice/ }).click();
    await page.getByRole('button', { name: /^Roll 2d6$/ }).click();
    await expect.poll(() => liveText(page)).toMatch(/^2 dice .*: \d+$/);
    const shown = await latestText(page);
    expect(shown).toMatch(/^\d \d \d+ 2 dice/);
    await page.close();

    page = await context.newPage();
    errors = collectErrors(page);
    await page.goto(url);
    await waitForApp(page);
    await expect.poll(() => latestText(page).catch(() => '')).toBe(shown);
    // Undo the roll and roll again: the same dice come up (undo can never re-roll).
    await page.getByRole('button', { name: 'Undo last step' }).click();
    await expect.poll(() => page.locator('wc-log-view li.undone').count()).toBe(1);
    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('radio', { name: /^2 dice/ }).click();
    await page.getByRole('button', { name: /^Roll 2d6$/ }).click();
    await expect.poll(() => page.locator('wc-log-view li[data-seq]').count()).toBe(5);
    await expect.poll(() => latestText(page)).toBe(shown);
    expect(errors).toEqual([]);
  });

  it('refuses a malformed import with a clear message and changes nothing', async () => {
    await page.goto(baseUrl + '#/');
    await waitForApp(page);
    const before = await page.locator('wc-session-list li').count();
    expect(before).toBeGreaterThan(0);
    const alertText = () =>
      page
        .getByRole('alert')
        .textContent()
        .catch(() => '');
    await page.locator('wc-home-page input[data-testid=import]').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"app":"wargame-companion","kind":"session","format":1,"session":{"id":1}}'),
    });
    await expect.poll(alertText).toContain('That file cannot be used; nothing was changed.');
    await page
      .locator('wc-home-page input[data-testid=import]')
      .setInputFiles({ name: 'not-json.json', mimeType: 'application/json', buffer: Buffer.from('\u0000garbage') });
    await expect.poll(alertText).toContain('nothing was changed');
    await reloadApp(page);
    await expect.poll(() => page.locator('wc-session-list li').count()).toBe(before);
    expect(errors).toEqual([]);
  });

  it('plays in Spanish: labels, explanations and announcements', async () => {
    await toSpanish(page);
    await page.getByRole('heading', { name: 'Tus partidas en curso' }).waitFor();
    await page.getByRole('link', { name: 'Continuar' }).first().click();
    expect(await resolveCombat(page, 'es', '2', '3')).toBe('Columna: 1-1');
    await expect.poll(() => liveText(page)).toMatch(/^Resultado /);
    expect((await logStepTexts(page))[0]).toContain('Proporción 2 : 3 = 0,67, redondeada al alza');
    // Back to English for the next tests; the choice is kept across reloads.
    await page.getByRole('button', { name: /English/ }).click();
    await reloadApp(page, page.getByRole('tab', { name: 'Combat' }));
    expect(errors).toEqual([]);
  });

  it('can be played with the keyboard alone; the result is announced', async () => {
    await page.getByRole('tab', { name: 'Dice' }).focus();
    await page.keyboard.press('Enter');
    const roll = page.getByRole('button', { name: /^Roll 1d6$|^Roll 2d6$|^Roll 3d6$/ }).first();
    await roll.focus();
    const n = await page.locator('wc-log-view li[data-seq]').count();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('wc-log-view li[data-seq]').count()).toBe(n + 1);
    await expect.poll(() => liveText(page)).toMatch(/: \d+$/);
    expect(errors).toEqual([]);
  });
});
