// The adversarial suite of issue 18: hundreds of mutated game files and chart packs, generated with a
// seeded RNG (a failure names its seed and mutation, so it reproduces), each imported through the
// app's own import (Store.importSession / importCharts on fake-indexeddb, the real catalog). Each
// one must be either refused with a message and nothing changed, or accepted and verify — never a
// crash, never a partial write.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../../src/app/store';
import { contextForFile } from '../../../src/data/context';
import { loadGame } from '../../../src/data/catalog';
import { parseCellInput, readSessionFile, type TableData } from '../../../src/engine';
import { openCompanionDb } from '../../../src/persistence/db';
import {} from '../../../src/persistence/sessions';
import { testStore } from './test-store';

const SEED = 18_2026;
const GAME_MUTATIONS = 400;
const PACK_MUTATIONS = 200;

/** mulberry32: a small seeded generator, so every run makes the same mutations. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type R = ReturnType<typeof rng>;

type Node = Record<string, unknown> | unknown[];
/** Every object or array inside a value, with its path. */
function containers(v: unknown, path = '$', out: [string, Node][] = []): [string, Node][] {
  if (typeof v !== 'object' || v === null) return out;
  out.push([path, v as Node]);
  if (Array.isArray(v)) v.forEach((x, k) => containers(x, `${path}[${k}]`, out));
  else for (const [k, x] of Object.entries(v)) containers(x, `${path}.${k}`, out);
  return out;
}
const keysOf = (n: Node): (string | number)[] => (Array.isArray(n) ? n.map((_, k) => k) : Object.keys(n));
const NASTY: unknown[] = [
  0,
  -1,
  1,
  7,
  1e12,
  -1e12,
  1.5,
  '',
  ' 3 ',
  '+4',
  'x'.repeat(300),
  'NaN',
  '%zz',
  '../../x',
  '\u202Eevil',
  '__proto__',
  true,
  false,
  null,
  [],
  {},
  { alg: 'alea', s: { c: 1, s0: 0.1, s1: 0.2, s2: 0.3 } },
  '2026-13-45T99:99:99Z',
];
const KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'prototype', 'extra', 'seq', 'undone', 'type'];

/** One mutation of a parsed file (or of its text), described for the failure message. */
function mutate(r: R, base: unknown, text: string): { text: string; what: string } {
  for (let tries = 0; tries < 50; tries++) {
    const m = tryMutate(r, base, text);
    if (m) return m;
  }
  throw new Error('no mutation applies');
}

function tryMutate(r: R, base: unknown, text: string): { text: string; what: string } | undefined {
  const v = structuredClone(base);
  const all = containers(v);
  const [path, node] = r.pick(all);
  const keys = keysOf(node);
  const op = r.int(11);
  const set = (k: string | number, x: unknown) => ((node as Record<string | number, unknown>)[k] = x);
  const get = (k: string | number) => (node as Record<string | number, unknown>)[k];
  switch (op) {
    case 0: {
      if (!keys.length) break;
      const k = r.pick(keys);
      const x = r.pick(NASTY);
      set(k, x);
      return { text: JSON.stringify(v), what: `${path}[${JSON.stringify(k)}] = ${JSON.stringify(x)}` };
    }
    case 1: {
      if (!keys.length) break;
      const k = r.pick(keys);
      if (Array.isArray(node)) node.splice(k as number, 1);
      else delete (node as Record<string, unknown>)[k as string];
      return { text: JSON.stringify(v), what: `delete ${path}[${JSON.stringify(k)}]` };
    }
    case 2: {
      const k = r.pick(KEYS);
      const marker = `"__fuzz_${r.int(1e9)}__"`;
      if (Array.isArray(node)) break;
      (node as Record<string, unknown>)[JSON.parse(marker)] = r.pick(NASTY);
      // Set through the text, so "__proto__" is an own key as JSON.parse makes it.
      return { text: JSON.stringify(v).replace(marker, JSON.stringify(k)), what: `add key ${k} at ${path}` };
    }
    case 3: {
      // A number nudged: a die, a total, a random state, a step number…
      const nums = keys.filter((k) => typeof get(k) === 'number');
      if (!nums.length) break;
      const k = r.pick(nums);
      const d = r.pick([1, -1, 0.5, 1000]);
      set(k, (get(k) as number) + d);
      return { text: JSON.stringify(v), what: `${path}[${JSON.stringify(k)}] += ${d}` };
    }
    case 4: {
      if (!Array.isArray(node) || node.length < 2) break;
      const i = r.int(node.length);
      const j = (i + 1 + r.int(node.length - 1)) % node.length;
      [node[i], node[j]] = [node[j], node[i]];
      return { text: JSON.stringify(v), what: `swap ${path}[${i}] and [${j}]` };
    }
    case 5: {
      if (!Array.isArray(node) || !node.length) break;
      const i = r.int(node.length);
      node.splice(i, 0, structuredClone(node[i]));
      return { text: JSON.stringify(v), what: `duplicate ${path}[${i}]` };
    }
    case 6: {
      if (!keys.length) break;
      const k = r.pick(keys);
      const depth = r.pick([60, 1000, 100_000]);
      const marker = `"__deep_${r.int(1e9)}__"`;
      set(k, JSON.parse(marker));
      const deep = '['.repeat(depth) + ']'.repeat(depth);
      return {
        text: JSON.stringify(v).replace(marker, deep),
        what: `${path}[${JSON.stringify(k)}] nested ${depth} deep`,
      };
    }
    case 7: {
      if (!keys.length) break;
      const k = r.pick(keys);
      set(k, [get(k)]);
      return { text: JSON.stringify(v), what: `wrap ${path}[${JSON.stringify(k)}] in a list` };
    }
    case 8: {
      const cut = r.int(text.length);
      return { text: text.slice(0, cut), what: `cut at ${cut}` };
    }
    case 9:
      if (r.int(4)) break;
      return { text: '\uFEFF' + text, what: 'byte-order mark' };
    case 10: {
      const strs = keys.filter((k) => typeof get(k) === 'string');
      if (!strs.length) break;
      const k = r.pick(strs);
      set(k, (get(k) as string).toUpperCase() + r.pick(['', ' ', '1', '\u0000']));
      return { text: JSON.stringify(v), what: `${path}[${JSON.stringify(k)}] changed text` };
    }
  }
  return undefined;
}

