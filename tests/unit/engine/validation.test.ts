// Issue 18 (6): the validator refuses prototype keys and unknown keys inside an action, bounds sizes
// and nesting with messages, normalises chart-pack values as a typed cell is, and a file declares what
// the replay does not verify. Real catalog (Grossdeutschland, EastFront), real exported games.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/data/catalog';
import { contextForFile } from '../../../src/data/context';
import { kurskGame } from '../games/kursk-game';
import {
  LIMITS,
  PACK_LIMITS,
  UNVERIFIED,
  apply,
  makeChartPack,
  readChartPack,
  readSessionFile,
  toFile,
  type Session,
  type TableData,
} from '../../../src/engine';

let session: Session;
let tables: Map<string, TableData>;
let cell: { table: string; key: string };

beforeAll(async () => {
  const game = await kurskGame('s-1', 'validation-seed', '2026-01-01T00:00:00.000Z');
  const ctx = game.ctx;
  let { session: s, state: st } = game;
  const go = (a: Parameters<typeof apply>[2]) =>
    ({ session: s, state: st } = apply(s, st, a, ctx, { at: '2026-01-01T00:01:00.000Z', context: { turn: 1 } }));
  go({ type: 'roll', dice: { n: 2, sides: 6 } });
  go({ type: 'combat', table: 'gd-crt', attack: 6, defence: 2, modifiers: [{ value: 1, label: 'x' }] });
  go({ type: 'cup.draw', cup: 'activation' });
  session = s;
  const ef = await loadGame('eastfront');
  tables = new Map(ef.tables.map((t) => [t.id, t]));
  const t = tables.get('ef-production-chart')!;
  const r = t.cells.findIndex((row) => row.includes(null));
  const c = t.cells[r]!.indexOf(null);
  cell = { table: t.id, key: `${t.rows.entries[r]!.key}|${t.columns.entries[c]!.key}` };
});

const file = () => JSON.parse(JSON.stringify(toFile(session))) as Record<string, any>;
const read = async (f: unknown) => {
  const text = typeof f === 'string' ? f : JSON.stringify(f);
  return readSessionFile(text, await contextForFile(text));
};
const refusedAt = async (f: unknown, path: RegExp | string, message?: RegExp) => {
  const r = await read(f);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.issues.some((i) => (typeof path === 'string' ? i.path === path : path.test(i.path)))).toBe(true);
  if (message) expect(r.issues.map((i) => i.message).join('\n')).toMatch(message);
};

