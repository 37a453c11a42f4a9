/**
 * An in-memory stand-in for the WebRTC peer (src/link/peer.ts) for the tests of linked devices: an
 * offer's code, answered, links two peers; each message goes over as JSON text, delivered after the
 * current task, as a data channel delivers it. Two ways to load it:
 *
 *   vi.mock('../../src/link/peer', () => import('./link-fake-peer'));
 *     the module's own `Peer`, with `wire` and `cut` below (link-joint.test.ts);
 *   vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({ peers }));
 *     a peer of the file's own, watched through the test's own objects (link-hostile, link-pack,
 *     link-seed-manager), read when a peer sends (the factory runs once the file's top level made them).
 */
import type { Msg } from '../../src/link/protocol';

export interface FakePeerOptions {
  /** Every peer made, in order (the table's end of a link is made first, by its invitation). */
  readonly peers?: FakePeer[];
  /** Every message put on any wire, in order, as text. */
  readonly wire?: string[];
  /** A message longer than this (as JSON text) is refused by `send`, as Chromium's data channel refuses one over 256 KiB. */
  readonly limit?: number;
  /** The next message for which `when` holds is lost on the wire (and `when` cleared), by a test's choice. */
  readonly drop?: { when?: (text: string) => boolean };
  /** Every message for which this holds is lost on the wire (a device that withholds, or a message lost). */
  readonly cut?: (m: Msg, text: string, from: FakePeer) => boolean;
  /** A message about to go out may be changed (a cheating device), by its sender's name (`name`, set by the test). */
  readonly tamper?: (from: string, m: Msg) => Msg;
  /** Every message put on any wire, in order, with its sender's and receiver's names. */
  readonly record?: { from: string; to: string; text: string }[];
}

interface PeerEvents {
  message(m: unknown): void;
  state(open: boolean): void;
}

export interface FakePeer {
  other?: FakePeer;
  open: boolean;
  /** The device's name, for `tamper` and `record` (a test names its devices' peers). */
  name: string;
  readonly on: PeerEvents;
  /** Sends a message (a test may put any record on the wire, as a hostile device could). */
  send(m: Msg | Record<string, unknown>): boolean;
  /** Puts anything on the wire, as a hostile device would: false when the link is not open. */
  raw(v: unknown): boolean;
  close(): void;
}

/** The module `src/link/peer` stands for: `{ Peer }`, with a fresh set of offers. */
export function fakePeerModule(options: FakePeerOptions = {}) {
  const offers = new Map<string, Peer>();
  let offered = 0;
  class Peer implements FakePeer {
    other?: Peer;
    open = false;
    name = '';
    constructor(readonly on: PeerEvents) {
      options.peers?.push(this);
    }
    static async offer(on: PeerEvents) {
      const peer = new Peer(on);
      const code = `OFFER-${++offered}`;
      offers.set(code, peer);
      return { peer, code };
    }
    static async answer(code: string, on: PeerEvents) {
      const peer = new Peer(on);
      const offer = offers.get(code)!;
      offer.other = peer;
      peer.other = offer;
      return { peer, code: `ANSWER-${code}` };
    }
    async accept(_answer: string) {
      const both = [this, this.other!];
      for (const p of both) p.open = true;
      for (const p of both) p.on.state(true);
    }
    send(m: Msg | Record<string, unknown>): boolean {
      if (options.limit !== undefined && JSON.stringify(m).length > options.limit)
        throw new Error('RTCDataChannel.send: message too large');
      return this.raw(m);
    }
    raw(v: unknown): boolean {
      const to = this.other;
      if (!this.open || !to?.open) return false;
      const text = JSON.stringify(options.tamper && v ? options.tamper(this.name, v as Msg) : v);
      if (text !== undefined) options.wire?.push(text);
      if (text !== undefined) options.record?.push({ from: this.name, to: to.name, text });
      if (text !== undefined && options.cut?.(v as Msg, text, this)) return true;
      if (text !== undefined && options.drop?.when?.(text)) {
        options.drop.when = undefined;
        return true;
      }
      setTimeout(() => to.open && to.on.message(text === undefined ? undefined : JSON.parse(text)), 0);
      return true;
    }
    close() {
      for (const p of [this, this.other]) {
        if (p?.open) {
          p.open = false;
          p.on.state(false);
        }
      }
    }
  }
  return { Peer };
}

/** Every message sent over any link by the module's own `Peer`, in order, as text. */
export const wire: string[] = [];
/** Messages the module's own `Peer` drops instead of delivering: the test decides (e.g. one device's joint-reveal). */
export const cut: { drop?: (m: Msg, text: string, from: FakePeer) => boolean } = {};

/** The module's own peer, for `vi.mock('../../src/link/peer', () => import('./link-fake-peer'))`. */
export const { Peer } = fakePeerModule({ wire, cut: (m, text, from) => cut.drop?.(m, text, from) ?? false });
export type Peer = FakePeer;
