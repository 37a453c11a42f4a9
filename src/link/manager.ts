/**
 * The link between this device and others, as the store sees it: one writer, many replicas, in a
 * star (each replica is linked to the writer). Loaded only by the link screen.
 *
 * - The writer streams every step it commits (and every undo mark) to each linked device, after
 *   catching it up from the last step both copies share; it runs the requests replicas send.
 * - A replica stores each step in its own IndexedDB (Store.receive, which replays it) and sends its
 *   requests to the writer. The writer runs them under the roles it granted (guard.ts, issue #30): a
 *   player's phone acts for its own side only, one phone per side; a shared display only shows;
 *   every message is checked and a refused one is shown as a link problem, never thrown.
 * - One writer, always: the writer names the one device that takes over if it is lost (it holds
 *   every step); no other device may. Two copies that went different ways meet on a relink: both
 *   are kept, each on its device (the replica's renamed), both screens say which holds which, and
 *   the refusal is repeated until the other device closes the link.
 * - Failure is visible: a lost link is shown with the name of the device lost, and the writer keeps
 *   working; a new pair of codes relinks, and the catch-up resumes from the last common step.
 * - The seed both players make, across devices: before the game's first step the writer can ask
 *   each player's phone for a contribution (SeedRound in protocol.ts). When every reveal matches,
 *   the writer stores a new game of the same scenario with that seed and its ceremony, and moves
 *   every linked device to it (a new welcome, naming the empty game it replaces).
 */
import {
  apply,
  contribute,
  jointOnly,
  jointUsed,
  nextHiddenPos,
  seedFromBytes,
  type Action,
  type Context,
  type Contribution,
  type LogEntry,
  type SessionState,
} from '../engine';
import type { HiddenChits, LinkStatus, Remote, Store } from '../app/store';
import { hasGame } from '../data/catalog';
import { bothLanguages, packGameId, packIdOf, packText, readPack, type Pack } from '../packs/format';
import type { InstallResult } from '../packs/library';
import { checkRequest, mayUndo, MAX_STEP, readMsg } from './guard';
import { idbJointKeep, JOINT_SHOW_MS, JOINT_TIMEOUT_MS, JointPhone, JointWriter, type JointKeep } from './joint-round';
import { Peer } from './peer';
import type { HiddenPhone, HiddenWriter } from './hidden-cup/coordinator';
import type { HiddenMsg } from './hidden-cup/messages';
import { SealedPhone } from './sealed-phone';
import {
  admit,
  catchUp,
  Chain,
  fresh,
  revealFor,
  SeedRound,
  type GameMeta,
  type Msg,
  type Role,
  type SeedState,
  type WireProblem,
} from './protocol';

/** How long a seed round waits for every commitment and reveal before it gives up (nothing changes). */
export const SEED_TIMEOUT_MS = 3 * 60_000;
/** A refusal is repeated this often until the other device closes the link, at most REFUSE_TRIES times. */
const REFUSE_MS = 1000;
const REFUSE_TRIES = 5;
/** How long the table holds its screen update of a phone's hidden draw for the card's layers (screenAfterLayers). */
const SCREEN_HOLD_MS = 300;

/** Where a phone keeps its seed contribution while a round runs (a reload keeps it: it can rejoin). */
export interface Keep {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
const SEED_KEY = 'wc-link-seed';
/**
 * Where a phone keeps its hidden cups' secrets (hidden-cup/coordinator.ts): the device's local
 * storage, which outlives the app being closed (a turn's hidden chits must), unlike the tab's
 * session storage the seed's short round uses.
 */
const HIDDEN_KEY = 'wc-hidden';
const localKeep = (): Keep | undefined => {
  try {
    const s = globalThis.localStorage;
    return s ? { get: (k) => s.getItem(k), set: (k, v) => s.setItem(k, v), remove: (k) => s.removeItem(k) } : undefined;
  } catch {
    return undefined;
  }
};
const sessionKeep = (): Keep | undefined => {
  try {
    const s = globalThis.sessionStorage;
    return s ? { get: (k) => s.getItem(k), set: (k, v) => s.setItem(k, v), remove: (k) => s.removeItem(k) } : undefined;
  } catch {
    return undefined;
  }
};

interface Linked {
  readonly peer: Peer;
  name: string;
  role: Role;
  connected: boolean;
  /** Steps and undo marks this device has been sent (after its hello). */
  sent?: number;
  undone?: string;
  /** The last request number run for it: a request numbered no higher is a replay, ignored. */
  lastId?: number;
  /** This device's copy went another way: the refusal is repeated until the link closes. */
  refused?: ReturnType<typeof setInterval>;
  /** Linked at (in order): the successor is the latest player's phone. */
  order: number;
}

type View = LinkStatus['view'];

/** Where a pack received over the link is saved (the pack library; in tests, one per device). */
export interface PackShelf {
  install(text: string): Promise<InstallResult>;
}
/** This device's pack library, over the pack store the composition root handed the store. */
const deviceShelf = async (store: Store): Promise<PackShelf | undefined> =>
  (await import('../packs/library')).packLibrary(store.packs);

const random = (n: number) => seedFromBytes(crypto.getRandomValues(new Uint8Array(n)));

/** The ceremony across devices as this device shows it. */
export interface SeedView extends SeedState {
  /** This device's part in the round (a player's phone asked for a contribution). */
  readonly you?: string;
  /** This device's commitment, once it is sent (its secret stays here until the reveal). */
  readonly mine?: string;
  /** The writer: this device runs the round. */
  readonly writer: boolean;
}

export class Link {
  private mode: 'writer' | 'replica' | undefined;
  private linked: Linked[] = [];
  private game?: GameMeta;
  private chain?: Chain;
  private unsubscribe?: () => void;
  // Replica side.
  private writer?: Linked;
  private writerName = '';
  private queue: Promise<unknown> = Promise.resolve();
  /** Reached once every message queued so far is handled (a batch of steps: once checked). */
  private reached: Promise<void> = Promise.resolve();
  /** A hidden cup's messages, in order, each after `reached` as it was when it came. */
  private hiddenQueue: Promise<unknown> = Promise.resolve();
  /** The state of steps checked here and being stored (the store publishes it once they are). */
  private ahead?: SessionState;
  private nextId = 1;
  private readonly pending = new Map<number, (m: Extract<Msg, { t: 'done' }> | undefined) => void>();
  private view: View = 'writer';
  private side?: string;
  private others: LinkStatus['peers'] = [];
  /** Set when the writer refused this copy, or this copy refused the writer's steps. */
  conflict?: number;
  // The seed ceremony across devices: the writer's round, and the game it replaces.
  private round?: SeedRound;
  private roundFor?: GameMeta;
  private readonly parties = new Map<Linked, string>();
  // A phone's side of it: the round as the writer last sent it, and this phone's own contribution.
  private seedState?: SeedState;
  private you?: string;
  private mine?: Contribution;
  private revealed?: string;
  /** The last empty game a seed made across devices replaced, and the game that replaced it. */
  replaced?: { readonly from: string; readonly to: string };
  /** The device that takes over if the writer is lost (named by the writer; no other may take over). */
  private successor?: string;
  private chosenSuccessor?: string;
  private linkedCount = 0;
  private seedTimer?: ReturnType<typeof setTimeout>;
  /** The writer's game is a pack version this device lacks: its welcome waits for the pack (issue #32). */
  private waiting?: { readonly l: Linked; readonly welcome: Extract<Msg, { t: 'welcome' }> };
  /** A pack the writer sent, read as a file, waiting for this device's players to save it (or not). */
  private packOffer?: { readonly text: string; readonly id: string; readonly pack: Pack; readonly from: string };
  /** The last branch met on a relink: which device holds which copy of the game. */
  branch?: { readonly at: number; readonly other: string; readonly renamed?: string };
  // Joint randomness (issue #33, joint-round.ts): the writer's rounds; a phone's answers; the roll that waits.
  private jointWriter?: JointWriter;
  private jointPhone?: JointPhone;
  private jointWait?: LinkStatus['jointWait'];
  // Hidden cups (issue #33): loaded only when one exists (hidden-cup/coordinator.ts).
  private hiddenW?: HiddenWriter;
  private hiddenP?: HiddenPhone;
  private hiddenScan = 0;

  constructor(
    private readonly store: Store,
    public name: string,
    private readonly opts: {
      seedTimeoutMs?: number;
      keep?: Keep;
      packs?: () => Promise<PackShelf | undefined>;
      /** Joint randomness (issue #33): where this device keeps its chains, and how long a roll waits before the way out. */
      jointKeep?: JointKeep;
      jointTimeoutMs?: number;
      /** How long a hidden cup's deal waits for the phones (hidden-cup/coordinator.ts). */
      hiddenTimeoutMs?: number;
      /** How long the table's screen waits for a hidden draw's chain (SCREEN_HOLD_MS). */
      screenHoldMs?: number;
    } = {},
  ) {
    // Sealed values (issue #33): a panel's seal goes to this phone's keep, only the commitment to the table.
    store.setSealer({
      seal: (kind, side, value) => this.sealedPhone.seal(kind, side, value),
      held: (id) => this.sealedPhone.held(id),
      reveal: (id) => this.sealedPhone.reveal(id),
    });
  }

