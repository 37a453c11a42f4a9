/**
 * One link to one other device: an RTCPeerConnection with one ordered data channel, and no STUN or
 * TURN server (iceServers: []), so only host candidates on the local network are used and no
 * request leaves it. The offer and answer travel as codes (./code.ts) carried by the players.
 * Candidates are gathered in full before a code is made (no trickle: there is no server to trickle
 * through).
 */
import { decodeCode, encodeCode } from './code';
import { Joiner, MAX_FROM_WRITER, partsOf } from './guard';
import type { Msg } from './protocol';

/** Time allowed for gathering the local network's candidates (they come at once on a local network). */
const GATHER_MS = 4000;
/** Each side sends a ping this often; nothing heard for LOST_MS and the link counts as lost. */
const PING_MS = 1500;
const LOST_MS = 6000;

export interface PeerEvents {
  /** A message as it came off the wire, parsed but not yet checked (guard.ts readMsg checks it). */
  message(msg: unknown): void;
  /** The link opened (true) or was lost (false, once). */
  state(open: boolean): void;
}

export class Peer {
  private readonly pc = new RTCPeerConnection({ iceServers: [] });
  private channel?: RTCDataChannel;
  private heard = 0;
  private timer?: ReturnType<typeof setInterval>;
  private closed = false;
  private sentParts = 0;
  private readonly joiner = new Joiner(MAX_FROM_WRITER);
  open = false;

  private constructor(private readonly on: PeerEvents) {
    this.pc.addEventListener('connectionstatechange', () => {
      if (this.pc.connectionState === 'failed' || this.pc.connectionState === 'closed') this.close();
    });
  }

  /** The device that invites: makes the offer (as a code) and waits for the answer. */
  static async offer(on: PeerEvents): Promise<{ peer: Peer; code: string }> {
    const peer = new Peer(on);
    peer.attach(peer.pc.createDataChannel('wc-link', { ordered: true }));
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    return { peer, code: await encodeCode('offer', await peer.gathered()) };
  }

  /** The device that joins: reads the offer's code and makes the answer (as a code). */
  static async answer(offerCode: string, on: PeerEvents): Promise<{ peer: Peer; code: string }> {
    const sdp = await decodeCode('offer', offerCode);
    const peer = new Peer(on);
    peer.pc.addEventListener('datachannel', (e) => peer.attach(e.channel));
    try {
      await peer.pc.setRemoteDescription({ type: 'offer', sdp });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      return { peer, code: await encodeCode('answer', await peer.gathered()) };
    } catch (e) {
      peer.close();
      throw e;
    }
  }

  /** The inviting device reads the answer's code: the link opens. */
  async accept(answerCode: string): Promise<void> {
    const sdp = await decodeCode('answer', answerCode);
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
  }

  /**
   * Sends a message (in parts when it is larger than a data channel message may be); false when it
   * could not be sent (the link is not open, or the channel refused it). Never throws.
   */
  send(msg: Msg): boolean {
    if (this.channel?.readyState !== 'open') return false;
    try {
      for (const part of partsOf(JSON.stringify(msg), ++this.sentParts)) this.channel.send(part);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    const was = this.open;
    this.open = false;
    this.channel?.close();
    this.pc.close();
    if (was) this.on.state(false);
  }

  private attach(ch: RTCDataChannel) {
    this.channel = ch;
    ch.addEventListener('open', () => {
      this.open = true;
      this.heard = Date.now();
      this.timer = setInterval(() => {
        if (Date.now() - this.heard > LOST_MS) this.close();
        else this.send({ t: 'ping' });
      }, PING_MS);
      this.on.state(true);
    });
    ch.addEventListener('close', () => this.close());
    ch.addEventListener('message', (e: MessageEvent<string>) => {
      this.heard = Date.now();
      let msg: unknown;
      try {
        msg = typeof e.data === 'string' ? JSON.parse(e.data) : undefined;
        const joined = this.joiner.take(msg);
        if (joined && 'part' in joined) return;
        if (joined) msg = JSON.parse(joined.text);
      } catch {
        msg = undefined;
      }
      // Anything that is not a ping goes on, to be checked (a message that is not JSON, as nothing).
      if (typeof msg !== 'object' || msg === null || (msg as { t?: unknown }).t !== 'ping') this.on.message(msg);
    });
  }

  /** The local description once every candidate is in it (or after GATHER_MS, with those found). */
  private gathered(): Promise<string> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pc.removeEventListener('icegatheringstatechange', check);
        resolve(this.pc.localDescription!.sdp);
      };
      const check = () => {
        if (this.pc.iceGatheringState === 'complete') done();
      };
      const timer = setTimeout(done, GATHER_MS);
      this.pc.addEventListener('icegatheringstatechange', check);
      check();
    });
  }
}
