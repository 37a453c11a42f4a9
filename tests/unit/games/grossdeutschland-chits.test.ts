// Grossdeutschland's event chits (10.3, 10.7, 13.2, 14.1) and HQ activation cup (2.4, 2.5, 3.4, 6.0),
// driven through the real session log; every cancellation case and the cup invariants.
import { describe, expect, it } from 'vitest';
import {
  allChits,
  combatDistribution,
  cupCounts,
  deriveState,
  undo,
  verifySession,
  type ScenarioData,
} from '../../../src/engine';
import {
  DEFAULT_READINGS,
  combatBlocked,
  combatInput,
  crtFor,
  procedures,
  combatPreview,
  type TurnType,
} from '../../../src/games/grossdeutschland/rules';
import { activatedOf, activationOf } from '../../../src/games/grossdeutschland/activation';
import {
  drmDistribution,
  eventsOf,
  fortificationOf,
  judge,
  unknownCount,
  manifestFrom,
  manifestShortfall,
  pendingOf,
  type EventChit,
} from '../../../src/games/grossdeutschland/events';
import { loadBlocks, loadGameMessages } from '../../../src/ui/i18n';
import { GdSession, gdTestScenario } from './gd-harness';
import { tablesOf } from './harness';

const tables = tablesOf(
  import.meta.glob<unknown>('/tables/grossdeutschland/*.json', { eager: true, import: 'default' }),
);

const chit = (id: string, side: 'german' | 'soviet', extra: object = {}) => ({
  id,
  label: { en: id.toUpperCase(), es: id.toUpperCase() },
  side,
  ...extra,
});
/** A small scenario in the shape of the real ones (the data tests check the real files). */
const scenario = (
  cups: { german: [number, number, number]; soviet: [number, number, number] } = {
    german: [2, 2, 1],
    soviet: [2, 2, 1],
  },
): ScenarioData =>
  gdTestScenario({
    cups: [
      {
        id: 'activation',
        name: { en: 'A', es: 'A' },
        refill: 'return-all-at-end-of-turn',
        opening: { side: 'german', kind: 'pick', count: 1, rule: '18.1' },
        chits: [
          chit('g-a', 'german'),
          chit('g-b', 'german'),
          chit('s-a', 'soviet'),
          chit('s-b', 'soviet'),
          chit('g-div', 'german', { division: true, arrives: { day: 10, turnType: 'evening', entry: 'A' } }),
          chit('g-c', 'german', { arrives: { day: 10, turnType: 'morning', entry: 'D' } }),
          chit('s-c', 'soviet', { arrives: { day: 11, entry: 'F' } }),
          chit('g-if', 'german', {
            arrives: {
              day: 10,
              turnType: 'morning',
              entry: 'G',
              condition: { en: 'the Soviet scored', es: 'el soviético puntuó' },
            },
          }),
        ],
      },
      {
        id: 'german-events',
        name: { en: 'G', es: 'G' },
        refill: 'from-discard-when-empty',
        chits: [],
        manifest: 'missing',
      },
      {
        id: 'soviet-events',
        name: { en: 'S', es: 'S' },
        refill: 'from-discard-when-empty',
        chits: [],
        manifest: 'missing',
      },
    ],
    eventChits: {
      rule: '18.2',
      cups: [
        { side: 'german', blue: cups.german[0], red: cups.german[1], black: cups.german[2] },
        { side: 'soviet', blue: cups.soviet[0], red: cups.soviet[1], black: cups.soviet[2] },
      ],
      hands: [
        {
          side: 'german',
          chits: [
            { name: 'Fighter Cover', cancels: 'Airstrike' },
            { name: 'Combined Arms', cancels: 'Poor Coordination' },
          ],
        },
        { side: 'soviet', chits: [{ name: 'Bogged', cancels: 'Aggressive Assault' }] },
      ],
    },
  });

const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^gd\./.test(v);
class Game extends GdSession {
  constructor(sc = scenario(), seed = 'chits', readings: Record<string, string> = {}) {
    super({ tables, procedures, readings: DEFAULT_READINGS, scenario: sc }, seen, isKey, {
      seed,
      settings: { readings },
    });
  }
  turn(turnType: TurnType, weather: 'sunny' | 'cloudy' | 'rain' = 'sunny', day = 10) {
    this.run('gd.turn', { turnType, weatherModifier: 0, day });
    this.run('gd.weather', {}, [[['sunny', 'cloudy', 'fog', 'rain'].indexOf(weather) + 1]]);
    return this;
  }
  get pending() {
    return pendingOf(this.state.game, this.state.turn);
  }
  get net() {
    return this.pending
      ? this.pending.chits.filter((c) => c.status === 'active').reduce((a, c) => a + c.chit.modifier, 0)
      : 0;
  }
}
const refusal = (key: string) =>
  expect.objectContaining({ code: 'procedure', params: expect.objectContaining({ key }) });
const statuses = (g: Game) => g.pending!.chits.map((c) => `${c.side}:${c.chit.name}:${c.status}`);

const blue = (name: string, modifier: number, extra: Partial<EventChit> = {}) => ({
  name,
  colour: 'blue',
  modifier,
  ...extra,
});
const red = (name: string, modifier: number, extra: Partial<EventChit> = {}) => ({
  name,
  colour: 'red',
  modifier,
  ...extra,
});