  private sealedP?: SealedPhone;
  /** This phone's sealed values (sealed-phone.ts), read from its keep the first time they are needed. */
  private get sealedPhone(): SealedPhone {
    this.sealedP ??= new SealedPhone({
      ...(this.hiddenKeep ? { keep: this.hiddenKeep } : {}),
      game: () => (this.mode === 'replica' && this.view === 'player' ? this.game?.id : undefined),
      side: () => (this.view === 'player' ? this.side : undefined),
      state: () => {
        const cur = this.store.getState().current;
        return cur && cur.session.id === this.game?.id ? cur.state : undefined;
      },
      act: (action) => this.store.act(action),
      report: (key, params) => this.store.report({ key, params }),
      randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    });
    return this.sealedP;
  }

  private get keep(): Keep | undefined {
    return this.opts.keep ?? sessionKeep();
  }

  private get hiddenKeep(): Keep | undefined {
    return this.opts.keep ?? localKeep();
  }

  /** A problem of the link shown on this device (a refused or malformed message, a lost refusal): never thrown. */
  private linkProblem(p: WireProblem, from?: string) {
    this.store.report({ key: p.key, params: { name: from ?? '?', ...p.params } });
  }

  get role() {
    return this.mode;
  }

  // --- The writer ---

  /** Starts linking a new device to the open game: returns the offer's code, and how to accept its answer. */
  async invite(): Promise<{ code: string; accept: (answer: string) => Promise<void>; cancel: () => void }> {
    const cur = this.store.getState().current;
    if (!cur || cur.readOnly) throw new Error('no game open as its writer');
    if (this.mode !== 'writer' || this.game?.id !== cur.session.id) this.becomeWriter();
    let linked: Linked | undefined;
    const { peer, code } = await Peer.offer({
      message: (m) => {
        if (linked)
          void this.onWriterMessage(linked, m).catch((e) =>
            this.linkProblem({ key: 'link.bad.failed', params: { what: String(e).slice(0, 200) } }, linked?.name),
          );
      },
      state: (open) => {
        if (!linked) return;
        linked.connected = open;
        if (open) this.welcomeNew(linked);
        else {
          linked.sent = undefined;
          clearInterval(linked.refused);
        }
        this.publishPeers();
      },
    });
    linked = { peer, name: '', role: { kind: 'display' }, connected: false, order: ++this.linkedCount };
    this.linked.push(linked);
    return {
      code,
      accept: (answer) => peer.accept(answer),
      cancel: () => {
        peer.close();
        this.linked = this.linked.filter((l) => l !== linked);
      },
    };
  }

  private becomeWriter() {
    const cur = this.store.getState().current!;
    const { log, ...game } = cur.session;
    this.mode = 'writer';
    // A player's phone that takes over keeps showing its own hand.
    if (this.view !== 'player') this.view = 'writer';
    this.game = game;
    this.chain = new Chain(game).follow(log);
    this.unsubscribe?.();
    this.unsubscribe = this.store.subscribe(() => this.push());
    this.becomeJointWriter(game.id);
    // By default, a face-down draw with each side's phone linked is a hidden cup's (issue #33).
    this.store.setTakeOver((action, context) => this.takeHidden(action, context));
    this.status();
  }

  /** Sends each linked device the steps and undo marks it has not had yet. */
  private push() {
    const cur = this.store.getState().current;
    if (this.mode !== 'writer' || !cur || cur.session.id !== this.game?.id || !cur.complete) return;
    const log = cur.session.log;
    const undone = log.filter((e) => e.undone).map((e) => e.seq);
    const marks = undone.join(',');
    // Settings changed on the writer (errata, readings): they go before the steps that follow them.
    const { log: _log, ...game } = cur.session;
    if (JSON.stringify(game.settings) !== JSON.stringify(this.game.settings)) {
      this.game = game;
      for (const l of this.linked) if (l.connected && l.sent !== undefined) l.peer.send({ t: 'settings', game });
    }
    for (const l of this.linked) {
      if (!l.connected || l.sent === undefined) continue;
      if (l.sent < log.length) {
        const r = catchUp(log, this.chain!, l.sent, this.chain!.follow(log).at(l.sent)!);
        // A batch the channel does not take: the device asks again from its last step (a gap).
        if (r.ok) for (const b of r.batches) if (!l.peer.send(b)) break;
        l.sent = log.length;
      }
      if (l.undone !== marks) {
        l.peer.send({ t: 'undone', seqs: undone });
        l.undone = marks;
      }
    }
    this.followHidden(log);
  }

  private async onWriterMessage(l: Linked, raw: unknown) {
    const r = readMsg(raw, 'replica');
    if (!r.ok) return this.refuseMessage(l, r.problem);
    const m = r.msg;
    if (l.refused) return;
    if (m.t === 'seed-commit' || m.t === 'seed-reveal') return this.onSeedMessage(l, m);
    if (m.t === 'joint-commit' || m.t === 'joint-reveal') {
      if (l.sent !== undefined && l.name) this.jointWriter?.onMessage(l.name, m);
      return;
    }
    if (m.t === 'hidden') {
      if (l.sent === undefined) return this.refuseMessage(l, { key: 'link.req.noHello' });
      const side = l.role.kind === 'player' ? l.role.side : undefined;
      return (await this.hiddenWriter()).onMessage(side, l.name, m);
    }
    if (m.t === 'refused') {
      // The replica refused this writer's steps: its copy went another way. It keeps it.
      this.metBranch(l, m.at);
      return l.peer.close();
    }
    const cur = this.store.getState().current;
    if (!cur || cur.session.id !== this.game?.id) {
      // Another game is open on the writer: a request is answered, never run on that game.
      if (m.t === 'act' || m.t === 'undo')
        l.peer.send({ t: 'done', id: m.id, problem: { key: 'link.writerElsewhere' } });
      return;
    }
    switch (m.t) {
      case 'hello': {
        if (this.linked.some((o) => o !== l && o.connected && o.name === m.name))
          return this.refuseMessage(l, { key: 'link.bad.nameHeld', params: { name: m.name } });
        l.name = m.name;
        l.role = this.grant(l, m.role);
        const r = catchUp(cur.session.log, this.chain!, m.have, m.hash);
        // A hello from the game's header before it took the public seed (sent before the new welcome
        // reached that device): not another branch; the welcome is given again.
        if (!r.ok && m.have === 0 && jointOnly(cur.session)) {
          l.sent = undefined;
          l.peer.send(this.welcome()!);
          return;
        }
        if (!r.ok) {
          this.metBranch(l, r.at);
          return this.refuseReliably(l, r.at);
        }
        for (const b of r.batches) if (!l.peer.send(b)) break;
        l.sent = cur.session.log.length;
        l.undone = undefined;
        l.peer.send({ t: 'role', role: l.role });
        this.rejoinSeed(l);
        if (l.role.kind === 'player') this.hiddenW?.rejoin(l.role.side);
        this.push();
        this.publishPeers();
        this.jointWriter?.rejoined(l.name);
        this.jointAuto();
        if (l.role.kind === 'player') this.helloAwaited?.();
        return;
      }
      case 'role':
        l.role = this.grant(l, m.role);
        l.peer.send({ t: 'role', role: l.role });
        this.publishPeers();
        this.jointWriter?.rejoined(l.name);
        this.jointAuto();
        return;
      case 'act':
      case 'undo': {
        const refuse = (p: WireProblem) => {
          const problem = { key: p.key, params: { name: l.name, ...p.params } };
          l.peer.send({ t: 'done', id: m.id, problem });
          this.linkProblem(problem, l.name);
        };
        if (l.sent === undefined) return refuse({ key: 'link.req.noHello' });
        // Each request carries its number: one seen already (a replay) is ignored.
        if (l.lastId !== undefined && m.id <= l.lastId)
          return this.linkProblem({ key: 'link.req.replay', params: { n: m.id } }, l.name);
        l.lastId = m.id;
        if (l.role.kind !== 'player') return refuse({ key: 'link.req.display' });
        const side = l.role.side;
        if (m.t === 'undo') {
          const ok = mayUndo(cur.session.log, side, m.seq);
          if (!ok.ok) return refuse(ok.problem);
          await this.store.undo(m.seq);
          const p = this.store.getState().problem;
          l.peer.send({ t: 'done', id: m.id, ...(p ? { problem: wire(p) } : {}) });
          if (p) this.store.dismissProblem();
          return;
        }
        const named = cur.bundle.game.dice.flatMap((d) => ('faces' in d.dice ? [d.dice.faces] : []));
        const ok = checkRequest(m.action, side, named, cur.ctx.actors);
        if (!ok.ok) return refuse(ok.problem);
        // The step is logged under the phone's side; the turn and phase are the table's game's.
        const context: Context = { side };
        const size = this.sizeOf(ok.action, context);
        if (size > MAX_STEP) return refuse({ key: 'link.req.tooLarge', params: { n: size } });
        const entry = await this.screenAfterLayers(ok.action, () => this.store.act(ok.action, context));
        const p = entry ? undefined : this.store.getState().problem;
        l.peer.send({ t: 'done', id: m.id, ...(entry ? { seq: entry.seq } : {}), ...(p ? { problem: wire(p) } : {}) });
        if (p) this.store.dismissProblem();
        return;
      }
      default:
        return;
    }
  }

