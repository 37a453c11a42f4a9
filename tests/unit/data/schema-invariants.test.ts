// The data's invariants live in the schemas (issue #29), so every source of game data gets them:
// the bundled files (src/data/validate.ts), a game pack read from a file (src/packs/format.ts),
// and a scenario checked alone. Before, a cup with two chits of one id passed ScenarioSchema: only
// the built-in data's tests and the pack reader looked.
import { describe, expect, it } from 'vitest';
import { GameSchema, ScenarioSchema, parse, type GameData, type ScenarioData } from '../../../src/engine';
import { validateGame } from '../../../src/data/validate';
import { packText, readPack } from '../../../src/packs/format';
import { chitPullPack, clone } from '../packs-fixture';
import kurskJson from '../../../scenarios/grossdeutschland/gd-kursk.json';
import gdJson from '../../../tables/grossdeutschland/game.json';

const kursk = kurskJson as ScenarioData;
const gd = gdJson as GameData;

const codes = (r: ReturnType<typeof parse>) => (r.ok ? [] : r.issues.map((i) => `${i.path} ${i.code}`));

describe('ids unique by the schemas', () => {
  it('the bundled files pass', () => {
    expect(parse(ScenarioSchema, kursk).ok).toBe(true);
    expect(parse(GameSchema, gd).ok).toBe(true);
  });

  it('refuses a cup with two chits of one id, at the second one', () => {
    const s = structuredClone(kursk) as { cups: { chits: { id: string }[] }[] };
    s.cups[0]!.chits[1]!.id = s.cups[0]!.chits[0]!.id;
    expect(codes(parse(ScenarioSchema, s))).toEqual(['$.cups[0].chits[1].id duplicate-chit']);
  });

  it('refuses a scenario with two cups of one id', () => {
    const s = structuredClone(kursk) as { cups: { id: string }[] };
    s.cups.push(structuredClone(s.cups[0]!));
    expect(codes(parse(ScenarioSchema, s))).toEqual([`$.cups[${s.cups.length - 1}].id duplicate-cup`]);
  });

  it('refuses a game with two sides or two dice kinds of one id', () => {
    const g = structuredClone(gd) as { sides: unknown[]; dice: unknown[] };
    g.sides.push(structuredClone(g.sides[0]));
    g.dice.push(structuredClone(g.dice[0]));
    expect(codes(parse(GameSchema, g))).toEqual([
      `$.sides[${g.sides.length - 1}].id duplicate-side`,
      `$.dice[${g.dice.length - 1}].id duplicate-dice`,
    ]);
  });

  it('a built-in game whose data repeats a chit id does not open (validateGame)', () => {
    const s = structuredClone(kursk) as { cups: { chits: { id: string }[] }[] };
    s.cups[0]!.chits[1]!.id = s.cups[0]!.chits[0]!.id;
    expect(() => validateGame('game.json', gd, [], [['gd-kursk.json', s]])).toThrow(/duplicate chit id/);
  });

  it('a game pack that repeats a chit id is refused once, naming the chit', () => {
    const p = clone(chitPullPack());
    const chits = p.scenarios[0].cups[0].chits;
    chits[1].id = chits[0].id;
    const r = readPack(packText(p as never));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues.map((i) => `${i.path} ${i.code}`)).toEqual(['$.scenarios[0].cups[0].chits[1].id duplicate-chit']);
  });
});