describe('event chits typed in from the physical cups (10.3)', () => {
  const table = () => {
    const g = new Game().turn('day');
    g.run('gd.events.setup', {});
    return g;
  };

  it('with their own cups, the manifest still names the chits: a known name needs no values typed', () => {
    const g = new Game().turn('day');
    g.run('gd.events.setup', { mode: 'table', manifest: MANIFEST });
    expect(eventsOf(g.state.game)?.mode).toBe('table');
    expect(g.state.cups['german-events']!.chits).toEqual([]);
    g.run('gd.events.draw', { attacker: 'german', german: 'R2', soviet: 'B1' });
    expect(statuses(g)).toEqual(['german:R2:active', 'soviet:B1:cancelled']);
  });

  it('without a manifest the players type the chits; the black chits in hand come from the scenario', () => {
    const g = table();
    expect(eventsOf(g.state.game)?.mode).toBe('table');
    expect(g.state.cups['german-events']!.hands['german']).toEqual(['Fighter Cover', 'Combined Arms']);
    expect(g.state.cups['soviet-events']!.hands['soviet']).toEqual(['Bogged']);
  });

  it('10.3 generic example: red +2 and blue −3 give −1, whoever drew them', () => {
    const g = table();
    const o = g.run('gd.events.draw', { attacker: 'german', german: red('A', 2), soviet: blue('B', -3) });
    expect(o.result).toMatchObject({ net: -1 });
  });

  it('10.3 example: red "Apathy" +2 cancels blue "Accurate Fire"', () => {
    const g = table();
    g.run('gd.events.draw', {
      attacker: 'german',
      german: red('Apathy', 2, { cancels: 'Accurate Fire' }),
      soviet: blue('Accurate Fire', -2),
    });
    expect(statuses(g)).toEqual(['german:Apathy:active', 'soviet:Accurate Fire:cancelled']);
    expect(g.net).toBe(2);
  });

  it('a No-Night chit is discarded at Night without a new draw (13.2) and cancels nothing (A10); it applies in the Evening', () => {
    const night = new Game().turn('night');
    night.run('gd.events.setup', {});
    night.run('gd.events.draw', {
      attacker: 'soviet',
      soviet: blue('Charge', -2, { noNight: true, cancels: 'X' }),
      german: red('X', 1),
    });
    expect(statuses(night)).toEqual(['soviet:Charge:no-night', 'german:X:active']);
    expect(night.net).toBe(1);
    const evening = new Game().turn('evening');
    evening.run('gd.events.setup', {});
    evening.run('gd.events.draw', {
      attacker: 'soviet',
      soviet: blue('Charge', -2, { noNight: true }),
      german: red('X', 1),
    });
    expect(evening.net).toBe(-1);
  });

  it('an air chit is discarded in any weather but Sunny (14.1)', () => {
    const g = new Game().turn('day', 'cloudy');
    g.run('gd.events.setup', {});
    g.run('gd.events.draw', { attacker: 'german', german: blue('Airstrike', -3, { air: true }), soviet: red('Y', 1) });
    expect(statuses(g)).toEqual(['german:Airstrike:weather', 'soviet:Y:active']);
  });

  it('AA/Flak aimed at a standing air chit cancels it when 2d6 > distance (10.7); a miss leaves it', () => {
    const g = table();
    g.run('gd.events.draw', { attacker: 'german', german: blue('Airstrike', -3, { air: true }), soviet: red('Y', 1) });
    expect(() => g.run('gd.aa', { distance: 3, target: 'Y' }, [[1, 1]])).toThrow(refusal('gd.err.aaNoTarget'));
    g.run('gd.aa', { distance: 6, target: 'Airstrike' }, [[3, 3]]);
    expect(g.net).toBe(-2);
    g.run('gd.aa', { distance: 6, target: 'Airstrike' }, [[3, 4]]);
    expect(statuses(g)).toContain('german:Airstrike:aa');
    expect(g.net).toBe(1);
  });

  it('a black chit from hand cancels the opposing chit it names and is spent for good; otherwise it is refused', () => {
    const g = table();
    const o = g.run('gd.events.draw', {
      attacker: 'soviet',
      soviet: blue('Airstrike', -3, { air: true }),
      german: red('Z', 1),
    });
    // The prompt says a black chit may be played, never which hand could cancel what (hands are private).
    const prompt = o.lines.find((l) => l.key === 'gd.ev.blackMay')!;
    expect(prompt.params).toBeUndefined();
    expect(JSON.stringify(o.lines)).not.toMatch(/Fighter Cover|Combined Arms|Bogged/);
    expect(() => g.run('gd.events.black', { side: 'german', chit: 'Combined Arms' })).toThrow(
      refusal('gd.err.blackNoTarget'),
    );
    expect(() => g.run('gd.events.black', { side: 'soviet', chit: 'Fighter Cover' })).toThrow(
      refusal('gd.err.notInHand'),
    );
    g.run('gd.events.black', { side: 'german', chit: 'Fighter Cover' });
    expect(statuses(g)).toEqual(['soviet:Airstrike:cancelled', 'german:Z:active']);
    const cup = g.state.cups['german-events']!;
    expect(cup.hands['german']).toEqual(['Combined Arms']);
    expect(cup.removed).toEqual(['Fighter Cover']);
    // Never again: the chit is gone from the hand.
    expect(() => g.run('gd.events.black', { side: 'german', chit: 'Fighter Cover' })).toThrow(
      refusal('gd.err.notInHand'),
    );
  });

  it("a black chit drawn goes to the drawer's hand and may be played at once against the other chit", () => {
    const g = table();
    g.run('gd.events.draw', {
      attacker: 'german',
      german: { name: 'Hardened', colour: 'black', cancels: 'Raw Recruits' },
      soviet: red('Raw Recruits', 2),
    });
    expect(statuses(g)).toEqual(['german:Hardened:black', 'soviet:Raw Recruits:active']);
    expect(g.state.cups['german-events']!.hands['german']).toContain('Hardened');
    g.run('gd.events.black', { side: 'german', chit: 'Hardened' });
    expect(g.net).toBe(0);
  });

  it("the combat takes the drawn chits' net modifier, then the attack is over; a typed modifier as well is refused", () => {
    const g = table();
    g.run('gd.events.draw', { attacker: 'german', german: red('R', 2), soviet: blue('B', -3) });
    const input = { attackers: [{ af: 6 }], defenders: [{ df: 3 }] };
    expect(combatInput(input, DEFAULT_READINGS, g.state.game, g.state.turn).modifiers).toContainEqual(
      expect.objectContaining({ value: -1, label: 'gd.mod.chits' }),
    );
    expect(() => g.run('gd.combat', { ...input, chitDrm: 2 }, [[3, 4]])).toThrow(refusal('gd.err.chitsTwice'));
    const o = g.run('gd.combat', input, [[3, 4]]);
    expect(o.result).toMatchObject({ modified: 6, chits: -1 });
    expect(g.pending).toBeUndefined();
    expect(() => g.run('gd.events.draw', { attacker: 'german', german: red('R', 2) })).toThrow(
      refusal('gd.err.chitMissing'),
    );
  });

  it('one draw per player per attack: a second draw before the combat is refused', () => {
    const g = table();
    g.run('gd.events.draw', { attacker: 'german', german: red('R', 2), soviet: blue('B', -3) });
    expect(() => g.run('gd.events.draw', { attacker: 'german', german: red('R', 2), soviet: blue('B', -3) })).toThrow(
      refusal('gd.err.eventsPending'),
    );
  });

  it('bad typed chits get clear refusals', () => {
    const g = table();
    expect(() => g.run('gd.events.draw', { attacker: 'german', german: blue('B', 2), soviet: red('R', 1) })).toThrow(
      refusal('gd.err.blueSign'),
    );
    expect(() => g.run('gd.events.draw', { attacker: 'german', german: 'Nobody', soviet: red('R', 1) })).toThrow(
      refusal('gd.err.chitUnknown'),
    );
  });
});

