/**
 * Every engine reader of a chart, run on one chart in one state (issue #28: "no tool can hang or
 * throw on a chart in any state"): its problems and completeness, the chances of a roll (each value
 * of the other axis), every roll of the dice with modifiers beyond both ends, the chances and every
 * roll of a combat at several odds and shifts, and the turn panels' previews that read it (the games'
 * rules, DOM-free). A refusal the app can say (an EngineError) is fine; anything else is returned as
 * a failure. Run in a worker by chart-engine.test.ts, which fails a case that does not come back.
 */
import {
  assertChartReady,
  chartCompleteness,
  chartProblems,
  combatColumn,
  combatDistribution,
  EngineError,
  fillProgress,
  resolutionDistribution,
  resolveCombat,
  resolveRoll,
  rollDistribution,
  sumDistribution,
  withPlayerChart,
  type DiceSpec,
  type PlayerChart,
  type PreviewEnv,
  type TableData,
} from '../../../src/engine';
import * as breakout from '../../../src/games/breakout/rules';
import * as gd from '../../../src/games/grossdeutschland/rules';
import * as stalingrado from '../../../src/games/stalingrado/rules';
import * as zitadelle from '../../../src/games/zitadelle/rules';

/**
 * Runs `f`; a failure that is not a refusal the app can say is added to `out`. The chances before a
 * roll (`chances`) may not refuse a cell the text does not give either: they show it as unknown (#31),
 * whether thrown or returned as a refused preview.
 */
