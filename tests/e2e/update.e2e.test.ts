/**
 * A new version of the app waits for the player (our own service worker, src/sw/sw.ts): once it is
 * installed over the running one, the page offers to update and nothing changes until the player
 * chooses; then the new worker takes over, the page reloads once, and the page it serves still
 * carries the language the player chose (issue #14). The built app is served by a bare static server
 * whose sw.js gains a byte for "the next version".
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeE2E, e2eEnv, newPage, setupOnce, waitForApp, waitForServiceWorkerControl } from './helpers';

/** Where tests/e2e/global-setup.ts builds the app. */
const DIST = inject('e2eDist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** The built app; sw.js ends with a comment naming `served.version`, so that a new number is a new worker. */
function versionedServer(): Promise<{ server: Server; origin: string; version: number }> {
  const served = { server: undefined as unknown as Server, origin: '', version: 1 };
  served.server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const relative = normalize(path.slice(1) || 'index.html');
    if (relative.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    readFile(join(DIST, relative)).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' })
          .end(relative === 'sw.js' ? `${body.toString()}\n// version ${served.version}\n` : body),
      () => response.writeHead(404).end('not found'),
    );
  });
  return new Promise((ok) =>
    served.server.listen(0, '127.0.0.1', () => {
      const address = served.server.address();
      served.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
      ok(served);
    }),
  );
}

const env = await e2eEnv();

describeE2E(env, 'a new version', () => {
  let served: Awaited<ReturnType<typeof versionedServer>>;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  setupOnce(async () => {
    served = await versionedServer();
    ({ context, page, errors } = await newPage(env));
  });

  afterAll(async () => {
    await context?.close();
    served?.server.close();
  });

  it('waits until the player chooses to update, then takes over with one reload, keeping the chosen language', async () => {
    await page.goto(served.origin);
    await waitForApp(page);
    await waitForServiceWorkerControl(page);
    await page.locator('wc-app header button[lang="es"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');

    served.version = 2;
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
