#!/usr/bin/env node
/**
 * `npm run bench`: a benchmark, not a test (it never fails on a missed target, only on a crash).
 *
 *  1. Builds the app (vite build → dist/).
 *  2. Initial-load JS: the JS files referenced by dist/index.html's <script src> and
 *     <link rel="modulepreload"> tags, gzipped with node:zlib (level 9) — target ≤ 60 KB.
 *  3. Precache: the sum of the sizes of the entries in dist/sw.js's precache manifest.
 *  4. Engine throughput in Node (the engine is TypeScript; it is loaded through Vite's
 *     ssrLoadModule, with no compile step): d6 rolls/s, CRT resolutions/s (target ≥ 1,000,000),
 *     exact combat distributions/s.
 *  5. A long game: 10,000 log entries (2d6 rolls made with the engine in Node, Grossdeutschland,
 *     Kursk). verifySession over them in Node (target < 1 s).
 *  6. The same game in the built app (vite preview on a free 127.0.0.1 port, headless Debian
 *     Chromium through playwright-core): the entries are written straight into the page's
 *     IndexedDB, then: time to open the game (hash navigation to #/session/<id> until the log
 *     shows its first entry; target < 300 ms; a cold page load is shown too), and the p95 of 50
 *     appends (Dice tab roll button click → the new step in wc-log-view; target < 10 ms).
 *     Skipped, with the reason, when Chromium is missing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createServer as createNetServer } from 'node:net';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const KB = 1024;
const TARGET_JS_GZIP = 60 * KB;
const TARGET_CRT_PER_S = 1_000_000;
const LONG_GAME = Number(process.env.BENCH_ENTRIES ?? 10_000); // override only to compare sizes
const TARGET_VERIFY_MS = 1000;
const TARGET_OPEN_MS = 300;
const TARGET_APPEND_P95_MS = 10;
const APPENDS = 50;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
];
/**
 * Installed in every page as window.__wcFind(hostTag, selector): the first element matching
 * `selector` in the shadow root of the first `hostTag` element, searching every open shadow root.
 * (An init script: the app's Content-Security-Policy forbids eval in the page.)
 */
function installDeepFind() {
  const find = (root, tag) => {
    const hit = root.querySelector(tag);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*'))
      if (el.shadowRoot) {
        const h = find(el.shadowRoot, tag);
        if (h) return h;
      }
    return null;
  };
  window.__wcFind = (hostTag, selector) => {
    const host = find(document, hostTag);
    return host && host.shadowRoot ? host.shadowRoot.querySelector(selector) : null;
  };
}
const fmtMs = (n) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`;

const fmtKB = (n) => `${(n / KB).toFixed(1)} KB`;
const fmtRate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;
const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const line = (label, value, target = '') =>
  console.log(`${label.padEnd(34)} ${value.padStart(16)}${target ? `   ${target}` : ''}`);

// Vite is imported lazily so `node scripts/bench.mjs` fails with a clear message if deps are missing.
const vite = await import('vite').catch((e) => {
  console.error(`bench: cannot import vite (run npm ci first): ${e.message}`);
  process.exit(1);
});

// ------------------------------------------------------------------ 1. build
let built = false;
{
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const t0 = performance.now();
  try {
    await vite.build({ root, mode: 'production', logLevel: 'warn' });
    built = true;
  } catch (e) {
    console.error(`bench: vite build failed (sizes skipped, exit code 1): ${e.message}`);
    process.exitCode = 1;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log(
    `\nWargame Companion benchmark (node ${process.version}; build ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
}

