// Issue #33: EastFront blocks that join a battle already under way, sealed on their owner's phone
// (src/games/eastfront/battle-steps.ts `join`, src/engine/sealed.ts), as a rules lawyer reads the
// Spanish rulebook (seed 004_e4aee9ca769bb184.txt):
//
// - 7.15, line 987: "El movimiento de nuevas unidades a una batalla ya existente no obliga al combate,
//   pero deben revelarse si pertenecen al Atacante Original." — the Original Attacker's joining blocks
//   are revealed as they join: never sealed once the battle exists (a round fought). The same line:
//   "cuando se ha iniciado una nueva batalla … debe librarse al menos una ronda" — a battle with no
//   round fought yet is the new one of this movement phase.
// - 6.31, line 833: "Las unidades Atacantes no deben revelarse al enemigo en el momento en que se
//   impliquen" — before the first round either side's blocks may still be sealed.
// - 7.12, line 969: "las unidades del Defensor Original se colocan siempre de pie en el Hex de Batalla
//   tras el combate" — the Original Defender's blocks, the joining ones too, stand hidden.
// - 7.14, line 979: a battle is activated "empujando hacia delante … a todas las unidades no
//   reveladas": its next round shows the joining blocks, and waits for them.
// - Line 29: the blocks stand on the map, so how many is public; "ni el tipo ni la fuerza".
import { describe, expect, it } from 'vitest';
import { sealCommitment } from '../../src/engine/sealed';
import { toFile, type Json } from '../../src/engine';
import { verifyText } from '../../src/cli/verify';
import { EfS42Game, refusal } from './games/ef-harness';

const SALT = 'c3'.repeat(32);

class Game extends EfS42Game {
  constructor() {
    super('ef-sealed-join');
  }
}

const OPEN = [
  { id: 'Rifle3', side: 'soviet', type: 'infantry', cv: 2 },
  { id: 'Pz41', side: 'axis', type: 'armor', cv: 3 },
];
const RESERVE: Json = [
  { id: 'Gds7', side: 'soviet', type: 'infantry', cv: 4 },
  { id: 'Tk2', side: 'soviet', type: 'armor', cv: 2 },
];
const JOIN = 'ef-join-soviet-1';
const commitReserve = (g: Game, id = JOIN, side = 'soviet', value: Json = RESERVE) =>
  g.act({ type: 'sealed.commit', id, side, commitment: sealCommitment(value, SALT), n: (value as Json[]).length });
/** An edit of the battle under way, its open blocks as they stand, with `extra` fields. */
const edit = (g: Game, extra: object) =>
  g.run('ef.battle', {
    od: 'soviet',
    continue: true,
    blocks: g.battle.blocks.map((b) => ({ ...b })),
    ...extra,
  });

/** A battle fought for one round (no hits): the Soviets are its Original Defender, the Axis its Original Attacker. */
function underWay() {
  const g = new Game();
  g.run('ef.battle', { od: 'soviet', blocks: OPEN });
  g.run('ef.round', { active: 'axis' });
  g.run('ef.fire', {}, [[1, 1]]);
  g.run('ef.fire', {}, [[1, 1, 1]]);
  expect(g.battle.rounds).toBe(1);
  expect(g.battle.round?.step).toBe('done');
  return g;
}

/** The Soviet reserve sealed on the Soviet phone and moved into the battle under way (the OD's, 7.12). */
function joined() {
  const g = underWay();
  commitReserve(g);
  edit(g, { join: { soviet: JOIN } });
  return g;
}

