// Issue #17, linked devices: the signalling codes, the chain of step hashes, and the replica's side
// of the store (a step received from the writer is replayed before it is stored; a step that does
// not replay, or does not follow the chain, is refused and nothing is stored; requests go to the
// writer). Two stores on two separate fake IndexedDBs stand for two devices.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { type Remote } from '../../src/app/store';
import type { LogEntry } from '../../src/engine';
import {} from '../../src/persistence/db';
import {} from '../../src/persistence/sessions';
import { CodeError, decodeCode, encodeCode, trimSdp } from '../../src/link/code';
import { admit, BATCH, canonical, catchUp, Chain, fresh, stepHash } from '../../src/link/protocol';
import { testStore } from './app/test-store';
import { freshIndexedDbPerTest } from './fresh-indexeddb';

const SDP = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:1 1 udp 2113937151 192.168.1.20 54400 typ host generation 0 network-cost 999',
  'a=candidate:2 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0 network-id 1',
  'a=ice-ufrag:EsAw',
  'a=ice-pwd:bP+XJMM09aR8AiX1jdukzR6Y',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 0B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

describe('signalling codes', () => {
  it('keeps what a data channel needs (UDP candidates, ICE credentials, fingerprint) and drops the rest', () => {
    const t = trimSdp(SDP);
    for (const kept of ['a=ice-ufrag:EsAw', 'a=fingerprint:sha-256', ' udp ', 'a=setup:actpass', 'a=sctp-port:5000'])
      expect(t).toContain(kept);
    for (const dropped of ['extmap-allow-mixed', 'msid-semantic', 'ice-options', ' tcp '])
      expect(t).not.toContain(dropped);
  });

  it('an offer and an answer go through their codes and back; a code is short enough for a QR code', async () => {
    const offer = await encodeCode('offer', SDP);
    expect(offer).toMatch(/^WC1O\.[A-Za-z0-9_-]+$/);
    expect(offer.length).toBeLessThan(trimSdp(SDP).length);
    expect(await decodeCode('offer', offer)).toBe(trimSdp(SDP));
    const answer = await encodeCode('answer', SDP.replace('actpass', 'active'));
    // Pasted from a chat: line breaks and spaces inside the code are ignored.
    expect(await decodeCode('answer', ` ${answer.slice(0, 30)}\n${answer.slice(30)} `)).toContain('a=setup:active');
  });

  it('refuses text that is not a code, the wrong kind of code, and a damaged code', async () => {
    const offer = await encodeCode('offer', SDP);
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: CodeError) => e.reason,
      );
    expect(await reason(decodeCode('offer', 'hello'))).toBe('not-a-code');
    expect(await reason(decodeCode('answer', offer))).toBe('wrong-kind');
    expect(await reason(decodeCode('offer', offer.slice(0, -12)))).toBe('damaged');
  });
});

const entry = (seq: number, die = seq): LogEntry => ({
  seq,
  action: { type: 'roll', dice: { n: 1, sides: 6 } },
  outcome: { kind: 'roll', dice: { spec: { n: 1, sides: 6 }, dice: [die], total: die } } as never,
  manual: false,
  rngBefore: { s: seq } as never,
  rngAfter: { s: seq + 1 } as never,
  undone: false,
});
const game = { id: 's-1', seed: 'abc' };
const log = (n: number) => Array.from({ length: n }, (_, i) => entry(i + 1));