// ------------------------------------------------------------------ 2. initial-load JS
if (!built) {
  line('initial-load JS (gzip -9)', 'n/a', '(build failed)');
  line('precache', 'n/a', '(build failed)');
} else {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) refs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    if (/\brel=["']?modulepreload["']?/i.test(tag)) {
      const href = /\bhref=["']([^"']+)["']/i.exec(tag);
      if (href) refs.add(href[1]);
    }
  }
  let raw = 0;
  let gz = 0;
  const files = [];
  for (const ref of refs) {
    if (/^(https?:)?\/\//.test(ref)) {
      console.warn(`  (external script not counted: ${ref})`);
      continue;
    }
    const file = join(dist, ref.replace(/^\.?\//, '').split(/[?#]/)[0]);
    if (!existsSync(file)) {
      console.warn(`  (missing file: ${ref})`);
      continue;
    }
    const buf = readFileSync(file);
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    files.push(`${ref} ${fmtKB(g)}`);
  }
  line(
    'initial-load JS (gzip -9)',
    fmtKB(gz),
    `target ≤ ${fmtKB(TARGET_JS_GZIP)}: ${verdict(gz <= TARGET_JS_GZIP)}  (${files.length} files, ${fmtKB(raw)} raw)`,
  );
  for (const f of files) console.log(`    ${f}`);
}

// ------------------------------------------------------------------ 3. precache
if (built) {
  const swFile = join(dist, 'sw.js');
  if (!existsSync(swFile)) {
    line('precache', 'n/a', '(no dist/sw.js: the PWA plugin is not configured yet)');
  } else {
    const sw = readFileSync(swFile, 'utf8');
    const m = /precacheAndRoute\(\s*(\[[\s\S]*?\])\s*[,)]/.exec(sw);
    if (!m) {
      line('precache', 'n/a', '(no precacheAndRoute([...]) in dist/sw.js)');
    } else {
      const urls = [...m[1].matchAll(/\burl\s*:\s*(["'`])([^"'`]+)\1/g)].map((x) => x[2]);
      let bytes = 0;
      const missing = [];
      for (const u of new Set(urls)) {
        const f = join(dist, decodeURIComponent(u.replace(/^\.?\//, '').split(/[?#]/)[0]));
        if (existsSync(f)) bytes += statSync(f).size;
        else missing.push(u);
      }
      line(
        'precache',
        fmtKB(bytes),
        `(${urls.length} entries${missing.length ? `; not in dist: ${missing.join(', ')}` : ''})`,
      );
    }
  }
}

// ------------------------------------------------------------------ 4. engine in Node
let longGame;
const server = await vite.createServer({
  root,
  logLevel: 'error',
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
});
try {
  const engine = await server.ssrLoadModule('/src/engine/index.ts');
  const { createRng, rollDice, resolveCombat, combatDistribution, TableSchema, parse, formatIssues } = engine;

  /** Runs fn in batches for about `ms` after a warm-up; returns calls per second. */
  const rate = (fn, ms = 1500) => {
    for (let i = 0; i < 20_000; i++) fn();
    let n = 0;
    let batch = 1000;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < ms) {
      for (let i = 0; i < batch; i++) fn();
      n += batch;
      t = performance.now();
      if (t - t0 < 50) batch *= 2;
    }
    return (n * 1000) / (t - t0);
  };

  const crtFile = join(root, 'tables/grossdeutschland/gd-crt.json');
  let table = existsSync(crtFile) ? JSON.parse(readFileSync(crtFile, 'utf8')) : fallbackCrt();
  const tableName = existsSync(crtFile) ? 'tables/grossdeutschland/gd-crt.json' : 'inline 2d6 CRT';
  if (typeof parse === 'function' && TableSchema) {
    const r = parse(TableSchema, table);
    if (!r.ok)
      console.warn(`  (${tableName} does not validate:\n${formatIssues?.(r.issues) ?? JSON.stringify(r.issues)})`);
    else table = r.value;
  }

  let sink = 0;
  if (typeof createRng !== 'function' || typeof rollDice !== 'function') {
    line('d6 rolls', 'n/a', '(engine lacks createRng/rollDice)');
  } else {
    const rng = createRng('bench');
    const d6 = { n: 1, sides: 6 };
    line(
      'd6 rolls (rollDice 1d6)',
      fmtRate(
        rate(() => {
          sink += rollDice(rng, d6).total;
        }),
      ),
    );
  }
  const input = { attack: 7, defence: 3, modifiers: [{ value: 1, label: 'x' }] };
  const twoD6 = { n: 2, sides: 6 };
  if (typeof resolveCombat !== 'function') {
    line('CRT resolutions', 'n/a', '(engine lacks resolveCombat)');
  } else {
    const rng = createRng('bench-crt');
    const r = rate(() => {
      sink += resolveCombat(table, input, rollDice(rng, twoD6)).result.length;
    });
    line(
      'CRT resolutions (7:3, +1, 2d6)',
      fmtRate(r),
      `target ≥ ${fmtRate(TARGET_CRT_PER_S)}: ${verdict(r >= TARGET_CRT_PER_S)}  (${tableName})`,
    );
  }
  if (typeof combatDistribution !== 'function') {
    line('exact distributions', 'n/a', '(engine lacks combatDistribution)');
  } else {
    line(
      'exact distributions (2d6)',
      fmtRate(
        rate(() => {
          sink += combatDistribution(table, input, twoD6).outcomes;
        }),
      ),
    );
  }
  if (sink === 0.5) console.log(sink); // keeps the results live

  // ---------------------------------------------------------------- 5. a long game, verified in Node
  try {
    longGame = await makeLongGame(engine, await server.ssrLoadModule('/src/data/catalog.ts'));
    const { verifySession } = engine;
    verifySession(longGame.session, longGame.ctx); // warm-up
    const times = [];
    let v;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      v = verifySession(longGame.session, longGame.ctx);
      times.push(performance.now() - t0);
    }
    const ms = Math.min(...times);
    if (!v.ok) throw new Error(`the generated game does not verify: ${JSON.stringify(v.firstMismatch)}`);
    line(
      `verify ${LONG_GAME.toLocaleString('en-US')} entries (Node)`,
      fmtMs(ms),
      `target < ${fmtMs(TARGET_VERIFY_MS)}: ${verdict(ms < TARGET_VERIFY_MS)}  (best of 3; ${v.checked} checked; generated in ${fmtMs(longGame.genMs)})`,
    );
  } catch (e) {
    line(`verify ${LONG_GAME.toLocaleString('en-US')} entries (Node)`, 'n/a', `(${e.message})`);
    longGame = undefined;
  }
} finally {
  await server.close();
}

// ------------------------------------------------------------------ 6. the long game in the browser
if (!built) line(`open a ${LONG_GAME}-step game`, 'n/a', '(build failed: browser benchmarks skipped)');
else if (!longGame) line(`open a ${LONG_GAME}-step game`, 'n/a', '(no generated game: browser benchmarks skipped)');
else await browserBench(longGame);
console.log('');

/** 10,000 2d6 rolls on the Grossdeutschland Kursk scenario, made with the engine. */
async function makeLongGame(engine, catalog) {
  const { newSession, initialState, apply } = engine;
  const bundle = await catalog.loadGame('grossdeutschland');
  const scenario = bundle.scenarios.find((s) => s.id === 'gd-kursk');
  if (!scenario) throw new Error('no gd-kursk scenario in the catalog');
  const ctx = { tables: new Map(bundle.tables.map((t) => [t.id, t])), scenario };
  const t0 = performance.now();
  let session = newSession({
    id: 'bench-10k',
    game: 'grossdeutschland',
    scenario: 'gd-kursk',
    name: 'Bench: 10,000 steps',
    seed: 'bench-10k-seed',
    createdAt: '2024-01-01T00:00:00.000Z',
  });
  let state = initialState(session, scenario);
  // apply() copies the log each time (immutable values); pushing the entries keeps this linear.
  const log = [];
  const roll = { type: 'roll', dice: { n: 2, sides: 6 }, label: '2d6' };
  for (let k = 0; k < LONG_GAME; k++) {
    const r = apply({ ...session, log }, state, roll, ctx, {
      at: '2024-01-01T10:00:00.000Z',
      context: { turn: 1 + Math.floor(k / 500), side: k % 2 ? 'soviet' : 'german' },
    });
    log.push(r.entry);
    state = r.state;
  }
  session = { ...session, log };
  return { session, state, ctx, genMs: performance.now() - t0 };
}

function freePort(host) {
  return new Promise((ok, fail) => {
    const srv = createNetServer();
    srv.once('error', fail);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? ok(port) : fail(new Error('could not get a free port'))));
    });
  });
}

async function browserBench(game) {
  const { session } = game;
  const skip = (why) => line('browser benchmarks', 'skipped', `(${why})`);
  if (!existsSync(CHROME_PATH)) return skip(`no Chromium at ${CHROME_PATH}; set CHROME_PATH`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    return skip(`cannot import playwright-core: ${e.message}`);
  }
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: CHROME_ARGS,
      timeout: 60_000,
    });
  } catch (e) {
    return skip(`Chromium could not start: ${String(e.message).split('\n')[0]}`);
  }
  const host = '127.0.0.1';
  let preview;
  try {
    for (let attempt = 0; !preview; attempt++) {
      try {
        preview = await vite.preview({
          root,
          logLevel: 'warn',
          preview: { host, port: await freePort(host), strictPort: true, open: false },
        });
      } catch (e) {
        if (attempt >= 4) throw e;
      }
    }
    const base = preview.resolvedUrls?.local[0] ?? `http://${host}:${preview.config.preview.port}/`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(installDeepFind);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base);
    await page.locator('wc-app').waitFor({ state: 'attached', timeout: 30_000 });

    // Write the game straight into the page's IndexedDB (the app's v2 schema, src/persistence/db.ts).
    const { log, ...rest } = session;
    const now = '2024-01-01T10:00:00.000Z';
    // As the app saves it: the state after the last step goes with the game's record.
    const meta = { ...rest, updatedAt: now, entryCount: log.length, state: game.state };
    const tw = performance.now();
    const CHUNK = 1000;
    for (let k = 0; k < log.length; k += CHUNK) {
      const chunk = log.slice(k, k + CHUNK).map((e) => ({ ...e, session: session.id }));
      await page.evaluate(
        async ({ meta, chunk }) => {
          const db = await new Promise((ok, fail) => {
            const req = indexedDB.open('wargame-companion', 2);
            req.onupgradeneeded = () => {
              const d = req.result;
              d.createObjectStore('sessions', { keyPath: 'id' });
              d.createObjectStore('entries', { keyPath: ['session', 'seq'] }).createIndex('bySession', 'session');
              d.createObjectStore('charts', { keyPath: ['game', 'table'] }).createIndex('byGame', 'game');
              d.createObjectStore('settings', { keyPath: 'key' });
            };
            req.onsuccess = () => ok(req.result);
            req.onerror = () => fail(req.error);
          });
          await new Promise((ok, fail) => {
            const tx = db.transaction(['sessions', 'entries'], 'readwrite');
            tx.objectStore('sessions').put(meta);
            for (const e of chunk) tx.objectStore('entries').put(e);
            tx.oncomplete = ok;
            tx.onerror = () => fail(tx.error);
          });
          db.close();
        },
        { meta, chunk },
      );
    }
    const writeMs = performance.now() - tw;

    // Open: hash navigation from the home screen until the log shows its first (newest) entry.
    // The app keeps an open game in memory, so each measurement uses a fresh page (same storage).
    const openOnce = async (p) => {
      await p.goto(base);
      await p.locator('wc-app').waitFor({ state: 'attached', timeout: 30_000 });
      await p.waitForTimeout(300); // let the home screen settle (game list read, service worker)
      return p.evaluate(
        async ({ id, seq }) => {
          const find = window.__wcFind;
          const t0 = performance.now();
          location.hash = `#/session/${id}`;
          // Polls on every task (a MessageChannel loop: no 4 ms timer clamp, no 16 ms frame wait).
          const ch = new MessageChannel();
          return new Promise((ok) => {
            ch.port1.onmessage = () => {
              if (find('wc-log-view', `li[data-seq="${seq}"]`)) ok(performance.now() - t0);
              else if (performance.now() > t0 + 30_000) ok(-1);
              else ch.port2.postMessage(0);
            };
            ch.port2.postMessage(0);
          });
        },
        { id: session.id, seq: log.length },
      );
    };
    // Each measurement reloads the page first (openOnce navigates to the home screen), so the game is
    // read from IndexedDB every time and no other page holds it.
    const opens = [];
    for (let k = 0; k < 3; k++) {
      const ms = await openOnce(page);
      if (ms < 0) throw new Error('the log did not show the game within 30 s');
      opens.push(ms);
    }
    // The last measurement leaves `page` on the home screen: open the game there for the appends.
    await openOnce(page);
    const opened = [...opens].sort((a, b) => a - b)[1];
    line(
      `open a ${LONG_GAME.toLocaleString('en-US')}-step game`,
      fmtMs(opened),
      `target < ${fmtMs(TARGET_OPEN_MS)}: ${verdict(opened < TARGET_OPEN_MS)}  (median of ${opens.map((x) => fmtMs(x)).join(', ')}; #/session/<id> → first log entry in the DOM)`,
    );
    console.log(
      `    (the ${LONG_GAME.toLocaleString('en-US')} entries were written into IndexedDB in ${fmtMs(writeMs)})`,
    );

    // Appends: click the Dice tab's roll button; time until the new step is in the log's DOM.
    const appends = await page.evaluate(
      async ({ first, n }) => {
        const find = window.__wcFind;
        const tab = find('wc-session-page', '#tab-dice');
        if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
        const wait = (pred, ms = 10_000) =>
          new Promise((ok, fail) => {
            const t0 = performance.now();
            const tick = () =>
              pred() ? ok() : performance.now() - t0 > ms ? fail(new Error('timed out')) : setTimeout(tick, 1);
            tick();
          });
        const button = () => find('wc-dice-roller', 'p > button.primary');
        await wait(() => button() && !button().disabled);
        // For the breakdown: how long each step's IndexedDB commit takes inside the app (the repository call).
        const repo = document.querySelector('wc-app').store.env.repo;
        const append = repo.appendEntry.bind(repo);
        window.__commits = [];
        repo.appendEntry = async (...a) => {
          const t0 = performance.now();
          const r = await append(...a);
          window.__commits.push(performance.now() - t0);
          return r;
        };
        const times = [];
        for (let k = 0; k < n; k++) {
          const seq = first + k;
          await wait(() => button() && !button().disabled);
          const logView = find('wc-session-page', 'wc-log-view');
          const t = await new Promise((ok, fail) => {
            const done = () =>
              find('wc-session-page', 'wc-log-view')?.shadowRoot?.querySelector(`li[data-seq="${seq}"]`);
            const obs = new MutationObserver(() => {
              if (done()) {
                obs.disconnect();
                ok(performance.now() - t0);
              }
            });
            obs.observe(logView.shadowRoot, { childList: true, subtree: true });
            const timer = setTimeout(() => {
              obs.disconnect();
              fail(new Error(`step ${seq} did not appear`));
            }, 10_000);
            const t0 = performance.now();
            button().click();
            if (done()) {
              obs.disconnect();
              ok(performance.now() - t0);
            }
            void timer;
          });
          times.push(t);
        }
        return times;
      },
      { first: log.length + 1, n: APPENDS },
    );
    const sorted = [...appends].sort((a, b) => a - b);
    const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    const p95 = pct(95);
    line(
      `append p95 (${APPENDS} rolls)`,
      fmtMs(p95),
      `target < ${fmtMs(TARGET_APPEND_P95_MS)}: ${verdict(p95 < TARGET_APPEND_P95_MS)}  (median ${fmtMs(pct(50))}, max ${fmtMs(sorted[sorted.length - 1])}; click → new step in the log's DOM)`,
    );
    const commits = (await page.evaluate(() => window.__commits)).sort((a, b) => a - b);
    const cq = (p) => commits[Math.min(commits.length - 1, Math.ceil((p / 100) * commits.length) - 1)];
    line(
      '  of which the IndexedDB commit',
      fmtMs(cq(95)),
      `(p95 inside the app's steps; median ${fmtMs(cq(50))}, max ${fmtMs(commits[commits.length - 1])})`,
    );

    // For reference: what one committed IndexedDB write costs here (the app awaits one per step).
    const idb = await page.evaluate(
      async ({ entry, n }) => {
        const db = await new Promise((ok, fail) => {
          const req = indexedDB.open('wargame-companion', 2);
          req.onsuccess = () => ok(req.result);
          req.onerror = () => fail(req.error);
        });
        const times = [];
        for (let k = 0; k < n; k++) {
          const t0 = performance.now();
          await new Promise((ok, fail) => {
            const tx = db.transaction(['entries'], 'readwrite');
            tx.objectStore('entries').put({ ...entry, session: 'bench-scratch', seq: k + 1 });
            tx.oncomplete = ok;
            tx.onerror = () => fail(tx.error);
          });
          times.push(performance.now() - t0);
        }
        const tx = db.transaction(['entries'], 'readwrite');
        tx.objectStore('entries').delete(IDBKeyRange.bound(['bench-scratch', 0], ['bench-scratch', Infinity]));
        await new Promise((ok) => {
          tx.oncomplete = ok;
          tx.onerror = ok;
        });
        db.close();
        return times.sort((a, b) => a - b);
      },
      { entry: log[0], n: APPENDS },
    );
    line(
      '  one IndexedDB write, committed',
      fmtMs(idb[Math.floor(idb.length / 2)]),
      `(for reference: median of ${APPENDS}; p95 ${fmtMs(idb[Math.ceil(0.95 * idb.length) - 1])})`,
    );

    // For reference: a cold start straight into the game (page load, app code, IndexedDB, replay).
    await page.goto(base); // leave the game, so the cold page below can open it as its writer
    const cold = await context.newPage();
    await cold.goto(`${base}#/session/${session.id}`, { waitUntil: 'commit' });
    const coldMs = await cold
      .waitForFunction(
        ({ seq }) => (window.__wcFind('wc-log-view', `li[data-seq="${seq}"]`) ? performance.now() : 0),
        { seq: log.length + APPENDS },
        { polling: 'raf', timeout: 30_000 },
      )
      .then((h) => h.jsonValue());
    line(
      '  cold load into the game',
      fmtMs(coldMs),
      '(for reference: navigation start → first log entry, to the frame)',
    );
    if (errors.length) console.warn(`  (page errors: ${errors.slice(0, 3).join(' | ')})`);
  } catch (e) {
    line('browser benchmarks', 'failed', `(${String(e.message).split('\n')[0]})`);
    process.exitCode = 1;
  } finally {
    await browser.close().catch(() => {});
    await preview?.close().catch(() => {});
  }
}

