// An in-memory stand-in for the WebRTC peer (src/link/peer.ts), for tests of linked devices:
// `vi.mock('../../src/link/peer', () => import('./link-fake-peer'))`. Every message goes as JSON
// text (as on a data channel), after the current task; `wire` records them; `cut` drops the
// messages a test names (a device that withholds, or a message lost).
import type { Msg } from '../../src/link/protocol';

interface Events {
  message(m: Msg): void;
  state(open: boolean): void;
}

/** Every message sent over any link, in order, as text. */
export const wire: string[] = [];
/** Messages dropped instead of delivered: the test decides (e.g. one device's joint-reveal). */
export const cut: { drop?: (m: Msg, text: string, from: Peer) => boolean } = {};

const offers = new Map<string, Peer>();
let n = 0;

export class Peer {
  other?: Peer;
  open = false;
  constructor(readonly on: Events) {}
  static async offer(on: Events) {
    const peer = new Peer(on);
    const code = `OFFER-${++n}`;
    offers.set(code, peer);
    return { peer, code };
  }
  static async answer(code: string, on: Events) {
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
  /** Puts any message on the wire, as a hostile device could. */
  send(m: Msg | Record<string, unknown>): boolean {
    const to = this.other;
    if (!this.open || !to?.open) return false;
    const text = JSON.stringify(m);
    wire.push(text);
    if (cut.drop?.(m as Msg, text, this)) return true;
    setTimeout(() => to.open && to.on.message(JSON.parse(text) as Msg), 0);
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
