// Issue #15, deck mode in ¿Resiste Stalingrado?'s previews: the special die (2.5, seed line 81: faces
// 2, 3, 3, 4, 4, 5) drawn from a deck of its six faces. An opposed roll (8.1, lines 111-117) draws
// twice — the attacker first, the defender from the cards then left — and its chances before the roll
// are checked against brute force over the ordered pairs of cards; a bombardment (2.6) draws once.
import { describe, expect, it } from 'vitest';
import {
  diceLabel,
  nextSums,
  sumsAfter,
  verifySession,
  type PreviewEnv,
  type ProcedureOutcome,
} from '../../../src/engine';
import {
  DEFAULT_READINGS,
  DIE,
  PHASES,
  opposedChances,
  procedures,
  scoreChance,
} from '../../../src/games/stalingrado/rules';
import { GameHarness, tablesOf } from './harness';

const tables = tablesOf(import.meta.glob<unknown>('/tables/stalingrado/*.json', { eager: true, import: 'default' }));
/** A game past the set-up (6, 9: no combat before turn 1), at the Russian combats. */
const newGame = () => {
  const g = new GameHarness(
    { tables, procedures, readings: DEFAULT_READINGS },
    { game: 'stalingrado', scenario: 'rs-stalingrado', seed: 'rs-deck' },
  );
  g.run('rs.phase', { index: PHASES.findIndex((p) => p.step === 'ru-combat') });
  return g;
};

const FACES = [2, 3, 3, 4, 4, 5];
/** A game in deck mode whose special-die deck holds these cards (indexes into FACES). */
const deckEnv = (cards: number[]): Pick<PreviewEnv, 'sums' | 'sumsAfter'> => {
  const state = { balance: { deck: true as const }, decks: { [diceLabel(DIE)]: cards } };
  return { sums: (spec) => nextSums(state, spec), sumsAfter: (spec, total) => sumsAfter(state, spec, total) };
};

/** Brute force: every ordered (attacker, defender) pair of cards; when one card is left the defender draws from a new full deck. */
function bruteForce(cards: number[], attack: number, defence: number) {
  const pairs: [number, number][] =
    cards.length === 1
      ? FACES.map((d) => [FACES[cards[0]!]!, d])
      : cards.flatMap((a, i) => cards.filter((_, j) => j !== i).map((d) => [FACES[a]!, FACES[d]!] as [number, number]));
  const count = (f: (va: number, vd: number) => boolean) => pairs.filter(([a, d]) => f(a * attack, d * defence)).length;
  return {
    win: count((va, vd) => va > vd),
    tie: count((va, vd) => va === vd),
    lose: count((va, vd) => va < vd),
    outcomes: pairs.length,
  };
}

describe('deck mode: the special die from its deck (2.5, line 81)', () => {
  it('a full deck gives the chances of two draws without replacement (30 ordered pairs, not 36)', () => {
    const all = [0, 1, 2, 3, 4, 5];
    expect(opposedChances(2, 2, deckEnv(all))).toEqual(bruteForce(all, 2, 2));
    expect(opposedChances(2, 2, deckEnv(all)).outcomes).toBe(30);
  });

  it('8.1: with cards drawn, the opposed chances are those of the pairs of cards left (brute force)', () => {
    for (const cards of [[0, 2, 5], [1, 3, 4, 5], [2, 4], [3]])
      for (const [attack, defence] of [
        [1, 1],
        [6, 3],
        [2, 5],
      ])
        expect(opposedChances(attack!, defence!, deckEnv(cards)), `${cards} ${attack}:${defence}`).toEqual(
          bruteForce(cards, attack!, defence!),
        );
  });

  it('2.6: a bombardment reads one card: the faces left that meet the score, of the cards left', () => {
    expect(scoreChance(4, 'at-least', deckEnv([0, 1, 3, 5]))).toEqual({ hit: 2, outcomes: 4 });
    expect(scoreChance(3, 'exactly', deckEnv([1, 2]))).toEqual({ hit: 2, outcomes: 2 });
  });

  it('without deck mode the chances are those of T11/T12 (36 pairs, 6 faces)', () => {
    const off: Pick<PreviewEnv, 'sums' | 'sumsAfter'> = {
      sums: (spec) => nextSums({}, spec),
      sumsAfter: (spec, total) => sumsAfter({}, spec, total),
    };
    expect(opposedChances(3, 3, off)).toEqual(opposedChances(3, 3));
    expect(scoreChance(3, 'at-most', off)).toEqual({ hit: 3, outcomes: 6 });
  });
});

describe('deck mode through the log: 8.1 "cada jugador tira el dado" (lines 111-117)', () => {
  const combat = {
    kind: 'ground',
    attacker: 'russian',
    attackers: [{ type: 'infantry-3' }],
    defenders: [{ type: 'infantry-2' }],
    support: [],
  };
  it("a combat's explanation gives the chances of the cards left before its two draws, and the game verifies", () => {
    const g = newGame();
    g.act({ type: 'balance', deck: true });
    const first = g.run('rs.combat', combat) as ProcedureOutcome;
    // A full deck of six faces, two drawn without replacement: 30 ordered pairs.
    expect(first.lines[0]).toMatchObject({ key: 'rs.combat.chances', params: bruteForce([0, 1, 2, 3, 4, 5], 3, 2) });
    const left = [...(g.state.decks?.[diceLabel(DIE)] ?? [])];
    expect(left).toHaveLength(4);
    const second = g.run('rs.combat', combat) as ProcedureOutcome;
    expect(second.lines[0]).toMatchObject({ key: 'rs.combat.chances', params: bruteForce(left, 3, 2) });
    expect(verifySession(g.session, g.ctx).ok).toBe(true);
  });
  it('dice typed in are not drawn from the deck: the explanation gives the chances of the die (T12, 36 pairs)', () => {
    const g = newGame();
    g.act({ type: 'balance', deck: true });
    const o = g.run('rs.combat', combat, [[4], [3]]) as ProcedureOutcome;
    expect(o.lines[0]).toMatchObject({ params: { win: 29, tie: 2, lose: 5, outcomes: 36 } });
  });
});