  /**
   * A hidden draw asked for by a phone (issue #33): the table shows it once the card's chain is on
   * its way to the drawer (at most SCREEN_HOLD_MS later). The other phone's layer comes a moment
   * after the step is sent; on a table at 4× CPU it used to wait behind the step's screen update
   * (its render, its layout and paint: p50 25 ms). The step is stored and sent as before.
   */
  private async screenAfterLayers<T>(action: Action, work: () => Promise<T>): Promise<T> {
    const w = this.hiddenW;
    if (action.type !== 'hidden.draw' || !w) return work();
    let release!: () => void;
    this.store.holdScreen(new Promise<void>((r) => (release = r)));
    try {
      return await work();
    } finally {
      void w.settled(this.opts.screenHoldMs ?? SCREEN_HOLD_MS).then(release);
    }
  }

  /** A message refused: the device that sent it is told, and the problem shows here; the link goes on. */
  private refuseMessage(l: Linked, p: WireProblem) {
    const problem = { key: p.key, params: { name: l.name || '?', ...p.params } };
    l.peer.send({ t: 'problem', problem });
    this.linkProblem(problem, l.name || undefined);
  }

  /** The role a device asked for, as granted: one phone per side; a side another connected phone holds is refused. */
  private grant(l: Linked, role: Role): Role {
    if (role.kind === 'writer') {
      this.refuseMessage(l, { key: 'link.bad.writerRole' });
      return l.role;
    }
    if (role.kind !== 'player') return role;
    const sides = this.store.getState().current?.bundle.game.sides.map((x) => x.id) ?? [];
    const holder = this.linked.find(
      (o) => o !== l && o.connected && o.role.kind === 'player' && o.role.side === role.side,
    );
    if (!sides.includes(role.side) || holder) {
      const problem: WireProblem = holder
        ? { key: 'link.bad.sideHeld', params: { side: role.side, name: holder.name } }
        : { key: 'link.bad.noSide', params: { side: role.side } };
      this.refuseMessage(l, problem);
      return l.role.kind === 'player' && l.role.side !== role.side ? l.role : { kind: 'display' };
    }
    return role;
  }

  /** The size of the step a request would make (as JSON text), worked out before anything is stored. */
  private sizeOf(action: Action, context: Context): number {
    const cur = this.store.getState().current;
    if (!cur?.complete) return 0;
    const joint = cur.state.joint;
    try {
      if (!joint)
        return JSON.stringify(apply(cur.session, cur.state, action, cur.ctx, { at: '', context }).entry).length;
      // Joint randomness (issue #33): sized in one run, as made by a generator of its own (a header
      // whose seed rolls, no step before it), with room for every device's value.
      const alone = { ...cur.session, seed: SIZE_SEED, log: [] };
      const { entry } = apply(alone, { ...cur.state, joint: undefined }, action, cur.ctx, { at: '', context });
      return JSON.stringify(entry).length + String(cur.session.log.length).length + 200 * joint.devices.length;
    } catch {
      // The step is refused when it runs, with the engine's own message.
      return 0;
    }
  }

  /**
   * The copies went another way from step `at` (a device that went on alone while the link was
   * lost): both are kept, each on its device; both screens say which device holds which.
   */
  private metBranch(l: Linked, at: number) {
    this.branch = { at, other: l.name };
    this.store.report({ key: 'link.branch', params: { name: l.name, n: at } });
    this.status();
  }

  /** Refuses a copy that went another way: repeated until that device closes the link (it is never lost to a close). */
  private refuseReliably(l: Linked, at: number) {
    const msg: Msg = { t: 'refused', reason: 'conflict', at, name: this.name };
    l.peer.send(msg);
    let tries = 1;
    l.refused = setInterval(() => {
      if (!l.connected || tries++ >= REFUSE_TRIES) {
        clearInterval(l.refused);
        return l.peer.close();
      }
      l.peer.send(msg);
    }, REFUSE_MS);
  }

  // --- The seed both players make, across devices (the writer) ---

  /** The player's phones linked now: the devices a seed ceremony asks. */
  get players(): number {
    return this.linked.filter((l) => l.connected && l.role.kind === 'player').length;
  }

  /**
   * Starts a ceremony for the game open here (it has no step yet): this device commits to its own
   * randomness, and each linked player's phone is asked for its commitment.
   */
  startSeed(): void {
    const cur = this.store.getState().current;
    if (this.mode !== 'writer' || !cur || cur.readOnly || !noPlayYet(cur.session.log))
      throw new Error('the seed is made before the first step of a game this device writes');
    const asked = this.linked.filter((l) => l.connected && l.role.kind === 'player');
    if (!asked.length) throw new Error('no player’s phone is linked');
    const { log: _log, ...game } = cur.session;
    this.roundFor = game;
    this.parties.clear();
    asked.forEach((l, i) => this.parties.set(l, `d${i + 1}`));
    this.round = new SeedRound(
      random(8),
      contribute('device', 'device', '', random(16)),
      asked.map((l) => ({ id: this.parties.get(l)!, name: l.name, side: (l.role as { side: string }).side })),
    );
    const round = this.round;
    clearTimeout(this.seedTimer);
    // A phone that never commits or reveals does not keep the round waiting for ever.
    this.seedTimer = setTimeout(() => {
      if (this.round !== round) return;
      round.expire();
      this.sendSeed();
      this.jointAuto();
    }, this.opts.seedTimeoutMs ?? SEED_TIMEOUT_MS);
    this.sendSeed();
  }

  /** A party's phone linked again (after a reload) while the round runs: it takes its place again, by its name. */
  private rejoinSeed(l: Linked) {
    if (!this.round || this.parties.has(l)) return;
    const old = [...this.parties].find(([o]) => o !== l && !o.connected && o.name === l.name);
    if (!old) return;
    this.parties.delete(old[0]);
    this.parties.set(l, old[1]);
    this.sendSeed();
  }

  /** Gives up the round (a phone is lost, a reveal did not match): nothing changes in the game. */
  cancelSeed(): void {
    if (!this.round) return;
    if (this.round.state.phase === 'commit' || this.round.state.phase === 'reveal') this.round.end('cancelled');
    clearTimeout(this.seedTimer);
    this.sendSeed();
    this.round = undefined;
    this.status();
    this.jointAuto();
  }

  /** Tells every linked device where the round stands (each party learns its own part). */
  private sendSeed() {
    const state = this.round?.state;
    if (!state) return;
    for (const l of this.linked) {
      const you = this.parties.get(l);
      if (l.connected) l.peer.send({ t: 'seed', ...state, ...(you ? { you } : {}) });
    }
    this.status();
  }

  private async onSeedMessage(l: Linked, m: Extract<Msg, { t: 'seed-commit' | 'seed-reveal' }>) {
    const round = this.round;
    const id = this.parties.get(l);
    if (!round || m.round !== round.round || !id) return;
    const r = m.t === 'seed-commit' ? round.commit(id, m) : round.reveal(id, m);
    this.sendSeed();
    if (!this.seeding && round.state.phase !== 'made') this.jointAuto();
    if (r.ok && m.t === 'seed-reveal') await this.finishSeed(round);
  }

  /** Every reveal matched: the new game, from the seed they make, replaces the empty one on every device. */
  private async finishSeed(round: SeedRound) {
    const ceremony = round.ceremony();
    const from = this.roundFor;
    if (!ceremony || !from || this.round !== round) return;
    const cur = this.store.getState().current;
    // The game moved on meanwhile (a step, another game opened): nothing is replaced.
    if (cur?.session.id !== from.id || !noPlayYet(cur.session.log)) return this.cancelSeed();
    const id = await this.store.createSession(from.game, from.scenario, from.name, from.settings, ceremony);
    // Stopped on this device while the game was being stored: that game is not kept.
    if (id && this.round !== round) return void (await this.store.deleteSession(id));
    if (!id || !(await this.store.openSession(id))) return this.cancelSeed();
    round.end('made');
    clearTimeout(this.seedTimer);
    this.replaced = { from: from.id, to: id };
    this.sendSeed();
    this.becomeWriter();
    for (const l of this.linked) {
      l.sent = undefined;
      l.undone = undefined;
      if (l.connected) l.peer.send({ ...this.welcome()!, replaces: from.id } as Msg);
    }
    // The empty game the seed replaces (made by this device alone) is not kept here.
    await this.store.deleteSession(from.id);
  }

