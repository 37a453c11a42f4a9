/**
 * An in-memory stand-in for the WebRTC peer (src/link/peer.ts) for the link manager's tests: an
 * offer's code, answered, links two peers; each message goes over as JSON text, delivered in a task
 * of its own, as a data channel delivers it. Loaded from a hoisted `vi.mock` factory:
 *
 *   vi.mock('../../src/link/peer', async () => (await import('./link-fake-peer')).fakePeerModule({ peers }));
 *
 * The options are the tests' own objects, read when a peer sends (the factory runs once the test
 * file's top level has made them).
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
}

interface PeerEvents {
  message(m: unknown): void;
  state(open: boolean): void;
}

export interface FakePeer {
  other?: FakePeer;
  open: boolean;
  readonly on: PeerEvents;
  send(m: Msg): boolean;
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
    send(m: Msg): boolean {
      if (options.limit !== undefined && JSON.stringify(m).length > options.limit)
        throw new Error('RTCDataChannel.send: message too large');
      return this.raw(m);
    }
    raw(v: unknown): boolean {
      const to = this.other;
      if (!this.open || !to?.open) return false;
      const text = JSON.stringify(v);
      if (text !== undefined) options.wire?.push(text);
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
