// Issue #33: values typed in private on their owner's phone, sealed until their reveal
// (src/engine/sealed.ts), and EastFront's blocks entered hidden sealed that way (7.12, 7.14, 7.21).
//
// Seed 004 (EastFront), line 29: "los jugadores no pueden ver ni el tipo ni la fuerza de las unidades
// enemigas" — the blocks stand on the map, so how many there are is public; their type and CV are not.
// Line 979 (7.14): the active player activates a battle "empujando hacia delante (dejándolas boca
// arriba) a todas las unidades no reveladas": the first round reveals them.
// Line 999 (7.21): "Al terminarse esta Ronda de Combate, las unidades del Defensor Original de la
// batalla se deben colocar de pie de nuevo."
import { describe, expect, it } from 'vitest';
import { applySealed, sealCommitment, unrevealed, type SealedValue } from '../../src/engine/sealed';
import { toFile, type Json } from '../../src/engine';
import { verifyText } from '../../src/cli/verify';
import { EfS42Game, refusal } from './games/ef-harness';

const SALT = 'a1'.repeat(32);
const OTHER_SALT = 'b2'.repeat(32);

describe('a sealed value in the log (engine)', () => {
  const value: Json = [{ id: 'A', type: 'armor', cv: 4 }];
  const commit = (id = 'v1') =>
    applySealed({ type: 'sealed.commit', id, side: 'axis', commitment: sealCommitment(value, SALT), n: 1, seq: 7 }, {});

  it('a commitment holds the side, the count and the hash only; the value is in no field', () => {
    const r = commit();
    expect(r.sealed['v1']).toEqual({ side: 'axis', commitment: sealCommitment(value, SALT), n: 1, seq: 7 });
    expect(JSON.stringify(r)).not.toContain('armor');
    expect(unrevealed(r.sealed)).toEqual([{ id: 'v1', side: 'axis', n: 1, seq: 7 }]);
  });

  it('a reveal that matches is recorded; one whose value or salt differs is refused naming the side and the commit step', () => {
    const { sealed } = commit();
    const other: Json = [{ id: 'A', type: 'armor', cv: 3 }];
    expect(refusal(() => applySealed({ type: 'sealed.reveal', id: 'v1', value: other, salt: SALT }, sealed))).toEqual({
      key: 'sealed.err.mismatch',
      side: 'axis',
      step: 7,
    });
    expect(refusal(() => applySealed({ type: 'sealed.reveal', id: 'v1', value, salt: OTHER_SALT }, sealed)).key).toBe(
      'sealed.err.mismatch',
    );
    const r = applySealed({ type: 'sealed.reveal', id: 'v1', value, salt: SALT }, sealed);
    expect(r.sealed['v1']).toMatchObject({ revealed: true, value });
    expect(unrevealed(r.sealed)).toEqual([]);
    expect(refusal(() => applySealed({ type: 'sealed.reveal', id: 'v1', value, salt: SALT }, r.sealed)).key).toBe(
      'sealed.err.revealed',
    );
  });

  it('a count that the value does not hold, an unknown id, a name used twice are refused', () => {
    const two: Json = [1, 2];
    const bad: Record<string, SealedValue> = {
      v: { side: 'axis', commitment: sealCommitment(two, SALT), n: 3, seq: 2 },
    };
    expect(refusal(() => applySealed({ type: 'sealed.reveal', id: 'v', value: two, salt: SALT }, bad)).key).toBe(
      'sealed.err.count',
    );
    expect(refusal(() => applySealed({ type: 'sealed.reveal', id: 'nope', value, salt: SALT }, bad)).key).toBe(
      'sealed.err.unknown',
    );
    expect(refusal(() => applySealed({ type: 'sealed.call', ids: ['nope'] }, bad)).key).toBe('sealed.err.unknown');
    const { sealed } = commit();
    expect(
      refusal(() => applySealed({ type: 'sealed.commit', id: 'v1', side: 'soviet', commitment: SALT, n: 0 }, sealed))
        .key,
    ).toBe('sealed.err.exists');
  });
});

// ------------------------------------------------------------------ EastFront

class Game extends EfS42Game {
  constructor() {
    super('ef-sealed');
  }
}
const axisBlocks: Json = [
  { id: 'Pz41', side: 'axis', type: 'armor', cv: 3 },
  { id: 'Inf9', side: 'axis', type: 'infantry', cv: 2 },
];
const fileOf = (g: Game) => JSON.stringify(toFile(g.session));
const refusedKey = (f: () => unknown) => refusal(f).key;

