/**
 * The built app works from any static host and any sub-path (issue #10, "getting it onto a phone"):
 * the same dist/ the other e2e tests use is served by a bare static file server under
 * /tabletop/wargame-companion/ — nothing at the root — and it loads, its service worker takes
 * control with that scope, and with the network off a reload and a deep link still render.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeE2E, e2eEnv, newPage, setupOnce, waitForApp, waitForServiceWorkerControl } from './helpers';

const SUB_PATH = '/tabletop/wargame-companion/';
/** Where tests/e2e/global-setup.ts builds the app. */
const DIST = inject('e2eDist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** A static file server that knows nothing of the app: files under SUB_PATH, 404 for anything else. */
function staticServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(SUB_PATH)) {
      response.writeHead(404).end('not here');
      return;
    }
    const relative = normalize(path.slice(SUB_PATH.length) || 'index.html');
    if (relative.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    readFile(join(DIST, relative)).then(
      (body) =>
        response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end('not found'),
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

const env = await e2eEnv();

describeE2E(env, 'served from a sub-path by a plain static host', () => {
  let served: { server: Server; origin: string };
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  setupOnce(async () => {
    served = await staticServer();
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
