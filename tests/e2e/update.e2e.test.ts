/**
 * A new version of the app waits for the player (our own service worker, src/sw/sw.ts): once it is
 * installed over the running one, the page offers to update and nothing changes until the player
 * chooses; then the new worker takes over, the page reloads once, and the page it serves still
 * carries the language the player chose (issue #14). The built app is served by a bare static server
 * whose sw.js gains a byte for "the next version".
 */
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeE2E, e2eEnv, newPage, setupOnce, waitForApp, waitForServiceWorkerControl } from './helpers';
import { serveDist, type StaticServer } from './static-server';

const env = await e2eEnv();

describeE2E(env, 'a new version', () => {
  let served: StaticServer;
  /** sw.js ends with a comment naming this version: a new number is a new worker. */
  let version = 1;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  setupOnce(async () => {
    served = await serveDist('/', (file, body) =>
      file === 'sw.js' ? `${body.toString()}\n// version ${version}\n` : body,
    );
    ({ context, page, errors } = await newPage(env));
  });

  afterAll(async () => {
    await context?.close();
    served?.server.close();
  });

  it('waits until the player chooses to update, then takes over with one reload, keeping the chosen language', async () => {
    await page.goto(`${served.origin}/`);
    await waitForApp(page);
    await waitForServiceWorkerControl(page);
    await page.locator('wc-app header button[lang="es"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');

    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const update = page.getByRole('button', { name: 'Actualizar ahora' });
    await update.waitFor();
    // Installed, and waiting: the running version still serves the page.
    const before = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return { waiting: registration.waiting?.state, marker: (window as unknown as { marker?: number }).marker };
    });
    expect(before.waiting).toBe('installed');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await Promise.all([page.waitForEvent('load'), update.click()]);
    await waitForApp(page);
    const after = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return {
        reloaded: (window as unknown as { marker?: number }).marker === undefined,
        waiting: registration.waiting,
        active: registration.active?.state,
        controlled: !!navigator.serviceWorker.controller,
        lang: document.documentElement.lang,
        written: document.documentElement.dataset.firstFrame,
      };
    });
    expect(after).toEqual({
      reloaded: true,
      waiting: null,
      active: 'activated',
      controlled: true,
      lang: 'es',
      written: 'lang',
    });
    expect(errors).toEqual([]);
  });
});
