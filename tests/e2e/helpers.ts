/**
 * Shared helpers for the offline e2e tests: launching Debian's Chromium through playwright-core
 * (never a downloaded browser), collecting console/page errors and requests, and waiting until
 * the service worker controls a page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { rawKeys } from '../message-keys';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const IN_CI = process.env.CI === 'true';

/** Flags that keep Chromium quiet on a closed network and in a container (running as root). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

const launchOptions = (): LaunchOptions => ({
  executablePath: CHROME_PATH,
  headless: true,
  args: CHROME_ARGS,
  timeout: 60_000,
});

/** Chromium's flag that shows local addresses in WebRTC candidates (no mDNS responder here): for linked devices. */
export const NO_MDNS = '--disable-features=WebRtcHideLocalIpsWithMdns';

/** Outside CI, a machine without Chromium skips the tests that launch their own browsers. */
export const NO_CHROMIUM = !existsSync(CHROME_PATH) && !IN_CI;

/** Starts headless Chromium, with `args` added to CHROME_ARGS. Throws if it cannot start. */
export async function launch(args: readonly string[] = []): Promise<Browser> {
  const options = launchOptions();
  return chromium.launch({ ...options, args: [...options.args!, ...args] });
}

/** A persistent (non-incognito) context on a fresh temporary profile: needed for installability checks. */
export async function launchPersistent(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'wc-e2e-profile-'));
  try {
    const context = await chromium.launchPersistentContext(dir, launchOptions());
    return {
      context,
      close: async () => {
        await context.close().catch(() => {});
        await rm(dir, { recursive: true, force: true }).catch(() => {});
      },
    };
  } catch (e) {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    throw e;
  }
}

export type BrowserAvailability = { browser: Browser; reason?: undefined } | { browser?: undefined; reason: string };

/**
 * Tries to start Chromium once, for a test file's top level. Never throws: the caller decides.
 * Use with `describe.skipIf(skipForNoBrowser(b))` and `requireBrowser(b)` in beforeAll.
 */
export async function tryLaunch(): Promise<BrowserAvailability> {
  try {
    return { browser: await launch() };
  } catch (e) {
    const first = String((e as Error)?.message ?? e)
      .split('\n')
      .slice(0, 6)
      .join('\n');
    return {
      reason: `Chromium could not start (executablePath ${CHROME_PATH}; set CHROME_PATH to override): ${first}`,
    };
  }
}

let warnedSkip = false;

/** Outside CI a missing browser skips the e2e tests (with the reason printed); under CI=true it does not. */
export function skipForNoBrowser(b: BrowserAvailability): boolean {
  if (b.browser || IN_CI) return false;
  if (!warnedSkip) console.warn(`[e2e] SKIPPED: ${b.reason}`);
  warnedSkip = true;
  return true;
}

/**
 * A describe's one-time setup. If it throws, every test of the describe fails with that error
 * (a throwing beforeAll would instead report the tests as skipped, and CI counts failed tests).
 */
export function setupOnce(fn: () => Promise<void>): void {
  let failure: unknown;
  beforeAll(async () => {
    try {
      await fn();
    } catch (e) {
      failure = e;
    }
  });
  beforeEach(() => {
    if (failure) throw failure;
  });
}

/** For beforeAll: fails every test of the file if the global setup could not build or serve the app. */
export function requireServer(baseUrl: string, setupError: string): void {
  if (setupError) throw new Error(setupError);
  if (!baseUrl)
    throw new Error('e2e: no baseUrl was provided (is tests/e2e/global-setup.ts the globalSetup of this project?)');
}

/** For beforeAll: the browser, or (under CI=true) a failure with a clear message. */
export function requireBrowser(b: BrowserAvailability): Browser {
  if (b.browser) return b.browser;
  throw new Error(`[e2e] CI=true and ${b.reason}. Install Debian's chromium (apt-get install -y chromium).`);
}