describe('game files', () => {
  it('a genuine export verifies, and says which fields the replay does not cover', async () => {
    const f = file();
    expect(f['unverified']).toEqual([...UNVERIFIED]);
    expect((await read(f)).ok).toBe(true);
  });

  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])
    it(`a key named "${key}" is refused wherever it is`, async () => {
      const at = (place: (f: Record<string, any>) => Record<string, unknown>, path: string) => {
        const text = JSON.stringify(file());
        // JSON.parse keeps "__proto__" as an own key; set through text so it is one.
        const f = JSON.parse(text);
        const o = place(f);
        const marker = `"__marker__":1`;
        o['__marker__'] = 1;
        return [JSON.stringify(f).replace(marker, `"${key}":1`), path] as const;
      };
      for (const [text, path] of [
        at((f) => f, `$.${key}`),
        at((f) => f.session, `$.session.${key}`),
        at((f) => f.session.settings, `$.session.settings.${key}`),
        at((f) => f.session.log[0], `$.session.log[0].${key}`),
        at((f) => f.session.log[0].action, `$.session.log[0].action.${key}`),
        at((f) => f.session.log[0].context, `$.session.log[0].context.${key}`),
      ])
        await refusedAt(text, path);
      const readings = JSON.stringify(file()).replace('"dice":"app"', `"dice":"app","readings":{"${key}":"a"}`);
      await refusedAt(readings, `$.session.settings.readings.${key}`, /reserved/);
    });

  it('any unknown key inside an action is refused, for every kind of step', async () => {
    for (let k = 0; k < 3; k++) {
      const f = file();
      f.session.log[k].action.extra = 1;
      await refusedAt(f, `$.session.log[${k}].action.extra`, /unknown key/);
    }
    const f = file();
    f.session.log[1].action.modifiers[0].sneaky = 1;
    await refusedAt(f, '$.session.log[1].action.modifiers[0].sneaky', /unknown key/);
  });

  it('context and timestamps are shaped: a turn that is not a number, a time that is not a time', async () => {
    const f = file();
    f.session.log[0].context = { turn: 'one' };
    await refusedAt(f, '$.session.log[0].context.turn');
    const g = file();
    g.session.log[0].at = 'garbage';
    await refusedAt(g, '$.session.log[0].at', /not a date/);
    const h = file();
    h.session.createdAt = 'yesterday';
    await refusedAt(h, '$.session.createdAt');
  });

  it('readings are bounded: more than the limit, or a 20 MB value, is refused with a message', async () => {
    const f = file();
    f.session.settings.readings = Object.fromEntries(
      Array.from({ length: LIMITS.readings + 1 }, (_, k) => [`r${k}`, 'a']),
    );
    await refusedAt(f, '$.session.settings.readings', /at most 64 entries/);
    const g = file();
    g.session.settings.readings = { big: 'x'.repeat(20 * 1024 * 1024) };
    await refusedAt(g, '$.session.settings.readings.big', /at most 40 characters/);
    const h = file();
    h.session.settings.readings = { ['k'.repeat(20 * 1024 * 1024)]: 'a' };
    await refusedAt(h, /^\$\.session\.settings\.readings\.k+…$/, /key has at most 40/);
  }, 30_000);

  it('nesting and size are bounded: 100,000 deep anywhere, a file over the size limit', async () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const text = JSON.stringify(file());
    for (const bad of [
      text.replace('"context":{', `"context":{"d":${deep},`),
      text.replace('"outcome":{', `"outcome":{"d":${deep},`),
      text.replace('"input"', `"x"`).replace('"action":{', `"action":{"d":${deep},`),
    ])
      await refusedAt(bad, '$', /nested more than/);
    const big = ' '.repeat(LIMITS.fileChars + 1);
    await refusedAt(big, '$', /too large/);
  }, 30_000);

  it('a byte-order mark before the JSON is accepted', async () => {
    expect((await read('\uFEFF' + JSON.stringify(file()))).ok).toBe(true);
  });
});

describe('chart packs', () => {
  const pack = (cells: Record<string, unknown>) =>
    JSON.stringify(makeChartPack('eastfront', [{ table: cell.table, cells: cells as never }]));

  it('values are stored as a typed cell stores them: " 3 " and "+4" become numbers', () => {
    for (const [v, want] of [
      [' 3 ', 3],
      ['+4', 4],
      [7, 7],
    ] as const) {
      const r = readChartPack(pack({ [cell.key]: v }), 'eastfront', tables);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.pack.charts[0]!.cells[cell.key]).toBe(want);
    }
  });

  it('prototype keys, too many cells, too deep, too large: refused with a message', () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const text = pack({ [cell.key]: 3 }).replace(`"${cell.key}"`, `"${key}"`);
      const r = readChartPack(text, 'eastfront', tables);
      expect(r.ok).toBe(false);
      const top = JSON.stringify(makeChartPack('eastfront', [])).replace('"game"', `"${key}":1,"game"`);
      expect(readChartPack(top, 'eastfront', tables).ok).toBe(false);
    }
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, k) => [`r${k}|c`, 1]));
    const t0 = Date.now();
    const r = readChartPack(pack(many), 'eastfront', tables);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/at most 40000 entries/);
    expect(Date.now() - t0).toBeLessThan(10_000);
    const deep = pack({}).replace('"cells":{}', `"cells":{"a":${'['.repeat(50)}${']'.repeat(50)}}`);
    expect(readChartPack(deep, 'eastfront', tables)).toMatchObject({ ok: false });
    const big = readChartPack(' '.repeat(PACK_LIMITS.chars + 1), 'eastfront', tables);
    expect(big.ok).toBe(false);
  }, 30_000);
});
