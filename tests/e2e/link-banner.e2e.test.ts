/**
 * The problem banner covers nothing the players need next (issue #28 follow-up): on a phone's link
 * screen a problem (a linked device's refusal) showed over the bottom of the page, over the answer
 * code and its button, and the page could not be scrolled to bring them above it. Now the page keeps
 * room for the banner, the control in use is lifted above it, and so is any control focused or
 * scrolled into view while it shows.
 */
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, e2eEnv, setupOnce, startNewGame, hitsItself } from './helpers';

const env = await e2eEnv();

describeE2E(env, 'the link screen on a phone (390×844) with a problem shown', () => {
  let page: Page;
  let errors: string[];
  setupOnce(async () => {
    ({ page, errors } = await startNewGame(env, 'breakout', { ready: (p) => p.getByRole('tab', { name: 'Dice' }) }));
  });
  afterAll(async () => {
    await page?.close();
  });

  it('the answer code and its button stay reachable above the banner; nothing focused or scrolled to lands under it', async () => {
    await page.getByTestId('link-open').click();
    await page.getByTestId('link-add').click();
    await page.locator('wc-link-page img.qr').waitFor();
    const accept = page.getByTestId('link-accept');
    const answer = accept.locator('textarea');
    const acceptButton = accept.getByRole('button', { name: 'Link', exact: true });
    // The player is about to paste the other device's answer: the field has focus, in view.
    await answer.focus();
    await answer.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    // A linked device's refusal shows (as src/link reports one): the banner over the bottom of the screen.
    await page.evaluate(() =>
      (document.querySelector('wc-app') as unknown as { store: { report(p: unknown): void } }).store.report({
        key: 'link.needPack',
        params: { name: 'Table', id: 'a-pack@1' },
      }),
    );
    const banner = page.locator('wc-app .problem[role=alert]');
    await banner.waitFor();
    // The field in use is lifted above the banner.
    await expect.poll(() => hitsItself(answer)).toBe(true);
    // Scrolled to the very end, the page's last controls are above the banner.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    // (The writer's screen: "Join" is not offered, so the answer's Link button is the page's last control.)
    await expect.poll(() => page.getByTestId('link-join').count()).toBe(0);
    for (const control of [acceptButton, answer]) {
      await control.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      expect(await hitsItself(control), `scrolled to: ${await control.textContent()}`).toBe(true);
      await page.evaluate(() => scrollTo(0, 0));
      await control.evaluate((el) => {
        (el as HTMLElement).blur();
        (el as HTMLElement).focus();
      });
      expect(await hitsItself(control), `focused: ${await control.textContent()}`).toBe(true);
    }
    // The banner itself answers, and once dismissed keeps no room.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe('');
    expect(errors).toEqual([]);
  });
});