/** Console errors and uncaught page errors of a page (added to `errors` when given), for asserting that there are none. */
export function collectErrors(page: Page, errors: string[] = []): string[] {
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      errors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.stack ?? err.message}`));
  page.on('crash', () => errors.push('page crashed'));
  return errors;
}

/**
 * Every request URL made in a context (its pages and, in Chromium, its service workers) and by
 * the given pages. Use with `foreignRequests()` to assert nothing leaves the test origin.
 */
export function recordRequests(...targets: (BrowserContext | Page)[]): string[] {
  const urls: string[] = [];
  for (const t of targets) {
    if ('pages' in t) t.on('request', (req) => urls.push(req.url()));
    else t.on('request', (req) => urls.push(req.url()));
  }
  return urls;
}

/** The URLs whose origin is not `baseUrl`'s (data: and blob: URLs are local and allowed). */
export function foreignRequests(urls: readonly string[], baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return [...new Set(urls)].filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin);
}

/**
 * Waits until a service worker controls the page. With registerType 'prompt' there is no
 * clientsClaim, so on a first visit the worker activates without controlling the page: after
 * `navigator.serviceWorker.ready` the page is reloaded once.
 */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 30_000): Promise<string> {
  const ready = await page.evaluate(async (ms) => {
    if (!('serviceWorker' in navigator)) return 'no navigator.serviceWorker (not a secure context?)';
    const timeout = new Promise<string>((r) =>
      setTimeout(() => r(`no service worker became active within ${ms} ms`), ms),
    );
    return Promise.race([navigator.serviceWorker.ready.then(() => 'ok'), timeout]);
  }, timeoutMs);
  if (ready !== 'ok') throw new Error(`Service worker: ${ready}`);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: timeoutMs });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/**
 * The visible text the root element `<wc-app>` has rendered, through all (open) shadow roots.
 * Returns '' when it has rendered nothing yet; null when there is no <wc-app>.
 */
export function renderedText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const app = document.querySelector('wc-app');
    if (!app) return null;
    const parts: string[] = [];
    const walk = (n: Node): void => {
      if (n.nodeType === Node.TEXT_NODE) {
        const p = n.parentElement?.localName;
        if (p !== 'style' && p !== 'script') parts.push(n.textContent ?? '');
        return;
      }
      if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
      for (const c of Array.from(n.childNodes)) walk(c);
    };
    walk(app);
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/** The text an element shows, its tools' shadow roots included (each tool of the panel is its own element). */
export const shownText = async (l: Locator): Promise<string> =>
  (
    await l.evaluate((el) => {
      const parts: string[] = [];
      const walk = (n: Node): void => {
        if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent ?? '');
        if ((n as Element).tagName === 'STYLE') return;
        const root = (n as Element).shadowRoot;
        if (root) root.childNodes.forEach(walk);
        n.childNodes.forEach(walk);
      };
      walk(el);
      return parts.join('');
    })
  )
    .replace(/\s+/g, ' ')
    .trim();

/** Waits until <wc-app> exists and has rendered some text (shadow DOM included); returns that text. */
export async function waitForApp(page: Page, timeoutMs = 20_000): Promise<string> {
  await page.locator('wc-app').waitFor({ state: 'attached', timeout: timeoutMs });
  // The static first frame paints before the app's code runs: wait for the app's own store too.
  await page.waitForFunction(() => !!(document.querySelector('wc-app') as { store?: unknown } | null)?.store, null, {
    timeout: timeoutMs,
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await renderedText(page);
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`<wc-app> rendered no text within ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

/**
 * Waits until what the app shows stops changing: the same rendered text two frames apart, twice in a
 * row (after a tap or a move whose outcome has no single element to wait for, before a check that
 * reads the whole page, such as its width or axe). Bounded; never a fixed pause.
 */