/** The Axis blocks sealed on the Axis phone; the Soviet blocks typed in after a hand-off (no phone). */
function sealedBattle() {
  const g = new Game();
  g.act({
    type: 'sealed.commit',
    id: 'ef-blocks-axis-1',
    side: 'axis',
    commitment: sealCommitment(axisBlocks, SALT),
    n: 2,
  });
  g.run('ef.battle', {
    od: 'soviet',
    hidden: true,
    sealed: { axis: 'ef-blocks-axis-1' },
    blocks: [{ id: 'Rifle3', side: 'soviet', type: 'infantry', cv: 2 }],
  });
  return g;
}

describe('EastFront blocks sealed on their phone (7.12, 7.14, 7.21; issue #33)', () => {
  it('before the reveal the game holds their count (public, line 29) and no block of the sealed side', () => {
    const g = sealedBattle();
    expect(g.battle.sealed).toEqual({ axis: { id: 'ef-blocks-axis-1', n: 2 } });
    expect(g.battle.blocks.map((b) => b.id)).toEqual(['Rifle3']);
    const held = JSON.stringify(g.session) + JSON.stringify(g.state) + JSON.stringify(toFile(g.session));
    expect(held).not.toMatch(/Pz41|Inf9|armor/);
    // The setup's headline counts them (2 Axis, 1 Soviet).
    expect(g.session.log.at(-1)!.outcome).toMatchObject({ headline: { params: { axis: 2, soviet: 1 } } });
  });

  it('the first round waits for the Axis phone, naming the side; it cannot be entered here or by the other side', () => {
    const g = sealedBattle();
    expect(refusal(() => g.run('ef.round', { active: 'axis' }))).toMatchObject({
      key: 'ef.err.sealedWait',
      side: 'ef.side.axis',
    });
    const other = new Game();
    other.act({ type: 'sealed.commit', id: 's', side: 'soviet', commitment: sealCommitment([], SALT), n: 0 });
    expect(
      refusedKey(() => other.run('ef.battle', { od: 'soviet', hidden: true, sealed: { axis: 's' }, blocks: [] })),
    ).toBe('ef.err.sealedUnknown');
    expect(
      refusedKey(() => other.run('ef.battle', { od: 'soviet', hidden: false, sealed: { soviet: 's' }, blocks: [] })),
    ).toBe('ef.err.sealedOpen');
  });

  it('a reveal that is not what was sealed is refused naming the commit step; the true one opens the round (7.14)', () => {
    const g = sealedBattle();
    g.act({ type: 'sealed.call', ids: ['ef-blocks-axis-1'] });
    const lie: Json = [
      { id: 'Pz41', side: 'axis', type: 'armor', cv: 4 },
      { id: 'Inf9', side: 'axis', type: 'infantry', cv: 2 },
    ];
    expect(refusal(() => g.act({ type: 'sealed.reveal', id: 'ef-blocks-axis-1', value: lie, salt: SALT }))).toEqual({
      key: 'sealed.err.mismatch',
      side: 'axis',
      step: 1,
    });
    g.act({ type: 'sealed.reveal', id: 'ef-blocks-axis-1', value: axisBlocks, salt: SALT });
    const round = g.run('ef.round', { active: 'axis' });
    expect(round.lines.map((l) => l.key)).toEqual(expect.arrayContaining(['ef.round.unsealed', 'ef.round.revealed']));
    expect(g.battle.sealed).toBeUndefined();
    expect(g.battle.blocks.map((b) => `${b.id}:${b.cv}`)).toEqual(['Rifle3:2', 'Pz41:3', 'Inf9:2']);
    // The round goes on as any other: Soviet defensive fire (2 dice), Axis offensive fire (5 dice).
    g.run('ef.fire', {}, [[1, 1]]);
    g.run('ef.fire', {}, [
      [1, 1, 1],
      [1, 1],
    ]);
    // 7.21 (line 999): the OD (Soviet) stands up again; the Axis blocks stay face up.
    expect(g.battle.hidden).toEqual(['soviet']);
  });

  it('the exported file verifies; a changed revealed value is refused naming its step; one never shown is reported', async () => {
    const g = sealedBattle();
    g.act({ type: 'sealed.reveal', id: 'ef-blocks-axis-1', value: axisBlocks, salt: SALT });
    g.run('ef.round', { active: 'axis' });
    const text = fileOf(g);
    const ok = await verifyText(text);
    expect(ok.code).toBe(0);
    expect(ok.message).toContain('1 sealed value shown matches its commitment');

    const file = JSON.parse(text) as { session: { log: { seq: number; action: { type: string; value?: Json } }[] } };
    const reveal = file.session.log.find((e) => e.action.type === 'sealed.reveal')!;
    (reveal.action.value as { cv: number }[])[0]!.cv = 4;
    const changed = await verifyText(JSON.stringify(file));
    expect(changed.code).toBe(1);
    expect(changed.message).toContain(`step ${reveal.seq}`);

    const open = await verifyText(fileOf(sealedBattle()));
    expect(open.code).toBe(0);
    expect(open.message).toContain("the axis side's sealed value of step 1 (2 items) was never shown");
  });
});