// ------------------------------------------------------------------ the app is the cups

const MANIFEST = [
  blue('B1', -1),
  blue('B2', -2, { count: 2 }),
  blue('Airstrike', -3, { air: true }),
  red('R1', 1),
  red('R2', 2, { cancels: 'B1' }),
  red('R3', 1, { noNight: true, count: 2 }),
  { name: 'Hardened', colour: 'black', modifier: 0, cancels: 'R3' },
  { name: 'Rallied', colour: 'black', modifier: 0, cancels: 'R1' },
  { name: 'Fighter Cover', colour: 'black', modifier: 0, cancels: 'Airstrike' },
];

describe('the app is the event cups, filled from the manifest', () => {
  const app = (seed = 'chits') => {
    const g = new Game(scenario(), seed).turn('day');
    g.run('gd.events.setup', { manifest: MANIFEST });
    return g;
  };

  it("each cup gets the scenario's blue, red and black counts at random; hand chits never go in; the same seed gives the same cups", () => {
    const g = app();
    const G = g.state.cups['german-events']!,
      S = g.state.cups['soviet-events']!;
    const colour = (n: string) => MANIFEST.find((m) => m.name === n)!.colour;
    for (const c of [G, S]) {
      expect(c.chits.filter((n) => colour(n) === 'blue')).toHaveLength(2);
      expect(c.chits.filter((n) => colour(n) === 'red')).toHaveLength(2);
      expect(c.chits.filter((n) => colour(n) === 'black')).toHaveLength(1);
      expect(c.chits).not.toContain('Fighter Cover');
    }
    expect([...G.chits, ...S.chits].sort()).toEqual(
      ['Airstrike', 'B1', 'B2', 'B2', 'Hardened', 'R1', 'R2', 'R3', 'R3', 'Rallied'].sort(),
    );
    expect(app().state.cups).toEqual(g.state.cups);
    expect(app('other').state.cups['german-events']!.chits).not.toEqual(G.chits);
  });

  it('a manifest too short for the scenario is refused with what is missing', () => {
    const g = new Game(scenario({ german: [3, 2, 1], soviet: [2, 2, 1] })).turn('day');
    expect(() => g.run('gd.events.setup', { manifest: MANIFEST })).toThrow(refusal('gd.err.manifestShort'));
    expect(manifestShortfall(scenario({ german: [3, 2, 1], soviet: [2, 2, 1] }), MANIFEST as EventChit[])).toEqual([
      { colour: 'blue', need: 5, have: 4 },
    ]);
  });

  it('draws come from the cups, one per side, attacker first; a cup refills from its discard pile when empty (10.3)', () => {
    const g = app();
    const before = g.state.cups['german-events']!.chits.length;
    for (let k = 0; k < 12; k++) {
      g.run('gd.events.draw', { attacker: k % 2 ? 'german' : 'soviet' });
      expect(g.pending!.chits.map((c) => c.side)).toEqual(k % 2 ? ['german', 'soviet'] : ['soviet', 'german']);
      g.run('gd.combat', { attackers: [{ af: 6 }], defenders: [{ df: 3 }] });
    }
    const G = g.state.cups['german-events']!;
    // Every chit is accounted for: in the cup, discarded, or (black) in the hand.
    expect(allChits(G).length).toBe(before + 2);
    expect(
      g.session.log.some(
        (e) => e.outcome.kind === 'procedure' && e.outcome.lines.some((l) => l.key === 'gd.ev.refilled'),
      ),
    ).toBe(true);
  });

  it('undo never re-draws: the same draw comes back, and a replay gives the same cups', () => {
    const g = app();
    const first = g.run('gd.events.draw', { attacker: 'german' }).result;
    const u = undo(g.session, g.ctx);
    g.session = u.session;
    g.state = u.state;
    expect(g.run('gd.events.draw', { attacker: 'german' }).result).toEqual(first);
    expect(deriveState(g.session, g.ctx)).toEqual(g.state);
  });

  it('a game with event cups, black chits and activations verifies by replay, and a changed draw is caught', () => {
    const g = app();
    g.run('gd.arrivals', {});
    g.act({ type: 'cup.draw', cup: 'activation' });
    g.run('gd.events.draw', { attacker: 'german' });
    g.run('gd.combat', { attackers: [{ af: 6 }], defenders: [{ df: 3 }] });
    g.run('gd.events.draw', { attacker: 'soviet' });
    const v = verifySession(g.session, g.ctx);
    expect(v).toMatchObject({ ok: true });
    const log = g.session.log.map((e) =>
      e.action.type === 'procedure' && e.action.id === 'gd.events.draw'
        ? { ...e, outcome: { ...e.outcome, result: { ...(e.outcome as { result: object }).result, net: 99 } } }
        : e,
    );
    expect(verifySession({ ...g.session, log: log as never }, g.ctx)).toMatchObject({ ok: false });
  });

  it('the set-up cannot be redone once chits are drawn', () => {
    const g = app();
    g.run('gd.events.draw', { attacker: 'german' });
    expect(() => g.run('gd.events.setup', { manifest: MANIFEST })).toThrow(refusal('gd.err.eventsStarted'));
  });

  it('the exact chances of the net modifier before the draws match an enumeration by hand', () => {
    const g = app();
    // Replace the cups with known contents: German (attacker) B1 −1, R1 +1; Soviet R2 +2 (cancels B1), B2 −2.
    const cups = {
      ...g.state.cups,
      'german-events': { ...g.state.cups['german-events']!, chits: ['B1', 'R1'] },
      'soviet-events': { ...g.state.cups['soviet-events']!, chits: ['R2', 'B2'] },
    };
    const d = drmDistribution(g.state.game, cups, g.state.turn, 'german')!;
    // (B1,R2): B1 cancelled → +2; (B1,B2) → −3; (R1,R2) → +3; (R1,B2) → −1.
    expect(d.total).toBe(4);
    expect(Object.fromEntries(d.weights)).toEqual({ 2: 1, [-3]: 1, 3: 1, [-1]: 1 });
    // Mixed with the dice: every (pair, 2d6) outcome counted once.
    const crt = crtFor(tables.get('gd-crt')!);
    let outcomes = 0;
    for (const [drm, w] of d.weights) {
      const ci = combatInput(
        { attackers: [{ af: 6 }], defenders: [{ df: 3 }], chitDrm: drm },
        DEFAULT_READINGS,
        g.state.game,
        g.state.turn,
      );
      outcomes += combatDistribution(crt, ci, ci.dice).outcomes * w;
    }
    expect(outcomes).toBe(4 * 36);
    // The Combat tab's preview (combatPreview, mixed with the engine's mixDistributions) is that
    // same mix: each result's chance = Σ over the pairs of weight × its chance with that modifier.
    const input = { attackers: [{ af: 6 }], defenders: [{ df: 3 }] };
    const preview = combatPreview(tables.get('gd-crt')!, input, DEFAULT_READINGS, g.state.game, g.state.turn, cups);
    expect(preview.overChits).toBe(true);
    expect(preview.dist.outcomes).toBe(4 * 36);
    const byHand = new Map<string | number, number>();
    for (const [drm, w] of d.weights) {
      const ci = combatInput({ ...input, chitDrm: drm }, DEFAULT_READINGS, g.state.game, g.state.turn);
      for (const [k, n] of combatDistribution(crt, ci, ci.dice).counts) byHand.set(k, (byHand.get(k) ?? 0) + n * w);
    }
    expect(Object.fromEntries(preview.dist.counts)).toEqual(Object.fromEntries(byHand));
  });

  it("the manifest is read from the chart: printed rows and the players' entries", () => {
    const t = tables.get('gd-event-chits')!;
    const entered = { 'my-chit|colour': 'blue', 'my-chit|modifier': '-2', 'my-chit|air': 'yes', 'my-chit|count': '3' };
    const m = manifestFrom(t, entered);
    expect(m).toContainEqual({ name: 'my-chit', colour: 'blue', modifier: -2, air: true, count: 3 });
    // "Apathy" (+2, 10.3) is printed in the text; "Airstrike" is blue but its modifier is not known: it is left out, never read as 0.
    expect(m).toContainEqual(
      expect.objectContaining({ name: 'Apathy', colour: 'red', modifier: 2, cancels: 'Accurate Fire' }),
    );
    expect(m.map((c) => c.name)).not.toContain('Airstrike');
    expect(m.filter((c) => c.colour === 'black')).toHaveLength(20);
  });

  it('judge applies the automatic rules at once: two chits that cancel each other both fall', () => {
    const r = judge(
      [
        { side: 'german', chit: { name: 'A', colour: 'red', modifier: 1, cancels: 'B' } },
        { side: 'soviet', chit: { name: 'B', colour: 'blue', modifier: -1, cancels: 'A' } },
      ],
      'day',
      'sunny',
    );
    expect(r.map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
  });
});

// ------------------------------------------------------------------ HQ activation

describe('the HQ activation cup (3.4, 6.0)', () => {
  const drawAll = (g: Game) => {
    const drawn: string[] = [];
    while (cupCounts(g.state.cups['activation']!).inCup) {
      const e = g.act({ type: 'cup.draw', cup: 'activation' });
      drawn.push((e.outcome as { chit: string }).chit);
    }
    return drawn;
  };

  it('starts with the HQs on the map; reinforcements enter on their arrival turn, once (2.5, 4.0)', () => {
    const g = new Game();
    expect(g.state.cups['activation']!.chits).toEqual(['g-a', 'g-b', 's-a', 's-b']);
    expect(() => g.run('gd.arrivals', {})).toThrow(refusal('gd.err.dayFirst'));
    g.turn('morning');
    const o = g.run('gd.arrivals', {});
    expect(o.result).toEqual(['g-c']);
    // A conditional arrival (Lutchessa 21.4) is named but goes in only when the players say it applies.
    expect(o.lines.map((l) => l.key)).toContain('gd.act.conditional');
    expect(g.run('gd.arrivals', {}).result).toEqual([]);
    expect(() => g.run('gd.arrivals', { include: ['g-c'] })).toThrow(refusal('gd.err.notConditional'));
    expect(g.run('gd.arrivals', { include: ['g-if'] }).result).toEqual(['g-if']);
    drawAll(g);
    g.act({ type: 'end-turn' });
    g.turn('evening');
    expect(g.run('gd.arrivals', {}).result).toEqual(['g-div']);
    g.act({ type: 'end-turn' });
    g.turn('morning', 'sunny', 11);
    // "(día 11)" with no turn type is read as the Day turn (A25): not yet in the Morning.
    expect(g.run('gd.arrivals', {}).result).toEqual([]);
    g.act({ type: 'end-turn' });
    g.turn('day', 'sunny', 11);
    expect(g.run('gd.arrivals', {}).result).toEqual(['s-c']);
  });

  it("the opening pick goes first; it is the choosing side's, the right number, first turn only (18.1, A21)", () => {
    const g = new Game().turn('morning');
    expect(() => g.run('gd.opening', { chits: ['s-a'] })).toThrow(refusal('gd.err.openingSide'));
    expect(() => g.run('gd.opening', { chits: ['g-a', 'g-b'] })).toThrow(refusal('gd.err.openingCount'));
    g.run('gd.opening', { chits: ['g-b'] });
    const e = g.act({ type: 'cup.draw', cup: 'activation' });
    expect(e.outcome).toMatchObject({ chit: 'g-b', how: 'set-aside' });
    expect(() => g.run('gd.opening', { chits: ['g-a'] })).toThrow(refusal('gd.err.openingDone'));
    drawAll(g);
    g.act({ type: 'end-turn' });
    expect(() => g.run('gd.opening', { chits: ['g-a'] })).toThrow(refusal('gd.err.openingFirstTurn'));
  });

  it('each chit is drawn once per turn and all come back at the end of the turn; the same seed gives the same order', () => {
    const g = new Game().turn('morning');
    const first = drawAll(g);
    expect([...first].sort()).toEqual(['g-a', 'g-b', 's-a', 's-b']);
    g.act({ type: 'end-turn' });
    expect(cupCounts(g.state.cups['activation']!).inCup).toBe(4);
    const again = new Game().turn('morning');
    expect(drawAll(again)).toEqual(first);
  });

  it('activate or pass the chit drawn; a Division HQ activates one battalion not yet activated; none activates twice', () => {
    const g = new Game().turn('evening');
    g.run('gd.arrivals', {});
    expect(() => g.run('gd.activate', { chit: 'g-a', choice: 'activate' })).toThrow(refusal('gd.err.notDrawn'));
    const order = drawAll(g);
    g.run('gd.activate', { chit: 'g-a', choice: 'pass' });
    expect(() => g.run('gd.activate', { chit: 'g-a', choice: 'activate' })).toThrow(refusal('gd.err.decided'));
    g.run('gd.activate', { chit: 'g-b', choice: 'activate' });
    expect(() => g.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-b' })).toThrow(
      refusal('gd.err.alreadyActivated'),
    );
    expect(() => g.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 's-a' })).toThrow(
      refusal('gd.err.divisionTarget'),
    );
    const o = g.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-a' });
    expect(o.lines.map((l) => l.key)).toContain('gd.act.afterPass');
    expect(activatedOf(activationOf(g.state.game, g.state.turn)).sort()).toEqual(['g-a', 'g-b']);
    expect(order).toHaveLength(6); // g-c was due in the Morning: a late entry catches up (g-if is conditional).
    g.act({ type: 'end-turn' });
    expect(activatedOf(activationOf(g.state.game, g.state.turn))).toEqual([]);
  });

  it('a battalion whose HQ is gone keeps its chit (one stack); a battalion wholly eliminated loses it for good', () => {
    const g = new Game().turn('morning');
    g.run('gd.battalion', { chit: 'g-a', status: 'hq-lost' });
    g.run('gd.battalion', { chit: 's-b', status: 'eliminated' });
    const drawn = drawAll(g);
    expect(drawn).not.toContain('s-b');
    expect(g.run('gd.activate', { chit: 'g-a', choice: 'activate' }).lines.map((l) => l.key)).toContain(
      'gd.act.oneStack',
    );
    g.act({ type: 'end-turn' });
    expect([...g.state.cups['activation']!.chits].sort()).toEqual(['g-a', 'g-b', 's-a']);
    expect(activationOf(g.state.game, g.state.turn).hqLost).toEqual(['g-a']);
  });
});

