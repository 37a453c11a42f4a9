import { describe, expect, it } from 'vitest';
import { createRng, randInt, type Rng } from '../../../src/engine';
// A cup and what it holds; the moves on it.
import { addChit, allChits, createCup, cupCounts, removeChit, type Cup } from '../../../src/engine';
import { drawChit, drawManual, endTurn, giveToHand, lookAt, orderNext, pick, playFromHand } from '../../../src/engine';
import { engineError, scriptedRng } from './fixtures';

const CHITS = ['ger-a', 'ger-a', 'ger-b', 'sov-a', 'sov-b', 'sov-c'];
const sorted = (xs: readonly string[]) => [...xs].sort();

function drawAll(cup: Cup, rng: Rng): { cup: Cup; drawn: string[] } {
  const drawn: string[] = [];
  while (cup.chits.length + cup.next.length > 0) {
    const d = drawChit(cup, rng);
    drawn.push(d.chit);
    cup = d.cup;
  }
  return { cup, drawn };
}

describe('drawing', () => {
  it('drawing everything draws each chit exactly once (the multiset is preserved)', () => {
    const cup = createCup('c', CHITS, 'none');
    const { cup: after, drawn } = drawAll(cup, createRng('all'));
    expect(sorted(drawn)).toEqual(sorted(CHITS));
    expect(after.chits).toEqual([]);
    expect(after.discard).toEqual(drawn);
  });

  it('the same seed gives the same draw order; another seed a different one', () => {
    const cup = createCup('c', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 'none');
    const one = drawAll(cup, createRng('order')).drawn;
    const two = drawAll(cup, createRng('order')).drawn;
    const other = drawAll(cup, createRng('another order')).drawn;
    expect(two).toEqual(one);
    expect(other).not.toEqual(one);
  });

  it('reports the number of chits the draw was made from', () => {
    const d = drawChit(createCup('c', CHITS, 'none'), createRng('x'));
    expect(d.from).toBe(6);
    expect(d.how).toBe('random');
    expect(drawChit(d.cup, createRng('y')).from).toBe(5);
  });

  it('an empty cup with refill "none" throws cup-empty', () => {
    const { cup } = drawAll(createCup('c', ['a', 'b'], 'none'), createRng('x'));
    const e = engineError(() => drawChit(cup, createRng('x')));
    expect(e.code).toBe('cup-empty');
    expect(e.params).toEqual({ cup: 'c' });
  });

  it('"from-discard-when-empty" puts the discard pile back and says so', () => {
    const { cup } = drawAll(createCup('c', ['a', 'b', 'c'], 'from-discard-when-empty'), createRng('x'));
    const d = drawChit(cup, createRng('y'));
    expect(d.refilled).toBe(true);
    expect(d.from).toBe(3);
    expect(d.cup.chits).toHaveLength(2);
    expect(d.cup.discard).toEqual([d.chit]);
    expect(sorted(allChits(d.cup))).toEqual(['a', 'b', 'c']);
  });

  it('"from-discard-when-empty" with nothing discarded is still empty', () => {
    const cup = removeChit(createCup('c', ['a'], 'from-discard-when-empty'), 'a');
    expect(engineError(() => drawChit(cup, createRng('x'))).code).toBe('cup-empty');
  });

  it('"return-all-at-end-of-turn": endTurn puts the discard and the set-aside chits back', () => {
    let cup = createCup('c', ['a', 'b', 'c', 'd'], 'return-all-at-end-of-turn');
    cup = drawChit(cup, createRng('x')).cup;
    cup = pick(cup, cup.chits[0]!);
    expect(cup.chits).toHaveLength(2);

    const after = endTurn(cup);

    expect(sorted(after.chits)).toEqual(['a', 'b', 'c', 'd']);
    expect(after.next).toEqual([]);
    expect(after.discard).toEqual([]);
    // An empty cup of this kind does not refill by itself before the end of the turn.
    const { cup: empty } = drawAll(createCup('e', ['a'], 'return-all-at-end-of-turn'), createRng('x'));
    expect(engineError(() => drawChit(empty, createRng('x'))).code).toBe('cup-empty');
  });

  it('endTurn leaves other cups alone', () => {
    const cup = drawChit(createCup('c', ['a', 'b'], 'from-discard-when-empty'), createRng('x')).cup;
    expect(endTurn(cup)).toBe(cup);
  });
});

