/**
 * The built app works from any static host and any sub-path (issue #10, "getting it onto a phone"):
 * the same dist/ the other e2e tests use is served by a bare static file server under
 * /tabletop/wargame-companion/ — nothing at the root — and it loads, its service worker takes
 * control with that scope, and with the network off a reload and a deep link still render.
 */
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeE2E, e2eEnv, newPage, setupOnce, waitForApp, waitForServiceWorkerControl } from './helpers';
import { serveDist, type StaticServer } from './static-server';

const SUB_PATH = '/tabletop/wargame-companion/';

const env = await e2eEnv();

describeE2E(env, 'served from a sub-path by a plain static host', () => {
  let served: StaticServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  setupOnce(async () => {
    served = await serveDist(SUB_PATH);
    ({ context, page, errors } = await newPage(env));
  });

  afterAll(async () => {
    await context?.close();
    served?.server.close();
  });

  it('loads, and the service worker controls the page with the sub-path as its scope', async () => {
    const response = await page.goto(served.origin + SUB_PATH, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect((await waitForApp(page)).length).toBeGreaterThan(0);
    const scriptUrl = await waitForServiceWorkerControl(page);
    expect(new URL(scriptUrl).pathname).toBe(`${SUB_PATH}sw.js`);
    const icon = await page.evaluate(
      () => (document.querySelector('link[rel="icon"]') as HTMLLinkElement | null)?.href ?? '',
    );
    expect(new URL(icon).pathname.startsWith(SUB_PATH), 'the icon is looked up under the sub-path').toBe(true);
  });

  it('offline: a reload and a deep link still render', async () => {
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    expect((await waitForApp(page)).length).toBeGreaterThan(0);
    await page.goto(`${served.origin}${SUB_PATH}#/game/breakout`, { waitUntil: 'load' });
    await expect.poll(async () => (await waitForApp(page)) ?? '', { timeout: 15_000 }).toMatch(/breakout/i);
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
});