function attempt(out: string[], what: string, f: () => unknown, chances = false) {
  const unknownRefused = (key: unknown) =>
    chances && (key === 'table-incomplete' || key === 'error.table-incomplete')
      ? out.push(`${what}: the chances refused a cell not in the text instead of counting it as unknown`)
      : 0;
  try {
    const r = f() as { ok?: boolean; key?: string } | undefined;
    if (r && r.ok === false) unknownRefused(r.key);
  } catch (e) {
    if (!(e instanceof EngineError)) out.push(`${what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    else unknownRefused(e.code);
  }
}

/** Every total the dice can give, with one beyond each end. */
function totals(spec: DiceSpec): number[] {
  const sums = [...sumDistribution(spec).counts.keys()];
  return [Math.min(...sums) - 1, ...sums, Math.max(...sums) + 1];
}

const ODDS = [
  [8, 4],
  [6, 3],
  [3, 2],
  [2, 3],
  [1, 9],
  [99, 1],
  [5, 5],
] as const;

/** The engine's readers of one table with the players' data `chart`. */
function tableReaders(raw: TableData, chart: PlayerChart, out: string[]) {
  const m = withPlayerChart(raw, chart);
  const entered = chart.cells ?? {};
  const opts = { entered };
  attempt(out, 'chartProblems', () => chartProblems(raw, chart));
  attempt(out, 'assertChartReady', () => assertChartReady(raw, chart));
  attempt(out, 'chartCompleteness', () => chartCompleteness(raw, chart));
  attempt(out, 'fillProgress', () => fillProgress(m, 'default', entered));
  // Read strictly as printed too: cells an erratum would fill stay unknown (Breakout's 7:1, seed 002 lines 843-844).
  const printed = { ...opts, errata: 'printed' as const };
  if (!m.roll) return;
  const spec = m.roll.dice as DiceSpec;
  if (m.type === 'roll') {
    const others = (m.roll.axis === 'rows' ? m.columns : m.rows).entries.map((e) => e.key as string | undefined);
    for (const other of [undefined, ...others]) {
      const o = { ...opts, ...(other !== undefined ? { other } : {}) };
      attempt(out, `rollDistribution ${other}`, () => rollDistribution(m, spec, [], o), true);
      attempt(
        out,
        `rollDistribution ${other} printed`,
        () => rollDistribution(m, spec, [], { ...o, ...printed }),
        true,
      );
      for (const total of totals(spec))
        attempt(out, `resolveRoll ${total} ${other}`, () => {
          const r = resolveRoll(m, { spec, dice: [], total, manual: true }, [{ value: 0, label: 'x' }], o);
          resolutionDistribution(m, r, sumDistribution(spec), opts);
        });
    }
  }
  if (m.type === 'crt' && m.odds)
    for (const [attack, defence] of ODDS)
      for (const shift of [0, 2, -3]) {
        const input = { attack, defence, shifts: shift ? [{ amount: shift, label: 'x' }] : [] };
        attempt(out, `combatColumn ${attack}:${defence} ${shift}`, () => combatColumn(m, input));
        attempt(out, `combatDistribution ${attack}:${defence} ${shift}`, () =>
          combatDistribution(m, input, spec, opts),
        );
        for (const total of totals(spec))
          attempt(out, `resolveCombat ${attack}:${defence} ${shift} ${total}`, () => {
            const r = resolveCombat(m, input, { spec, dice: [], total, manual: true }, opts);
            resolutionDistribution(m, r, sumDistribution(spec), opts);
          });
      }
}

/** The turn panels' previews that read the table (the games' rules), on the game's tables with this chart. */
function previews(game: string, tables: readonly TableData[], id: string, chart: PlayerChart, out: string[]) {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const { cells, ...setup } = chart;
  const env = (readings: Readonly<Record<string, string>>): PreviewEnv => ({
    table: (tid) => {
      const t = byId.get(tid);
      if (!t) throw new EngineError('unknown-table', { table: tid });
      return tid === id ? withPlayerChart(t, setup) : t;
    },
    game: {},
    turn: 1,
    readings,
    errata: 'default',
    entered: { [id]: cells ?? {} },
  });
  if (game === 'zitadelle') {
    const e = env(zitadelle.DEFAULT_READINGS);
    for (const strength of [1, 3, 7, 20])
      for (const armor of [0, 3, 10])
        attempt(out, `zi atPreview ${strength}/${armor}`, () => zitadelle.atPreview(e, { strength, armor }), true);
    attempt(out, 'zi atPreview dive', () => zitadelle.atPreview(e, { dive: true, armor: 2 }), true);
    const base = { attacker: 'german', attackerArmor: 0, defenderArmor: 0, terrain: 'clear', position: 'none' };
    for (const [attack, defence] of ODDS)
      attempt(
        out,
        `zi assaultPreview ${attack}:${defence}`,
        () => zitadelle.assaultPreview(e, { ...base, water: 'none', attack, defence }),
        true,
      );
  }
  if (game === 'breakout' && id === 'bo-crt')
    for (const [attack, defence] of [...ODDS, [14, 2]] as const)
      for (const errata of ['default', 'printed'] as const)
        attempt(
          out,
          `bo combatPlan ${attack}:${defence} ${errata}`,
          () =>
            breakout.combatPlan(
              { attacker: 'soviet', attack, defence, terrain: 'clear' },
              withPlayerChart(byId.get(id)!, setup),
              {},
              undefined,
              errata,
              undefined,
              cells,
            ),
          true,
        );
  if (game === 'grossdeutschland' && id === 'gd-crt')
    for (const [af, df] of ODDS)
      attempt(
        out,
        `gd combatPreview ${af}:${df}`,
        () =>
          gd.combatPreview(byId.get(id)!, { attackers: [{ af }], defenders: [{ df }] }, gd.DEFAULT_READINGS, {}, 1, {}),
        true,
      );
  if (game === 'stalingrado') {
    const e = env(stalingrado.DEFAULT_READINGS);
    for (const [kind, tid] of [
      ['artillery', 'rs-artillery-bombardment'],
      ['air', 'rs-aviation-bombardment'],
    ] as const) {
      const t = byId.get(tid);
      if (!t) continue;
      for (const target of t.rows.entries)
        for (const shooter of t.columns.entries)
          attempt(out, `rs bombardPreview ${kind} ${shooter.key}/${target.key}`, () =>
            stalingrado.bombardPreview(e, kind, shooter.key, target.key),
          );
    }
    const aa = byId.get('rs-aa-fire');
    for (const type of aa?.rows.entries ?? [])
      attempt(out, `rs aaPreview ${type.key}`, () => stalingrado.aaPreview(e, type.key));
  }
}

/** Every reader of table `id` of `game` (whose tables are `tables`; a pack's: its own) with the players' `chart`. */
export function readAll(game: string, tables: readonly TableData[], id: string, chart: PlayerChart): string[] {
  const out: string[] = [];
  const raw = tables.find((t) => t.id === id)!;
  tableReaders(raw, chart, out);
  previews(game, tables, id, chart, out);
  return out;
}
