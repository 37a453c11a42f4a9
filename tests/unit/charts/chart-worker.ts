/** The worker of chart-engine.test.ts: runs every reader of one chart in one state and answers with the failures. */
import { parentPort } from 'node:worker_threads';
import type { PlayerChart, TableData } from '../../../src/engine';
import { readAll } from './chart-readers';

parentPort!.on('message', (m: { n: number; game: string; tables: TableData[]; id: string; chart: PlayerChart }) => {
  let failures: string[];
  try {
    failures = readAll(m.game, m.tables, m.id, m.chart);
  } catch (e) {
    failures = [`readAll: ${String(e)}`];
  }
  parentPort!.postMessage({ n: m.n, failures });
});