let clock = 0;
let bytes = 0;
function makeStore() {
  globalThis.indexedDB = new IDBFactory();
  return testStore(
    () => clock++,
    (n) => {
      bytes++;
      return Uint8Array.from({ length: n }, (_, k) => (bytes * 131 + k * 7) & 0xff);
    },
  );
}

/** Everything stored, as text (the writer claims of open games aside). */
async function snapshot(): Promise<string> {
  const db = await openCompanionDb();
  const out = JSON.stringify({
    sessions: await db.getAll('sessions'),
    entries: await db.getAll('entries'),
    charts: await db.getAll('charts'),
    settings: (await db.getAll('settings')).filter((s) => !s.key.startsWith('writer.')),
  });
  db.close();
  return out;
}

describe(`fuzz (seed ${SEED})`, () => {
  let store: Store;
  let files: { text: string; value: unknown }[];

  beforeAll(async () => {
    ({ store } = await makeStore());
    // Two real games: Grossdeutschland (rolls, combats with modifiers and shifts, draws, a procedure,
    // an undo) and Breakout (its CRT).
    const gd = (await store.createSession('grossdeutschland', 'gd-kursk', 'Kursk'))!;
    await store.openSession(gd);
    await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    await store.act({
      type: 'combat',
      table: 'gd-crt',
      attack: 9,
      defence: 3,
      modifiers: [{ value: 1, label: 'Evening', rule: '13.1' }],
      shifts: [{ amount: 1, label: 'KG' }],
    });
    await store.act({ type: 'cup.draw', cup: 'activation' });
    await store.act({ type: 'procedure', id: 'gd.turn', input: { turnType: 'day', weatherModifier: 0 } });
    await store.act({ type: 'procedure', id: 'gd.weather', input: {} });
    // The weather again, on purpose: a re-roll with its reason (once-per-occasion procedures).
    expect(
      await store.act({ type: 'procedure', id: 'gd.weather', input: {}, reroll: 'agreed at the table' }),
    ).toBeDefined();
    await store.act({ type: 'roll', dice: { n: 1, sides: 6 }, manual: [4] });
    await store.undo();
    await store.act({ type: 'end-turn' });
    await store.act({ type: 'note', text: 'a note' });
    const bo = (await store.createSession('breakout', 'bo-campaign', 'Breakout'))!;
    await store.openSession(bo);
    await store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    await store.act({ type: 'end-turn' });
    store.closeSession();
    files = [];
    for (const id of [gd, bo]) {
      const text = (await store.exportSession(id))!;
      files.push({ text, value: JSON.parse(text) });
      expect(readSessionFile(text, await contextForFile(text)).ok).toBe(true);
    }
    expect(store.getState().problem).toBeUndefined();
  });

  it(`${GAME_MUTATIONS} mutated game files: refused with a message and nothing changed, or accepted and verify`, async () => {
    const r = rng(SEED);
    const tally = { refused: 0, accepted: 0 };
    for (let i = 0; i < GAME_MUTATIONS; i++) {
      const base = r.pick(files);
      const m = mutate(r, base.value, base.text);
      const label = `seed ${SEED}, mutation #${i}: ${m.what}`;
      const before = await snapshot();
      store.dismissProblem();
      const res = await store.importSession(m.text);
      expect(res, `${label}: the import threw (${JSON.stringify(store.getState().problem)})`).toBeDefined();
      if (!res!.ok) {
        tally.refused++;
        expect(store.getState().problem?.key, label).toBe('import.invalid');
        expect(store.getState().problem?.detail, label).toBeTruthy();
        expect(await snapshot(), `${label}: a refused file changed the storage`).toBe(before);
        continue;
      }
      tally.accepted++;
      // Accepted: stored whole, it opens, and its export verifies from its seed.
      const exported = (await store.exportSession(res!.id))!;
      const again = readSessionFile(exported, await contextForFile(exported));
      expect(again.ok, `${label}: accepted but its export does not verify`).toBe(true);
      expect(await store.openSession(res!.id), `${label}: accepted but does not open`).toBe(true);
      store.closeSession();
      await store.deleteSession(res!.id);
      expect(await snapshot(), label).toBe(before);
    }
    // Accepted files differ only where the file says the replay does not look (see UNVERIFIED).
    expect(tally.refused).toBeGreaterThan(GAME_MUTATIONS / 2);
    expect(tally.accepted).toBeGreaterThan(0);
  }, 120_000);

  it(`${PACK_MUTATIONS} mutated chart packs: refused with a message and nothing changed, or accepted with values as typed cells store them`, async () => {
    const bundle = await loadGame('eastfront');
    const tables = new Map(bundle.tables.map((t) => [t.id, t]));
    // A pack with values in every missing cell of two number tables.
    const cellsOf = (t: TableData, value: (k: number) => string | number) => {
      const cells: Record<string, string | number> = {};
      let k = 0;
      t.cells.forEach((row, ri) =>
        row.forEach((c, ci) => {
          if (c === null && k < 12) cells[`${t.rows.entries[ri]!.key}|${t.columns.entries[ci]!.key}`] = value(k++);
        }),
      );
      return cells;
    };
    const packTables = ['ef-production-chart', 'ef-handicaps'].map((id) => tables.get(id)!);
    const pack = {
      app: 'wargame-companion',
      kind: 'chart-pack',
      format: 1,
      game: 'eastfront',
      charts: packTables.map((t) => ({ table: t.id, cells: cellsOf(t, (k) => (k % 3 === 0 ? ` ${k} ` : k)) })),
    };
    const text = JSON.stringify(pack);
    expect(await store.importCharts('eastfront', text)).toBe(true);
    const r = rng(SEED + 1);
    const tally = { refused: 0, accepted: 0 };
    for (let i = 0; i < PACK_MUTATIONS; i++) {
      const m = mutate(r, pack, text);
      const label = `seed ${SEED + 1}, pack mutation #${i}: ${m.what}`;
      const before = await snapshot();
      store.dismissProblem();
      const ok = await store.importCharts('eastfront', m.text);
      const problem = store.getState().problem;
      if (!ok) {
        tally.refused++;
        expect(problem?.key, label).toBe('import.invalid');
        expect(problem?.detail, label).toBeTruthy();
        expect(await snapshot(), `${label}: a refused pack changed the storage`).toBe(before);
        continue;
      }
      tally.accepted++;
      expect(problem, label).toBeUndefined();
      // Every stored value is one a typed cell would store, in a cell the text lacks.
      const db = await openCompanionDb();
      for (const c of await db.getAllFromIndex('charts', 'byGame', 'eastfront')) {
        const t = tables.get(c.table)!;
        for (const [key, v] of Object.entries(c.cells)) {
          const parsed = parseCellInput(t, String(v));
          expect(parsed, `${label}: ${c.table} ${key}`).toEqual({ ok: true, value: v });
        }
      }
      db.close();
      // Back to the base pack for the next mutation.
      await store.importCharts('eastfront', text);
    }
    expect(tally.refused).toBeGreaterThan(PACK_MUTATIONS / 3);
    expect(tally.accepted).toBeGreaterThan(0);
  }, 120_000);
});
