#!/usr/bin/env node
/**
 * Tap and scroll count of the Grossdeutschland Kursk first turn (issue #10), played in the built app
 * the way a player would, on a fresh profile, on a phone (390×844) and a tablet (1024×768):
 * from the home page, a new Kursk game; the turn's type and weather modifier typed in from the map's
 * track; the weather rolled; the German's chosen first HQ chit (18.1) drawn and activated; one
 * German attack with the event chits typed in from the physical cups; the combat resolved.
 * The app rolls the dice (the default); only the chits are typed.
 *
 * It is a measurement, not a test. Counted:
 * - taps: every click, select, or field the player must fill (typing a value counts as one tap,
 *   for focusing the field);
 * - scroll: before each tap, how far the page must scroll to bring the target into view (the
 *   viewport less any sticky/fixed bar over its top or bottom edge), scrolling only when needed;
 *   after each result (a new step in the log), the scroll needed to bring the result's headline
 *   into view, if it is not already. The sum of |scroll distance| in CSS px.
 *
 * Usage: node scripts/tap-count.mjs <base-url> [old|new] [runs, default 3]
 *   (serve a build first, e.g. `npx vite build --outDir /tmp/d && npx vite preview --outDir /tmp/d`)
 *   "old" is the path through the app before the redesign (the parent of fdb874a), "new" (the
 *   default) the path through the redesigned one.
 */
import { chromium } from 'playwright-core';

const base = process.argv[2];
const version = process.argv[3] ?? 'new';
const RUNS = Number(process.argv[4] ?? 3);
if (!base) {
  console.error('usage: node scripts/tap-count.mjs <base-url> [old|new] [runs]');
  process.exit(2);
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
];

// The event chits typed in from the physical cups (name, colour, printed modifier), as in
// tests/e2e/grossdeutschland.e2e.test.ts.
const GERMAN_CHIT = { name: 'Aggressive Assault', colour: 'blue', modifier: '-2' };
const SOVIET_CHIT = { name: 'Apathy', colour: 'red', modifier: '2' };

const byRole = (role, name) => (p) => p.getByRole(role, { name, exact: true }).first();
const byLabel = (label) => (p) => p.getByLabel(label).first();
const byTestId = (id) => (p) => p.getByTestId(id).first();

/**
 * The path: one entry per tap. `result` marks a tap that adds a step to the session's log (a
 * roll, a draw, a combat): after it the result's headline is looked for.
 */
const common = {
  home: [
    { what: 'open Grossdeutschland', click: byRole('link', 'Famous Divisions: Grossdeutschland Panzer') },
    {
      what: 'start a new Kursk game',
      click: (p) =>
        p.locator('wc-game-page li.card', { hasText: 'Kursk' }).getByRole('button', { name: 'Start a new game' }),
    },
  ],
  turn: [
    { what: 'turn type (from the track)', select: byLabel('Turn type'), value: 'night' },
    { what: 'weather modifier (from the track)', fill: byLabel('Weather modifier on the track'), value: '-1' },
    { what: 'save the turn', click: byRole('button', 'Save'), result: true },
    { what: 'roll the weather', click: byRole('button', 'Roll the weather'), result: true },
  ],
  activation: [
    { what: 'Activation phase', click: byRole('button', '3. Activation') },
    { what: 'German picks the first chit (18.1)', select: byTestId('gd-open-0'), label: 'HQ 2Gr' },
    { what: 'set it aside to go first', click: byRole('button', 'Set them aside to go first'), result: true },
    { what: 'draw the first HQ chit', click: byTestId('gd-draw-hq'), result: true },
    { what: 'activate it', click: byTestId('gd-activate'), result: true },
  ],
  events: [
    { what: "the attack's event chits step of Activation", click: byRole('button', '3b. Event chits') },
    { what: 'we draw from our physical cups', click: byTestId('gd-events-table'), result: true },
    { what: 'German chit: name', fill: byTestId('gd-chit-german'), value: GERMAN_CHIT.name },
    { what: 'German chit: colour', select: byTestId('gd-chit-german-colour'), value: GERMAN_CHIT.colour },
    { what: 'German chit: modifier', fill: byTestId('gd-chit-german-mod'), value: GERMAN_CHIT.modifier },
    { what: 'Soviet chit: name', fill: byTestId('gd-chit-soviet'), value: SOVIET_CHIT.name },
    { what: 'Soviet chit: colour', select: byTestId('gd-chit-soviet-colour'), value: SOVIET_CHIT.colour },
    { what: 'Soviet chit: modifier', fill: byTestId('gd-chit-soviet-mod'), value: SOVIET_CHIT.modifier },
    { what: 'enter the event chits', click: byTestId('gd-draw-events'), result: true },
  ],
  combat: [
    { what: 'attacking units', fill: (p) => p.getByLabel(/Attacking units/).first(), value: '6' },
    { what: 'defending units', fill: (p) => p.getByLabel(/Defending units/).first(), value: '3' },
    { what: 'resolve the combat', click: byRole('button', 'Resolve the combat'), result: true },
  ],
};

/**
 * The same procedure in both versions (the labels and test ids it uses did not change), but for one
 * tap: now "Roll the weather" saves the turn as typed first, so the player does not tap Save.
 */