describe('opening rules: pick, look at and order', () => {
  it('pick() sets a chit aside to be drawn first, without using the RNG', () => {
    const cup = pick(createCup('c', CHITS, 'none'), 'sov-b');
    const rng = scriptedRng([]);
    const d = drawChit(cup, rng);
    expect(d.chit).toBe('sov-b');
    expect(d.how).toBe('set-aside');
    expect(rng.used()).toBe(0);
    expect(engineError(() => pick(cup, 'nope')).code).toBe('chit-not-in-cup');
  });

  it('lookAt(3), then orderNext: the next three draws come out in the chosen order', () => {
    const cup0 = createCup('c', ['a', 'b', 'c', 'd', 'e', 'f'], 'none');
    const looked = lookAt(cup0, createRng('look'), 3);
    expect(looked.next).toHaveLength(3);
    expect(looked.chits).toHaveLength(3);
    const order = [...looked.next].reverse();

    let cup = orderNext(looked, order);
    const drawn: string[] = [];
    for (let k = 0; k < 3; k++) {
      const d = drawChit(cup, scriptedRng([]));
      drawn.push(d.chit);
      cup = d.cup;
    }

    expect(drawn).toEqual(order);
    expect(sorted([...drawn, ...cup.chits])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('orderNext refuses anything but a permutation of the set-aside chits', () => {
    const cup = lookAt(createCup('c', ['a', 'b', 'c', 'd'], 'none'), createRng('look'), 2);
    expect(engineError(() => orderNext(cup, [cup.next[0]!])).code).toBe('bad-action');
    expect(engineError(() => orderNext(cup, [cup.next[0]!, cup.next[0]!])).code).toBe('bad-action');
    expect(engineError(() => orderNext(cup, [...cup.next, 'x'])).code).toBe('bad-action');
  });

  it('lookAt refuses 0, fractions and more chits than the cup holds', () => {
    const cup = createCup('c', ['a', 'b'], 'none');
    for (const n of [0, 1.5, 3, NaN]) expect(engineError(() => lookAt(cup, createRng('x'), n)).code).toBe('look-count');
  });
});

describe('manual draws, hands and removal', () => {
  it('drawManual takes the named chit; refuses a chit not in the cup', () => {
    const cup = createCup('c', CHITS, 'none');
    const d = drawManual(cup, 'sov-c');
    expect(d).toMatchObject({ chit: 'sov-c', how: 'manual', from: 6 });
    expect(d.cup.chits).not.toContain('sov-c');
    expect(d.cup.discard).toEqual(['sov-c']);
    const e = engineError(() => drawManual(d.cup, 'sov-c'));
    expect(e.code).toBe('chit-not-in-cup');
    expect(e.params).toEqual({ cup: 'c', chit: 'sov-c' });
  });

  it('drawManual removes only one of two identical chits', () => {
    const d = drawManual(createCup('c', CHITS, 'none'), 'ger-a');
    expect(d.cup.chits.filter((c) => c === 'ger-a')).toHaveLength(1);
  });

  it('giveToHand / playFromHand: a played chit is gone for good (even after the turn ends)', () => {
    let cup = createCup('c', ['a'], 'return-all-at-end-of-turn');
    cup = giveToHand(cup, 'ger', 'event-1');
    cup = giveToHand(cup, 'ger', 'event-2');
    expect(cup.hands.ger).toEqual(['event-1', 'event-2']);

    cup = playFromHand(cup, 'ger', 'event-1');
    cup = endTurn(cup);

    expect(cup.hands.ger).toEqual(['event-2']);
    expect(cup.removed).toEqual(['event-1']);
    expect(cup.chits).toEqual(['a']);
    expect(engineError(() => playFromHand(cup, 'ger', 'event-1')).code).toBe('unknown-chit');
    expect(engineError(() => playFromHand(cup, 'sov', 'event-2')).code).toBe('unknown-chit');
  });

  it('removeChit takes a chit out of the discard pile or a hand', () => {
    let cup = createCup('c', ['a', 'b'], 'from-discard-when-empty');
    cup = drawManual(cup, 'a').cup;
    cup = giveToHand(cup, 'sov', 'h');

    cup = removeChit(cup, 'a');
    expect(cup.discard).toEqual([]);
    cup = removeChit(cup, 'h');
    expect(cup.hands.sov).toEqual([]);

    expect(cup.removed).toEqual(['a', 'h']);
    expect(engineError(() => removeChit(cup, 'zzz')).code).toBe('chit-not-in-cup');
  });

  it('cupCounts counts chits in the cup and the ones set aside, by kind', () => {
    let cup = createCup('c', CHITS, 'none');
    cup = pick(cup, 'sov-a');
    cup = drawManual(cup, 'ger-b').cup;
    cup = removeChit(cup, 'sov-c');
    expect(cupCounts(cup)).toEqual({
      inCup: 4,
      byChit: { 'ger-a': 2, 'sov-a': 1, 'sov-b': 1 },
      discard: 1,
      removed: 1,
    });
  });
});

describe('invariant: the cup accounts for every chit after any sequence of operations', () => {
  it('allChits is the starting multiset plus added and handed-out chits, for 200 random sequences', () => {
    const choose = createRng('ops');
    for (let run = 0; run < 200; run++) {
      const refill = (['none', 'from-discard-when-empty', 'return-all-at-end-of-turn'] as const)[run % 3]!;
      let cup = createCup('c', CHITS, refill);
      const expected = [...CHITS];
      const rng = createRng(`run-${run}`);
      for (let k = 0; k < 30; k++) {
        const op = randInt(choose, 9);
        const inCup = cup.chits;
        try {
          if (op === 0 || op === 1) cup = drawChit(cup, rng).cup;
          else if (op === 2 && inCup.length) cup = drawManual(cup, inCup[randInt(choose, inCup.length)]!).cup;
          else if (op === 3 && inCup.length) cup = pick(cup, inCup[randInt(choose, inCup.length)]!);
          else if (op === 4 && inCup.length) cup = lookAt(cup, rng, 1 + randInt(choose, inCup.length));
          else if (op === 5) {
            cup = addChit(cup, 'extra');
            expected.push('extra');
          } else if (op === 6) {
            cup = giveToHand(cup, 'ger', 'held');
            expected.push('held');
          } else if (op === 7) {
            const anywhere = allChits(cup).filter((c) => !cup.removed.includes(c));
            if (anywhere.length) cup = removeChit(cup, anywhere[randInt(choose, anywhere.length)]!);
          } else if (op === 8) cup = endTurn(cup);
        } catch (e) {
          // Only an empty cup may refuse a draw.
          expect((e as { code?: string }).code).toBe('cup-empty');
        }
        expect(sorted(allChits(cup))).toEqual(sorted(expected));
        expect(cupCounts(cup).inCup).toBe(cup.chits.length + cup.next.length);
      }
    }
  });
});