  private publishPeers() {
    const peers = this.linked
      .filter((l) => l.name)
      .map((l) => ({ name: l.name, role: l.role, connected: l.connected }));
    this.successor = this.pickSuccessor();
    const successor = this.successor ? { successor: this.successor } : {};
    for (const l of this.linked) if (l.connected) l.peer.send({ t: 'peers', peers, ...successor });
    this.status();
  }

  /**
   * The one device that may take over if this writer is lost: the one chosen on this device, while
   * it is linked; otherwise the player's phone named before, while it stays linked (a name that changed as
   * devices link would reach one phone and not the other if the writer were lost meanwhile);
   * otherwise the first player's phone linked (or the first device, when none holds a side).
   */
  private pickSuccessor(): string | undefined {
    const up = this.linked.filter((l) => l.connected && l.name && l.sent !== undefined);
    if (up.some((l) => l.name === this.chosenSuccessor)) return this.chosenSuccessor;
    const named = up.find((l) => l.name === this.successor);
    if (this.mode === 'writer' && named?.role.kind === 'player') return named.name;
    const first = (ls: Linked[]) => ls.sort((a, b) => a.order - b.order)[0]?.name;
    return first(up.filter((l) => l.role.kind === 'player')) ?? first(up);
  }

  /** The writer names the device that takes over if it is lost (shown on every device). */
  setSuccessor(name: string) {
    this.chosenSuccessor = name;
    this.publishPeers();
  }

  // --- A replica ---

  /** Joins the game a writer offers: returns the answer's code for the writer to read. */
  async join(offerCode: string): Promise<string> {
    this.leave();
    this.mode = 'replica';
    // What it showed before (a relink keeps it); a new device starts as a shared display.
    if (this.view === 'writer') this.view = 'display';
    let linked: Linked | undefined;
    const { peer, code } = await Peer.answer(offerCode, {
      message: (m) => {
        if (linked) this.onReplicaMessage(linked, m);
      },
      state: (open) => {
        if (!linked) return;
        linked.connected = open;
        this.hiddenP?.relinked();
        if (!open) for (const [, resolve] of this.pending) resolve(undefined);
        if (!open) this.pending.clear();
        if (!open) clearInterval(linked.refused);
        this.status();
      },
    });
    linked = { peer, name: '', role: { kind: 'writer' }, connected: false, order: 0 };
    this.writer = linked;
    this.linked = [linked];
    return code;
  }

  private get myRole(): Role {
    return this.view === 'player' && this.side ? { kind: 'player', side: this.side } : { kind: 'display' };
  }

  private onReplicaMessage(l: Linked, raw: unknown) {
    const failed = (e: unknown) =>
      this.linkProblem({ key: 'link.bad.failed', params: { what: String(e).slice(0, 200) } }, l.name);
    // A hidden cup's message waits for every message before it, a batch of steps only until this
    // device has checked it, not until it has stored it (issue #33: the drawer's phone opens its
    // chit while it stores the draw step; the other phone answers for a card as soon as it has
    // checked the draw). The phone reads the steps checked ahead of the store (`ahead`).
    if (isObj(raw) && raw['t'] === 'hidden') {
      const after = this.reached;
      this.hiddenQueue = this.hiddenQueue
        .then(() => after)
        .then(() => this.replicaMessage(l, raw))
        .catch(failed);
      return;
    }
    // What a hidden cup's message reads (the game, its steps, this phone's side) waits for these; a
    // request's answer, the peers, a problem or a joint round's message do not change it.
    let reached: () => void = () => {};
    if (isObj(raw) && typeof raw['t'] === 'string' && SHAPES_STATE.has(raw['t']))
      this.reached = new Promise<void>((r) => (reached = r));
    // One at a time, in order: a step is stored before the next is looked at.
    this.queue = this.queue
      .then(() => this.replicaMessage(l, raw, reached))
      .catch(failed)
      .finally(reached);
  }

  private async replicaMessage(l: Linked, raw: unknown, checked?: () => void) {
    const r = readMsg(raw, 'writer');
    if (!r.ok) return this.linkProblem(r.problem, l.name || undefined);
    const m = r.msg;
    if (l.refused && m.t !== 'refused') return;
    switch (m.t) {
      case 'welcome': {
        this.writerName = l.name = m.name;
        // A game of a pack version this device lacks: said, and followed once the pack is saved here.
        if (packIdOf(m.game.game) && !(await hasGame(m.game.game))) {
          this.waiting = { l, welcome: m };
          this.linkProblem({ key: 'link.needPack', params: { id: m.game.game } }, l.name);
          return this.status();
        }
        this.waiting = undefined;
        // The game a seed made across devices replaces holds no step of play (its joint steps at most).
        const held = this.store.getState().current;
        const replacedEmpty = !!m.replaces && held?.session.id === m.replaces && noPlayYet(held.session.log);
        this.game = m.game;
        // Stored here (a new game, after a replay from its seed) and opened: the steps follow.
        if (!(await this.store.receive(m.game, [], []))) return this.refuse(l, 1);
        this.chain = new Chain(m.game).follow(this.store.getState().current?.session.log ?? []);
        this.store.setLink(this.statusOf(), this.remote());
        l.peer.send(this.hello());
        this.status();
        // The empty game a seed made across devices replaces (the writer no longer keeps it either).
        const old = m.replaces && this.store.getState().sessions.find((x) => x.id === m.replaces);
        if (m.replaces) this.replaced = { from: m.replaces, to: m.game.id };
        if (old && (old.entryCount === 0 || replacedEmpty)) await this.store.deleteSession(old.id);
        return;
      }
      case 'seed': {
        const { t: _t, you, ...state } = m;
        if (state.round !== this.seedState?.round) {
          this.mine = undefined;
          this.revealed = undefined;
          // Committed to this round before a reload: the contribution kept here, so it can reveal.
          this.mine = this.keptSeed(state.round);
        }
        if (state.phase !== 'commit' && state.phase !== 'reveal') this.keep?.remove(SEED_KEY);
        this.seedState = state;
        this.you = you;
        // Every commitment is in, this phone's own among them: its secret goes to the writer now.
        const reveal = this.revealed === state.round ? undefined : revealFor(state, you, this.mine);
        if (reveal) {
          this.revealed = state.round;
          l.peer.send(reveal);
        }
        this.status();
        return;
      }
      case 'steps': {
        if (!this.game || !this.chain) return;
        const verdict = admit(this.chain, m);
        if (verdict === 'old') return;
        // Steps missed: ask again from the last one held here (the writer catches this copy up).
        if (verdict === 'gap') return l.peer.send(this.hello());
        if (verdict === 'conflict') return this.refuse(l, m.from + 1);
        const entries = fresh(this.chain, m);
        // Checked here (replayed), before it is stored: the hidden cup's messages that wait go on
        // with this state, and a hidden draw for another side is unlocked at once (HiddenPhone.checked).
        let ok = false;
        try {
          ok = await this.store.receive(this.game, entries, this.undoneHere(), (state) => {
            this.ahead = state;
            try {
              this.hiddenP?.checked(state, entries);
            } catch (e) {
              this.linkProblem({ key: 'link.bad.failed', params: { what: String(e).slice(0, 200) } }, l.name);
            }
            checked?.();
          });
        } finally {
          this.ahead = undefined;
        }
        if (!ok) return this.refuse(l, entries[0]?.seq ?? m.from + 1);
        this.chain.follow(this.store.getState().current?.session.log ?? []);
        // A value sealed here that the table calls for is revealed by itself (sealed-phone.ts).
        if (this.view === 'player') this.sealedPhone.follow();
        // An audit step: this device checks it too (every shuffle, and each card it shows), and says so.
        if (entries.some((e) => e.action.type === 'hidden.audit')) void this.checkAudit();
        if (this.hiddenP) {
          this.hiddenP.precompute();
          // Shown again only if the steps changed this phone's hidden chits (each showing is a
          // render; a drawer's chit has often been shown already, from the steps checked).
          this.showHidden();
        }
        return;
      }
      case 'settings': {
        this.game = m.game;
        await this.store.receive(m.game, [], this.undoneHere());
        return;
      }
      case 'undone': {
        if (this.game) await this.store.receive(this.game, [], m.seqs);
        return;
      }
      case 'done': {
        const resolve = this.pending.get(m.id);
        this.pending.delete(m.id);
        resolve?.(m);
        return;
      }
      case 'peers':
        this.others = m.peers
          .filter((p) => isObj(p) && typeof p.name === 'string' && p.name !== this.name)
          .map((p) => ({ name: String(p.name).slice(0, 60), connected: p.connected === true }));
        this.successor = m.successor;
        this.status();
        return;
      case 'role':
        // The role the writer granted (a side another phone holds is not this one's).
        if (m.role.kind === 'player') {
          this.view = 'player';
          this.side = m.role.side;
        } else if (this.view === 'player') {
          this.view = 'display';
          this.side = undefined;
        }
        // Relinked after a reload with hidden chits drawn here: their chains are asked for again.
        // A phone that holds none of their secrets (another device, storage cleared) is told what it cannot open.
        if (m.role.kind === 'player' && (this.hiddenP || this.hiddenKeep?.get(HIDDEN_KEY) || this.dealsHere()))
          (await this.hiddenPhone()).resend();
        if (m.role.kind === 'player') this.sealedPhone.follow();
        this.status();
        return;
      case 'problem':
        this.linkProblem(m.problem, l.name);
        return;
      case 'joint-commit-ask':
      case 'joint-ask': {
        // A device of the joint set gives its values (whatever it shows now); its chain stays here (joint-round.ts).
        if (m.game !== this.game?.id) return;
        const answer = await this.phoneJoint().answer(m);
        if (answer) l.peer.send(answer as Msg);
        return;
      }
      case 'joint-wait': {
        const { t: _t, ...wait } = m;
        this.jointWait = wait.awaited.length || wait.refused ? wait : undefined;
        this.status();
        return;
      }
      case 'pack':
        return this.offerPack(l, m);
      case 'hidden':
        (await this.hiddenPhone()).onMessage(m);
        return this.showHidden();
      case 'refused': {
        // Said once is enough: the link closes from here (the writer repeats it until it does).
        const again = this.conflict === m.at;
        this.conflict = m.at;
        clearInterval(l.refused);
        l.peer.close();
        if (again) return;
        await this.keepBranch(m.at, m.name ?? this.writerName);
        return;
      }
      default:
        return;
    }
  }

