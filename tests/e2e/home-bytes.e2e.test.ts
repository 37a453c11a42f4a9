/**
 * Issue #29: the home screen's JS budget, ≤ 25 KB gzipped (gzip -9) for every script the home screen
 * of a new device loads, the inlined start-up script included: what `npm run bench` reports as
 * "home-screen JS", checked here on the e2e build so that a change that breaks the budget fails a
 * test. Sizes, not times: the same on any machine.
 */
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeE2E, e2eEnv, newPage } from './helpers';

const env = await e2eEnv();
const BUDGET = 25 * 1024;

describeE2E(env, "the home screen's JS", () => {
  it('is at most 25 KB gzipped on a new device, the checks of stored games left out', async () => {
    const { context, page, errors } = await newPage(env, { serviceWorkers: 'block' });
    try {
      const bodies: Promise<[string, Buffer]>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body]));
      });
      await page.goto(env.baseUrl);
      await page.locator('wc-home-page ul.games li').first().waitFor();
      await page.waitForLoadState('networkidle');
      const inline = await page.evaluate(() =>
        [...document.scripts].filter((s) => !s.src && s.text.trim()).map((s) => s.text),
      );
      const files = await Promise.all(bodies);
      const sizes = [
        ...inline.map((text, k) => [`(inline script ${k + 1})`, gzipSync(text, { level: 9 }).length] as const),
        ...files.map(([path, body]) => [path, gzipSync(body, { level: 9 }).length] as const),
      ];
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      const said = sizes.map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`).join(', ');
      expect(total, `${(total / 1024).toFixed(1)} KB: ${said}`).toBeLessThanOrEqual(BUDGET);
      // No saved game: nothing to check, so neither the checks of stored records nor their schemas load.
      const text = files.map(([, body]) => body.toString('utf8')).join('\n');
      expect(text).not.toContain('the record is not an object');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