/** A small 2d6 odds CRT, used only if the Grossdeutschland CRT is not in the repository. */
function fallbackCrt() {
  const t = (en) => ({ en, es: en });
  const codes = ['AE', 'AR', '-', 'DR', 'DE'];
  const cols = [
    [1, 2],
    [1, 1],
    [2, 1],
    [3, 1],
  ];
  return {
    kind: 'table',
    id: 'bench-crt',
    game: 'bench',
    title: t('Bench CRT'),
    rule: '1',
    status: 'complete',
    source: 'inline',
    type: 'crt',
    rows: {
      label: t('2d6'),
      entries: Array.from({ length: 11 }, (_, k) => ({ key: String(k + 2), min: k + 2, max: k + 2 })),
    },
    columns: { label: t('Odds'), entries: cols.map(([a, d]) => ({ key: `${a}-${d}`, odds: [a, d] })) },
    cells: Array.from({ length: 11 }, (_, r) => cols.map((_, c) => codes[Math.min(4, Math.floor((r + 2 * c) / 4))])),
    values: { kind: 'codes' },
    legend: Object.fromEntries(codes.map((c) => [c, { name: t(c) }])),
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows', clamp: { min: 2, max: 12, rule: '1' } },
    odds: { kind: 'ratio', rounding: 'attacker', rule: '1', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
  };
}