const PATHS = {
  old: [...common.home, ...common.turn, ...common.activation, ...common.events, ...common.combat],
  new: [
    ...common.home,
    ...common.turn.filter((step) => step.what !== 'save the turn'),
    ...common.activation,
    ...common.events,
    // The attack's combat is the step after its event chits (3c; issue #28 item 11).
    { what: 'the combat step of Activation', click: byRole('button', '3c. Combat') },
    ...common.combat,
  ],
};

/**
 * Runs in the page: the band of the viewport not covered by sticky or fixed bars along its top or
 * bottom edge (a bar is an element at least half the viewport wide, stuck to that edge), except a
 * bar that holds `target` itself (the result sheet, for its own headline).
 */
function visibleBand(target) {
  const vh = window.innerHeight,
    vw = window.innerWidth;
  const holds = (bar) => {
    for (let n = target; n; n = n.parentNode ?? n.host) if (n === bar) return true;
    return false;
  };
  let top = 0,
    bottom = vh;
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
      const pos = getComputedStyle(el).position;
      if (pos !== 'fixed' && pos !== 'sticky') continue;
      const r = el.getBoundingClientRect();
      if (r.width < vw / 2 || r.height === 0 || r.bottom <= 0 || r.top >= vh || holds(el)) continue;
      if (r.top <= 1 && r.bottom < vh / 2) top = Math.max(top, r.bottom);
      else if (r.bottom >= vh - 1 && r.top > vh / 3) bottom = Math.min(bottom, r.top);
    }
  };
  walk(document);
  const r = target.getBoundingClientRect();
  return { top, bottom, boxTop: r.top, boxBottom: r.bottom };
}

/** Scrolls the least needed to show the target in the visible band; returns |distance| in px. */
async function scrollIntoBand(page, locator) {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
  const { top, bottom, boxTop, boxBottom } = await locator.evaluate(visibleBand);
  let delta = 0;
  if (boxTop < top) delta = boxTop - top;
  else if (boxBottom > bottom) delta = Math.min(boxBottom - bottom, boxTop - top);
  if (Math.abs(delta) < 1) return 0;
  const before = await page.evaluate(() => window.scrollY);
  await page.evaluate((d) => window.scrollBy(0, d), delta);
  const after = await page.evaluate(() => window.scrollY);
  return Math.abs(after - before);
}

/** The latest result's headline: the first one outside the log. */
const latestHeadline = (page) => page.locator('[data-testid=headline]:not(wc-log-view *)').first();
const logSteps = (page) => page.locator('wc-log-view li[data-seq]').count();

async function play(browser, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('wc-app').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
  const rows = [];
  let taps = 0,
    scroll = 0;
  for (const step of PATHS[version]) {
    const target = (step.click ?? step.fill ?? step.select)(page);
    const before = step.result ? await logSteps(page) : 0;
    const s = await scrollIntoBand(page, target);
    taps += 1;
    if (step.click) await target.click();
    else if (step.fill) await target.fill(step.value);
    else await target.selectOption(step.label ? { label: step.label } : step.value);
    let seen = '';
    let r = 0;
    if (step.result) {
      await page.waitForFunction(
        (n) => {
          const find = (root) => {
            for (const el of root.querySelectorAll('*')) {
              if (el.localName === 'wc-log-view')
                return (el.shadowRoot ?? el).querySelectorAll('li[data-seq]').length > n;
              if (el.shadowRoot) {
                const x = find(el.shadowRoot);
                if (x !== undefined) return x;
              }
            }
            return undefined;
          };
          return find(document) === true;
        },
        before,
        { timeout: 10_000 },
      );
      await page.waitForTimeout(300);
      const headline = latestHeadline(page);
      seen = ((await headline.textContent()) ?? '').trim().slice(0, 40);
      r = await scrollIntoBand(page, headline);
    } else await page.waitForTimeout(150);
    scroll += s + r;
    rows.push({ what: step.what, scroll: s, result: step.result ? `${seen} (${r ? `+${r} px` : 'in view'})` : '' });
  }
  await context.close();
  return { rows, taps, scroll: Math.round(scroll) };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const totals = [];
  for (const vp of VIEWPORTS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { rows, taps, scroll } = await play(browser, vp);
      runs.push({ taps, scroll });
      if (i > 0) continue;
      console.log(`\n${version} — ${vp.name} ${vp.width}×${vp.height} (first run)`);
      console.log('tap | scroll before (px) | step | result headline (scroll to see it)');
      rows.forEach((row, n) =>
        console.log(
          `${String(n + 1).padStart(3)} | ${String(Math.round(row.scroll)).padStart(5)} | ${row.what} | ${row.result}`,
        ),
      );
    }
    const scrolls = runs.map((r) => r.scroll).sort((a, b) => a - b);
    totals.push({
      viewport: vp.name,
      taps: [...new Set(runs.map((r) => r.taps))].join('/'),
      median: scrolls[Math.floor(scrolls.length / 2)],
      range: `${scrolls[0]}–${scrolls[scrolls.length - 1]}`,
    });
  }
  console.log(`\n${version}: ${base} (${RUNS} runs per viewport: the seed, so the weather and the results, differ)`);
  console.log('viewport | taps | scroll px (median) | scroll px (min–max)');
  for (const t of totals) console.log(`${t.viewport} | ${t.taps} | ${t.median} | ${t.range}`);
} finally {
  await browser.close();
}
