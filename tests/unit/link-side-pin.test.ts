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
import type { Action, Actors } from '../../src/engine';
import { ACTORS as BO } from '../../src/games/breakout/rules';
import { ACTORS as EF, PHASES } from '../../src/games/eastfront/rules';
import { ACTORS as GD } from '../../src/games/grossdeutschland/rules';
import { ACTORS as ZI } from '../../src/games/zitadelle/rules';

vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({}));

const { checkRequest } = await import('../../src/link/guard');
const { device: makeDevice, linkedTable, wait, logOf } = await import('./link-hidden-devices');
type Device = import('./link-hidden-devices').Device;

const device = (name: string) => makeDevice(name, { hiddenTimeoutMs: 60_000 });
const log = logOf;
const procedure = (id: string, input: object, extra: object = {}) =>
  ({ type: 'procedure', id, input, outOfSequence: 'test', ...extra }) as unknown as Action;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the guard: a procedure its rules give to one side is asked for by that side’s phone only', () => {
  // Each game's declared procedures: those whose input names the acting side, and those of one side alone.
  const games = [
    {
      game: 'grossdeutschland',
      actors: GD,
      sides: ['german', 'soviet'],
      field: ['gd.events.black', 'gd.replacement'],
      fixed: {},
    },
    {
      game: 'breakout',
      actors: BO,
      sides: ['german', 'soviet'],
      field: ['bo.order'],
      fixed: { 'bo.kg.deploy': 'german', 'bo.weather': 'soviet', 'bo.rifle-corps': 'soviet' },
    },
    { game: 'eastfront', actors: EF, sides: ['axis', 'soviet'], field: ['ef.hqActivate', 'ef.production'], fixed: {} },
    {
      game: 'zitadelle',
      actors: ZI,
      sides: ['german', 'soviet'],
      field: [],
      fixed: { 'zi.german-order': 'german', 'zi.level-bombing': 'soviet' },
    },
  ] as const;
  for (const { game, actors, sides, field, fixed } of games)
    it(`${game}: ${[...field, ...Object.keys(fixed)].join(', ')}`, () => {
      const table: Actors = actors;
      expect(Object.keys(table).sort()).toEqual([...field, ...Object.keys(fixed)].sort());
      for (const [mine, other] of [sides, [sides[1], sides[0]]] as const) {
        for (const id of field) {
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
        // One side's alone: refused from the other side's phone, whatever its input says.
        for (const [id, side] of Object.entries(fixed) as [string, string][])
          if (side === mine) expect(checkRequest(procedure(id, { side: other }), mine, [], table).ok).toBe(true);
          else
            expect(checkRequest(procedure(id, { side: mine }), mine, [], table)).toEqual({
              ok: false,
              problem: { key: 'link.req.otherSide', params: { side } },
            });
        // A procedure either player may enter for the other stays open (a combat's attacker, a tracker).
        expect(
          checkRequest(
            procedure(`${Object.keys(table)[0]!.split('.')[0]}.combat`, { attacker: other }),
            mine,
            [],
            table,
          ).ok,
        ).toBe(true);
      }
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

type Linked = { table: Device; mine: Device; other: Device };

/** `phone` (one of the two) asks for `action`: refused by name on the table and on the phone, nothing logged anywhere. */
async function refused(d: Linked, phone: Device, action: Action, side: string) {
  const n = log(d.table).length;
  d.table.store.dismissProblem();
  const e = await phone.store.act(action);
  expect(e).toBeUndefined();
  await wait(() =>
    expect(d.table.store.getState().problem).toMatchObject({ key: 'link.req.otherSide', params: { side } }),
  );
  expect(phone.store.getState().problem?.key).toBe('link.req.otherSide');
  phone.store.dismissProblem();
  for (const x of [d.table, d.mine, d.other]) expect(log(x)).toHaveLength(n);
}

/** `phone` asks for `action` for its own side: logged under that side, on every device. */
async function accepted(d: Linked, phone: Device, action: Action, side: string) {
  const n = log(d.table).length;
  const e = await phone.store.act(action);
  expect(e, JSON.stringify(phone.store.getState().problem)).toBeDefined();
  expect(e).toMatchObject({ action: { type: 'procedure' }, context: { side } });
  for (const x of [d.table, d.mine, d.other]) await wait(() => expect(log(x)).toHaveLength(n + 1));
}

/** `phone` asks for `action` for its own side: the guard lets it through; the game judges it (a game's refusal, not the link's). */
async function passesTheGuard(phone: Device, action: Action) {
  const e = await phone.store.act(action);
  const p = phone.store.getState().problem;
  expect(e !== undefined || (p !== undefined && !p.key.startsWith('link.')), JSON.stringify(p)).toBe(true);
  phone.store.dismissProblem();
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
    await refused(d, d.mine, procedure('gd.events.black', { side: 'soviet', chit: 'Black 1' }), 'soviet');
    await refused(d, d.mine, procedure('gd.events.black', { side: 'soviet', pos: 0 }), 'soviet');
    await refused(d, d.mine, procedure('gd.replacement', { side: 'soviet' }, { manual: [[1]] }), 'soviet');
    // Its own side's: the black chit reaches the game (which says the event cups are not set up), the replacement is rolled.
    await passesTheGuard(d.mine, procedure('gd.events.black', { side: 'german', chit: 'Black 1' }));
    await accepted(d, d.mine, procedure('gd.replacement', { side: 'german' }, { manual: [[1]] }), 'german');
  }, 60_000);

  it('Breakout: the German phone announces no Soviet order (5.4), rolls no weather (5.1) nor Rifle Corps return (11.1); the Soviet phone deploys no KG marker (5.3)', async () => {
    const d = await linked({ id: 'breakout', scenario: 'bo-campaign', title: 'Breakout' }, ['german', 'soviet']);
    await refused(d, d.other, procedure('bo.kg.deploy', { hexes: { kg1: '1010' } }), 'german');
    // The German's own: the game says the KG markers wait for turn 3.
    await passesTheGuard(d.mine, procedure('bo.kg.deploy', { hexes: { kg1: '1010' } }));
    await refused(d, d.mine, procedure('bo.order', { side: 'soviet', order: 'move-combat' }), 'soviet');
    await accepted(d, d.mine, procedure('bo.order', { side: 'german', order: 'combat-move' }), 'german');
    // The Soviet player's rolls: a die typed in on the German phone is refused; on the Soviet phone, logged.
    await refused(d, d.mine, procedure('bo.weather', {}), 'soviet');
    await refused(d, d.mine, procedure('bo.rifle-corps', { corps: '1 Gds' }, { manual: [[1]] }), 'soviet');
    await accepted(d, d.other, procedure('bo.rifle-corps', { corps: '1 Gds' }, { manual: [[1]] }), 'soviet');
  }, 60_000);

  it('EastFront: the Axis phone activates no Soviet HQ (4.41) and does no Soviet production (11.1)', async () => {
    const d = await linked({ id: 'eastfront', scenario: 'ef-s42', title: 'S42' }, ['axis', 'soviet']);
    // S42's first Command phase: the Axis plays first (4.4, line 549).
    const index = PHASES.findIndex((p) => p.id === 'f1.p1.command');
    expect(await d.table.store.act(procedure('ef.phase', { index }))).toBeDefined();
    for (const x of [d.mine, d.other]) await wait(() => expect(log(x)).toHaveLength(log(d.table).length));
    await refused(d, d.mine, procedure('ef.hqActivate', { id: 'Sur', side: 'soviet', vm: 2 }), 'soviet');
    await refused(d, d.mine, procedure('ef.production', { side: 'soviet', chained: true }), 'soviet');
    await passesTheGuard(d.mine, procedure('ef.production', { side: 'axis', chained: true }));
    await accepted(d, d.mine, procedure('ef.hqActivate', { id: 'AG Sur', side: 'axis', vm: 3 }), 'axis');
  }, 60_000);

  it('Zitadelle: the German phone rolls no Soviet level bombing (9.21); the Soviet phone chooses no German order (13.61)', async () => {
    const d = await linked({ id: 'zitadelle', scenario: 'zi-kursk', title: 'Zitadelle' }, ['german', 'soviet']);
    await refused(d, d.mine, procedure('zi.level-bombing', { army: '7 Guards' }, { manual: [[6]] }), 'soviet');
    await refused(d, d.other, procedure('zi.german-order', { variant: true }), 'german');
    // Each side's own: the game judges it (no Soviet army in the tracker yet; the German order is an optional reading).
    await passesTheGuard(d.other, procedure('zi.level-bombing', { army: '7 Guards' }, { manual: [[6]] }));
    await passesTheGuard(d.mine, procedure('zi.german-order', { variant: true }));
  }, 60_000);
});
