// No reader can hang or throw on a chart in any state (issue #28 "What to build"): every table and
// CRT of every game (tables/<game>/*.json, the charts each game declares missing among them) and of
// the pack templates (src/packs/templates.ts), with the players' data empty, rows only, columns only,
// rows and columns, some cells and complete, through every engine reader: problems, completeness,
// chances, every roll, every combat, and the turn panels' previews (chart-readers.ts). The readers
// run in a worker: a case that does not answer in time is a hang, and the worker is stopped, so the
// test fails instead of hanging (Zitadelle's CRT once recursed forever, issue 13). An exception that
// is not a refusal the app can say fails too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, TableSchema, type PlayerChart, type TableData } from '../../../src/engine';
import { fromTemplate, TEMPLATES } from '../../../src/packs/templates';
import { chartStates } from './chart-states';

/** Long enough for a loaded 2-core machine to read any chart many times; a hang never answers. */
const HANG = 60_000;

const root = join(__dirname, '../../..');
const games = readdirSync(join(root, 'tables')).sort();
const tablesOf = (game: string): TableData[] =>
  readdirSync(join(root, 'tables', game))
    .filter((f) => f.endsWith('.json') && f !== 'game.json')
    .sort()
    .map((f) => {
      const r = parse(TableSchema, JSON.parse(readFileSync(join(root, 'tables', game, f), 'utf8')));
      if (!r.ok) throw new Error(`${game}/${f}: ${JSON.stringify(r.issues)}`);
      return r.value;
    });

let worker: Worker | undefined;
let code = '';
let n = 0;
/** What a worker threw outside a case (it would leave the case unanswered: a hang, with this as its cause). */
const failed: string[] = [];

beforeAll(async () => {
  const bundle = await rolldown({ input: join(__dirname, 'chart-worker.ts'), platform: 'node', logLevel: 'silent' });
  code = (await bundle.generate({ format: 'cjs' })).output[0].code;
}, HANG);
afterAll(async () => {
  await worker?.terminate();
});

/** Every reader of one chart in one state, in the worker: its failures, or "hung" when it did not answer. */
function run(game: string, tables: TableData[], id: string, chart: PlayerChart): Promise<string[]> {
  if (!worker) {
    worker = new Worker(code, { eval: true });
    worker.on('error', (e) => failed.push(String(e)));
  }
  const w = worker;
  const me = ++n;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      w.off('message', onMessage);
      // A worker stuck in a loop cannot answer again: the next case starts a new one.
      void w.terminate();
      worker = undefined;
      resolve([`hung: no answer in ${HANG / 1000} s`, ...failed.splice(0)]);
    }, HANG);
    const onMessage = (m: { n: number; failures: string[] }) => {
      if (m.n !== me) return;
      clearTimeout(timer);
      w.off('message', onMessage);
      resolve(m.failures);
    };
    w.on('message', onMessage);
    w.postMessage({ n: me, game, tables, id, chart });
  });
}

async function everyState(game: string, tables: TableData[]) {
  const failures: string[] = [];
  for (const tb of tables)
    for (const s of chartStates(tb))
      for (const f of await run(game, tables, tb.id, s.chart)) failures.push(`${tb.id}, ${s.name}: ${f}`);
  return failures;
}

describe('every reader of every chart in every state answers, without an exception', () => {
  it('found the games', () =>
    expect(games).toEqual(['breakout', 'eastfront', 'grossdeutschland', 'stalingrado', 'zitadelle']));
  for (const game of games)
    it(
      `${game}: every table, empty, partial and complete`,
      async () => {
        expect(await everyState(game, tablesOf(game))).toEqual([]);
      },
      10 * HANG,
    );
  for (const tpl of TEMPLATES)
    it(
      `the pack template "${tpl}": every chart, empty, partial and complete`,
      async () => {
        const pack = fromTemplate(tpl, 'p', { en: 'Pack' });
        expect(pack.tables.length).toBeGreaterThan(0);
        expect(await everyState('pack', [...pack.tables])).toEqual([]);
      },
      10 * HANG,
    );
});
