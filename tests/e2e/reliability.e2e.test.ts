/**
 * Issue 18 "Nothing lost, nothing hidden", in the built app in real Chromium (Web Locks,
 * BroadcastChannel and IndexedDB shared by two tabs):
 *  - the two-tab race: a take-over 0–15 ms into a roll, 30 times: after each, exactly one tab is the
 *    writer, the other shows it is read-only and cannot undo; the game verifies at the end;
 *  - names cannot widen a page at 360 px, nor reorder the text beside them (bidi isolation).
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { collectErrors, describeE2E, e2eEnv, openApp, renderedText, setupOnce, waitForApp } from './helpers';

const env = await e2eEnv();
const { baseUrl } = env;

type StoreLike = {
  act(a: unknown): Promise<{ seq: number } | undefined>;
  undo(): Promise<void>;
  takeOver(): Promise<void>;
  createSession(g: string, s: string, n: string): Promise<string | undefined>;
  exportSession(id: string): Promise<string | undefined>;
  verifyFile(
    text: string,
  ): Promise<{ ok: boolean; issues?: unknown; session?: { log: readonly unknown[] } } | undefined>;
  getState(): { current?: { readOnly: boolean; session: { log: unknown[] } }; busy: boolean };
};

/** The page's store (the same object the UI uses). */
const readOnly = (p: Page) =>
  p.evaluate(
    () => (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.getState().current?.readOnly,
  );

describeE2E(env, 'nothing lost, nothing hidden (issue 18)', () => {
  let context: BrowserContext;
  let a: Page;
  let b: Page;
  let errors: string[];
  let id = '';
  setupOnce(async () => {
    ({ context, page: a, errors } = await openApp(env, '#/', { viewport: { width: 360, height: 780 } }));
    id = (await a.evaluate(() =>
      (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.createSession(
        'grossdeutschland',
        'gd-kursk',
        'race',
      ),
    ))!;
    await a.goto(`${baseUrl}#/session/${id}`);
    await waitForApp(a);
    b = await context.newPage();
    errors.push(...collectErrors(b));
    await b.goto(`${baseUrl}#/session/${id}`);
    await waitForApp(b);
    await b.waitForFunction(
      () =>
        (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.getState().current?.readOnly ===
        true,
    );
    if ((await readOnly(a)) !== false) throw new Error('the first tab should be the writer');
  });

  it('a take-over during a roll, 30 times (0–15 ms apart): one writer each time, and the game verifies', async () => {
    let [writer, other] = [a, b];
    const trials: string[] = [];
    for (let k = 0; k < 30; k++) {
      const delay = k % 16;
      const [seq] = await Promise.all([
        writer.evaluate(() =>
          (document.querySelector('wc-app') as unknown as { store: StoreLike }).store
            .act({ type: 'roll', dice: { n: 2, sides: 6 } })
            .then((e) => e?.seq ?? null),
        ),
        other.evaluate(
          (ms) =>
            new Promise<void>((done) =>
              setTimeout(() => {
                void (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.takeOver().then(done);
              }, ms),
            ),
          delay,
        ),
      ]);
      trials.push(`${k}: ${delay} ms, roll ${seq === null ? 'refused' : `saved as step ${seq}`}`);
      // One writer: the tab that took over; the other is read-only, and says so on the page.
      await expect.poll(() => readOnly(writer), { timeout: 5000, message: trials.join('\n') }).toBe(true);
      expect(await readOnly(other), trials.join('\n')).toBe(false);
      await expect.poll(async () => (await renderedText(writer))!).toContain('read-only');
      // Undo from the tab that lost is refused; nothing changes.
      const before = await other.evaluate(() =>
        (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.exportSession(
          location.hash.split('/')[2]!,
        ),
      );
      await writer.evaluate(() => (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.undo());
      const after = await other.evaluate(() =>
        (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.exportSession(
          location.hash.split('/')[2]!,
        ),
      );
      expect(after).toBe(before);
      [writer, other] = [other, writer];
    }
    // The new writer undoes its last step; the game exports and verifies from its seed.
    await writer.evaluate(() => (document.querySelector('wc-app') as unknown as { store: StoreLike }).store.undo());
    const verdict = await writer.evaluate(async () => {
      const store = (document.querySelector('wc-app') as unknown as { store: StoreLike }).store;
      const text = (await store.exportSession(location.hash.split('/')[2]!))!;
      const r = await store.verifyFile(text);
      return { ok: r?.ok, steps: r?.session?.log.length, issues: r?.issues };
    });
    expect(verdict, trials.join('\n')).toMatchObject({ ok: true });
    expect(verdict.steps).toBeGreaterThanOrEqual(15);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a 120-character name without spaces, and one with U+202E, never widen a page at 360 px nor reorder the text beside them', async () => {
    const long = 'W'.repeat(120);
    const rlo = '\u202Eevil\u202C';
    const ids = await a.evaluate(
      async ([n1, n2]) => {
        const store = (document.querySelector('wc-app') as unknown as { store: StoreLike }).store;
        return [
          await store.createSession('grossdeutschland', 'gd-kursk', n1!),
          await store.createSession('grossdeutschland', 'gd-kursk', n2!),
        ];
      },
      [long, rlo],
    );
    const width = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);
    for (const hash of ['#/', '#/game/grossdeutschland', `#/session/${ids[0]}`, `#/session/${ids[1]}`]) {
      await a.goto(baseUrl + hash);
      await waitForApp(a);
      await expect
        .poll(async () => (await renderedText(a))!)
        .toContain(hash.includes(ids[1]!) ? 'evil' : 'W'.repeat(20));
      expect(await width(a), hash).toBeLessThanOrEqual(360);
    }
    // On the home list the name is isolated: the "· N steps" after it stays after it, in order.
    await a.goto(baseUrl + '#/');
    await waitForApp(a);
    const isolated = await a.evaluate(() => {
      const list = document
        .querySelector('wc-app')!
        .shadowRoot!.querySelector('wc-home-page')!
        .shadowRoot!.querySelector('wc-session-list')!.shadowRoot!;
      const names = [...list.querySelectorAll('strong.name')];
      return names.map((n) => {
        const bdi = n.querySelector('bdi');
        return { bdi: !!bdi, bidi: getComputedStyle(bdi ?? n).unicodeBidi };
      });
    });
    expect(isolated.length).toBeGreaterThanOrEqual(2);
    for (const x of isolated) expect(x.bdi).toBe(true);
    expect(errors).toEqual([]);
  });
});
