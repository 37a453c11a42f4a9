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
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const KB = 1024;
const TARGET_JS_GZIP = 60 * KB;
const TARGET_CRT_PER_S = 1_000_000;

const fmtKB = (n) => `${(n / KB).toFixed(1)} KB`;
const fmtRate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;
const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const line = (label, value, target = '') => console.log(`${label.padEnd(34)} ${value.padStart(16)}${target ? `   ${target}` : ''}`);

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
  console.log(`\nWargame Companion benchmark (node ${process.version}; build ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
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
    if (/^(https?:)?\/\//.test(ref)) { console.warn(`  (external script not counted: ${ref})`); continue; }
    const file = join(dist, ref.replace(/^\.?\//, '').split(/[?#]/)[0]);
    if (!existsSync(file)) { console.warn(`  (missing file: ${ref})`); continue; }
    const buf = readFileSync(file);
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    files.push(`${ref} ${fmtKB(g)}`);
  }
  line('initial-load JS (gzip -9)', fmtKB(gz), `target ≤ ${fmtKB(TARGET_JS_GZIP)}: ${verdict(gz <= TARGET_JS_GZIP)}  (${files.length} files, ${fmtKB(raw)} raw)`);
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
      line('precache', fmtKB(bytes), `(${urls.length} entries${missing.length ? `; not in dist: ${missing.join(', ')}` : ''})`);
    }
  }
}

// ------------------------------------------------------------------ 4. engine in Node
const server = await vite.createServer({
  root, logLevel: 'error', appType: 'custom', optimizeDeps: { noDiscovery: true, include: [] },
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
    if (!r.ok) console.warn(`  (${tableName} does not validate:\n${formatIssues?.(r.issues) ?? JSON.stringify(r.issues)})`);
    else table = r.value;
  }

  let sink = 0;
  if (typeof createRng !== 'function' || typeof rollDice !== 'function') {
    line('d6 rolls', 'n/a', '(engine lacks createRng/rollDice)');
  } else {
    const rng = createRng('bench');
    const d6 = { n: 1, sides: 6 };
    line('d6 rolls (rollDice 1d6)', fmtRate(rate(() => { sink += rollDice(rng, d6).total; })));
  }
  const input = { attack: 7, defence: 3, modifiers: [{ value: 1, label: 'x' }] };
  const twoD6 = { n: 2, sides: 6 };
  if (typeof resolveCombat !== 'function') {
    line('CRT resolutions', 'n/a', '(engine lacks resolveCombat)');
  } else {
    const rng = createRng('bench-crt');
    const r = rate(() => { sink += resolveCombat(table, input, rollDice(rng, twoD6)).result.length; });
    line('CRT resolutions (7:3, +1, 2d6)', fmtRate(r), `target ≥ ${fmtRate(TARGET_CRT_PER_S)}: ${verdict(r >= TARGET_CRT_PER_S)}  (${tableName})`);
  }
  if (typeof combatDistribution !== 'function') {
    line('exact distributions', 'n/a', '(engine lacks combatDistribution)');
  } else {
    line('exact distributions (2d6)', fmtRate(rate(() => { sink += combatDistribution(table, input, twoD6).outcomes; })));
  }
  if (sink === 0.5) console.log(sink); // keeps the results live
} finally {
  await server.close();
}
console.log('');

/** A small 2d6 odds CRT, used only if the Grossdeutschland CRT is not in the repository. */
function fallbackCrt() {
  const t = (en) => ({ en, es: en });
  const codes = ['AE', 'AR', '-', 'DR', 'DE'];
  const cols = [[1, 2], [1, 1], [2, 1], [3, 1]];
  return {
    kind: 'table', id: 'bench-crt', game: 'bench', title: t('Bench CRT'), rule: '1', status: 'complete', source: 'inline',
    type: 'crt',
    rows: { label: t('2d6'), entries: Array.from({ length: 11 }, (_, k) => ({ key: String(k + 2), min: k + 2, max: k + 2 })) },
    columns: { label: t('Odds'), entries: cols.map(([a, d]) => ({ key: `${a}-${d}`, odds: [a, d] })) },
    cells: Array.from({ length: 11 }, (_, r) => cols.map((_, c) => codes[Math.min(4, Math.floor((r + 2 * c) / 4))])),
    values: { kind: 'codes' },
    legend: Object.fromEntries(codes.map((c) => [c, { name: t(c) }])),
    roll: { dice: { n: 2, sides: 6 }, axis: 'rows', clamp: { min: 2, max: 12, rule: '1' } },
    odds: { kind: 'ratio', rounding: 'attacker', rule: '1', below: { mode: 'clamp' }, above: { mode: 'clamp' } },
  };
}