describe('the chain of step hashes', () => {
  it('hashes a step the same whatever the order of its keys, and without its undone mark', () => {
    const e = entry(1);
    const reordered = JSON.parse(canonical(e)) as LogEntry;
    expect(stepHash('x', reordered)).toBe(stepHash('x', e));
    expect(stepHash('x', { ...e, undone: true })).toBe(stepHash('x', e));
    expect(stepHash('x', entry(1, 2))).not.toBe(stepHash('x', e));
  });

  it('catches a replica up from its last step, in batches, when both copies agree up to it', () => {
    const writer = new Chain(game).follow(log(100));
    const replica = new Chain(game).follow(log(10));
    const r = catchUp(log(100), writer, 10, replica.at(10)!);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.batches.map((b) => b.from)).toEqual([10, 10 + BATCH, 10 + 2 * BATCH]);
    for (const b of r.batches) {
      expect(admit(replica, b)).toBe('ok');
      replica.follow([...log(b.from), ...fresh(replica, b)]);
    }
    expect(replica.length).toBe(100);
    expect(replica.at(100)).toBe(writer.at(100));
  });

  it('refuses a replica whose copy went another way, or holds steps the writer has not: never merged', () => {
    const writer = new Chain(game).follow(log(5));
    const other = [...log(3), entry(4, 6)];
    expect(catchUp(log(5), writer, 4, new Chain(game).follow(other).at(4)!)).toMatchObject({ ok: false });
    // A replica that took over and wrote on: more steps than the writer.
    expect(catchUp(log(5), writer, 6, new Chain(game).follow(log(6)).at(6)!)).toMatchObject({ ok: false });
    // Another game (same steps, another seed).
    expect(catchUp(log(5), writer, 2, new Chain({ id: 's-1', seed: 'xyz' }).follow(log(2)).at(2)!).ok).toBe(false);
  });

  it('a replica admits the next steps only: a gap asks for a catch-up, another hash is a conflict, a repeat is old', () => {
    const replica = new Chain(game).follow(log(3));
    const writer = new Chain(game).follow(log(6));
    expect(admit(replica, { t: 'steps', from: 3, prev: writer.at(3)!, entries: log(6).slice(3) })).toBe('ok');
    expect(admit(replica, { t: 'steps', from: 4, prev: writer.at(4)!, entries: log(6).slice(4) })).toBe('gap');
    expect(admit(replica, { t: 'steps', from: 3, prev: 'bad', entries: log(6).slice(3) })).toBe('conflict');
    expect(admit(replica, { t: 'steps', from: 1, prev: writer.at(1)!, entries: log(3).slice(1) })).toBe('old');
    expect(admit(replica, { t: 'steps', from: 1, prev: writer.at(1)!, entries: [entry(2), entry(3, 5)] })).toBe(
      'conflict',
    );
    // Numbers that do not follow on.
    expect(admit(replica, { t: 'steps', from: 3, prev: writer.at(3)!, entries: [entry(5)] })).toBe('conflict');
  });
});

let clock = 0;
function device(name: string) {
  let n = 0;
  return testStore(
    () => clock++,
    (k) => Uint8Array.from({ length: k }, (_, i) => (name.length * 17 + n++ * 31 + i * 7) & 0xff),
    `wc-${name}`,
  );
}

/** A writer and a replica device, and a new Kursk game `name` open on the writer, with its header. */
async function writerAndReplica(name = 'x') {
  const w = await device('writer');
  const r = await device('replica');
  const id = (await w.store.createSession('grossdeutschland', 'gd-kursk', name))!;
  await w.store.openSession(id);
  const { log: _l, ...meta } = w.store.getState().current!.session;
  return { w, r, id, meta };
}

freshIndexedDbPerTest();