describe('the readings of §10 that change a number are settings', () => {
  it('A10: a No-Night chit discarded at Night cancels nothing by default; the other reading lets its canceller act', () => {
    const draw = (readings: Record<string, string>) => {
      const g = new Game(scenario(), 'chits', readings).turn('night');
      g.run('gd.events.setup', {});
      g.run('gd.events.draw', {
        attacker: 'german',
        german: blue('Charge', -2, { noNight: true, cancels: 'X' }),
        soviet: red('X', 1),
      });
      return g.net;
    };
    expect(draw({})).toBe(1);
    expect(draw({ 'gd.discardedCancels': 'cancels' })).toBe(0);
  });

  it('A13: a Division HQ may activate a battalion that passed, unless the reading says not', () => {
    for (const [readings, ok] of [
      [{}, true],
      [{ 'gd.divisionAfterPass': 'refuse' }, false],
    ] as const) {
      const g = new Game(scenario(), 'chits', readings).turn('evening');
      g.run('gd.arrivals', {});
      while (cupCounts(g.state.cups['activation']!).inCup) g.act({ type: 'cup.draw', cup: 'activation' });
      g.run('gd.activate', { chit: 'g-a', choice: 'pass' });
      const act = () => g.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-a' });
      if (ok) expect(act().result).toMatchObject({ how: 'division', battalion: 'g-a' });
      else expect(act).toThrow(refusal('gd.err.passedBattalion'));
    }
  });

  it('A21: the opening choice on every turn when chosen', () => {
    const g = new Game(scenario(), 'chits', { 'gd.opening': 'every-turn' }).turn('morning');
    while (cupCounts(g.state.cups['activation']!).inCup) g.act({ type: 'cup.draw', cup: 'activation' });
    g.act({ type: 'end-turn' });
    expect(g.run('gd.opening', { chits: ['g-a'] }).result).toEqual(['g-a']);
  });

  it('A25: an arrival dated by day only comes on the Day turn, or the Morning turn with the other reading', () => {
    const g = new Game(scenario(), 'chits', { 'gd.dayOnly': 'morning' }).turn('morning', 'sunny', 11);
    expect(g.run('gd.arrivals', {}).result).toContain('s-c');
  });
});

