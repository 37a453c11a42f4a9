// Grossdeutschland on the engine's sequence of play (issue #29): the four phases of 3.1 as data
// (src/games/grossdeutschland/sequence.ts), the engine's phase step moving the position, a procedure
// out of its phase refused naming the phase unless the players give their reason (kept in the log and
// said first in the explanation), and games recorded before (no phase steps) replaying as they were.
// Seed 000 (/work/shared/seeds/000_5028b8b5c0bc7e37.txt):
// - 3.0 [line 131]: «La secuencia de juego para cada tipo de turno es exactamente la misma».
// - 3.1 [lines 137-145]: «Cada turno (mañana, día, tarde o noche) se divide en las siguientes fases, que
//   se juegan en el orden aquí indicado: Clima (Fase 1) Suministros (Fase 2) Activación (Fase 3) Fin del
//   turno (Fase 4)».
// - 3.2 [line 149]: «Un jugador determina el clima para el turno en curso (ver regla 14.0).»
// - 3.3 [line 153]: «Ambos jugadores determinan el estatus de suministro de sus unidades (ver regla 5.0).»
// - 3.4 [lines 157-159]: the HQ activation chits into the cup, drawn one at a time; the units activated
//   move and attack.
// - 3.5 [lines 167-177]: «Después de haber jugado la última ficha de activación de HQ…»; «Si el turno en
//   curso es el final de un turno de noche, cada jugador puede lanzar un dado para recibir posibles
//   reemplazos (ver regla 4.1).»
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deriveState,
  EngineError,
  PHASE_STEP,
  positionOf,
  readSessionFile,
  verifySession,
  type GameContext,
} from '../../../src/engine';
import { loadGame } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import { SEQUENCE, procedures } from '../../../src/games/grossdeutschland/rules';
import { explain } from '../../../src/ui/explain';
import { GdSession } from './gd-harness';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/sequence/${name}`, import.meta.url), 'utf8');
const seen = new Set<string>();
const isKey = (v: unknown): v is string => typeof v === 'string' && /^gd[a-z]*\.[a-z]/.test(v);
/** A normal attack (10.1) with the event chits' modifier typed in (the players hold the cups). */
const ATTACK = { attackers: [{ af: 6, supply: 'full' }], defenders: [{ df: 3, supply: 'full' }], chitDrm: 0 };

let ctx: GameContext;
beforeAll(async () => {
  ctx = await gameContext(await loadGame('grossdeutschland'), 'gd-kursk');
});

/** A Kursk game through the real log, with the game's sequence of play as the app's registry hands it. */
function game() {
  const g = new GdSession(ctx, seen, isKey);
  const phase = (index: number) => g.run(PHASE_STEP, { index });
  /** The refusal's code and parameters (the engine's, not a rule's key), or undefined when it ran. */
  const refusal = (id: string, input: object, extra: object = {}) => {
    try {
      g.act({ type: 'procedure', id, input: input as never, ...extra });
    } catch (e) {
      if (e instanceof EngineError) return { code: e.code, params: e.params };
      throw e;
    }
    return undefined;
  };
  const where = () => positionOf(SEQUENCE, g.state.game, g.state.turn).phase.id;
  /** The turn's type and weather set (3.2, 14.0), as every attack and fire needs. */
  const weatherDone = () => {
    g.run('gd.turn', { turnType: 'day', weatherModifier: 0, day: 10 });
    g.run('gd.weather', {});
  };
  return { g, phase, refusal, where, weatherDone };
}

describe('the sequence of play as the engine keeps it (3.0, 3.1)', () => {
  it('3.1 [lines 137-145]: Clima, Suministros, Activación, Fin del turno, in that order, each with its rule', () => {
    expect(SEQUENCE.phases.map((p) => [p.id, p.rule])).toEqual([
      ['weather', '3.2, 14.0'],
      ['supply', '3.3, 5.0'],
      ['activation', '3.4, 6.0'],
      ['end', '3.5, 4.1'],
    ]);
    // The app's registry hands the game's sequence to the engine.
    expect(ctx.sequence).toBe(SEQUENCE);
  });

  it('3.0 [line 131]: every turn type has the same sequence, and each turn starts at the weather phase (3.1)', () => {
    const { g, phase, where } = game();
    expect(where()).toBe('weather');
    for (const turnType of ['day', 'evening', 'night']) {
      phase(3);
      expect(where()).toBe('end');
      g.endTurn();
      expect(where()).toBe('weather');
      g.run('gd.turn', { turnType, weatherModifier: 0 });
      expect(SEQUENCE.phases.map((p) => p.id)).toEqual(['weather', 'supply', 'activation', 'end']);
    }
  });

  it('each phase offers what its rule asks: 3.2 the weather (14.0), 3.3 supply (5.0), 3.4 the HQ cup and the attacks, 3.5 replacements (4.1)', () => {
    const offers = (id: string) =>
      SEQUENCE.offers(
        SEQUENCE.phases.find((p) => p.id === id)!,
        {} as never,
      );
    expect(offers('weather')).toEqual(['gd.turn', 'gd.weather']);
    expect(offers('supply')).toEqual(['gd.supply', 'gd.supply.remove']);
    expect(offers('activation')).toEqual(
      expect.arrayContaining(['gd.opening', 'gd.activate', 'gd.events.draw', 'gd.combat', 'gd.barrage', 'gd.bridge']),
    );
    expect(offers('end')).toEqual(['gd.replacement', 'gd.endOfTurn', 'gd.vp']);
    // No procedure of the game is left outside the sequence (none would ever be refused).
    const offered = SEQUENCE.phases.flatMap((p) => offers(p.id));
    expect([...offered].sort()).toEqual(Object.keys(procedures).sort());
  });

  it("the engine's phase step says the phase with its rule and keeps { turn, index, id }; a phase that is not in the turn is refused in words", () => {
    const { g, phase, refusal } = game();
    const supply = phase(1);
    expect(supply.id).toBe(PHASE_STEP);
    expect(supply.headline).toEqual({ key: 'gd.phase.supply' });
    expect(supply.lines).toEqual([{ key: 'gd.phase.enter.supply', params: { turn: 1 }, rule: '3.3, 5.0' }]);
    expect(g.state.game['phase']).toEqual({ turn: 1, index: 1, id: 'supply' });
    expect(explain('en', supply, ctx).headline).toBe('Phase 2: Supply');
    expect(explain('es', supply, ctx).headline).toBe('Fase 2: Suministros');
    expect(explain('es', supply, ctx).lines[0]).toContain(
      'ambos jugadores determinan el estatus de suministro de sus unidades',
    );
    expect(refusal(PHASE_STEP, { index: 4 })).toEqual({ code: 'phase', params: { index: '4', count: 4 } });
  });
});

describe('a procedure out of its phase: refused naming the phase, possible with the players’ reason (issue #29)', () => {
  it('3.1: an attack (3.4) in the weather phase (3.2) is refused, naming the phase and its rule; nothing is logged', () => {
    const { g, refusal, weatherDone } = game();
    weatherDone();
    const steps = g.session.log.length;
    expect(refusal('gd.combat', ATTACK)).toEqual({
      code: 'sequence',
      params: { procedure: 'gd.combat', phase: 'weather', rule: '3.2, 14.0' },
    });
    expect(g.session.log).toHaveLength(steps);
  });

  it('3.1: supply (3.3) comes before the activation (3.4): a supply check in the Activation phase is refused', () => {
    const { phase, refusal } = game();
    phase(2);
    expect(refusal('gd.supply', { unit: '5K 2Gr', side: 'german', traced: true })).toMatchObject({
      code: 'sequence',
      params: { phase: 'activation', rule: '3.4, 6.0' },
    });
  });

  it('3.5 [line 177]: the replacement roll is the end of the turn’s: refused in the Activation phase, made in the end phase', () => {
    const { g, phase, refusal } = game();
    g.run('gd.turn', { turnType: 'night', weatherModifier: 0 });
    g.run('gd.weather', {});
    phase(2);
    expect(refusal('gd.replacement', { side: 'german' })).toMatchObject({
      code: 'sequence',
      params: { phase: 'activation' },
    });
    phase(3);
    expect(g.run('gd.replacement', { side: 'german' }).id).toBe('gd.replacement');
  });

  it('3.4: in the Activation phase the attack is in sequence', () => {
    const { g, phase, weatherDone } = game();
    weatherDone();
    phase(2);
    expect(g.run('gd.combat', ATTACK).id).toBe('gd.combat');
  });

  it('with a reason it runs: the reason is kept in the log, said first in the explanation (both languages), and the log verifies; a blank reason is refused', () => {
    const { g, refusal, weatherDone } = game();
    weatherDone();
    expect(refusal('gd.combat', ATTACK, { outOfSequence: '   ' })).toEqual({ code: 'sequence-reason', params: {} });
    const entry = g.act({
      type: 'procedure',
      id: 'gd.combat',
      input: ATTACK as never,
      outOfSequence: 'we forgot this attack in the last Activation phase',
    });
    expect(entry.action).toMatchObject({ outOfSequence: 'we forgot this attack in the last Activation phase' });
    const outcome = entry.outcome;
    if (outcome.kind !== 'procedure') throw new Error('not a procedure');
    expect(outcome.outOfSequence).toBe('we forgot this attack in the last Activation phase');
    expect(explain('en', outcome, ctx).lines[0]).toBe(
      'Made out of its phase on purpose: we forgot this attack in the last Activation phase.',
    );
    expect(explain('es', outcome, ctx).lines[0]).toBe(
      'Hecho fuera de su fase a propósito: we forgot this attack in the last Activation phase.',
    );
    expect(verifySession(g.session, ctx).ok).toBe(true);
  });
});

describe('games recorded before Grossdeutschland was on the sequence (no phase steps)', () => {
  it('a log made with main’s code before #29 (attacks, fire, supply and replacements without a phase step) verifies and replays to the very state it reached then', () => {
    const read = readSessionFile(fixture('grossdeutschland-before-29.json'), () => ctx);
    expect(read.ok, JSON.stringify(read.ok ? '' : read.issues)).toBe(true);
    if (!read.ok) return;
    const ids = read.session.log.map((e) => (e.action.type === 'procedure' ? e.action.id : e.action.type));
    expect(ids).not.toContain(PHASE_STEP);
    expect(ids).toEqual(expect.arrayContaining(['gd.supply', 'gd.combat', 'gd.barrage', 'gd.replacement']));
    expect(verifySession(read.session, ctx).ok).toBe(true);
    // The same JSON, key for key (a long game's saved state is compared with its replay as text).
    const state = deriveState(read.session, ctx);
    expect(JSON.stringify(state.game)).toBe(
      JSON.stringify(JSON.parse(fixture('grossdeutschland-before-29.state.json'))),
    );
    // It never moved the position: the engine reads the turn's first phase.
    expect(positionOf(SEQUENCE, state.game, state.turn).phase.id).toBe('weather');
  });
});
