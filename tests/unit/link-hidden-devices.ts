/**
 * The devices of the hidden-cup tests (link-hidden, link-hidden-boxes; issue #33): each a store on
 * its own fake IndexedDB with its link, and the attacker's search of everything a device holds for
 * the chits of a deal. Load it after the test file's `vi.mock('../../src/link/peer', …)`.
 */
import { expect, vi } from 'vitest';
import { Store } from '../../src/app/store';
import { Link } from '../../src/link/manager';
import { openCompanionDb } from '../../src/persistence/db';
import { SessionRepo } from '../../src/persistence/sessions';
import { chitPoints, open, type Secret } from '../../src/link/hidden-cup/sra';

let clock = 0;

/** A device: its store, its link (keeping its secrets in `kept`), its database and the store's repository over it. */
export async function device(name: string, options: { hiddenTimeoutMs: number; screenHoldMs?: number }) {
  const db = await openCompanionDb(`wc-${name}`);
  const repo = new SessionRepo(db);
  const store = new Store({
    repo,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
    randomBytes: (k) => crypto.getRandomValues(new Uint8Array(k)),
  });
  await store.init();
  const kept = new Map<string, string>();
  const keep = {
    get: (k: string) => kept.get(k) ?? null,
    set: (k: string, v: string) => void kept.set(k, v),
    remove: (k: string) => void kept.delete(k),
  };
  const link = new Link(store, name, { keep, ...options });
  return { name, store, link, db, kept, repo };
}
export type Device = Awaited<ReturnType<typeof device>>;

export const wait = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/**
 * A table writing a new game of `game` and two players' phones linked to it, each holding its side;
 * returns once joint randomness has started by itself (issue #33) and every phone holds the table's log.
 */
export async function linkedTable(
  makeDevice: (name: string) => Promise<Device>,
  game: { id: string; scenario: string; title: string },
  sides: readonly (readonly [name: string, side: string])[],
): Promise<{ table: Device; phones: Device[] }> {
  const table = await makeDevice('Table');
  const id = (await table.store.createSession(game.id, game.scenario, game.title))!;
  await table.store.openSession(id);
  const phones: Device[] = [];
  for (const [name, side] of sides) {
    const phone = await makeDevice(name);
    const invite = await table.link.invite();
    const answer = await phone.link.join(invite.code);
    nameLinks(table);
    nameLinks(phone);
    await invite.accept(answer);
    await wait(() => expect(phone.store.getState().current?.session.id).toBe(id));
    phone.link.setView('player', side);
    phones.push(phone);
  }
  await wait(() => expect(table.link.players).toBe(sides.length));
  await wait(() => expect(table.store.getState().current?.state.joint?.devices).toHaveLength(sides.length + 1));
  const n = table.store.getState().current!.session.log.length;
  for (const phone of phones) await wait(() => expect(phone.store.getState().current?.session.log).toHaveLength(n));
  return { table, phones };
}

/** A device's log and state (the game it has open). */
export const logOf = (d: Device) => d.store.getState().current?.session.log ?? [];
export const stateOf = (d: Device) => d.store.getState().current!.state;

/** A procedure step asked for on `d` (out of its phase, as the tests drive them); throws with the problem if refused. */
export async function actProcedure(d: Device, id: string, input: object, extra: object = {}) {
  const e = await d.store.act({ type: 'procedure', id, input, outOfSequence: 'test', ...extra } as never);
  if (!e) throw new Error(`${id} refused: ${JSON.stringify(d.store.getState().problem)}`);
  return e;
}

/**
 * Grossdeutschland's event-chit manifest for the tests (gd-event-chits is a chart the players fill in):
 * Kursk's cups need 60 blue, 60 red and 12 black chits besides the hands (18.2). Every black chit of the
 * pool cancels "Push" or "Stall", the only blue and red chits.
 */
