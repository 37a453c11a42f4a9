// Issue #30/#33, a phone acts for its own side only — also in a procedure's input. Each game declares
// (its rules.ts `ACTORS`) the procedures its rules give to one side's player, with the input field
// naming that side; the table's guard (src/link/guard.ts checkRequest) refuses a phone's request
// for the other side by name (link.req.otherSide) before anything is stored. Tried as an attacker:
// the guard alone, then three devices (the table and both players' phones, each a store on its own
// fake IndexedDB, linked by the in-memory stand-in for the WebRTC peer) per game that declares one.
//
// The rules, as each game's ACTORS quotes them:
// - Grossdeutschland 10.3 (seed 000 line 520): "Una ficha de eventos negra simplemente permite a un
//   jugador anular…"; "Un jugador no está obligado a jugar sus fichas de eventos negras". 4.1 (line
//   191): "cada jugador puede lanzar un dado para recibir posibles reemplazos… el jugador que lanza el
//   dado puede entonces reconstruir".
// - Breakout: Normandy 5.4 (seed 002 line 341): "el jugador soviético debe anunciar si elegirá la
//   secuencia…"; line 345: "El jugador alemán anuncia los mismos pasos en el comienzo de la fase VI".
// - EastFront 4.41 (seed 004 line 555): "el jugador Activo activa (descubre, boca arriba) cualquier
//   número de HQ que desee"; 11.1 (line 1362): "los jugadores realizan, independiente y
//   simultáneamente, una Fase de Producción".
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../src/engine';
import { ACTORS as BO } from '../../src/games/breakout/rules';
import { ACTORS as EF, PHASES } from '../../src/games/eastfront/rules';
import { ACTORS as GD } from '../../src/games/grossdeutschland/rules';

vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({}));

const { checkRequest } = await import('../../src/link/guard');
const { device: makeDevice, linkedTable, wait } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const log = (d: Device) => d.store.getState().current?.session.log ?? [];
const procedure = (id: string, input: object, extra: object = {}) =>
  ({ type: 'procedure', id, input, outOfSequence: 'test', ...extra }) as unknown as Action;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the guard: a procedure its rules give to one side is asked for by that side’s phone only', () => {
  const games = [
    {
      game: 'grossdeutschland',
      actors: GD,
      mine: 'german',
      other: 'soviet',
      ids: ['gd.events.black', 'gd.replacement'],
    },
    { game: 'breakout', actors: BO, mine: 'german', other: 'soviet', ids: ['bo.order'] },
    { game: 'eastfront', actors: EF, mine: 'axis', other: 'soviet', ids: ['ef.hqActivate', 'ef.production'] },
  ] as const;
  for (const { game, actors, mine, other, ids } of games)
    it(`${game}: ${ids.join(', ')}`, () => {
      const table = actors as Readonly<Record<string, string>>;
      expect(Object.keys(table).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        expect(checkRequest(procedure(id, { side: other, chit: 'x' }), mine, [], table)).toEqual({
          ok: false,
          problem: { key: 'link.req.otherSide', params: { side: other } },
        });
        // No side named, or a side named in some other way, is not the phone's own either.
        expect(checkRequest(procedure(id, { chit: 'x' }), mine, [], table)).toMatchObject({
          ok: false,
          problem: { key: 'link.req.otherSide', params: { side: '?' } },
        });
        expect(checkRequest(procedure(id, { side: [mine] }), mine, [], table).ok).toBe(false);
        expect(checkRequest(procedure(id, { side: mine, chit: 'x' }), mine, [], table).ok).toBe(true);
      }
      // A procedure either player may enter for the other stays open (a combat's attacker, a tracker).
      expect(checkRequest(procedure(`${ids[0]!.split('.')[0]}.combat`, { attacker: other }), mine, [], table).ok).toBe(
        true,
      );
    });
});

/** A table writing a new game, and its two players' phones linked, each holding its side. */
async function linked(game: { id: string; scenario: string; title: string }, sides: readonly [string, string]) {
  const { table, phones } = await linkedTable(device, game, [
    [`${sides[0]} phone`, sides[0]],
    [`${sides[1]} phone`, sides[1]],
  ]);
  return { table, mine: phones[0]!, other: phones[1]! };
}

/**
 * The phone holding the first side asks for `action`: refused by name on the table and on the
 * phone, nothing logged anywhere.
 */
