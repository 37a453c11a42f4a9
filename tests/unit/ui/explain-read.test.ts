// Issue #28 item 7 and issue #29: the result's first line shows what was read — the raw dice, each
// modifier with its sign, the total read, the column before and after shifts, the code's meaning —
// for the steps the players saw misread ("5 → Rain" read at 4; a river crossing shown 4, read at 5;
// dice 5 1 read at 8 on the 4-1 column; a bare "AL1"). Every step runs through the real session log
// with typed-in dice, and is explained in both languages.
import { describe, expect, it } from 'vitest';
import {
  chainLog,
  manualDice,
  verifySession,
  type LogEntry,
  resolveCombat,
  resolveRoll,
  type GameContext,
  type Outcome,
  type ProcedureOutcome,
  type TableData,
} from '../../../src/engine';
import { explain, type Lookup } from '../../../src/ui/explain';
import { use } from '../../../src/ui/i18n';
import { GameHarness, tablesOf } from '../games/harness';
import * as gdRules from '../../../src/games/grossdeutschland/rules';
import * as boRules from '../../../src/games/breakout/rules';
import * as rsRules from '../../../src/games/stalingrado/rules';
import * as ziRules from '../../../src/games/zitadelle/rules';
import { messages as gdMessages } from '../../../src/games/grossdeutschland/ui';
import { messages as boMessages } from '../../../src/games/breakout/ui';
import { messages as rsMessages } from '../../../src/games/stalingrado/ui';

use(...gdMessages, ...boMessages, ...rsMessages);

const gdTables = tablesOf(
  import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }),
);
const boTables = tablesOf(import.meta.glob<unknown>('/tables/breakout/*.json', { eager: true, import: 'default' }));
const rsTables = tablesOf(import.meta.glob<unknown>('/tables/stalingrado/*.json', { eager: true, import: 'default' }));

const game = (tables: ReadonlyMap<string, TableData>, ctx: Omit<GameContext, 'tables'>, meta: object) =>
  new GameHarness({ tables, ...ctx } as GameContext, meta as never);
const gd = () =>
  game(
    gdTables,
    { procedures: gdRules.procedures, readings: gdRules.DEFAULT_READINGS },
    { game: 'grossdeutschland', scenario: 'gd-kursk', seed: 'gd' },
  );
const bo = () =>
  game(
    boTables,
    { procedures: boRules.procedures, readings: {} },
    { game: 'breakout', scenario: 'bo-campaign', seed: 'bo' },
  );

const read = (lang: 'en' | 'es', o: Outcome, tables: ReadonlyMap<string, TableData>) =>
  explain(lang, o, { tables } satisfies Lookup).read;