  /**
   * This phone's contribution to the round it was asked for (made by the ceremony component, with
   * its reveal): only the commitment is sent; the secret stays here until every commitment is in.
   */
  commitSeed(c: Contribution): void {
    const state = this.seedState;
    if (this.mode !== 'replica' || !state || state.phase !== 'commit' || !this.you || this.mine) return;
    if (c.kind === 'device') return;
    this.mine = c;
    try {
      this.keep?.set(SEED_KEY, JSON.stringify({ round: state.round, c }));
    } catch {
      // Not kept: a reload before the reveal leaves this round (it expires, and a new one is asked).
    }
    this.writer?.peer.send({ t: 'seed-commit', round: state.round, kind: c.kind, commitment: c.commitment });
    this.status();
  }

  /** This phone's contribution to `round`, kept before a reload (none: not committed to that round). */
  private keptSeed(round: string): Contribution | undefined {
    try {
      const kept = JSON.parse(this.keep?.get(SEED_KEY) ?? 'null') as { round?: string; c?: Contribution } | null;
      return kept?.round === round && kept.c?.reveal ? kept.c : undefined;
    } catch {
      return undefined;
    }
  }

  /** The ceremony across devices as this device shows it (none: no round asked or run here). */
  get seed(): SeedView | undefined {
    if (this.mode === 'writer' && this.round) return { ...this.round.state, writer: true };
    if (this.mode === 'replica' && this.seedState)
      return {
        ...this.seedState,
        writer: false,
        ...(this.you ? { you: this.you } : {}),
        ...(this.mine ? { mine: this.mine.commitment } : {}),
      };
    return undefined;
  }

  /** Who this replica is, and the last step of the game it holds, with its hash. */
  private hello(): Msg {
    const chain = this.chain!;
    return { t: 'hello', name: this.name, role: this.myRole, have: chain.length, hash: chain.at(chain.length)! };
  }

  private undoneHere(): number[] {
    return (this.store.getState().current?.session.log ?? []).filter((e) => e.undone).map((e) => e.seq);
  }

  private refuse(l: Linked, at: number) {
    if (l.refused) return;
    this.conflict = at;
    this.refuseReliably(l, at);
    void this.keepBranch(at, l.name || this.writerName);
  }

  /**
   * This device's copy went another way from the writer's from step `at`: it is kept, as a game of
   * its own name (the writer's device holds the other branch, under the game's name), and the
   * screen says which device holds which.
   */
  private async keepBranch(at: number, other: string) {
    const cur = this.store.getState().current;
    let renamed: string | undefined;
    if (cur && this.game && cur.session.id === this.game.id && !cur.session.name.includes(`(${this.name})`)) {
      renamed = `${cur.session.name} (${this.name})`;
      await this.store.renameSession(cur.session.id, renamed);
    }
    this.branch = { at, other, ...(renamed ? { renamed } : {}) };
    this.store.report({
      key: 'link.conflict',
      params: { n: at, name: other, game: renamed ?? cur?.session.name ?? '' },
    });
    this.status();
  }

  /** The writer as the store reaches it: a request goes over the link and resolves when its step is here. */
  private remote(): Remote | null {
    const game = this.game;
    if (this.mode !== 'replica' || !game) return null;
    const ask = (
      msg: { t: 'act'; action: Action; context?: Context } | { t: 'undo'; seq?: number },
    ): Promise<Extract<Msg, { t: 'done' }> | undefined> => {
      const w = this.writer;
      if (!w?.connected) return Promise.resolve(undefined);
      const id = this.nextId++;
      return new Promise((resolve) => {
        // Resolved after every message before it is handled (the step comes before its "done").
        this.pending.set(id, (m) => void this.queue.then(() => resolve(m)));
        w.peer.send({ ...msg, id } as Msg);
      });
    };
    const answer = (m: Extract<Msg, { t: 'done' }> | undefined): LogEntry | undefined => {
      if (!m) {
        this.store.report({ key: 'link.writerLost', params: { name: this.writerName } });
        return undefined;
      }
      if (m.problem) this.store.report(m.problem);
      const cur = this.store.getState().current;
      return m.seq !== undefined && cur?.session.id === game.id ? cur.session.log[m.seq - 1] : undefined;
    };
    return {
      session: game.id,
      act: async (action: Action, context?: Context) =>
        answer(await ask({ t: 'act', action, ...(context ? { context } : {}) })),
      undo: async (seq?: number) => void answer(await ask({ t: 'undo', ...(seq !== undefined ? { seq } : {}) })),
    };
  }

  /** This replica becomes the writer (the writer is gone): it holds every step, and goes on from the last. */
  takeOver(): boolean {
    if (this.mode !== 'replica') return false;
    // One writer, always: only the device the writer named takes over (none named: none may).
    if (this.successor !== this.name) {
      this.store.report(
        this.successor ? { key: 'link.notSuccessor', params: { name: this.successor } } : { key: 'link.noSuccessor' },
      );
      return false;
    }
    if (this.writer?.connected) return false;
    for (const l of this.linked) l.peer.close();
    this.linked = [];
    this.writer = undefined;
    this.others = [];
    this.store.setLink(undefined, null);
    const cur = this.store.getState().current;
    if (!cur || cur.readOnly) return false;
    this.becomeWriter();
    return true;
  }

  // --- Joint randomness across linked devices (issue #33; joint-round.ts) ---

  private get jointKeep(): JointKeep {
    return (this.opts.jointKeep ??= idbJointKeep());
  }

  private randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

  private phoneJoint(): JointPhone {
    return (this.jointPhone ??= new JointPhone(() => this.name, this.jointKeep, this.randomBytes));
  }

  /** The writer's rounds for the game it writes: the store asks them before a step that draws randomness. */
  private becomeJointWriter(game: string) {
    this.jointWriter?.giveUp({ key: 'link.joint.left' });
    const linkedTo = (name: string) => this.linked.find((x) => x.connected && x.name === name && x.sent !== undefined);
    this.jointWriter = new JointWriter(
      this.name,
      this.jointKeep,
      {
        send: (name, msg) => linkedTo(name)?.peer.send(msg as Msg) ?? false,
        broadcast: (msg) => {
          for (const x of this.linked) if (x.connected && x.sent !== undefined) x.peer.send(msg as Msg);
        },
      },
      {
        randomBytes: this.randomBytes,
        ...(this.opts.jointTimeoutMs !== undefined ? { timeoutMs: this.opts.jointTimeoutMs } : {}),
        onWait: (w) => {
          this.jointWait = w;
          this.status();
        },
        report: (p) => this.store.report(p),
        onRecommit: (name, chain) => void this.jointRecommit(name, chain),
      },
    );
    this.store.setJoint({
      session: game,
      starting: (draws) => this.jointStarting(draws),
      round: async (ask) => {
        const cur = this.store.getState().current;
        const w = this.jointWriter;
        if (!w || !cur?.state.joint || cur.session.id !== game)
          return { ok: false, problem: { key: 'error.joint-needed' } };
        const r = await w.round(game, cur.state.joint, jointUsed(cur.session.log), ask.seq, ask.prefix);
        return r.ok ? r : { ok: false, problem: { key: r.key, ...(r.params ? { params: r.params } : {}) } };
      },
    });
  }