async function refused(d: { table: Device; mine: Device; other: Device }, action: Action, side: string) {
  const n = log(d.table).length;
  d.table.store.dismissProblem();
  const e = await d.mine.store.act(action);
  expect(e).toBeUndefined();
  await wait(() =>
    expect(d.table.store.getState().problem).toMatchObject({ key: 'link.req.otherSide', params: { side } }),
  );
  expect(d.mine.store.getState().problem?.key).toBe('link.req.otherSide');
  d.mine.store.dismissProblem();
  expect(log(d.table)).toHaveLength(n);
  expect(log(d.mine)).toHaveLength(n);
  expect(log(d.other)).toHaveLength(n);
}

/** The phone asks for `action` for its own side: logged under that side, on every device. */
async function accepted(d: { table: Device; mine: Device; other: Device }, action: Action, side: string) {
  const n = log(d.table).length;
  const e = await d.mine.store.act(action);
  expect(e, JSON.stringify(d.mine.store.getState().problem)).toBeDefined();
  expect(e).toMatchObject({ action: { type: 'procedure' }, context: { side } });
  for (const x of [d.table, d.other]) await wait(() => expect(log(x)).toHaveLength(n + 1));
}

/** The phone asks for `action` for its own side: the guard lets it through; the game judges it (a game's refusal, not the link's). */
async function passesTheGuard(d: { table: Device; mine: Device }, action: Action) {
  const e = await d.mine.store.act(action);
  const p = d.mine.store.getState().problem;
  expect(e !== undefined || (p !== undefined && !p.key.startsWith('link.'))).toBe(true);
  d.mine.store.dismissProblem();
}

describe('a hostile phone cannot act for the other side through a procedure’s input', () => {
  it('Grossdeutschland: the German phone plays no Soviet black chit (10.3) and rolls no Soviet replacement (4.1)', async () => {
    const d = await linked({ id: 'grossdeutschland', scenario: 'gd-kursk', title: 'Kursk' }, ['german', 'soviet']);
    // A Night turn in sunny weather (4.1: replacements at the end of each Night turn).
    for (const a of [
      procedure('gd.turn', { turnType: 'night', weatherModifier: 0, day: 10 }),
      procedure('gd.weather', {}, { manual: [[1]] }),
    ])
      expect(await d.table.store.act(a)).toBeDefined();
    for (const x of [d.mine, d.other]) await wait(() => expect(log(x)).toHaveLength(log(d.table).length));
    await refused(d, procedure('gd.events.black', { side: 'soviet', chit: 'Black 1' }), 'soviet');
    await refused(d, procedure('gd.events.black', { side: 'soviet', pos: 0 }), 'soviet');
    await refused(d, procedure('gd.replacement', { side: 'soviet' }, { manual: [[1]] }), 'soviet');
    // Its own side's: the black chit reaches the game (which says the event cups are not set up), the replacement is rolled.
    await passesTheGuard(d, procedure('gd.events.black', { side: 'german', chit: 'Black 1' }));
    await accepted(d, procedure('gd.replacement', { side: 'german' }, { manual: [[1]] }), 'german');
  }, 60_000);

  it('Breakout: the German phone announces no Soviet order of phases (5.4)', async () => {
    const d = await linked({ id: 'breakout', scenario: 'bo-campaign', title: 'Breakout' }, ['german', 'soviet']);
    await refused(d, procedure('bo.order', { side: 'soviet', order: 'move-combat' }), 'soviet');
    await accepted(d, procedure('bo.order', { side: 'german', order: 'combat-move' }), 'german');
  }, 60_000);

  it('EastFront: the Axis phone activates no Soviet HQ (4.41) and does no Soviet production (11.1)', async () => {
    const d = await linked({ id: 'eastfront', scenario: 'ef-s42', title: 'S42' }, ['axis', 'soviet']);
    // S42's first Command phase: the Axis plays first (4.4, line 549).
    const index = PHASES.findIndex((p) => p.id === 'f1.p1.command');
    expect(await d.table.store.act(procedure('ef.phase', { index }))).toBeDefined();
    for (const x of [d.mine, d.other]) await wait(() => expect(log(x)).toHaveLength(log(d.table).length));
    await refused(d, procedure('ef.hqActivate', { id: 'Sur', side: 'soviet', vm: 2 }), 'soviet');
    await refused(d, procedure('ef.production', { side: 'soviet', chained: true }), 'soviet');
    await passesTheGuard(d, procedure('ef.production', { side: 'axis', chained: true }));
    await accepted(d, procedure('ef.hqActivate', { id: 'AG Sur', side: 'axis', vm: 3 }), 'axis');
  }, 60_000);
});