describe('a replica of the store', () => {
  it('stores a new game after a replay from its seed, then each step after a replay of it', async () => {
    const { w, r, id } = await writerAndReplica('Night game');
    await w.store.act({ type: 'roll', dice: { n: 2, sides: 6 } });
    await w.store.act({ type: 'cup.draw', cup: 'activation' });
    const { log: wlog, ...meta } = w.store.getState().current!.session;
    expect(await r.store.receive(meta, wlog.slice(0, 1), [])).toBe(true);
    expect(await r.store.receive(meta, wlog.slice(1), [])).toBe(true);
    expect(r.store.getState().current!.session.log).toEqual(wlog);
    expect(r.store.getState().current!.state).toEqual(w.store.getState().current!.state);
    expect(await r.repo.getEntries(id)).toEqual(wlog);

    // An undo on the writer: the mark travels; the step stays in the log.
    await w.store.undo();
    const undone = w.store
      .getState()
      .current!.session.log.filter((e) => e.undone)
      .map((e) => e.seq);
    expect(await r.store.receive(meta, [], undone)).toBe(true);
    expect(r.store.getState().current!.state).toEqual(w.store.getState().current!.state);
    expect((await r.repo.getEntries(id)).map((e) => e.undone)).toEqual([false, true]);
  });

  it('refuses a step that does not replay from the seed (a die changed): nothing is stored', async () => {
    const { w, r, id, meta } = await writerAndReplica();
    expect(await r.store.receive(meta, [], [])).toBe(true);
    const e = (await w.store.act({ type: 'roll', dice: { n: 1, sides: 6 } }))!;
    const roll = e.outcome as Extract<LogEntry['outcome'], { kind: 'roll' }>;
    const forged: LogEntry = { ...e, outcome: { ...roll, dice: { ...roll.dice, dice: [7] } } };
    expect(await r.store.receive(meta, [forged], [])).toBe(false);
    expect(r.store.getState().problem?.key).toBe('storage.corrupt');
    expect(r.store.getState().current!.session.log).toEqual([]);
    expect(await r.repo.getEntries(id)).toEqual([]);
  });

  it('a batch whose second step does not replay stores nothing, not even its first step', async () => {
    const { w, r, id, meta } = await writerAndReplica();
    expect(await r.store.receive(meta, [], [])).toBe(true);
    const first = (await w.store.act({ type: 'roll', dice: { n: 1, sides: 6 } }))!;
    const e = (await w.store.act({ type: 'roll', dice: { n: 1, sides: 6 } }))!;
    const roll = e.outcome as Extract<LogEntry['outcome'], { kind: 'roll' }>;
    const forged: LogEntry = { ...e, outcome: { ...roll, dice: { ...roll.dice, dice: [7] } } };
    let checked = 0;
    expect(await r.store.receive(meta, [first, forged], [], () => checked++)).toBe(false);
    expect(r.store.getState().problem?.key).toBe('storage.corrupt');
    expect(checked).toBe(0);
    expect(r.store.getState().current!.session.log).toEqual([]);
    expect(await r.repo.getEntries(id)).toEqual([]);
  });

  it('the game open here: its steps are checked with no IndexedDB read first, and said checked before they are stored (issue #33)', async () => {
    const { w, r, id, meta } = await writerAndReplica();
    expect(await r.store.receive(meta, [], [])).toBe(true);
    const e = (await w.store.act({ type: 'roll', dice: { n: 2, sides: 6 } }))!;
    const reads: string[] = [];
    const getMeta = r.repo.getMeta.bind(r.repo);
    r.repo.getMeta = (x) => (reads.push(x), getMeta(x));
    // The replica's write waits until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((go) => (release = go));
    const append = r.repo.appendEntry.bind(r.repo);
    r.repo.appendEntry = async (...a) => (await held, append(...a));
    let seen: unknown;
    const done = r.store.receive(meta, [e], [], (state) => (seen = state));
    await vi.waitFor(() => expect(seen).toEqual(w.store.getState().current!.state));
    // Checked, not stored yet, not shown yet.
    expect(await r.repo.getEntries(id)).toEqual([]);
    expect(r.store.getState().current!.session.log).toEqual([]);
    release();
    expect(await done).toBe(true);
    expect(reads).toEqual([]);
    expect(await r.repo.getEntries(id)).toEqual([e]);
    expect(r.store.getState().current!.session.log).toEqual([e]);
  });

  it("follows the writer's settings (they decide how steps replay); its own are changed on the writer only", async () => {
    const { w, r, id, meta } = await writerAndReplica();
    await r.store.receive(meta, [], []);
    await w.store.updateSettings({ errata: 'printed' });
    const { log: _m, ...changed } = w.store.getState().current!.session;
    expect(await r.store.receive(changed, [], [])).toBe(true);
    expect(r.store.getState().current!.session.settings.errata).toBe('printed');
    expect((await r.repo.getMeta(id))!.settings.errata).toBe('printed');
    r.store.setLink(
      { role: 'replica', view: 'display', game: id, peers: [] },
      {
        session: id,
        act: async () => undefined,
        undo: async () => undefined,
      },
    );
    await r.store.updateSettings({ errata: 'corrected' });
    expect(r.store.getState().problem?.key).toBe('link.settingsOnWriter');
    expect(r.store.getState().current!.session.settings.errata).toBe('printed');
  });

  it('sends its requests to the writer (with the side acting here) and shows the step that comes back', async () => {
    const { w, r, id, meta } = await writerAndReplica();
    await r.store.receive(meta, [], []);
    const remote: Remote = {
      session: id,
      act: async (action, context) => {
        const e = await w.store.act(action, context);
        if (e) await r.store.receive(meta, [e], []);
        return e && r.store.getState().current!.session.log[e.seq - 1];
      },
      undo: async () => undefined,
    };
    r.store.setLink({ role: 'replica', view: 'player', side: 'german', game: id, peers: [] }, remote);
    r.store.setSide('german');
    // The step shown once it is here; the answer that follows it changes nothing more on screen
    // (no problem to clear: nothing published again, issue #33).
    const shown: number[] = [];
    const stop = r.store.subscribe((s) => shown.push(s.current?.session.log.length ?? -1));
    const e = await r.store.act({ type: 'roll', dice: { n: 1, sides: 6 } });
    stop();
    expect(shown).toEqual([1]);
    expect(e?.context?.side).toBe('german');
    expect(w.store.getState().current!.session.log).toHaveLength(1);
    expect(r.store.getState().current!.session.log).toEqual(w.store.getState().current!.session.log);
    // Taken over: the link gone, the replica writes its own steps from the last one.
    r.store.setLink(undefined, null);
    expect((await r.store.act({ type: 'roll', dice: { n: 1, sides: 6 } }))?.seq).toBe(2);
    expect(w.store.getState().current!.session.log).toHaveLength(1);
  });
});
