// EastFront's Order of Battle events as procedures (issue #31): the OB chart (seed 004 lines 3028–3030) and
// 16.4, 16.5, 16.7, 16.8, one case per sentence, quoting ../shared/seeds/004_e4aee9ca769bb184.txt. The text
// gives the events no month: the players run one when its condition comes about; what arrives "en la
// siguiente Producción" is offered at the next month's Production (eventArrivals).
import { describe, expect, it } from 'vitest';
import type { ProcedureOutcome } from '../../../src/engine';
import { DEFAULT_READINGS, ONCE, eventArrivals, procedures } from '../../../src/games/eastfront/rules';
import { GameHarness, scenariosOf, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/eastfront/ef-*.json', { eager: true, import: 'default' }));
const scenarios = scenariosOf(
  import.meta.glob<unknown>('/scenarios/eastfront/*.json', { eager: true, import: 'default' }),
);
const game = (scenario = 'ef-s41') =>
  new GameHarness(
    { tables, procedures, once: ONCE, readings: DEFAULT_READINGS, scenario: scenarios.get(scenario)! },
    { game: 'eastfront', scenario, seed: 'ef' },
  );
const keys = (o: ProcedureOutcome) => o.lines.map((l) => l.key);

describe('16.4 the liberation of the satellites (lines 1887–1891; OB lines 3028–3029)', () => {
  it('RESULTADO 1: "la captura alemana de Odessa libera al 3º Ejército Rumano"', () => {
    const o = game().run('ef.event', { event: 'odessa' });
    expect(o.headline).toEqual({ key: 'ef.ev.head.odessa', params: {} });
    expect(o.lines).toEqual([{ key: 'ef.ev.odessa', rule: '16.4' }]);
  });
  it('RESULTADO 2: Sevastopol frees the other three; "el 8º Ejército Italiano puede aparecer como un refuerzo 3VC en la siguiente Producción"', () => {
    const g = game();
    expect(keys(g.run('ef.event', { event: 'sevastopol' }))).toEqual(['ef.ev.sevastopol', 'ef.ev.italian8th']);
    // Not this month's Production, the next one's.
    expect(eventArrivals(g.state.game, 1)).toEqual([]);
    g.endTurn();
    expect(eventArrivals(g.state.game, 2)).toEqual([{ key: 'ef.ev.arriveItalian8th', rule: '16.4' }]);
    g.endTurn();
    expect(eventArrivals(g.state.game, 3)).toEqual([]);
  });
  it('"Si Odessa o Sebastopol vuelven a ser tomadas por los soviéticos, todas las unidades satélites volverán a quedar Restringidas"', () => {
    expect(game().run('ef.event', { event: 'retaken' }).lines).toEqual([{ key: 'ef.ev.retaken', rule: '16.4' }]);
  });
});

describe("16.5 Army Group 'E' (line 1897; OB line 3030)", () => {
  it('the Soviets enter the West Front: AG E is placed at the next Production, at the CVs its blocks show', () => {
    const g = game('ef-w43');
    expect(keys(g.run('ef.event', { event: 'westFront' }))).toEqual(['ef.ev.westFront', 'ef.ev.agECv']);
    g.endTurn();
    expect(eventArrivals(g.state.game, 2)).toEqual([{ key: 'ef.ev.arriveAgE', rule: '16.5' }]);
  });
});

describe('16.7 the Hungarian Plain (lines 1929–1933)', () => {
  it('"por cada hex del borde occidental desde Belgrado hasta Cracovia … ocupado solamente por unidades soviéticas, el Eje debe quitar una unidad"', () => {
    const o = game('ef-w44').run('ef.event', { event: 'hungarianPlain', hexes: 2 });
    expect(o.headline).toEqual({ key: 'ef.ev.head.hungarianPlain', params: { n: 2 } });
    expect(o.lines).toEqual([
      { key: 'ef.ev.hungarianRemove', params: { n: 2 }, rule: '16.7' },
      // line 1933: "Si los soviéticos abandonan el hex, la unidad retirada aparece allí al inicio de la próxima fase de mando del Eje."
      { key: 'ef.ev.hungarianBack', rule: '16.7' },
    ]);
    expect(keys(game('ef-w44').run('ef.event', { event: 'hungarianPlain', hexes: 0 }))).toEqual([
      'ef.ev.hungarianNone',
    ]);
  });
  it('the number of hexes is typed, never assumed', () => {
    expect(game('ef-w44').refused('ef.event', { event: 'hungarianPlain' })).toBe('ef.err.number');
  });
});

describe('16.8 the Polish Plain (line 1939)', () => {
  it('"La sola ocupación soviética de cualquier hex en el borde noroccidental de Cracovia provoca la Victoria soviética final"', () => {
    const g = game('ef-w44');
    expect(g.refused('ef.event', { event: 'polishPlain' })).toBe('ef.err.polishOnly');
    const o = g.run('ef.event', { event: 'polishPlain', sovietOnly: true });
    expect(o.headline).toEqual({ key: 'ef.ev.head.polishPlain', params: {} });
    expect(o.lines).toEqual([{ key: 'ef.ev.polish', rule: '16.8, 17.4' }]);
  });
});