// Issue #11: divergences from the text and open readings (seed 000 line numbers in brackets).
describe('issue #11: event draws, fortification chits, readings', () => {
  const input = { attackers: [{ af: 6 }], defenders: [{ df: 3 }] };

  it('item 4 — 10.3 [000: 498 «Sacar una ficha de evento nunca es opcional»]: with the app holding the cups, no normal attack without its draws', () => {
    const g = new Game().turn('day');
    g.run('gd.events.setup', { manifest: MANIFEST });
    expect(combatBlocked(g.state.game, g.state.turn)).toBe('gd.err.drawFirst');
    expect(() => g.run('gd.combat', input, [[3, 4]])).toThrow(refusal('gd.err.drawFirst'));
    g.run('gd.events.draw', { attacker: 'german' });
    expect(combatBlocked(g.state.game, g.state.turn)).toBeUndefined();
    g.run('gd.combat', input, [[3, 4]]);
    // The next attack needs its own draws again.
    expect(() => g.run('gd.combat', input, [[3, 4]])).toThrow(refusal('gd.err.drawFirst'));
    // With the players' own cups they draw at the table and may type the net modifier: no refusal.
    const t = new Game().turn('day');
    t.run('gd.events.setup', {});
    expect(combatBlocked(t.state.game, t.state.turn)).toBeUndefined();
    expect(t.run('gd.combat', { ...input, chitDrm: -1 }, [[3, 4]]).result).toMatchObject({ modified: 6 });
  });

  it("item 3 — 15.0 [000: 787 «Algunas fichas de eventos negras… anulan la penalización de dicha fortificación»]: a black chit marked in the manifest cancels that fortification's penalty", () => {
    const g = new Game().turn('day');
    // The players marked "Combined Arms" (in the German hand) as cancelling a bunker.
    g.run('gd.events.setup', {
      mode: 'table',
      manifest: [
        ...MANIFEST,
        { name: 'Combined Arms', colour: 'black', cancels: 'Poor Coordination', fortification: 'bunker' },
      ],
    });
    g.run('gd.events.draw', { attacker: 'german', german: 'R1', soviet: 'B2' });
    expect(() => g.run('gd.events.black', { side: 'german', chit: 'Fighter Cover', fortification: 'bunker' })).toThrow(
      refusal('gd.err.blackNoFort'),
    );
    expect(() => g.run('gd.events.black', { side: 'german', chit: 'Combined Arms', fortification: 'trench' })).toThrow(
      refusal('gd.err.blackOtherFort'),
    );
    const played = g.run('gd.events.black', { side: 'german', chit: 'Combined Arms', fortification: 'bunker' });
    expect(played.result).toMatchObject({ played: 'Combined Arms', fortification: 'bunker' });
    expect(g.state.cups['german-events']!.removed).toEqual(['Combined Arms']); // spent (A9)
    const o = g.run('gd.combat', { ...input, fortifications: { bunker: true, trench: true } }, [[3, 4]]);
    // 7, chits +1 −2, trench +1; the bunker's +4 is cancelled.
    expect(o.result).toMatchObject({ modified: 7 });
    expect(o.lines.map((l) => l.key)).toContain('gd.combat.fortCancelled');
    expect(o.lines.some((l) => l.params?.['label'] === 'gd.mod.bunker')).toBe(false);
  });

  it('item 3 — the manifest column is read in English or Spanish; a blank is no icon', () => {
    expect(fortificationOf('Búnker')).toBe('bunker');
    expect(fortificationOf("dragon's teeth")).toBe('dragonsTeeth');
    expect(fortificationOf('Campo de minas')).toBe('minefield');
    expect(fortificationOf('cualquiera')).toBe('any');
    expect(fortificationOf('')).toBeUndefined();
    const m = manifestFrom(tables.get('gd-event-chits'), {
      'flamethrower|fortification': 'Búnker',
      'rallied|fortification': 'trinchera',
    });
    expect(m.find((c) => c.name === 'Flamethrower')?.fortification).toBe('bunker');
    expect(m.find((c) => c.name === 'Rallied')?.fortification).toBe('trench');
    expect(m.filter((c) => c.fortification)).toHaveLength(2); // nothing is marked by the data itself
  });

  it('"the app is the cups" runs with the chits typed so far: numbered stand-ins are drawn, read off a counter and typed once', () => {
    // The manifest lacks one blue (B1) and one red (R1) counter of the scenario's 4 + 4.
    const short = MANIFEST.filter((c) => c.name !== 'B1' && c.name !== 'R1');
    const g = new Game().turn('day');
    expect(() => g.run('gd.events.setup', { manifest: short })).toThrow(refusal('gd.err.manifestShort'));
    const set = g.run('gd.events.setup', { manifest: short, partial: true });
    expect(set.lines.filter((l) => l.key === 'gd.ev.unknownCounters').map((l) => l.params)).toEqual([
      { colour: 'gd.colour.blue', n: 1, need: 4 },
      { colour: 'gd.colour.red', n: 1, need: 4 },
    ]);
    expect(unknownCount(g.state.cups)).toBe(2);
    expect(drmDistribution(g.state.game, g.state.cups, g.state.turn, 'german')).toBeUndefined();
    const typed: Record<string, object> = { blue: blue('B1', -1), red: red('R1', 1) };
    let named = 0;
    for (let k = 0; k < 10 && unknownCount(g.state.cups) > 0; k++) {
      g.run('gd.events.draw', { attacker: 'german' });
      for (const c of g.pending!.chits.filter((x) => x.status === 'unknown')) {
        expect(combatBlocked(g.state.game, g.state.turn)).toBe('gd.err.nameFirst');
        expect(() => g.run('gd.combat', input, [[3, 4]])).toThrow(refusal('gd.err.nameFirst'));
        const wrong = c.chit.colour === 'blue' ? typed['red'] : typed['blue'];
        expect(() => g.run('gd.events.name', { side: c.side, chit: wrong })).toThrow(refusal('gd.err.nameColour'));
        const o = g.run('gd.events.name', { side: c.side, chit: typed[c.chit.colour] });
        expect(o.lines[0]!.key).toBe('gd.ev.named');
        named++;
      }
      expect(g.pending!.chits.every((c) => c.status !== 'unknown')).toBe(true);
      g.run('gd.combat', input, [[3, 4]]);
    }
    expect(named).toBe(2);
    // Typed once: the counters carry their names in the cups, and the app knows them.
    expect(unknownCount(g.state.cups)).toBe(0);
    const all = [...allChits(g.state.cups['german-events']!), ...allChits(g.state.cups['soviet-events']!)];
    expect(all).toEqual(expect.arrayContaining(['B1', 'R1']));
    expect(eventsOf(g.state.game)!.known['b1']).toMatchObject({ colour: 'blue', modifier: -1 });
  });

  it('4.1 [000: 204] and 18.5 [000: 1028]: the Feld Ersatz reminder only where the scenario has a Field Ersatz unit', () => {
    const roll = (sc: ScenarioData) => {
      const g = new Game(sc).turn('night');
      return g.run('gd.replacement', { side: 'german' }, [[4]]).lines.map((l) => l.key);
    };
    expect(roll(scenario())).not.toContain('gd.replacement.feldErsatz');
    // Read from the units the data lists with an arriving HQ, not from the scenario's id.
    expect(roll({ ...scenario(), id: 'gd-kursk' })).not.toContain('gd.replacement.feldErsatz');
    const sc = scenario();
    const withErsatz: ScenarioData = {
      ...sc,
      cups: sc.cups!.map((c) =>
        c.id === 'activation'
          ? {
              ...c,
              chits: c.chits.map((x) =>
                x.id === 'g-div'
                  ? { ...x, arrives: { ...x.arrives!, units: ['HQ Staff Div', 'Field Ersatz Div'] } }
                  : x,
              ),
            }
          : c,
      ),
    };
    expect(roll(withErsatz)).toContain('gd.replacement.feldErsatz');
  });

  it("18.4 [000: 945 «puede meter todo el batallón HQ 3Art por el hexágono de entrada B»]: Kursk's arrivals say the Division HQ group may enter by B", () => {
    const arrive = (sc: ScenarioData) => {
      const g = new Game(sc).turn('evening');
      return g.run('gd.arrivals', {}).lines;
    };
    // The other entry hex is the scenario's data (arrives.altEntry), not a scenario named in code.
    const withAlt = scenario();
    const cup = withAlt.cups!.find((c) => c.id === 'activation')!;
    const div = cup.chits.find((c) => c.id === 'g-div')!;
    const alt: ScenarioData = {
      ...withAlt,
      cups: withAlt.cups!.map((c) =>
        c === cup
          ? {
              ...c,
              chits: c.chits.map((x) =>
                x === div ? { ...div, arrives: { ...div.arrives!, altEntry: { entry: 'B', rule: '18.4' } } } : x,
              ),
            }
          : c,
      ),
    };
    const kursk = arrive(alt).find((l) => l.key === 'gd.act.entryOption');
    expect(kursk).toMatchObject({ params: { entry: 'B' }, rule: '18.4' });
    expect(arrive(scenario()).some((l) => l.key === 'gd.act.entryOption')).toBe(false);
    expect(arrive({ ...scenario(), id: 'gd-kursk' }).some((l) => l.key === 'gd.act.entryOption')).toBe(false);
  });

  it('reading gd.mutualCancel — 10.3 [000: 514]: two chits naming each other both fall (default), or the first drawn acts first', () => {
    const pair = [
      { side: 'german' as const, chit: { name: 'A', colour: 'red' as const, modifier: 1, cancels: 'B' } },
      { side: 'soviet' as const, chit: { name: 'B', colour: 'blue' as const, modifier: -2, cancels: 'A' } },
    ];
    expect(judge(pair, 'day', 'sunny').map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
    expect(judge(pair, 'day', 'sunny', false, 'first').map((c) => c.status)).toEqual(['active', 'cancelled']);
    for (const [reading, net] of [
      ['both', 0],
      ['first', 1],
    ] as const) {
      const g = new Game(scenario(), 'chits', { 'gd.mutualCancel': reading }).turn('day');
      g.run('gd.events.setup', {});
      const o = g.run('gd.events.draw', { attacker: 'german', german: pair[0]!.chit, soviet: pair[1]!.chit });
      expect(o.result).toMatchObject({ net });
    }
  });

  it('reading gd.divisionChit — 3.4, 6.0 [000: 161, 255]: one battalion (default), only its own units, or both', () => {
    const drawAll = (g: Game) => {
      while (cupCounts(g.state.cups['activation']!).inCup) g.act({ type: 'cup.draw', cup: 'activation' });
    };
    const own = new Game(scenario(), 'chits', { 'gd.divisionChit': 'own-group' }).turn('evening');
    own.run('gd.arrivals', {});
    drawAll(own);
    expect(() => own.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-a' })).toThrow(
      refusal('gd.err.divisionOwn'),
    );
    const o = own.run('gd.activate', { chit: 'g-div', choice: 'activate' });
    expect(o.result).toEqual({ chit: 'g-div', how: 'division' });
    const act = (x: { lines: readonly { key: string }[] }) =>
      x.lines.map((l) => l.key).filter((k) => k !== 'gd.act.phaseOver');
    expect(act(o)).toEqual(['gd.act.divisionOwn']);
    expect(activatedOf(activationOf(own.state.game, own.state.turn))).toEqual([]);
    const both = new Game(scenario(), 'chits', { 'gd.divisionChit': 'both' }).turn('evening');
    both.run('gd.arrivals', {});
    drawAll(both);
    const b = both.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-a' });
    expect(act(b)).toEqual(['gd.act.division', 'gd.act.divisionOwn']);
    const one = new Game().turn('evening');
    one.run('gd.arrivals', {});
    drawAll(one);
    expect(act(one.run('gd.activate', { chit: 'g-div', choice: 'activate', battalion: 'g-a' }))).toEqual([
      'gd.act.division',
    ]);
  });
});

describe('messages of chits and activation', () => {
  it('every key the procedures emitted is in both languages', async () => {
    const all = [...Object.values(await loadBlocks()), ...(await loadGameMessages('grossdeutschland'))];
    const en = Object.assign({}, ...all.map((b) => b.en)) as Record<string, string>;
    const es = Object.assign({}, ...all.map((b) => b.es)) as Record<string, string>;
    expect(seen.size).toBeGreaterThan(30);
    expect([...seen].filter((k) => !(k in en) || !(k in es))).toEqual([]);
  });
});