describe('the first line shows the number read (issue #28 item 7)', () => {
  it('GD weather 14.0 [seed 000, "1d6 + el modificador del turno"]: die 5 with the turn\'s −1 is read at 4 (Rain), not 5', () => {
    const g = gd();
    g.run('gd.turn', { turnType: 'day', weatherModifier: -1 });
    const o = g.run('gd.weather', {}, [[5]]);
    expect(o.result).toBe('rain');
    expect(read('en', o, gdTables)).toBe('Die 5 −1: read at 4 · Rain');
    expect(read('es', o, gdTables)).toBe('Dado 5 −1: se lee 4 · Lluvioso');
  });

  it('GD weather: a modified roll off the table says where it was read (A16 clamp)', () => {
    const g = gd();
    g.run('gd.turn', { turnType: 'day', weatherModifier: 3 });
    expect(read('en', g.run('gd.weather', {}, [[6]]), gdTables)).toBe('Die 6 +3 = 9: read at 6 (table end) · Snow');
  });

  it('GD combat 10.1: dice 5 1 with +3 and −1 are read at 8 on the 4-1 column, and the code says what it means', () => {
    const g = gd();
    g.run('gd.turn', { turnType: 'day', weatherModifier: 0 });
    g.run('gd.weather', {}, [[1]]);
    const o = g.run(
      'gd.combat',
      { attackers: [{ af: 8, supply: 'full' }], defenders: [{ df: 2, supply: 'full' }], terrainDrm: [3, -1] },
      [[5, 1]],
    );
    const r = o.result as { column: string; modified: number; result: string };
    expect([r.column, r.modified]).toEqual(['4-1', 8]);
    const en = read('en', o, gdTables)!;
    expect(en).toMatch(/^Dice 5 1 \(6\) \+3 −1: read at 8 · column 4-1 · /);
    expect(en).toContain(`${r.result} — `);
    expect(read('es', o, gdTables)).toMatch(/^Dados 5 1 \(6\) \+3 −1: se lee 8 · columna 4-1 · /);
  });

  it('GD replacements 4.1 [seed 000 line 195: «Soleado -1»]: die 4 on a Sunny night is read at 3, a rebuild', () => {
    const g = gd();
    g.run('gd.turn', { turnType: 'night', weatherModifier: 0 });
    g.run('gd.weather', {}, [[1]]);
    const o = g.run('gd.replacement', { side: 'german' }, [[4]]);
    expect((o.result as { result: string }).result).toBe('rebuild');
    expect(read('en', o, gdTables)).toBe('Die 4 −1: read at 3 · Rebuild one unit');
    expect(read('es', o, gdTables)).toBe('Dado 4 −1: se lee 3 · Reconstruir una unidad');
  });

  it('Breakout river 12.3 [seed 002, "+1 si es el Dniéster, Bug o Prut"]: die 4 on a named river is read at 5', () => {
    const g = bo();
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    const o = g.run('bo.river', { namedRiver: true }, [[4]]);
    expect(o.result).toBe(2);
    expect(read('en', o, boTables)).toBe('Die 4 +1: read at 5 · +2 MF');
    expect(read('es', o, boTables)).toBe('Dado 4 +1: se lee 5 · +2 FM');
  });

  it('Breakout combat 13.8–13.9: the column before and after a −1 (left) shift, and the code with its meaning', () => {
    const g = bo();
    g.toTurn(3);
    g.run('bo.weather', {}, [[1]]);
    // 9 v 3 = 3:1; across a river 1L (13.7) → 2:1; die 1.
    const o = g.run('bo.combat', { attacker: 'german', attack: 9, defence: 3, terrain: 'clear', acrossRiver: true }, [
      [1],
    ]);
    const r = o.result as { result: string; column: string };
    expect(r.column).toBe('2:1');
    const en = read('en', o, boTables)!;
    expect(en).toMatch(/^Dice 1 · column 3:1 −1 → 2:1 · /);
    const crt = boTables.get('bo-crt')!;
    expect(en.endsWith(`${r.result} — ${crt.legend![r.result]!.name.en}`)).toBe(true);
    expect(read('es', o, boTables)).toMatch(/^Dados 1 · columna 3:1 −1 → 2:1 · /);
  });

  it('Breakout: an automatic AL1 (odds below 1:2, 13.8.1) says it was not rolled and what AL1 means', () => {
    const o = bo().run('bo.combat', { attacker: 'soviet', attack: 2, defence: 9 });
    const en = read('en', o, boTables)!;
    expect(en).toMatch(/automatic, no roll · AL1 — \S/);
    const x = explain('en', o, { tables: boTables });
    expect(x.headline).toMatch(/^AL1 — \S/);
  });

  it('Stalingrado combat: each die rolled outside a table is shown with the result', () => {
    const g = game(
      rsTables,
      { procedures: rsRules.procedures, readings: rsRules.DEFAULT_READINGS },
      { game: 'stalingrado', scenario: 'rs-stalingrado', seed: 'rs' },
    );
    // Past the set-up, where no combat is fought (6, 9): turn 1's Russian combats.
    g.run('rs.phase', { index: rsRules.PHASES.findIndex((p) => p.step === 'ru-combat') });
    const o: ProcedureOutcome = g.run(
      'rs.combat',
      {
        kind: 'ground',
        attacker: 'russian',
        attackers: [{ type: 'infantry-3' }],
        defenders: [{ type: 'infantry-2' }],
        support: [],
      },
      [[4], [3]],
    );
    expect(read('en', o, rsTables)).toMatch(/^Dice 4; Dice 3 · \S/);
  });
});