export async function settled(page: Page, timeoutMs = 15_000): Promise<void> {
  const frames = () =>
    page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  const deadline = Date.now() + timeoutMs;
  let last = await renderedText(page);
  let same = 0;
  while (same < 2) {
    if (Date.now() > deadline) throw new Error(`the page kept changing for ${timeoutMs} ms`);
    await frames();
    const now = await renderedText(page);
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

let axeSource: string | undefined;

/**
 * Serious and critical axe-core violations on the page now, one line each (rule, impact, first
 * targets, after `where: ` when given), and any raw message key in the rendered text.
 */
export async function axeViolations(page: Page, where?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's Content Security Policy rightly refuses inline scripts.
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (r.violations as { id: string; impact: string; nodes: { target: unknown[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  // No raw message key may reach a screen: nothing shaped like `area.key` or `gd.err.side` in the text,
  // and no word starting with any prefix of the catalogs' keys (`x.dice`, `side.german`: tests/message-keys.ts).
  const text = (await renderedText(page)) ?? '';
  const keys = [...new Set([...(text.match(/\b[a-z]{2,}(?:\.[a-z][A-Za-z0-9-]*)+\b/g) ?? []), ...rawKeys(text)])];
  const all = [...found, ...keys.map((k) => `raw message key "${k}"`)];
  return where === undefined ? all : all.map((f) => `${where}: ${f}`);
}

/** Reloads the page and waits until the app has rendered again, and `ready` shows when given. */
export async function reloadApp(page: Page, ready?: Locator): Promise<void> {
  await page.reload();
  await waitForApp(page);
  await ready?.waitFor();
}

/** What the app last told a screen reader (its live region). */
export const liveText = async (page: Page): Promise<string> =>
  (await page.locator('wc-app #live').textContent())?.trim() ?? '';

/** How many steps the session's log lists. */
export const logSteps = (page: Page): Promise<number> => page.locator('wc-log-view li[data-seq]').count();

/** What every e2e file starts from: the served app's URL, the global set-up's error if any, the browser. */
export interface E2eEnv {
  readonly baseUrl: string;
  readonly setupError: string;
  readonly avail: BrowserAvailability;
}

/** For a file's top level: its E2eEnv. The browser it launched closes after the file's tests. */
export async function e2eEnv(): Promise<E2eEnv> {
  const avail = await tryLaunch();
  afterAll(async () => {
    await avail.browser?.close();
  });
  return { baseUrl: inject('baseUrl'), setupError: inject('e2eSetupError'), avail };
}

/**
 * An e2e describe: skipped (saying why) outside CI when Chromium cannot start; its tests fail when
 * the global set-up could not serve the app or (under CI=true) Chromium did not start.
 */
export function describeE2E(env: E2eEnv, name: string, body: () => void): void {
  describe.skipIf(skipForNoBrowser(env.avail))(name, () => {
    setupOnce(async () => {
      requireServer(env.baseUrl, env.setupError);
      requireBrowser(env.avail);
    });
    body();
  });
}

/** A page of its own browser context (its own storage), with its console and page errors. */
export interface AppPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

/** A page in a new browser context (Playwright's 1280×720 unless told), errors collected, not yet navigated. */
export async function newPage(env: E2eEnv, options: BrowserContextOptions = {}): Promise<AppPage> {
  requireServer(env.baseUrl, env.setupError);
  const context = await requireBrowser(env.avail).newContext(options);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/** A phone's viewport (390×844), the e2e tests' usual screen. */
export const PHONE = { width: 390, height: 844 };

/** newPage (on a phone unless told), on the served app at `hash` once the app has rendered. */
export async function openApp(env: E2eEnv, hash = '', options: BrowserContextOptions = {}): Promise<AppPage> {
  const app = await newPage(env, { viewport: PHONE, ...options });
  await app.page.goto(env.baseUrl + hash);
  await waitForApp(app.page);
  return app;
}

/** Switches the app on `page` to Spanish and waits until it is (the page's language, then its words). */
export async function toSpanish(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Español/ }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'es');
}

/** Which scenario a new game starts from, in which language, and what shows once it has started. */
export interface NewGameOptions {
  scenario?: string;
  spanish?: boolean;
  ready?: (page: Page) => Locator;
}

/**
 * On `page`, a new game of `game` started from the game page: from the scenario card whose text
 * contains `scenario`, else the first; in Spanish from the start when `spanish`; once `ready` (of the page) shows.
 */
export async function startGameOn(page: Page, baseUrl: string, game: string, opts: NewGameOptions = {}): Promise<void> {
  const { scenario, spanish, ready } = opts;
  await page.goto(`${baseUrl}#/game/${game}`);
  await waitForApp(page);
  if (spanish) await toSpanish(page);
  const where = scenario
    ? page.locator('wc-game-page li.card', { hasText: scenario })
    : page.locator('wc-game-page form').first();
  await where.getByRole('button', { name: spanish ? 'Empezar una partida nueva' : 'Start a new game' }).click();
  await page.waitForURL(/#\/session\//);
  await ready?.(page).waitFor();
}

/**
 * A new page in its own browser context (a phone, 390×844, unless told), its errors collected, on a
 * new game of `game` (see startGameOn).
 */
export async function startNewGame(
  env: E2eEnv,
  game: string,
  opts: BrowserContextOptions & NewGameOptions = {},
): Promise<AppPage> {
  const { scenario, spanish, ready, ...contextOptions } = opts;
  const app = await newPage(env, { viewport: PHONE, ...contextOptions });
  await startGameOn(app.page, env.baseUrl, game, { scenario, spanish, ready });
  return app;
}

/** The linked-device tests' own Chromium, the table's device and the two players' phones, and their errors. */
export interface LinkedDevices {
  browser: Browser;
  table: Page;
  german: Page;
  soviet: Page;
  /** Every console and page error of the three pages. */
  errors: string[];
}

/**
 * For the linked-device tests (once the app is served): their own Chromium, showing local addresses in
 * WebRTC candidates; the table's device (1024×900) and the German and the Soviet players' phones
 * (390×900), each a page in its own browser context, not yet navigated.
 */
async function openLinkedDevices(baseUrl: string, setupError: string): Promise<LinkedDevices> {
  requireServer(baseUrl, setupError);
  const browser = await launch([NO_MDNS]);
  const device = async (width: number) => (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const [table, german, soviet] = [await device(1024), await device(390), await device(390)];
  const errors: string[] = [];
  for (const page of [table, german, soviet]) collectErrors(page, errors);
  return { browser, table, german, soviet, errors };
}

/**
 * For a linked-device describe: once before its tests, opens the devices (openLinkedDevices) and
 * passes them to `arrange`; closes their browser after the tests.
 */
/** Each phone opens the link screen and is given its name (as its player would, before linking). */
export async function namePhones(baseUrl: string, phones: readonly (readonly [Page, string])[]): Promise<void> {
  for (const [phone, name] of phones) {
    await phone.goto(baseUrl + '#/link');
    await waitForApp(phone);
    await phone.getByTestId('link-name').fill(name);
  }
}

/**
 * Links each phone to `table` by the codes, then on each phone its player takes the side's hand and
 * goes to the game (and does `then` there, e.g. opens a tool).
 */
export async function linkSides(
  table: Page,
  phones: readonly (readonly [Page, string])[],
  then?: (phone: Page) => Promise<void>,
): Promise<void> {
  for (const [phone] of phones) await linkByCodes(table, phone);
  for (const [phone, side] of phones) {
    await phone.getByRole('radio', { name: `The ${side} player’s hand` }).check();
    await phone.getByRole('link', { name: 'Go to the game' }).click();
    await then?.(phone);
  }
}

/** The three devices of a Grossdeutschland test: the phones named, a new game started on the table. */
export async function startGdOnThree(baseUrl: string, devices: LinkedDevices): Promise<void> {
  await namePhones(baseUrl, [
    [devices.german, 'German phone'],
    [devices.soviet, 'Soviet phone'],
  ]);
  await startGameOn(devices.table, baseUrl, 'grossdeutschland', { ready: (p) => p.getByLabel('Turn type') });
}

/**
 * The German and the Soviet phones linked to `table`, each holding its side and on the event chits
 * (3b); returns once joint randomness has started with all three devices in it (issue #33).
 */
export async function seatGdPhonesAtEvents(table: Page, german: Page, soviet: Page): Promise<void> {
  await linkSides(
    table,
    [
      [german, 'German'],
      [soviet, 'Soviet'],
    ],
    async (phone) => {
      await phone.getByRole('button', { name: '3. Activation' }).click();
      await phone.getByRole('button', { name: '3b. Event chits' }).click();
    },
  );
  await expect
    .poll(() =>
      table.evaluate(() => document.querySelector('wc-app')!.store.getState().current?.state.joint?.devices.length),
    )
    .toBe(3);
}

/**
 * Grossdeutschland: waits until this turn's weather is logged on `page` (3.2). Moving to another phase
 * is a step of the engine's sequence of play (issue #29): a phase asked for before the weather is
 * logged would put the weather out of its phase.
 */
export async function gdWeatherRolled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const cur = document.querySelector('wc-app')!.store.getState().current;
        const weather = cur?.state.game['weather'] as { turn?: number } | undefined;
        return weather?.turn !== undefined && weather.turn === cur?.state.turn;
      }),
    )
    .toBe(true);
}

/** Grossdeutschland's turn begun on `page`: day 10, the turn type saved, the weather rolled (and logged). */
export async function gdTurnBegun(page: Page, turnType: 'day' | 'night'): Promise<void> {
  await page.getByLabel('Day', { exact: true }).fill('10');
  await page.getByLabel('Turn type').selectOption(turnType);
  await page.getByRole('button', { name: 'Save' }).first().click();
  await page.getByRole('button', { name: 'Roll the weather' }).click();
  await gdWeatherRolled(page);
}

export function setupLinkedDevices(
  baseUrl: string,
  setupError: string,
  arrange: (devices: LinkedDevices) => Promise<void>,
): void {
  let browser: Browser | undefined;
  setupOnce(async () => {
    const devices = await openLinkedDevices(baseUrl, setupError);
    browser = devices.browser;
    await arrange(devices);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** Links `replica` to `writer` by the two codes, pasted (the QR codes carry the same text). */
export async function linkByCodes(writer: Page, replica: Page): Promise<void> {
  await writer.getByTestId('link-open').click();
  await writer.getByTestId('link-add').click();
  const offer = await writer.getByTestId('link-offer').inputValue({ timeout: 20_000 });
  await replica.getByTestId('link-open').click();
  await replica.getByTestId('link-join').locator('textarea').fill(offer);
  await replica.getByTestId('link-join').getByRole('button', { name: 'Answer' }).click();
  const answer = await replica.getByTestId('link-answer').inputValue({ timeout: 20_000 });
  await writer.getByTestId('link-accept').locator('textarea').fill(answer);
  await writer.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
  await expect.poll(() => replica.getByTestId('link-strip').textContent(), { timeout: 20_000 }).toContain('Following');
}

/**
 * Grossdeutschland: types in the event chits drawn from the players' own cups, one a side (name,
 * colour, modifier), and asks for the draw (18.2).
 */
export async function typeEventChits(
  page: Page,
  chits: Record<'german' | 'soviet', readonly [name: string, colour: string, modifier: string]>,
): Promise<void> {
  for (const side of ['german', 'soviet'] as const) {
    const [name, colour, modifier] = chits[side];
    await page.getByTestId(`gd-chit-${side}`).fill(name);
    await page.getByTestId(`gd-chit-${side}-colour`).selectOption(colour);
    await page.getByTestId(`gd-chit-${side}-mod`).fill(modifier);
  }
  await page.getByTestId('gd-draw-events').click();
}

/** The file that `click` makes the page download: its text and its suggested name. */
export async function download(page: Page, click: () => Promise<void>): Promise<{ text: string; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { text: await readFile((await file.path())!, 'utf8'), name: file.suggestedFilename() };
}

/** From the home screen, the first game in progress exported with its seed: the file's text. */
export async function exportFirstGame(page: Page, baseUrl: string): Promise<string> {
  await page.goto(baseUrl + '#/');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Export file' }).first().click();
  return (await download(page, () => page.getByRole('button', { name: 'Export with the seed' }).click())).text;
}

/** True when the element's box lies wholly inside the viewport (no scrolling needed to read it). */
export async function inViewport(page: Page, target: Locator): Promise<boolean> {
  await target.waitFor();
  const box = await target.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width;
}

/** The headline of the latest result (the sheet over the bottom of a phone, the column on a tablet). */
/** The element a tap at the centre of `target` would reach, through the shadow roots: is it the target (or inside it)? */
export function hitsItself(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    let at: Element | null = document.elementFromPoint(x, y);
    while (at?.shadowRoot) {
      const inner = at.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === at) break;
      at = inner;
    }
    return !!at && (at === el || el.contains(at));
  });
}

export const headline = (page: Page): Locator => page.locator('wc-session-page section.latest [data-testid=headline]');

/**
 * Zitadelle's optional reinforcement chits (13.3) dealt between the two phones into boxes A–H from
 * the table: both sides seated (linkSides), the Soviet movement phase, the eight chits as printed and
 * the boxes' turns typed, then the shuffle; resolves once every device holds the eight boxes. The
 * table is left on the game's page.
 */
export async function dealZitadelleBoxes(table: Page, german: Page, soviet: Page, chits: readonly string[]) {
  const store = (page: Page) =>
    page.evaluate(() => {
      const s = document.querySelector('wc-app')!.store.getState();
      return {
        seated: s.link?.peers.filter((x) => x.side).length ?? 0,
        steps: s.current?.session.log.length ?? 0,
        boxes: s.current?.state.hidden?.['zi-optional-reinforcement-chits']?.drawn.length ?? 0,
      };
    });
  await linkSides(table, [
    [german, 'German'],
    [soviet, 'Soviet'],
  ]);
  await expect.poll(async () => (await store(table)).seated).toBe(2);
  await table.goto(table.url().replace('#/link/', '#/session/'));
  const panel = table.locator('wc-zitadelle-panel');
  const n = (await store(table)).steps;
  await panel.getByTestId('zi-phase').selectOption({ label: 'Soviet movement' });
  await expect.poll(async () => (await store(table)).steps).toBeGreaterThan(n);
  const form = panel.getByTestId('zi-chits');
  await form.getByLabel('The eight chits as printed').fill(chits.join(', '));
  for (const [box, turn] of Object.entries({ C: 4, D: 4, E: 5, F: 5, G: 6, H: 7 }))
    await form.getByLabel(`Turn of box ${box}`).fill(String(turn));
  await form.getByRole('button', { name: 'Shuffle between the phones into boxes A–H' }).click();
  for (const p of [table, german, soviet])
    await expect.poll(async () => (await store(p)).boxes, { timeout: 30_000 }).toBe(8);
}
