// Issue #15: balanced randomness the players agree on. Deck mode's exact odds against brute-force
// enumeration of the cards left; the decks through undo, reload (deriveState) and verification;
// the streak cap for cups, enforced and verified.
import { describe, expect, it } from 'vitest';
import {
  apply,
  cardDice,
  combatDistribution,
  deriveState,
  initialState,
  newSession,
  nextSums,
  readSessionFile,
  rollDistribution,
  resolveRoll,
  sideChances,
  toFile,
  undo,
  verifySession,
  type Action,
  type DiceRoll,
  type DiceSpec,
  type GameContext,
  type LogEntry,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { cupGame, engineError, gdCrt, oneD } from './fixtures';

const D2D6: DiceSpec = { n: 2, sides: 6 };

const { scenario: SCENARIO, ctx } = cupGame([oneD(), gdCrt()], 'return-all-at-end-of-turn', [
  { id: 'ger', label: 'German HQ', side: 'german', count: 5 },
  { id: 'sov', label: 'Soviet HQ', side: 'soviet', count: 3 },
]);

class Game {
  session: Session = newSession({
    id: 'd',
    game: 'test',
    scenario: 'scn',
    name: 'Deck',
    seed: 'deck-seed',
    createdAt: '2026-01-01T00:00:00Z',
  });
  state: SessionState = initialState(this.session, SCENARIO);
  act(action: Action): LogEntry {
    const r = apply(this.session, this.state, action, ctx);
    this.session = r.session;
    this.state = r.state;
    return r.entry;
  }
  roll(spec: DiceSpec = D2D6): DiceRoll {
    const o = this.act({ type: 'roll', dice: spec }).outcome;
    if (o.kind !== 'roll') throw new Error('not a roll');
    return o.dice;
  }
  undo() {
    const r = undo(this.session, ctx);
    this.session = r.session;
    this.state = r.state;
  }
}

/** Every ordered combination of faces of the dice (a full deck), as face lists. */
function everyCombination(spec: { n: number; sides: number }): number[][] {
  let acc: number[][] = [[]];
  for (let k = 0; k < spec.n; k++)
    acc = acc.flatMap((c) => Array.from({ length: spec.sides }, (_, f) => [...c, f + 1]));
  return acc;
}

/** Brute force: the combinations not yet drawn in this deck, counted by total. */
function remainingByTotal(spec: { n: number; sides: number }, drawn: readonly (readonly number[])[]) {
  const left = everyCombination(spec);
  for (const d of drawn) {
    const i = left.findIndex((c) => c.every((f, k) => f === d[k]));
    expect(i, `drawn ${d.join(',')} twice from one deck`).toBeGreaterThanOrEqual(0);
    left.splice(i, 1);
  }
  const counts = new Map<number, number>();
  for (const c of left) {
    const t = c.reduce((a, b) => a + b, 0);
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return { counts, cards: left.length, left };
}

describe('deck mode: a deck of every combination, drawn without replacement', () => {
  it('is off by default: rolls carry no deck and the state has none', () => {
    const g = new Game();
    expect(g.roll().deck).toBeUndefined();
    expect(g.state.balance).toBeUndefined();
    expect(g.state.decks).toBeUndefined();
  });

  it('after k cards the odds of each total are the cards left of it / the cards left (brute force), for 2d6 and 1d10', () => {
    for (const spec of [D2D6, { n: 1, sides: 10 }]) {
      const g = new Game();
      g.act({ type: 'balance', deck: true });
      const size = spec.sides ** spec.n;
      let drawn: number[][] = [];
      for (let k = 0; k < 2 * size + 3; k++) {
        const want = remainingByTotal(spec, drawn);
        const got = nextSums(g.state, spec);
        expect(got.outcomes).toBe(want.cards);
        expect([...got.counts].filter(([, c]) => c > 0)).toEqual([...want.counts].sort((a, b) => a[0] - b[0]));
        const d = g.roll(spec);
        drawn.push([...d.dice]);
        expect(d.deck).toEqual({ left: size - drawn.length, of: size });
        if (drawn.length === size) {
          // The whole deck came out: every combination exactly once; the next roll starts a new deck.
          expect(remainingByTotal(spec, drawn).cards).toBe(0);
          drawn = [];
          expect(nextSums(g.state, spec).outcomes).toBe(size);
        }
      }
    }
  });

  it("a table's odds before a roll are those of the deck's cards through the table (enumerated card by card)", () => {
    const g = new Game();
    g.act({ type: 'balance', deck: true });
    for (let k = 0; k < 20; k++) g.roll();
    const t = oneD();
    const mods = [{ value: 1, label: 'hill' }];
    const dist = rollDistribution(t, D2D6, mods, {}, nextSums(g.state, D2D6));
    const cards = (g.state.decks?.['2d6'] ?? []).map((c) => cardDice(D2D6, c));
    expect(cards).toHaveLength(16);
    const byResult = new Map<string | number, number>();
    for (const dice of cards) {
      const r = resolveRoll(t, { spec: D2D6, dice, total: dice[0]! + dice[1]!, manual: false }, mods).result;
      byResult.set(r, (byResult.get(r) ?? 0) + 1);
    }
    expect(dist.outcomes).toBe(16);
    for (const [r, c] of byResult) expect(dist.counts.get(r)).toBe(c);
    // The CRT (1d6) draws from its own deck: three cards drawn, three left, one chance in three each.
    const D6 = { n: 1, sides: 6 };
    for (let k = 0; k < 3; k++) g.act({ type: 'combat', table: 'gd-like', attack: 6, defence: 2 });
    const crt = combatDistribution(gdCrt(), { attack: 6, defence: 2 }, D6, {}, nextSums(g.state, D6));
    expect(crt.outcomes).toBe(3);
    expect([...crt.counts.values()]).toEqual([1, 1, 1]);
  });

  it('every roll the engine makes draws from it: tool rolls, table rolls, CRT combats and procedures', () => {
    const procCtx: GameContext = {
      ...ctx,
      procedures: {
        twice: (_input, api) => {
          const a = api.roll(D2D6),
            b = api.roll(D2D6);
          return { headline: { key: 'x' }, lines: [], result: [a.total, b.total] };
        },
      },
    };
    let session = newSession({ id: 'p', game: 'test', scenario: 'scn', name: 'P', seed: 's', createdAt: 'now' });
    let state = initialState(session, SCENARIO);
    const step = (a: Action) => ({ session, state } = apply(session, state, a, procCtx));
    step({ type: 'balance', deck: true });
    step({ type: 'roll', dice: D2D6 });
    step({ type: 'table', table: 'one-d' });
    step({ type: 'combat', table: 'gd-like', attack: 6, defence: 2 });
    step({ type: 'procedure', id: 'twice', input: null });
    // 2d6: the roll and the table roll drew two cards; the CRT (1d6) drew from its own deck.
    expect(session.log.at(-1)!.outcome).toMatchObject({ rolls: [{ deck: { left: 33 } }, { deck: { left: 32 } }] });
    expect(state.decks?.['2d6']).toHaveLength(32);
    expect(state.decks?.['1d6']).toHaveLength(5);
  });

  it('physical dice typed in are not drawn from the deck', () => {
    const g = new Game();
    g.act({ type: 'balance', deck: true });
    g.roll();
    const before = g.state.decks;
    const o = g.act({ type: 'roll', dice: D2D6, manual: [6, 6] }).outcome;
    expect(o).toMatchObject({ kind: 'roll', dice: { manual: true } });
    expect(o.kind === 'roll' && o.dice.deck).toBeUndefined();
    expect(g.state.decks).toEqual(before);
  });

  it('dice of more than 216 combinations are rolled as usual', () => {
    const g = new Game();
    g.act({ type: 'balance', deck: true });
    expect(g.roll({ n: 4, sides: 6 }).deck).toBeUndefined();
    expect(g.roll({ n: 3, sides: 6 }).deck).toEqual({ left: 215, of: 216 });
    // Dice that are not dice are refused as without a deck, not drawn as a card of nothing.
    expect(engineError(() => g.roll({ n: 0, sides: 6 })).code).toBe('dice-spec');
  });

  it('undo restores the deck and never re-rolls; reload (deriveState) gives the same decks', () => {
    const g = new Game();
    g.act({ type: 'balance', deck: true });
    g.roll();
    g.roll();
    const mid = g.state;
    const third = g.roll();
    g.undo();
    expect(g.state).toEqual(mid);
    expect(g.roll().dice).toEqual(third.dice);
    expect(deriveState(g.session, ctx)).toEqual(g.state);
    // Undoing the step that turned it on turns it off again, decks and all.
    const h = new Game();
    h.act({ type: 'balance', deck: true });
    h.undo();
    expect(h.state).toEqual(initialState(h.session, SCENARIO));
  });

  it('turning it off and on again starts a fresh deck; the step says what was agreed', () => {
    const g = new Game();
    const on = g.act({ type: 'balance', deck: true, cap: 2 });
    expect(on.outcome).toEqual({ kind: 'balance', deck: true, cap: 2 });
    g.roll();
    g.act({ type: 'balance', deck: false });
    expect(g.state.decks).toBeUndefined();
    expect(g.roll().deck).toBeUndefined();
    g.act({ type: 'balance', deck: true });
    expect(g.roll().deck).toEqual({ left: 35, of: 36 });
    expect(engineError(() => g.act({ type: 'balance', deck: true, cap: 0 })).code).toBe('cap-range');
  });

  it('a game played in deck mode verifies from its file; a changed die is caught', () => {
    const g = new Game();
    g.roll();
    g.act({ type: 'balance', deck: true });
    for (let k = 0; k < 40; k++) g.roll();
    g.act({ type: 'table', table: 'one-d' });
    g.act({ type: 'combat', table: 'gd-like', attack: 6, defence: 2 });
    g.undo();
    g.act({ type: 'combat', table: 'gd-like', attack: 4, defence: 2 });
    const v = verifySession(g.session, ctx);
    expect(v).toMatchObject({ ok: true });
    expect(v.state).toEqual(g.state);
    const file = JSON.stringify(toFile(g.session));
    expect(readSessionFile(file, () => ctx)).toMatchObject({ ok: true });

    // Change one die of a deck roll (the deck's count left as it was): the replay disagrees.
    const json = JSON.parse(file) as { session: { log: { outcome: { dice?: { dice: number[]; total: number } } }[] } };
    const step = json.session.log[10]!.outcome.dice!;
    step.dice[0] = step.dice[0] === 1 ? 2 : 1;
    step.total = step.dice[0] + step.dice[1]!;
    const bad = readSessionFile(JSON.stringify(json), () => ctx);
    expect(bad.ok).toBe(false);
    // Or forge a deck mode the game was not played in: the first roll now claims a deck.
    const forged = structuredClone(g.session) as { log: { outcome: unknown }[] } & Session;
    (forged.log[0]!.outcome as { dice: DiceRoll }).dice = {
      ...(forged.log[0]!.outcome as { dice: DiceRoll }).dice,
      deck: { left: 35, of: 36 },
    };
    expect(verifySession(forged, ctx)).toMatchObject({ ok: false, firstMismatch: { seq: 1 } });
  });
});

describe('streak cap for cups: at most N chits of one side in a row', () => {
  const draws = (g: Game, n: number) => {
    const out: string[] = [];
    for (let k = 0; k < n; k++) {
      const o = g.act({ type: 'cup.draw', cup: 'activation' }).outcome;
      if (o.kind !== 'draw') throw new Error('not a draw');
      out.push(o.chit);
    }
    return out;
  };
  const sideOf = (c: string) => (c === 'ger' ? 'german' : 'soviet');

  it('never lets more than N of one side come in a row while the other side has chits in the cup', () => {
    for (let seed = 0; seed < 30; seed++) {
      const g = new Game();
      g.session = { ...g.session, seed: `cap-${seed}` };
      g.state = initialState(g.session, SCENARIO);
      g.act({ type: 'balance', deck: false, cap: 2 });
      const seq = draws(g, 8).map(sideOf);
      let run = 0;
      for (let k = 0; k < seq.length; k++) {
        run = k > 0 && seq[k] === seq[k - 1] ? run + 1 : 1;
        // 5 German, 3 Soviet: a third German in a row only once no Soviet chit is left.
        const sovietLeft = 3 - seq.slice(0, k).filter((s) => s === 'soviet').length;
        if (run > 2) expect(sovietLeft).toBe(0);
      }
    }
  });

  it('the step says the cap applied; the odds before the draw show it; it verifies and undoes', () => {
    // Find a game whose first two draws are German (5 of 8, then 4 of 7).
    let g = new Game();
    for (let seed = 0; ; seed++) {
      g = new Game();
      g.session = { ...g.session, seed: `two-${seed}` };
      g.state = initialState(g.session, SCENARIO);
      g.act({ type: 'balance', deck: false, cap: 2 });
      if (draws(g, 2).every((c) => c === 'ger')) break;
      expect(seed).toBeLessThan(200);
    }
    const run = g.state.runs?.['activation'];
    expect(run).toEqual({ side: 'german', n: 2 });
    const chances = sideChances(g.state.cups['activation']!, run, 2, sideOf);
    expect(chances).toMatchObject({ outcomes: 3, capped: { side: 'german', n: 2 } });
    expect(chances.counts.get('soviet')).toBe(3);
    expect(chances.counts.get('german')).toBeUndefined();
    const capped = g.act({ type: 'cup.draw', cup: 'activation' });
    expect(capped.outcome).toMatchObject({ kind: 'draw', chit: 'sov', from: 3, capped: { side: 'german', n: 2 } });
    expect(verifySession(g.session, ctx)).toMatchObject({ ok: true });
    // A recorded draw that claims a German chit where the cap allowed only Soviet ones is caught.
    const forged = {
      ...g.session,
      log: g.session.log.map((e) =>
        e === capped ? { ...e, outcome: { ...e.outcome, chit: 'ger' } as LogEntry['outcome'] } : e,
      ),
    };
    expect(verifySession(forged, ctx)).toMatchObject({ ok: false, firstMismatch: { seq: capped.seq } });
    g.undo();
    expect(g.state.runs?.['activation']).toEqual({ side: 'german', n: 2 });
  });

  it('a chit typed in counts in the run but is never capped; the end of turn starts the count again', () => {
    const g = new Game();
    g.act({ type: 'balance', deck: false, cap: 1 });
    g.act({ type: 'cup.draw', cup: 'activation', manual: 'ger' });
    const typed = g.act({ type: 'cup.draw', cup: 'activation', manual: 'ger' });
    expect(typed.outcome).not.toHaveProperty('capped');
    expect(g.state.runs?.['activation']).toEqual({ side: 'german', n: 2 });
    expect(g.act({ type: 'cup.draw', cup: 'activation' }).outcome).toMatchObject({ chit: 'sov' });
    g.act({ type: 'end-turn' });
    expect(g.state.runs).toEqual({});
    expect(verifySession(g.session, ctx)).toMatchObject({ ok: true });
  });
});