  /** The players' phones linked now, by name and side. */
  private phones(): { name: string; side: string }[] {
    return this.linked.flatMap((l) =>
      l.connected && l.name && l.sent !== undefined && l.role.kind === 'player'
        ? [{ name: l.name, side: l.role.side }]
        : [],
    );
  }

  /** The joint set of the game open here (none: the seed's generator rolls). */
  private get jointSet() {
    const cur = this.store.getState().current;
    return cur && cur.session.id === this.game?.id ? cur.state.joint : undefined;
  }

  /**
   * Starts joint randomness for the game this device writes: it and every player's phone linked
   * commit to a chain, and the set is logged as a step. Returns whether the step was made.
   */
  async startJoint(): Promise<boolean> {
    const w = this.jointWriter;
    const game = this.game?.id;
    if (this.mode !== 'writer' || !w || !game || !this.phones().length) return false;
    const { devices, missing } = await w.devices(game, this.phones(), this.jointSet?.devices ?? []);
    if (missing.length) this.store.report({ key: 'link.joint.noCommit', params: { names: missing.join(', ') } });
    if (devices.length < 2) return false;
    return !!(await this.store.act({ type: 'joint', devices }));
  }

  /**
   * Joint randomness by default (issue #33): a player's phone linked to the game this device writes
   * starts it, and every other player's phone joins it, with no button. A game with no step yet
   * first takes the public seed (no device is then given a seed that predicts a roll), and every
   * linked device is given it again; their hellos come back here and start the set. One at a time.
   */
  private jointAuto() {
    this.queueJoint(() => this.jointAutoStep());
  }

  /** One joint start at a time, in order (jointStarting waits for them all). */
  private queueJoint(work: () => Promise<unknown>) {
    this.autoPending++;
    this.autoRun = this.autoRun
      .then(work)
      .then(() => undefined)
      .catch((e) => this.linkProblem({ key: 'link.bad.failed', params: { what: String(e).slice(0, 200) } }))
      .finally(() => this.autoPending--);
  }

  /**
   * A device linked is given the game, never a seed that predicts a roll (issue #33): a game with
   * no step yet takes the public seed first, and every device linked is welcomed with it.
   */
  private welcomeNew(l: Linked) {
    const cur = this.store.getState().current;
    const fresh =
      this.mode === 'writer' &&
      !!cur &&
      !cur.readOnly &&
      cur.session.id === this.game?.id &&
      !cur.session.log.length &&
      !jointOnly(cur.session) &&
      !this.agreedSeed &&
      !this.seeding;
    if (!fresh) return void l.peer.send(this.welcome()!);
    this.queueJoint(async () => {
      if (!(await this.givePublicSeed(cur.session.id)) && l.connected) l.peer.send(this.welcome()!);
    });
  }

  /**
   * A roll with no joint set, in a game whose seed may roll no more (public, or gone joint) or that
   * a linked device holds (its seed and its steps' random states predict the next roll): the set is
   * made first — with every player's phone linked, or this device alone when none is.
   */
  private needsOwnSet(): boolean {
    const cur = this.store.getState().current;
    if (this.mode !== 'writer' || !this.jointWriter || !cur?.complete || cur.readOnly) return false;
    if (cur.session.id !== this.game?.id || cur.state.joint || this.agreedSeed || this.seeding) return false;
    return (
      jointOnly(cur.session) ||
      this.handedOut === cur.session.id ||
      cur.session.log.some((e) => e.action.type === 'joint')
    );
  }

  /** The set needsOwnSet asks for: the players' phones linked with this device (a start), or this device's own chain alone. */
  private async jointOwnSet() {
    if (!this.needsOwnSet()) return;
    if (this.phones().length) return void (await this.startJoint());
    const { devices } = await this.jointWriter!.devices(this.game!.id, []);
    await this.store.act({ type: 'joint', devices });
  }
  /** The game a device linked here was given (its seed, its steps): its next roll is never made from that seed. */
  private handedOut?: string;
  private autoRun: Promise<void> = Promise.resolve();
  private autoPending = 0;

  /**
   * A joint start under way (jointAuto: a player's phone took its side, its chain is being asked for,
   * or the game took the public seed and the phones' hellos are on their way): resolves once every
   * such start has logged its set or given up (each wait is bounded by the joint timeout).
   * Undefined: none. A roll asked for meanwhile waits for it (JointRounds.starting), not refused.
   */
  private jointStarting(draws: () => boolean): Promise<void> | undefined {
    if ((!this.autoPending && !this.needsOwnSet()) || !draws()) return undefined;
    // A wait that lasts is said (the phones whose chain is asked for), as a roll's round says it.
    const show = setTimeout(() => this.showStart(), JOINT_SHOW_MS);
    return (async () => {
      const starting = this.autoPending > 0;
      while (this.autoPending) await this.autoRun;
      // No set yet: made now (a start with the phones that gave up is not tried again: the roll is refused).
      if (!this.needsOwnSet() || (starting && this.phones().length)) return;
      this.queueJoint(() => this.jointOwnSet());
      while (this.autoPending) await this.autoRun;
    })().finally(() => {
      clearTimeout(show);
      if (!this.startShown) return;
      this.startShown = false;
      this.jointWait = this.jointWriter?.wait;
      this.status();
    });
  }
  private startShown = false;

  /** A roll waits for the joint start: on this device's screens, the players' phones not in the set yet. */
  private showStart() {
    const cur = this.store.getState().current;
    const set = this.jointSet?.devices ?? [];
    const awaited = this.phones()
      .filter((p) => !set.some((d) => d.name === p.name))
      .map((p) => p.name);
    if (!cur || !awaited.length || this.jointWriter?.wait) return;
    this.startShown = true;
    this.jointWait = { seq: cur.session.log.length + 1, awaited };
    this.status();
  }
  /** After the public seed's welcome: the first player's hello (its side's phone is then asked to commit). */
  private helloAwaited?: () => void;

  /**
   * The game open here is the one a seed made across devices started: seed mode, as every player's
   * phone agreed by giving its part. (A game whose seed one device made with the players, or alone,
   * is not: a player's phone linked to it starts joint randomness.)
   */
  get agreedSeed(): boolean {
    const cur = this.store.getState().current;
    return !!cur && !!cur.session.ceremony && this.replaced?.to === cur.session.id;
  }

  /** A seed round across devices waits for commitments or reveals. */
  private get seeding(): boolean {
    const phase = this.round?.state.phase;
    return phase === 'commit' || phase === 'reveal';
  }

  private async jointAutoStep() {
    const cur = this.store.getState().current;
    if (this.mode !== 'writer' || !this.jointWriter || !this.phones().length) return;
    if (!cur || cur.readOnly || cur.session.id !== this.game?.id) return;
    // Seed mode as the players agreed: the game a seed every player's phone made replaced (the ceremony below), or one being made.
    if (this.agreedSeed || this.seeding) return;
    if (this.jointSet) return this.jointEnrol();
    if (!cur.session.log.length && !jointOnly(cur.session)) return void (await this.givePublicSeed(cur.session.id));
    await this.startJoint();
  }