describe('EastFront blocks joining a battle under way, sealed on their phone (7.15, 7.14; issue #33)', () => {
  it("the Original Defender's joining blocks: the game holds their count (line 29) and commitment, never the blocks", () => {
    const g = joined();
    expect(g.battle.joining).toEqual({ soviet: [{ id: JOIN, n: 2 }] });
    expect(g.battle.blocks.map((b) => b.id)).toEqual(['Rifle3', 'Pz41']);
    expect(g.battle.rounds).toBe(1);
    const held = JSON.stringify(g.session) + JSON.stringify(g.state) + JSON.stringify(toFile(g.session));
    expect(held).not.toMatch(/Gds7|Tk2/);
    // The edit's headline counts them: 1 Axis, 3 Soviet (1 open + 2 sealed).
    expect(g.session.log.at(-1)!.outcome).toMatchObject({ headline: { params: { axis: 1, soviet: 3 } } });
  });

  it("7.15 (line 987): the Original Attacker's blocks joining an existing battle are revealed — never sealed", () => {
    const g = underWay();
    g.act({ type: 'sealed.commit', id: 'ef-join-axis-1', side: 'axis', commitment: sealCommitment([], SALT), n: 0 });
    expect(refusal(() => edit(g, { join: { axis: 'ef-join-axis-1' } }))).toEqual({
      key: 'ef.err.joinShown',
      side: 'ef.sideOf.axis',
    });
  });

  it('6.31 (line 833): before the first round, attackers are not revealed yet — either side may seal blocks joining', () => {
    const g = new Game();
    g.run('ef.battle', { od: 'soviet', blocks: OPEN });
    const more: Json = [{ id: 'Inf9', side: 'axis', type: 'infantry', cv: 2 }];
    commitReserve(g, 'ef-join-axis-1', 'axis', more);
    edit(g, { join: { axis: 'ef-join-axis-1' } });
    expect(g.battle.joining).toEqual({ axis: [{ id: 'ef-join-axis-1', n: 1 }] });
  });

  it('blocks join only a battle already entered, each sealed value once, of its own side, not yet shown', () => {
    const g = underWay();
    commitReserve(g);
    // A new battle is the set-up's business (7.12: `sealed`), not a join.
    expect(refusal(() => g.run('ef.battle', { od: 'soviet', blocks: OPEN, join: { soviet: JOIN } })).key).toBe(
      'ef.err.joinNew',
    );
    expect(refusal(() => edit(g, { join: { axis: JOIN } }))).toEqual({
      key: 'ef.err.sealedUnknown',
      side: 'ef.side.axis',
    });
    expect(refusal(() => edit(g, { join: { soviet: 'ef-join-soviet-none' } })).key).toBe('ef.err.sealedUnknown');
    edit(g, { join: { soviet: JOIN } });
    expect(refusal(() => edit(g, { join: { soviet: JOIN } }))).toEqual({
      key: 'ef.err.joinedAlready',
      side: 'ef.side.soviet',
    });
  });

  it('an edit keeps the joined blocks; a second move into the battle adds to them (several movement phases)', () => {
    const g = joined();
    edit(g, { terrain: 'forest' });
    expect(g.battle.joining).toEqual({ soviet: [{ id: JOIN, n: 2 }] });
    const more: Json = [{ id: 'Cav1', side: 'soviet', type: 'cavalry', cv: 1 }];
    commitReserve(g, 'ef-join-soviet-2', 'soviet', more);
    edit(g, { join: { soviet: 'ef-join-soviet-2' } });
    expect(g.battle.joining?.soviet).toEqual([
      { id: JOIN, n: 2 },
      { id: 'ef-join-soviet-2', n: 1 },
    ]);
    expect(g.session.log.at(-1)!.outcome).toMatchObject({ headline: { params: { axis: 1, soviet: 4 } } });
  });

  it("7.12 (line 969): after a round the OD's blocks stand up again and the OA's stay face up — a join keeps it so", () => {
    const g = new Game();
    g.run('ef.battle', { od: 'soviet', hidden: true, blocks: OPEN });
    g.run('ef.round', { active: 'axis' });
    g.run('ef.fire', {}, [[1, 1]]);
    g.run('ef.fire', {}, [[1, 1, 1]]);
    expect(g.battle.hidden).toEqual(['soviet']);
    commitReserve(g);
    edit(g, { hidden: ['soviet'], join: { soviet: JOIN } });
    expect(g.battle.hidden).toEqual(['soviet']);
    expect(g.battle.joining).toEqual({ soviet: [{ id: JOIN, n: 2 }] });
  });

  it('7.14 (line 979): the next round waits for the Soviet phone, naming the side; a lying reveal is refused naming the commit step; the true one joins the round', () => {
    const g = joined();
    const commitStep = g.state.sealed![JOIN]!.seq;
    expect(refusal(() => g.run('ef.round', { active: 'axis' }))).toMatchObject({
      key: 'ef.err.sealedWait',
      side: 'ef.side.soviet',
    });
    g.act({ type: 'sealed.call', ids: [JOIN] });
    const lie: Json = [
      { id: 'Gds7', side: 'soviet', type: 'infantry', cv: 1 },
      { id: 'Tk2', side: 'soviet', type: 'armor', cv: 2 },
    ];
    expect(refusal(() => g.act({ type: 'sealed.reveal', id: JOIN, value: lie, salt: SALT }))).toEqual({
      key: 'sealed.err.mismatch',
      side: 'soviet',
      step: commitStep,
    });
    g.act({ type: 'sealed.reveal', id: JOIN, value: RESERVE, salt: SALT });
    const round = g.run('ef.round', { active: 'axis' });
    expect(round.lines).toEqual(
      expect.arrayContaining([
        { key: 'ef.round.joined', params: { side: 'ef.side.soviet', n: 2 }, rule: '7.14, 7.15' },
      ]),
    );
    expect(g.battle.joining).toBeUndefined();
    expect(g.battle.rounds).toBe(2);
    expect(g.battle.blocks.map((b) => `${b.id}:${b.cv}`)).toEqual(['Rifle3:2', 'Pz41:3', 'Gds7:4', 'Tk2:2']);
    // The joined blocks fire in the Soviet defensive fire: Rifle3 2 dice, Gds7 4, Tk2 2.
    const fire = g.run('ef.fire', {}, [
      [1, 1],
      [1, 1, 1, 1],
      [1, 1],
    ]);
    expect((fire.result as { shots: { unit: string }[] }).shots.map((s) => s.unit)).toEqual(['Rifle3', 'Gds7', 'Tk2']);
  });

  it('the game file verifies in the CLI; a changed revealed value is refused naming its step; one never shown is reported', async () => {
    const g = joined();
    g.act({ type: 'sealed.reveal', id: JOIN, value: RESERVE, salt: SALT });
    g.run('ef.round', { active: 'axis' });
    const text = JSON.stringify(toFile(g.session));
    const ok = await verifyText(text);
    expect(ok.code).toBe(0);
    expect(ok.message).toContain('1 sealed value shown matches its commitment');
    // What the verified file records of the round: the reserve shown, checked against the commitment (7.14, 7.15).
    type Step = { seq: number; action: { type: string; value?: Json }; outcome: { lines?: { key: string }[] } };
    const file = JSON.parse(text) as { session: { log: Step[] } };
    expect(file.session.log.at(-1)!.outcome.lines?.map((l) => l.key)).toContain('ef.round.joined');

    const reveal = file.session.log.find((e) => e.action.type === 'sealed.reveal')!;
    (reveal.action.value as { cv: number }[])[0]!.cv = 1;
    const changed = await verifyText(JSON.stringify(file));
    expect(changed.code).toBe(1);
    expect(changed.message).toContain(`step ${reveal.seq}`);

    const open = await verifyText(JSON.stringify(toFile(joined().session)));
    expect(open.code).toBe(0);
    expect(open.message).toMatch(/the soviet side's sealed value of step \d+ \(2 items\) was never shown/);
  });
});