export const GD_EVENT_MANIFEST = [
  { name: 'Push', colour: 'blue', modifier: -1, count: 60 },
  { name: 'Stall', colour: 'red', modifier: 1, count: 60 },
  ...Array.from({ length: 12 }, (_, i) => ({
    name: `Black ${i + 1}`,
    colour: 'black',
    cancels: i % 2 ? 'Stall' : 'Push',
  })),
];

/** A table writing a new Grossdeutschland Kursk game, the German and the Soviet phones linked. */
export async function linkedGd(makeDevice: (name: string) => Promise<Device>) {
  const { table, phones } = await linkedTable(
    makeDevice,
    { id: 'grossdeutschland', scenario: 'gd-kursk', title: 'Kursk' },
    [
      ['German phone', 'german'],
      ['Soviet phone', 'soviet'],
    ],
  );
  return { table, german: phones[0]!, soviet: phones[1]! };
}

/**
 * A phone reloaded (its link gone, its store and what it keeps are the same) linked again to `table`,
 * taking `side` again: the new link, once the table has accepted it.
 */
export async function relinked(table: Device, phone: Device, side: string): Promise<Link> {
  const again = new Link(phone.store, phone.name, {
    keep: { get: (k) => phone.kept.get(k) ?? null, set: (k, v) => void phone.kept.set(k, v), remove: () => {} },
  });
  const invite = await table.link.invite();
  const answer = await again.join(invite.code);
  nameLinks(table);
  nameLinks({ ...phone, link: again });
  await invite.accept(answer);
  again.setView('player', side);
  return again;
}

/** Names each fake peer after its device (for the wire's record and the tampering). */
export function nameLinks(d: Device) {
  for (const l of (d.link as unknown as { linked: { peer: { name: string } }[] }).linked) l.peer.name = d.name;
}

/** Everything a device holds: its state in memory, every record of its IndexedDB, its export, what its link keeps. */
export async function holdings(d: Device): Promise<string> {
  const parts: string[] = [JSON.stringify(d.store.getState().current?.state ?? null)];
  parts.push(JSON.stringify(d.store.getState().current?.session ?? null));
  for (const storeName of d.db.objectStoreNames) parts.push(JSON.stringify(await d.db.getAll(storeName)));
  const id = d.store.getState().current?.session.id;
  if (id) parts.push((await d.store.exportSession(id)) ?? '');
  parts.push(...d.kept.values());
  parts.push(JSON.stringify(d.store.getState().link ?? null));
  parts.push(JSON.stringify(d.store.getState().hiddenChits ?? null));
  return parts.join('\n');
}

/** The device's own secret scalar for a deal, if it holds one (a phone), from what it keeps. */
export function ownSecret(d: Device, deal: string): Secret | undefined {
  const kept = d.kept.get('wc-hidden');
  return kept ? (JSON.parse(kept) as { secrets: Record<string, Secret> }).secrets[deal] : undefined;
}

/**
 * What a device can find of the chits from what it holds: every 64-hex value, as it is and with
 * its own layer taken off, against every chit's point. Returns the chits found.
 */
export async function found(d: Device, deal: string, n: number): Promise<Set<number>> {
  const points = chitPoints(deal, n);
  const values = new Set((await holdings(d)).match(/[0-9a-f]{64}/g) ?? []);
  const own = ownSecret(d, deal);
  const chits = new Set<number>();
  for (const v of values) {
    const asIs = points.indexOf(v);
    if (asIs >= 0) chits.add(asIs);
    const mine = own ? open(v, own, points) : undefined;
    if (mine !== undefined) chits.add(mine);
  }
  return chits;
}

/**
 * Nothing singles out another side's chit: beyond the chits this device drew itself, it finds
 * none, or every chit (the first shuffler can take its layer off its own deck: the order it made,
 * which the next shuffle hides).
 */
export async function singlesOutNothing(
  d: Device,
  deal: string,
  n: number,
  own: readonly number[] = [],
): Promise<boolean> {
  const f = await found(d, deal, n);
  return f.size === n || [...f].every((i) => own.includes(i));
}