  /** The game, still with no step, takes the public seed here, and every linked device is given it (a new welcome). */
  private async givePublicSeed(id: string): Promise<boolean> {
    if (!(await this.store.takePublicSeed(id))) return false;
    const cur = this.store.getState().current;
    if (cur?.session.id !== id || !jointOnly(cur.session)) return false;
    this.becomeWriter();
    // The start goes on when a player's phone says hello to the game with the public seed (bounded).
    const hello = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.helloAwaited?.(), this.opts.jointTimeoutMs ?? JOINT_TIMEOUT_MS);
      this.helloAwaited = () => {
        clearTimeout(timer);
        this.helloAwaited = undefined;
        resolve();
      };
    });
    for (const l of this.linked) {
      l.sent = undefined;
      l.undone = undefined;
      if (l.connected) l.peer.send(this.welcome()!);
    }
    if (this.phonesConnected()) await hello;
    else this.helloAwaited?.();
    return true;
  }

  /** A player's phone is connected (its hello may still be on its way). */
  private phonesConnected(): boolean {
    return this.linked.some((l) => l.connected && l.role.kind === 'player');
  }

  /** A player's phone linked while joint randomness is on, and not in the set: it commits, and joins the set (a step). */
  private async jointEnrol() {
    const set = this.jointSet;
    if (this.mode !== 'writer' || !set || !this.jointWriter || this.enrolling) return;
    const fresh = this.phones().filter((p) => !set.devices.some((d) => d.name === p.name));
    if (!fresh.length) return;
    this.enrolling = true;
    try {
      const kept = set.devices.map(({ k: _k, last: _l, ...d }) => d);
      const r = await this.jointWriter.devices(this.game!.id, fresh, []);
      const joined = r.devices.filter((d) => d.name !== this.name);
      if (joined.length) await this.store.act({ type: 'joint', devices: [...kept, ...joined] });
    } finally {
      this.enrolling = false;
    }
  }
  private enrolling = false;

  /** A phone of the set committed a new chain (its own was spent, or lost with its data): the set is logged again with it. */
  private async jointRecommit(name: string, chain: { anchor: string; length: number }) {
    const set = this.jointSet;
    if (!set?.devices.some((d) => d.name === name)) return;
    this.jointWriter?.giveUp({ key: 'link.joint.recommitted', params: { name } });
    const devices = set.devices.map(({ k: _k, last: _l, ...d }) => (d.name === name ? { ...d, ...chain } : d));
    await this.store.act({ type: 'joint', devices });
  }

  /**
   * The way out of a roll that waits past the timeout: the devices it waits for leave the joint set,
   * as a step the log says; the roll is not made (the players ask for it again).
   */
  async jointDrop(): Promise<boolean> {
    const w = this.jointWriter?.wait;
    const set = this.jointSet;
    if (this.mode !== 'writer' || !w?.stalled || !set) return false;
    const names = w.awaited.join(', ');
    this.jointWriter!.giveUp({ key: 'link.joint.dropped', params: { names } });
    const devices = set.devices.filter((d) => !w.awaited.includes(d.name)).map(({ k: _k, last: _l, ...d }) => d);
    return !!(await this.store.act({ type: 'joint', devices }));
  }

  // --- Game packs from device to device (issue #32) ---

  /**
   * The writer sends a pack to every connected linked device, as its file's text with the game id
   * of its version (`<pack>@<hash>`): each receiver reads it as a file and asks before saving.
   * Returns how many devices it went to.
   */
  sendPack(pack: Pack): number {
    if (this.mode !== 'writer') return 0;
    const msg: Msg = { t: 'pack', id: packGameId(pack), text: packText(pack) };
    let n = 0;
    for (const l of this.linked) if (l.connected && l.peer.send(msg)) n++;
    return n;
  }

  /** The pack offered on this device: saved (as a file is installed, keeping its version's id), or not. */
  async answerPack(save: boolean): Promise<InstallResult | undefined> {
    const offer = this.packOffer;
    this.packOffer = undefined;
    this.status();
    if (!offer || !save) return undefined;
    const shelf = await (this.opts.packs ? this.opts.packs() : deviceShelf(this.store));
    if (!shelf) return undefined;
    const r = await shelf.install(offer.text);
    if (r.ok && r.key !== offer.id)
      // The library read another content than the one sent: never saved under another version quietly.
      this.linkProblem({ key: 'link.bad.packHash', params: { id: offer.id } }, offer.from);
    // The game the writer shares was waiting for this pack: it is followed now.
    const waiting = this.waiting;
    if (r.ok && waiting && waiting.welcome.game.game === r.key) this.onReplicaMessage(waiting.l, waiting.welcome);
    return r;
  }

  /** A pack message from the writer: read as a pack file, its version's id checked, then offered. */
  private offerPack(l: Linked, m: Extract<Msg, { t: 'pack' }>) {
    const r = readPack(m.text);
    if (!r.ok) {
      const first = r.issues[0];
      return this.linkProblem(
        { key: 'link.bad.pack', params: { n: r.issues.length, where: first ? first.path.slice(0, 80) : '' } },
        l.name,
      );
    }
    if (packGameId(r.value) !== m.id)
      return this.linkProblem({ key: 'link.bad.packHash', params: { id: m.id } }, l.name);
    this.packOffer = { text: m.text, id: m.id, pack: r.value, from: l.name };
    this.status();
  }

  // --- Hidden cups (issue #33): the hooks; the protocol is hidden-cup/coordinator.ts ---

  private async hiddenWriter(): Promise<HiddenWriter> {
    if (this.hiddenW) return this.hiddenW;
    const { HiddenWriter } = await import('./hidden-cup/coordinator');
    const current = () => {
      const cur = this.store.getState().current;
      return cur && cur.session.id === this.game?.id ? cur : undefined;
    };
    this.hiddenW ??= new HiddenWriter({
      phone: (side) => {
        const l = this.linked.find(
          (o) => o.connected && o.sent !== undefined && o.role.kind === 'player' && o.role.side === side,
        );
        return l && { name: l.name, send: (m: HiddenMsg) => l.peer.send(m) };
      },
      sides: () => current()?.bundle.game.sides.map((x) => x.id) ?? [],
      state: () => current()?.state,
      log: () => current()?.session.log ?? [],
      act: (action, context) => this.store.act(action, context),
      report: (p) => this.store.report(p),
      auditChanged: () => this.showHidden(),
      random: (n) => crypto.getRandomValues(new Uint8Array(n)),
      ...(this.opts.hiddenTimeoutMs ? { timeoutMs: this.opts.hiddenTimeoutMs } : {}),
    });
    return this.hiddenW;
  }

  /** The writer follows its log for hidden draws (the coordinator loads at the first hidden step). */
  private followHidden(log: readonly LogEntry[]) {
    if (this.hiddenW) return this.hiddenW.follow();
    if (log.length < this.hiddenScan) this.hiddenScan = 0;
    for (; this.hiddenScan < log.length; this.hiddenScan++)
      if (log[this.hiddenScan]!.outcome.kind === 'hidden') {
        void this.hiddenWriter().then((w) => w.follow());
        return;
      }
  }

  private async hiddenPhone(): Promise<HiddenPhone> {
    if (this.hiddenP) return this.hiddenP;
    const { HiddenPhone } = await import('./hidden-cup/coordinator');
    this.hiddenP ??= new HiddenPhone({
      side: () => (this.view === 'player' ? this.side : undefined),
      state: () => {
        const cur = this.store.getState().current;
        return cur && cur.session.id === this.game?.id ? (this.ahead ?? cur.state) : undefined;
      },
      send: (m) => this.writer?.peer.send(m) ?? false,
      report: (p) => this.linkProblem(p, this.writerName),
      changed: () => this.showHidden(),
      random: (n) => crypto.getRandomValues(new Uint8Array(n)),
      ...(this.hiddenKeep ? { keep: this.hiddenKeep } : {}),
    });
    return this.hiddenP;
  }

  /** The game followed here has a hidden cup dealt. */
  private dealsHere(): boolean {
    const cur = this.store.getState().current;
    return !!cur && cur.session.id === this.game?.id && Object.keys(cur.state.hidden ?? {}).length > 0;
  }

  private hiddenStatus(p: HiddenPhone): HiddenChits {
    const waiting = p.audits();
    return {
      mine: p.mine(),
      unopened: p.unopened(),
      audit: [...p.auditAsked],
      ...(waiting.length ? { auditWaiting: waiting } : {}),
    };
  }

  /**
   * Shows what changed in this phone's hidden chits, if anything did, apart from the link's status:
   * each new list renders what shows the chits, and only that (issue #33: the chit opened is shown
   * in the frame after its chain; the shell, the game's page and its other tools do not render).
   */
  private showHidden() {
    const p = this.hiddenP;
    // The writer: the audits asked and whom each waits for (none: nothing shown).
    const audits = this.mode === 'writer' ? (this.hiddenW?.auditsWaiting() ?? []) : [];
    // Not linked (left, or not yet joined): none shown.
    const now =
      p && this.mode
        ? this.hiddenStatus(p)
        : audits.length
          ? { mine: [], unopened: [], audit: [], auditWaiting: audits.map(({ deal, waiting }) => ({ deal, waiting })) }
          : undefined;
    if (JSON.stringify(this.store.getState().hiddenChits) === JSON.stringify(now)) return;
    this.store.setHiddenChits(now);
  }

  /**
   * The writer deals `cup` between the players' phones (one per side, each linked): a joint,
   * encrypted shuffle; the deal is logged once every phone has shuffled. False: refused (said).
   */
  async dealHidden(cup: string, opts: { lasting?: boolean; keep?: readonly number[] } = {}): Promise<boolean> {
    if (this.mode !== 'writer') return false;
    return (await this.hiddenWriter()).deal(cup, opts);
  }

  /**
   * The writer refills `cup`'s deal from its discard pile between the players' phones (10.3: once
   * every chit is drawn), `keep` naming the new chits that may be kept face down. False: refused (said).
   */
  async refillHidden(cup: string, opts: { keep?: readonly number[] } = {}): Promise<boolean> {
    if (this.mode !== 'writer') return false;
    return (await this.hiddenWriter()).refill(cup, opts);
  }

  /**
   * Chits placed in boxes only `side`'s phone may read (Zitadelle 13.3, boxes A–H): the cup is dealt
   * between the phones for the whole game, then every card is drawn for `side`, in order (card i is
   * box i). Each is revealed when its player shows it. False: refused (said).
   */
  async dealBoxes(cup: string, side: string): Promise<boolean> {
    if (!this.phonesForEverySide()) {
      const missing = this.store
        .getState()
        .current?.bundle.game.sides.find(
          (s) => !this.linked.some((l) => l.connected && l.role.kind === 'player' && l.role.side === s.id),
        );
      this.store.report({ key: 'hidden.link.needPhones', params: { side: missing?.id ?? side } });
      return false;
    }
    const state = () => this.store.getState().current?.state;
    if (!state()?.hidden?.[cup] && !(await this.dealHidden(cup, { lasting: true }))) return false;
    // Card after card (a card drawn by a step since undone is never dealt again: nextHiddenPos).
    for (;;) {
      const cur = this.store.getState().current;
      const deal = cur?.state.hidden?.[cup];
      if (!cur || !deal) return false;
      if (nextHiddenPos(cur.session.log, cup) >= deal.chits.length) return true;
      if (!(await this.store.act({ type: 'hidden.draw', cup, side }))) return false;
    }
  }

  /** Each side of the open game has its own phone linked, connected and following (the writer's view). */
  private phonesForEverySide(): boolean {
    const cur = this.store.getState().current;
    if (this.mode !== 'writer' || !cur || cur.session.id !== this.game?.id) return false;
    return cur.bundle.game.sides.every((s) =>
      this.linked.some((l) => l.connected && l.sent !== undefined && l.role.kind === 'player' && l.role.side === s.id),
    );
  }

  /**
   * The default (issue #33): with each side's phone linked, a face-down draw is never logged with
   * its chit. The writer deals the cup between the phones by itself at the first such draw (a joint
   * shuffle needs no tap of the players: dealing before that would take the chits out of the plain
   * cup, whose public draws go on until then), and draws the chit hidden for that side. A draw typed
   * in from the physical cup is the players' own and stays as it is.
   */
  private takeHidden(action: Action, context?: Context): Promise<LogEntry | undefined> | undefined {
    if (action.type !== 'cup.draw' || !action.faceDown || action.manual !== undefined) return undefined;
    const cur = this.store.getState().current;
    if (!cur || cur.readOnly || !this.phonesForEverySide()) return undefined;
    return this.drawHidden(action.cup, action.faceDown, context);
  }

  private readonly dealingCups = new Map<string, Promise<boolean>>();

  /** A hidden draw for `side`, dealing the cup between the phones first if it is not dealt yet. */
  async drawHidden(cup: string, side: string, context?: Context): Promise<LogEntry | undefined> {
    const state = () => this.store.getState().current?.state;
    // Not dealt, or its deal closed by an audit (issue #33): dealt afresh.
    const dealt = () => !!state()?.hidden?.[cup] && !state()?.hidden?.[cup]?.closed;
    if (!dealt()) {
      // A chit set aside to draw first would be drawn in the open: refused in words, nothing logged.
      if (state()?.cups[cup]?.next.length) {
        this.store.report({ key: 'hidden.err.setAside' });
        return undefined;
      }
      let dealing = this.dealingCups.get(cup);
      if (!dealing) {
        dealing = this.dealHidden(cup).finally(() => this.dealingCups.delete(cup));
        this.dealingCups.set(cup, dealing);
      }
      if (!(await dealing) && !dealt()) return undefined;
    }
    return this.store.act({ type: 'hidden.draw', cup, side }, context);
  }

  /** A phone shows a chit it drew (the writer checks the proof and logs it). */
  revealHidden(deal: string, pos: number): boolean {
    return this.hiddenP?.reveal(deal, pos) ?? false;
  }

  /** A phone's player agrees to the audit of a deal: its secrets go to the writer (every card opens). */
  auditHidden(deal: string): boolean {
    const ok = this.hiddenP?.audit(deal) ?? false;
    this.status();
    return ok;
  }

  /** The writer asks every phone for the audit of a deal. */
  askAudit(deal: string): void {
    this.hiddenW?.askAudit(deal);
  }

  /**
   * A phone checks an audit step it received (issue #33) as the verifier does: each phone's shuffle
   * and unlocks recomputed from the secrets, and each card the audit shows. Its verdict is said here.
   */
  private async checkAudit(): Promise<void> {
    const log = this.store.getState().current?.session.log ?? [];
    const { checkHiddenLog } = await import('./hidden-cup/verify');
    const c = await checkHiddenLog(log);
    this.store.report(
      c.ok
        ? { key: 'hidden.link.auditOk' }
        : c.why === 'auditOpened'
          ? { key: 'hidden.link.auditWrongCard', params: { card: c.card ?? 0 } }
          : c.why === 'audit'
            ? { key: 'hidden.link.auditFailed', params: { side: c.side ?? '?', what: c.what ?? '' } }
            : { key: 'hidden.link.auditFailed', params: { side: c.side ?? '?', what: c.why } },
    );
  }

  /** The writer's last audit (for the screen and the tests). */
  get audit() {
    return this.hiddenW?.lastAudit;
  }

  /** Ends every link of this device. */
  leave(): void {
    for (const l of this.linked) l.peer.close();
    this.helloAwaited?.();
    this.linked = [];
    this.writer = undefined;
    this.others = [];
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.mode = undefined;
    this.game = undefined;
    this.chain = undefined;
    this.conflict = undefined;
    this.round = undefined;
    clearTimeout(this.seedTimer);
    this.seedState = undefined;
    this.mine = undefined;
    this.successor = undefined;
    this.branch = undefined;
    this.jointWriter?.giveUp({ key: 'link.joint.left' });
    this.jointWriter = undefined;
    this.store.setTakeOver(null);
    this.jointWait = undefined;
    this.store.setJoint(null);
    this.store.setLink(undefined, null);
  }

  /** Changes what this device shows (a side's hand, or the shared display). */
  setView(view: View, side?: string) {
    this.view = view;
    this.side = side;
    if (this.mode === 'replica') this.writer?.peer.send({ t: 'role', role: this.myRole });
    this.status();
  }

  private statusOf(): LinkStatus | undefined {
    if (!this.mode) return undefined;
    const peers =
      this.mode === 'writer'
        ? this.linked.filter((l) => l.name).map(peerStatus)
        : [
            ...(this.writer ? [{ name: this.writerName, connected: this.writer.connected, writer: true }] : []),
            ...this.others,
          ];
    return {
      role: this.mode,
      view: this.view,
      ...(this.side ? { side: this.side } : {}),
      ...(this.game ? { game: this.game.id } : {}),
      ...(this.mode === 'replica' && this.seedState?.phase === 'commit' && this.you && !this.mine
        ? { seedAsked: true }
        : {}),
      ...(this.successor ? { successor: this.successor } : {}),
      ...(this.branch ? { branch: this.branch } : {}),
      ...(this.jointWait ? { jointWait: this.jointWait } : {}),
      ...(this.packOffer
        ? {
            packOffered: {
              id: this.packOffer.id,
              name: bothLanguages(this.packOffer.pack.manifest.name),
              version: this.packOffer.pack.manifest.version,
              from: this.packOffer.from,
            },
          }
        : {}),
      peers,
    };
  }

  private status() {
    this.store.setLink(this.statusOf());
    this.showHidden();
  }

  /** What the writer sends first on a new link: the game, and its own name. */
  welcome(): Msg | undefined {
    if (this.game) this.handedOut = this.game.id;
    return this.game ? { t: 'welcome', v: 1, name: this.name, game: this.game } : undefined;
  }
}