describe('negative modifiers and shifts keep their sign (issue #29)', () => {
  const crt = gdTables.get('gd-crt')!;
  const combat = (mods: { value: number; label: string }[], shifts: { amount: number; label: string }[]): Outcome => ({
    kind: 'resolution',
    resolution: resolveCombat(
      crt,
      { attack: 9, defence: 3, modifiers: mods, shifts },
      manualDice({ n: 2, sides: 6 }, [4, 4]),
      {
        errata: 'default',
      },
    ),
  });

  it('a −2 modifier is "−2" in the first line and in the Why, never "+2"', () => {
    const o = combat([{ value: -2, label: 'Fortified' }], []);
    for (const lang of ['en', 'es'] as const) {
      const x = explain(lang, o, { tables: gdTables });
      expect(x.read).toContain('(8) −2');
      expect(x.read).not.toContain('+2');
      expect(x.lines).toContain('−2 Fortified');
    }
    expect(explain('en', o, { tables: gdTables }).read).toMatch(/: read at 6 ·/);
  });

  it('a −1 column shift is "−1" (before and after shown), a +1 is "+1"', () => {
    const left = explain('en', combat([], [{ amount: -1, label: 'River' }]), { tables: gdTables });
    expect(left.read).toMatch(/· column 3-1 −1 → 2-1 ·/);
    expect(left.lines).toContain('Shift −1: River');
    const right = explain('es', combat([], [{ amount: 1, label: 'Río' }]), { tables: gdTables });
    expect(right.read).toMatch(/· columna 3-1 \+1 → 4-1 ·/);
  });

  it('a table roll with a negative modifier reads the lower row', () => {
    const weather = gdTables.get('gd-weather')!;
    const r = resolveRoll(weather, manualDice({ n: 1, sides: 6 }, [5]), [{ value: -1, label: 'turn' }], {
      errata: 'default',
    });
    const x = explain('en', { kind: 'resolution', resolution: r }, { tables: gdTables });
    expect(x.read).toBe('Die 5 −1: read at 4 · Rain');
  });
});

describe('what a procedure read is recorded with its step (src/engine/procedures.ts TableRead)', () => {
  const steps = () => {
    const g = bo();
    g.toTurn(2);
    g.run('bo.weather', {}, [[1]]);
    g.run('bo.river', { namedRiver: true }, [[4]]);
    return g;
  };
  it('steps stored before the reads were recorded still verify, and explain without a first line of reads', () => {
    const g = steps();
    const old = chainLog({
      ...g.session,
      log: g.session.log.map((e) => {
        if (e.outcome.kind !== 'procedure') return { ...e, prev: undefined };
        const { reads: _, ...outcome } = e.outcome;
        return { ...e, prev: undefined, outcome } as LogEntry;
      }),
    });
    expect(verifySession(old, g.ctx)).toMatchObject({ ok: true });
    // Without its reads, the step still shows its dice and its result.
    expect(read('en', old.log.at(-1)!.outcome, boTables)).toBe('Dice 4 · +2 MF');
  });
  it('a step that records them must record them exactly', () => {
    const g = steps();
    const last = g.session.log.length;
    const forged = chainLog({
      ...g.session,
      log: g.session.log.map((e) =>
        e.outcome.kind === 'procedure' && e.seq === last
          ? ({
              ...e,
              prev: undefined,
              outcome: { ...e.outcome, reads: [{ ...e.outcome.reads![0]!, result: 3 }] },
            } as LogEntry)
          : { ...e, prev: undefined },
      ),
    });
    expect(verifySession(forged, g.ctx)).toMatchObject({ ok: false, firstMismatch: { seq: last } });
  });
});

// The game tests explain every procedure step they run in both languages and check it for raw keys
// (tests/unit/games/harness.ts); these two step kinds no game test ran.
describe('the step kinds no game test ran are explained without a raw key too', () => {
  it('Breakout 13.6 probe and 13.2 lone artillery', () => {
    for (const kind of ['probe', 'lone-artillery']) {
      const o = bo().run('bo.special', { kind });
      for (const lang of ['en', 'es'] as const)
        expect(explain(lang, o, { tables: boTables }).headline).not.toMatch(/bo\./);
    }
  });
  it('Zitadelle 8.33 minefield exit and 10.32 breakdown: the die read is in the first line', () => {
    const ziTables = tablesOf(
      import.meta.glob<unknown>('/tables/zitadelle/*.json', { eager: true, import: 'default' }),
    );
    const g = game(
      ziTables,
      { procedures: ziRules.procedures, readings: ziRules.DEFAULT_READINGS },
      { game: 'zitadelle', scenario: 'zi-kursk', seed: 'zi' },
    );
    for (const kind of ['minefield', 'breakdown']) {
      const o = g.run('zi.d6', { kind }, [[5]]);
      expect(explain('en', o, { tables: ziTables }).read).toMatch(/^Dice 5 · /);
      expect(explain('es', o, { tables: ziTables }).read).toMatch(/^Dados 5 · /);
    }
  });
});
