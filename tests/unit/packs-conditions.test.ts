// Per-turn conditions in a game pack (issue #32: "mud: attack halved for two turns"): the turn
// track marks a turn with a tag, a named shift or modifier says it applies by itself on turns so
// marked ("turn:mud"), and the pack's game reports the tag as its condition on those turns only, so
// the combat form ticks the shift from the start, as the built-in games' weather does.
import { describe, expect, it } from 'vitest';
import { gameContext } from '../../src/data/context';
import { trackConditions, type GameState } from '../../src/engine';
import { conditionsNamed, namedOf, setNamed, setTable, setTurns, turnConditions } from '../../src/packs/edit';
import { bundleOf, packText, readPack, type Pack } from '../../src/packs/format';
import { fromTemplate } from '../../src/packs/templates';

const valid = (p: Pack) => {
  const r = readPack(packText(p));
  return r.ok ? [] : r.issues;
};

/** An odds CRT whose forest shift applies by itself on mud turns; turns 2 and 3 are marked mud. */
function muddy(): Pack {
  let p = fromTemplate('odds-crt', 'muddy', { en: 'Muddy' });
  p = setTable(p, 'crt', (t) =>
    setNamed(t, 'shifts', [
      { id: '', label: { en: 'Mud', es: 'Barro' }, value: -1, rule: '9.2', when: 'turn: Mud ' },
      { id: '', label: { en: 'River', es: 'Río' }, value: -1, rule: '9.3' },
    ]),
  );
  return setTurns(p, 4, ['', 'Rain begins', '', 'Last turn'], ['', 'mud', 'mud, snow', '']);
}

describe('per-turn conditions in a pack', () => {
  it("a named shift keeps the turns it applies on ('turn:mud'); one without stays without", () => {
    const shifts = namedOf(
      muddy().tables.find((t) => t.id === 'crt')!,
      'shifts',
    );
    expect(shifts.map((s) => [s.id, s.when])).toEqual([
      ['mud', 'turn:mud'],
      ['river', undefined],
    ]);
    expect(conditionsNamed(muddy())).toEqual(['mud']);
  });

  it('the turn track gains a conditions column only when a turn is marked, and the pack stays valid', () => {
    const p = muddy();
    const track = p.tables.find((t) => t.id === 'turn-track')!;
    expect(track.columns.entries.map((c) => c.key)).toEqual(['note', 'conditions']);
    expect(track.cells).toEqual([
      [null, null],
      ['Rain begins', 'mud'],
      [null, 'mud snow'],
      ['Last turn', null],
    ]);
    expect(turnConditions(p)).toEqual(['', 'mud', 'mud snow', '']);
    expect(valid(p)).toEqual([]);
    // A note edited later keeps the marks; unmarking every turn drops the column.
    expect(turnConditions(setTurns(p, 4, ['x', '', '', '']))).toEqual(['', 'mud', 'mud snow', '']);
    const plain = setTurns(p, 4, ['', '', '', ''], ['', '', '', '']).tables.find((t) => t.id === 'turn-track')!;
    expect(plain.columns.entries.map((c) => c.key)).toEqual(['note']);
  });

  it('the conditions of turn N are the tags its row marks, as turn:<tag>', () => {
    const track = muddy().tables.find((t) => t.id === 'turn-track')!;
    expect(trackConditions(track, 1)).toEqual([]);
    expect(trackConditions(track, 2)).toEqual(['turn:mud']);
    expect(trackConditions(track, 3)).toEqual(['turn:mud', 'turn:snow']);
    expect(trackConditions(track, 9)).toEqual([]);
  });

  it("the pack's game reports them as its conditions (what the forms tick by themselves)", async () => {
    const ctx = await gameContext(bundleOf(muddy()), 'main');
    const game = {} as GameState;
    expect(ctx.conditions?.(game, 1)).toEqual([]);
    expect(ctx.conditions?.(game, 2)).toEqual(['turn:mud']);
    // Without a conditions column a pack's game has none to report.
    const plain = await gameContext(bundleOf(fromTemplate('odds-crt', 'plain', { en: 'Plain' })), 'main');
    expect(plain.conditions).toBeUndefined();
  });
});

describe("a pack's strengths (issue #32)", () => {
  it('are whole numbers unless the manifest says they may have decimals', () => {
    const p = fromTemplate('odds-crt', 'halves', { en: 'Halves' });
    expect(bundleOf(p).game.strengths).toBe('whole');
    const decimal = { ...p, manifest: { ...p.manifest, strengths: 'decimal' as const } };
    expect(valid(decimal)).toEqual([]);
    expect(bundleOf(decimal).game.strengths).toBe('decimal');
    const r = readPack(packText({ ...p, manifest: { ...p.manifest, strengths: 'halves' } } as unknown as Pack));
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['$.manifest.strengths']);
  });
});