/** The writer's messages that change the game a replica follows, its steps or this device's side. */
const SHAPES_STATE = new Set(['welcome', 'steps', 'settings', 'undone', 'role', 'refused']);

/** The seed a joint step is sized with (Link.sizeOf): any seed but the game's public one. */
const SIZE_SEED = '0'.repeat(32);

/** No step of play yet: the log holds joint steps at most (the seed may still be made across devices). */
const noPlayYet = (log: readonly LogEntry[]): boolean => log.every((e) => e.action.type === 'joint');

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const peerStatus = (p: { name: string; connected: boolean; role: Role }): LinkStatus['peers'][number] => ({
  name: p.name,
  connected: p.connected,
  ...(p.role.kind === 'player' ? { side: p.role.side } : {}),
});

const wire = (p: { key: string; params?: Record<string, string | number>; detail?: string }) => ({
  key: p.key,
  ...(p.params ? { params: p.params } : {}),
  ...(p.detail ? { detail: p.detail } : {}),
});

let instance: Link | undefined;
/** The link of this page, if one was made (a tool reaches it without making one). */
export const activeLink = (): Link | undefined => instance;
/** The one link of this page (kept while the players move between screens). */
export function linkOf(store: Store, name: string): Link {
  instance ??= new Link(store, name);
  return instance;
}
