/**
 * A hidden cup across linked devices (issue #33): the writer's part (HiddenWriter: it deals,
 * relays and checks, and holds no key) and a player's phone's part (HiddenPhone: its secret
 * scalar and permutation, and the chits it opened). Loaded only where a hidden cup exists (the
 * link manager imports this module when a deal starts or a hidden message arrives).
 *
 * - A deal: the writer asks each side's phone for its public key, then for its turn of the
 *   shuffle, in the order of the game's sides; it logs the deal (keys and decks: ciphertexts only).
 * - A draw (a step `hidden.draw`, asked from the drawer's phone or on the table): the writer asks
 *   each other phone in turn to take its layer off the card, checking each partial's proof as it
 *   comes (a wrong one is refused, naming the device); the chain goes to the drawer's phone only,
 *   which opens the chit. No other device receives it; none could read it (the drawer's layer
 *   is still on it). The phone that takes the first layer off does not wait to be asked: it sends
 *   its partial as soon as it has checked the draw step (HiddenPhone.checked), and the writer's
 *   `unlock?` stays the way to ask again.
 * - A reveal: the drawer's phone sends the chit's index and its proof; the writer checks it
 *   against the card drawn and logs it. A lying reveal is refused, naming the device.
 * - A keep (a deal with chits that may be kept face down: its `keep`): the drawer's phone proves
 *   that its card is one of them without saying which (sra.ts proveAmong); the writer checks it
 *   and logs it. In such a deal a phone settles each card it opens at once by itself: one of
 *   `keep` is kept, any other chit is shown. A card kept is shown later like any other.
 * - A refill (10.3: a deal drawn to its end, every card settled, gets the cup's discard pile back
 *   as a new segment, hidden.ts): the writer asks each phone in turn for its layer and shuffle of
 *   the segment, with the SAME key; the first phone takes only the segment's public chit points,
 *   each next one only the deck the phone before it signed (sra.ts signDeck), so that no device can
 *   get its key applied to a point of its choosing. The step lists the chits (the discard pile:
 *   public) and the decks with their signatures.
 * - A phone keeps its secrets in the device's local storage (the link manager's keep): a reload
 *   or closing the app keeps them. A lost phone (or its storage cleared) loses them: what it drew
 *   cannot be opened again; its player's phone, or another in its place, says so, and the players
 *   take the counter from the physical cup or undo the draw and draw again (a step either way).
 */
import { refillOf, type Action, type Context, type HiddenDeal, type LogEntry, type SessionState } from '../../engine';
import type { HiddenMsg, WirePartial } from './messages';
import { inBackground } from '../../app/background';
import {
  auditShuffle,
  checkAmong,
  checkChain,
  checkPartial,
  checkDeckSig,
  checkReveal,
  chitPoints,
  lockedPoint,
  newKey,
  open,
  openWithAll,
  proveAmong,
  publicKey as publicOf,
  readKeys,
  reveal,
  shuffleStep,
  signDeck,
  unlock,
  type AuditResult,
  type Random,
  type Secret,
} from './sra';

/** A problem to show (a message key and its parameters). */
export interface HiddenProblem {
  readonly key: string;
  readonly params?: Record<string, string | number>;
}

// --- The writer ---

export interface WriterHost {
  /** The connected player's phone holding `side`: its name, and how to send it a message. */
  phone(side: string): { name: string; send(m: HiddenMsg): boolean } | undefined;
  /** The game's sides, in order. */
  sides(): readonly string[];
  state(): SessionState | undefined;
  log(): readonly LogEntry[];
  act(action: Action, context?: Context): Promise<LogEntry | undefined>;
  report(p: HiddenProblem): void;
  /** An audit was asked, agreed to or finished (the screens name whom it waits for). */
  auditChanged?(): void;
  random: Random;
  /** How long a deal waits for the phones (tests shorten it). */
  timeoutMs?: number;
}

/** How long a deal waits for every phone's key and shuffle before it gives up (nothing is logged). */
export const DEAL_TIMEOUT_MS = 60_000;

interface Dealing {
  readonly deal: string;
  readonly cup: string;
  readonly sides: readonly string[];
  readonly keys: Map<string, string>;
  readonly decks: string[][];
  readonly lasting: boolean;
  readonly keep?: readonly number[];
  done: (ok: boolean) => void;
}

interface Refilling {
  readonly deal: string;
  readonly cup: string;
  readonly from: number;
  readonly chits: readonly string[];
  readonly sides: readonly string[];
  readonly decks: string[][];
  readonly sigs: WirePartial['proof'][];
  readonly keep?: readonly number[];
  done: (ok: boolean) => void;
}

interface Unlocking {
  readonly deal: string;
  readonly pos: number;
  readonly drawer: string;
  /** The sides that take their layer off, in order. */
  readonly order: readonly string[];
  readonly chain: WirePartial[];
}

export class HiddenWriter {
  private dealing?: Dealing;
  private refilling?: Refilling;
  private readonly unlocking = new Map<string, Unlocking>();
  /** Chains sent to their drawers (sent again on a resend). */
  private readonly chains = new Map<string, readonly WirePartial[]>();
  /** deal/pos → the side whose wrong partial was refused (said once: its repeats are not). */
  private readonly refused = new Map<string, string>();
  private seen = 0;
  /** Deals whose warm-up this device has posted. */
  private readonly warmed = new Set<string>();
  /** The audit's answers per deal, by side (sent once every player has agreed). */
  private readonly audits = new Map<string, Map<string, Secret>>();
  /** The audits asked, per deal: the sides whose players have agreed. */
  private readonly agreed = new Map<string, Set<string>>();
  lastAudit?: { deal: string; result: AuditResult };
  /** What waits for every card's layers to be in (`settled`). */
  private emptied: (() => void)[] = [];

  constructor(private readonly host: WriterHost) {}

  /** Resolves once no card waits for its layers (each chain sent to its drawer, or refused), or after `ms`. */
  settled(ms: number): Promise<void> {
    if (!this.unlocking.size) return Promise.resolve();
    return new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      this.emptied.push(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  private unlocked(id: string): void {
    this.unlocking.delete(id);
    if (this.unlocking.size) return;
    const waiting = this.emptied;
    this.emptied = [];
    for (const w of waiting) w();
  }

  /**
   * Deals `cup` between the phones: one per side, each connected. Resolves true once the deal is
   * logged; false (said) when a phone is missing or a message is refused.
   */
  deal(cup: string, opts: { lasting?: boolean; keep?: readonly number[] } = {}): Promise<boolean> {
    const sides = this.host.sides();
    const missing = sides.find((s) => !this.host.phone(s));
    if (missing) {
      this.host.report({ key: 'hidden.link.needPhones', params: { side: missing } });
      return Promise.resolve(false);
    }
    if (this.dealing) return Promise.resolve(false);
    const deal = hexOf(this.host.random(8));
    return new Promise((done) => {
      const dealing: Dealing = {
        deal,
        cup,
        sides,
        keys: new Map(),
        decks: [],
        lasting: !!opts.lasting,
        ...(opts.keep ? { keep: opts.keep } : {}),
        done,
      };
      this.dealing = dealing;
      for (const s of sides) this.host.phone(s)!.send({ t: 'hidden', op: 'key?', deal, cup });
      // A phone that never answers does not hold the deal for ever: it is named, and nothing is logged.
      setTimeout(() => {
        if (this.dealing !== dealing) return;
        const waiting =
          dealing.keys.size < sides.length ? sides.find((s) => !dealing.keys.has(s)) : sides[dealing.decks.length];
        this.fail({ key: 'hidden.link.dealStalled', params: { side: waiting ?? '' } });
      }, this.host.timeoutMs ?? DEAL_TIMEOUT_MS);
    });
  }

  private fail(p: HiddenProblem) {
    this.host.report(p);
    const d = this.dealing ?? this.refilling;
    this.dealing = undefined;
    this.refilling = undefined;
    d?.done(false);
  }

  /**
   * Refills `cup`'s deal from its discard pile (10.3), between the phones: each, in the deal's
   * order, lays its layer on the segment and shuffles it. `keep`: the new chits that may be kept
   * face down (their indexes in the whole deal). Resolves true once the refill is logged.
   */
  refill(cup: string, opts: { keep?: readonly number[] } = {}): Promise<boolean> {
    const deal = this.host.state()?.hidden?.[cup];
    const plain = this.host.state()?.cups[cup];
    const chits = deal && plain ? refillOf(plain, deal).chits : [];
    if (!deal) {
      this.host.report({ key: 'hidden.err.noDeal' });
      return Promise.resolve(false);
    }
    const sides = deal.parties.map((p) => p.side);
    const missing = sides.find((s) => !this.host.phone(s));
    if (missing) {
      this.host.report({ key: 'hidden.link.needPhones', params: { side: missing } });
      return Promise.resolve(false);
    }
    if (!chits.length) {
      this.host.report({ key: 'hidden.err.refillNothing' });
      return Promise.resolve(false);
    }
    if (this.dealing || this.refilling) return Promise.resolve(false);
    const from = deal.chits.length;
    return new Promise((done) => {
      const r: Refilling = {
        deal: deal.deal,
        cup,
        from,
        chits: [...chits],
        sides,
        decks: [],
        sigs: [],
        ...(opts.keep ? { keep: opts.keep } : {}),
        done,
      };
      this.refilling = r;
      const deck = chitPoints(deal.deal, from + chits.length).slice(from);
      if (!this.host.phone(sides[0]!)?.send({ t: 'hidden', op: 'refill?', deal: r.deal, from, deck }))
        return this.fail({ key: 'hidden.link.needPhones', params: { side: sides[0]! } });
      setTimeout(() => {
        if (this.refilling === r)
          this.fail({ key: 'hidden.link.dealStalled', params: { side: sides[r.decks.length] ?? '' } });
      }, this.host.timeoutMs ?? DEAL_TIMEOUT_MS);
    });
  }

  private async refilled(side: string, name: string, m: Extract<HiddenMsg, { op: 'refilled' }>): Promise<void> {
    const r = this.refilling;
    if (!r || r.deal !== m.deal || r.from !== m.from || r.sides[r.decks.length] !== side)
      return this.host.report({ key: 'hidden.link.unasked', params: { name } });
    const key = this.dealOf(r.deal)?.parties.find((p) => p.side === side)?.key ?? '';
    // Each phone's deck: as many distinct cards as the discard pile, signed by that phone.
    if (
      m.deck.length !== r.chits.length ||
      new Set(m.deck).size !== m.deck.length ||
      !checkDeckSig(r.deal, r.from, m.deck, key, m.sig)
    )
      return this.fail({ key: 'hidden.link.badDeck', params: { name } });
    r.decks.push([...m.deck]);
    r.sigs.push(m.sig);
    const next = r.sides[r.decks.length];
    if (next !== undefined) {
      const sent = this.host
        .phone(next)
        ?.send({ t: 'hidden', op: 'refill?', deal: r.deal, from: r.from, deck: m.deck, sig: m.sig });
      if (!sent) this.fail({ key: 'hidden.link.needPhones', params: { side: next } });
      return;
    }
    this.refilling = undefined;
    const entry = await this.host.act({
      type: 'hidden.refill',
      cup: r.cup,
      deal: r.deal,
      chits: r.chits,
      decks: r.decks,
      sigs: r.sigs,
      ...(r.keep ? { keep: r.keep } : {}),
    });
    r.done(!!entry);
  }

  /** A hidden cup's message from the phone holding `side` (named `name`). */
  async onMessage(side: string | undefined, name: string, m: HiddenMsg): Promise<void> {
    const refuse = (key: string, params: Record<string, string | number> = {}) =>
      this.host.report({ key, params: { name, ...params } });
    if (!side) return refuse('hidden.link.notPlayer');
    switch (m.op) {
      case 'key': {
        const d = this.dealing;
        if (!d || d.deal !== m.deal || d.keys.has(side) || !d.sides.includes(side))
          return refuse('hidden.link.unasked');
        d.keys.set(side, m.key);
        // A phone shuffles as soon as its key is in and its turn has come (the others' keys need not be in yet).
        if (d.sides[d.decks.length] === side) this.askShuffle(d);
        return;
      }
      case 'shuffled': {
        const d = this.dealing;
        if (!d || d.deal !== m.deal || d.sides[d.decks.length] !== side || !d.keys.has(side))
          return refuse('hidden.link.unasked');
        const n = this.host.state()?.cups[d.cup]?.chits.length ?? 0;
        // Each turn of the shuffle keeps every card a distinct point (a copied card is refused at once).
        if (m.deck.length !== n || new Set(m.deck).size !== n)
          return this.fail({ key: 'hidden.link.badDeck', params: { name } });
        d.decks.push([...m.deck]);
        if (d.decks.length < d.sides.length) {
          // The next phone's turn, once its key is in (else its key asks for it).
          if (d.keys.has(d.sides[d.decks.length]!)) this.askShuffle(d);
          return;
        }
        this.dealing = undefined;
        const entry = await this.host.act({
          type: 'hidden.deal',
          cup: d.cup,
          deal: d.deal,
          parties: d.sides.map((s) => ({ side: s, key: d.keys.get(s)! })),
          decks: d.decks,
          ...(d.lasting ? { lasting: true as const } : {}),
          ...(d.keep ? { keep: d.keep } : {}),
        });
        d.done(!!entry);
        return;
      }
      case 'refilled':
        return this.refilled(side, name, m);
      case 'partial': {
        const id = `${m.deal}/${m.pos}`;
        // A phone sends its layer unasked as soon as it has checked the draw (HiddenPhone.checked):
        // it may come before this device has followed its own step (the coordinator just loaded).
        if (!this.unlocking.has(id) && !this.chains.has(id)) this.follow();
        const u = this.unlocking.get(id);
        if (!u || u.order[u.chain.length] !== side || m.partial.by !== side) {
          // The same layer again (sent unasked, then as the answer to `unlock?`), or again after
          // this device refused it (said once): nothing to do.
          const had = (u?.chain ?? this.chains.get(id))?.find((p) => p.by === side);
          if ((had && had.y === m.partial.y) || this.refused.get(id) === side) return;
          return refuse('hidden.link.unasked');
        }
        const deal = this.dealOf(m.deal);
        if (!deal) return;
        const card = u.chain.at(-1)?.y ?? deal.decks.at(-1)![u.pos]!;
        const r = checkChain(card, [m.partial], keysOf(deal));
        if (!r.ok) {
          this.unlocked(id);
          this.refused.set(id, side);
          return refuse('hidden.link.wrongPartial', { n: u.pos + 1 });
        }
        u.chain.push(m.partial);
        return this.nextUnlock(u);
      }
      case 'reveal': {
        const deal = this.dealOf(m.deal);
        const drawn = deal?.drawn.find((d) => d.pos === m.pos);
        if (!deal || !drawn || drawn.side !== side || deal.revealed[m.pos] !== undefined)
          return refuse('hidden.link.unasked');
        const keys = keysOf(deal);
        const c = checkChain(deal.decks.at(-1)![m.pos]!, m.chain, keys);
        const order = deal.parties.map((p) => p.side).filter((s) => s !== side);
        const points = chitPoints(deal.deal, deal.chits.length);
        if (
          !c.ok ||
          m.chain.length !== order.length ||
          m.chain.some((p, i) => p.by !== order[i]) ||
          !checkReveal(c.last, keys[side]!, { index: m.index, proof: m.proof }, points)
        )
          return refuse('hidden.link.badReveal', { n: m.pos + 1 });
        await this.host.act(
          {
            type: 'hidden.reveal',
            cup: this.cupOf(m.deal)!,
            pos: m.pos,
            chain: m.chain,
            index: m.index,
            proof: m.proof,
          },
          { side },
        );
        return;
      }
      case 'keep': {
        const deal = this.dealOf(m.deal);
        const drawn = deal?.drawn.find((d) => d.pos === m.pos);
        if (
          !deal ||
          !deal.keep ||
          !drawn ||
          drawn.side !== side ||
          deal.revealed[m.pos] !== undefined ||
          deal.kept?.includes(m.pos)
        )
          return refuse('hidden.link.unasked');
        const keys = keysOf(deal);
        const c = checkChain(deal.decks.at(-1)![m.pos]!, m.chain, keys);
        const order = deal.parties.map((p) => p.side).filter((s) => s !== side);
        if (
          !c.ok ||
          m.chain.length !== order.length ||
          m.chain.some((p, i) => p.by !== order[i]) ||
          !checkAmong(c.last, keys[side]!, deal.keep, m.proof, chitPoints(deal.deal, deal.chits.length))
        )
          return refuse('hidden.link.badKeep', { n: m.pos + 1 });
        await this.host.act(
          { type: 'hidden.keep', cup: this.cupOf(m.deal)!, pos: m.pos, chain: m.chain, proof: m.proof },
          { side },
        );
        return;
      }
      case 'resend': {
        const deal = this.dealOf(m.deal);
        const chain = this.chains.get(`${m.deal}/${m.pos}`);
        if (!deal || !chain || deal.drawn.find((d) => d.pos === m.pos)?.side !== side)
          return refuse('hidden.link.unasked');
        this.host.phone(side)?.send({ t: 'hidden', op: 'chain', deal: m.deal, pos: m.pos, chain });
        return;
      }
      case 'agree': {
        // A player agrees to the audit: no secret is sent before every player of the deal has agreed
        // (a secret given alone would let the device that holds it open that side's cards).
        const deal = this.dealOf(m.deal);
        if (!deal || !deal.parties.some((p) => p.side === side)) return refuse('hidden.link.unasked');
        const agreed = this.agreed.get(m.deal) ?? new Set<string>();
        // Said again (an `audit?` crossed it on the way), or after the audit: nothing to do.
        if (deal.audited || agreed.has(side)) return;
        agreed.add(side);
        this.agreed.set(m.deal, agreed);
        this.tellAudit(deal);
        return;
      }
      case 'audit': {
        const deal = this.dealOf(m.deal);
        if (!deal || !deal.parties.some((p) => p.side === side)) return refuse('hidden.link.unasked');
        // Sent again (asked twice), or after the audit was logged: nothing to do.
        if (deal.audited || this.audits.get(m.deal)?.has(side)) return;
        // Secrets only once every player has agreed.
        if (this.waitingFor(deal).length) return refuse('hidden.link.unasked');
        // Given for another size of the deal (a refill came between): asked again, for the deal as it is.
        if (m.secret.perm.length !== deal.chits.length) {
          this.host.phone(side)?.send({ t: 'hidden', op: 'audit?', deal: m.deal, waiting: [] });
          return;
        }
        const got = this.audits.get(m.deal) ?? new Map<string, Secret>();
        got.set(side, m.secret);
        this.audits.set(m.deal, got);
        if (got.size < deal.parties.length) return;
        const result = auditShuffle(transcriptOf(deal, this.chainsOf(deal)), Object.fromEntries(got));
        this.lastAudit = { deal: m.deal, result };
        // A deal that lasts the game: the audit shows every card drawn and not shown yet (hidden.ts
        // auditLasting), as the secrets open it; the verifier recomputes each. A failed audit (a phone
        // named) still shows each card as every key taken off opens it, when each opens to a distinct
        // chit not shown before: the deal is closed and the game goes on (the file stays refused,
        // naming the phone). Otherwise it opens nothing.
        const open = deal.drawn.filter((d) => deal.revealed[d.pos] === undefined);
        const points = chitPoints(deal.deal, deal.chits.length);
        const ks = deal.parties.map((p) => got.get(p.side)!.k);
        const read = open.map((d) => ({
          pos: d.pos,
          index: result.ok ? result.order[d.pos] : openWithAll(deal.decks.at(-1)![d.pos]!, ks, points),
        }));
        const shown = new Set(Object.values(deal.revealed));
        const indexes = read.map((r) => r.index);
        const opened =
          deal.lasting &&
          indexes.every((i) => i !== undefined && !shown.has(i)) &&
          new Set(indexes).size === indexes.length
            ? read.map((r) => ({ pos: r.pos, index: r.index! }))
            : undefined;
        // The secrets go into the log (the verifier audits from them); the verdict is said here.
        await this.host.act({
          type: 'hidden.audit',
          cup: this.cupOf(m.deal)!,
          secrets: deal.parties.map((p) => ({
            side: p.side,
            k: got.get(p.side)!.k,
            perm: got.get(p.side)!.perm ?? [],
          })),
          ...(opened ? { opened } : {}),
        });
        // Forgotten once logged (a repeat meanwhile found them and was ignored).
        this.audits.delete(m.deal);
        this.agreed.delete(m.deal);
        this.host.auditChanged?.();
        this.host.report(
          result.ok
            ? { key: 'hidden.link.auditOk' }
            : { key: 'hidden.link.auditFailed', params: { side: result.by, what: result.what } },
        );
        return;
      }
      default:
        return refuse('hidden.link.unasked');
    }
  }

  private askShuffle(d: Dealing) {
    const i = d.decks.length;
    const deck = i === 0 ? chitPoints(d.deal, this.host.state()?.cups[d.cup]?.chits.length ?? 0) : d.decks[i - 1]!;
    const phone = this.host.phone(d.sides[i]!);
    if (!deck.length) return this.fail({ key: 'hidden.err.empty' });
    if (!phone?.send({ t: 'hidden', op: 'shuffle?', deal: d.deal, deck }))
      this.fail({ key: 'hidden.link.needPhones', params: { side: d.sides[i]! } });
  }

  /** Asks every phone for its secrets of a deal (each gives them only when its player agrees). */
  askAudit(deal: string): void {
    const d = this.dealOf(deal);
    if (!d || d.audited) return;
    if (!this.agreed.has(deal)) this.agreed.set(deal, new Set());
    this.tellAudit(d);
  }

  /**
   * Each phone of the deal is told (again) that the audit is asked and which sides have not agreed
   * yet: the phones still to agree are asked, the others see whom the audit waits for.
   */
  private tellAudit(d: HiddenDeal): void {
    const waiting = this.waitingFor(d);
    for (const p of d.parties) this.host.phone(p.side)?.send({ t: 'hidden', op: 'audit?', deal: d.deal, waiting });
    this.host.auditChanged?.();
  }

  private waitingFor(d: HiddenDeal): string[] {
    const agreed = this.agreed.get(d.deal);
    return d.parties.map((p) => p.side).filter((s) => !agreed?.has(s));
  }

  /** The audits asked and not finished: each deal's cup and the sides whose players have not agreed yet. */
  auditsWaiting(): { deal: string; cup: string; waiting: string[] }[] {
    const out: { deal: string; cup: string; waiting: string[] }[] = [];
    for (const deal of this.agreed.keys()) {
      const d = this.dealOf(deal);
      const cup = this.cupOf(deal);
      const waiting = d ? this.waitingFor(d) : [];
      if (d && cup && !d.audited && waiting.length) out.push({ deal, cup, waiting });
    }
    return out;
  }

  /**
   * The partials of every card of `d` shown or kept, from the log (a reload of this device keeps
   * them) and from the chains this device relayed (cards still face down): what the audit checks.
   */
  private chainsOf(d: HiddenDeal): ReadonlyMap<string, readonly WirePartial[]> {
    const out = new Map<string, readonly WirePartial[]>();
    const cup = this.cupOf(d.deal);
    let current = '';
    for (const e of this.host.log()) {
      if (e.undone) continue;
      const a = e.action;
      if (a.type === 'hidden.deal' && a.cup === cup) current = a.deal;
      else if ((a.type === 'hidden.reveal' || a.type === 'hidden.keep') && a.cup === cup && current === d.deal)
        out.set(`${d.deal}/${a.pos}`, a.chain);
    }
    for (const [id, chain] of this.chains) if (id.startsWith(`${d.deal}/`) && !out.has(id)) out.set(id, chain);
    return out;
  }

  private dealOf(deal: string): HiddenDeal | undefined {
    return Object.values(this.host.state()?.hidden ?? {}).find((d) => d.deal === deal);
  }
  private cupOf(deal: string): string | undefined {
    return Object.entries(this.host.state()?.hidden ?? {}).find(([, d]) => d.deal === deal)?.[0];
  }

  /** Follows the log: each new hidden draw starts its unlocking. */
  follow(): void {
    const log = this.host.log();
    for (const deal of Object.values(this.host.state()?.hidden ?? {})) warmUp(deal, this.warmed);
    if (log.length < this.seen) this.seen = 0;
    for (; this.seen < log.length; this.seen++) {
      const e = log[this.seen]!;
      if (e.undone || e.outcome.kind !== 'hidden' || e.outcome.op !== 'draw') continue;
      const hidden = this.host.state()?.hidden?.[e.outcome.cup];
      const drawer = e.outcome.side!;
      const pos = e.outcome.pos!;
      if (!hidden || hidden.revealed[pos] !== undefined || this.chains.has(`${hidden.deal}/${pos}`)) continue;
      const order = hidden.parties.map((p) => p.side).filter((s) => s !== drawer);
      const u: Unlocking = { deal: hidden.deal, pos, drawer, order, chain: [] };
      this.unlocking.set(`${hidden.deal}/${pos}`, u);
      this.nextUnlock(u);
    }
  }

  private nextUnlock(u: Unlocking) {
    const next = u.order[u.chain.length];
    if (next === undefined) {
      this.unlocked(`${u.deal}/${u.pos}`);
      this.chains.set(`${u.deal}/${u.pos}`, u.chain);
      // To the drawer's phone only.
      this.host.phone(u.drawer)?.send({ t: 'hidden', op: 'chain', deal: u.deal, pos: u.pos, chain: u.chain });
      return;
    }
    const phone = this.host.phone(next);
    if (!phone?.send({ t: 'hidden', op: 'unlock?', deal: u.deal, pos: u.pos, for: u.drawer, chain: u.chain }))
      this.host.report({ key: 'hidden.link.waiting', params: { side: next } });
  }

  /** A phone linked again: the unlockings waiting for it are asked again. */
  rejoin(side: string): void {
    for (const u of this.unlocking.values()) if (u.order[u.chain.length] === side) this.nextUnlock(u);
  }
}

const keysOf = (deal: HiddenDeal): Record<string, string> =>
  Object.fromEntries(deal.parties.map((p) => [p.side, p.key]));

function transcriptOf(deal: HiddenDeal, chains: ReadonlyMap<string, readonly WirePartial[]>) {
  return {
    deal: deal.deal,
    n: deal.chits.length,
    parties: deal.parties.map((p) => ({ name: p.side, key: p.key })),
    decks: deal.decks,
    draws: deal.drawn.flatMap((d) => {
      const chain = chains.get(`${deal.deal}/${d.pos}`);
      return chain ? [{ pos: d.pos, drawer: d.side, chain }] : [];
    }),
  };
}

/** A fixed source for the throw-away key and proofs of the warm-up (nothing made with it is kept or sent). */
const WARM_RANDOM: Random = (n) => new Uint8Array(n).fill(7);

/**
 * Once per deal, at background priority (issue #33: the first draw after a deal paid 80–130 ms on
 * each device for the curve's lazily built tables, the JIT and the deal's chit points): a throw-away
 * run of what a draw costs each device — a layer taken off a card of the deal with its proof (the
 * phone that answers), its check (the table, and the drawer's phone after it opens), the card opened
 * against the deal's chit points (the drawer), a reveal and its check. With a throw-away key:
 * nothing here touches the game's state, its log or what a phone keeps; the chit points it computes
 * stay in sra.ts's cache of them (public, derived from the deal's name), and so do the deal's public
 * keys, read with their tables of multiples (the checks are made against them: the throw-away
 * proofs do not hold for them, and cost the same).
 */
function warmUp(deal: HiddenDeal, warmed: Set<string>): void {
  if (warmed.has(deal.deal)) return;
  warmed.add(deal.deal);
  inBackground(() => {
    const card = deal.decks.at(-1)?.[0];
    if (!card) return;
    const points = chitPoints(deal.deal, deal.chits.length);
    const keys = deal.parties.map((p) => p.key);
    readKeys(keys);
    const { secret, key } = newKey(WARM_RANDOM);
    const partial = unlock(card, secret, '', WARM_RANDOM);
    checkPartial(card, keys[0] ?? key, partial);
    open(partial.y, secret, points);
    checkReveal(partial.y, keys[0] ?? key, reveal(partial.y, 0, points, secret, WARM_RANDOM), points);
  });
}

const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

// --- A player's phone ---

/** Where a phone keeps its secrets (a reload keeps them). */
export interface SecretKeep {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export interface PhoneHost {
  /** The side this phone holds (undefined: none; it takes no part). */
  side(): string | undefined;
  state(): SessionState | undefined;
  send(m: HiddenMsg): boolean;
  report(p: HiddenProblem): void;
  /** What this phone opened changed (the screen shows its hidden chits). */
  changed(): void;
  random: Random;
  keep?: SecretKeep;
}

/** A chit this phone drew and opened: only this phone knows it. */
export interface MyChit {
  readonly cup: string;
  readonly deal: string;
  readonly pos: number;
  readonly chit: string;
  readonly index: number;
  readonly revealed: boolean;
  /** Kept face down (proven one of the deal's `keep` chits), not shown yet. */
  readonly kept: boolean;
}

interface Held {
  secrets: Record<string, Secret>;
  /** deal/pos → the chain received and the chit index opened. */
  opened: Record<string, { chain: readonly WirePartial[]; index: number }>;
  /** deal/pos unlocked for another side: the partial sent (sent again if asked again, never another). */
  unlocked: Record<string, WirePartial>;
}

const KEEP = 'wc-hidden';

export class HiddenPhone {
  private held: Held;
  /** Audits this phone's player agreed to (the writer's request waits here until then). */
  readonly auditAsked = new Set<string>();
  /** Audits asked, by deal: the sides whose players have not agreed yet (as the writer last said). */
  readonly auditWaiting = new Map<string, readonly string[]>();
  /** Audits this phone's player agreed to, whose secrets wait until every player has agreed. */
  private readonly agreed = new Set<string>();
  /**
   * This phone's layer taken off cards of the final deck ahead of time, in memory only (each is
   * sent only when the log gives that card to another side; any of them this phone could make at
   * any time from its own key): a draw then waits for no multiplication here.
   */
  private readonly ready = new Map<string, WirePartial>();
  /**
   * Per deal, each of its chits under this phone's layer alone (sra.ts lockedPoint), in chit order,
   * made ahead of time between other work, in memory only (this phone could make any of them at any
   * time from its own key), with the scalar they were made with: the card this phone draws opens by
   * looking its last partial up, with no multiplication between the chain and the chit shown.
   */
  private readonly locked = new Map<string, { readonly k: string; readonly points: string[] }>();
  private preparing = false;
  /** Deals whose warm-up this device has posted. */
  private readonly warmed = new Set<string>();
  /**
   * deal/pos whose partial this phone sent unasked on the link as it is (`checked`): the writer's
   * `unlock?` for it, already on its way, is not answered a second time (once; cleared on a relink).
   */
  private readonly sentUnasked = new Set<string>();

  constructor(private readonly host: PhoneHost) {
    let kept: Held | undefined;
    try {
      kept = JSON.parse(host.keep?.get(KEEP) ?? 'null') as Held | undefined;
    } catch {
      kept = undefined;
    }
    this.held = kept && typeof kept === 'object' ? kept : { secrets: {}, opened: {}, unlocked: {} };
  }

  private save() {
    try {
      this.host.keep?.set(KEEP, JSON.stringify(this.held));
    } catch {
      // Not kept: a reload loses this phone's secrets (said when it happens).
    }
  }

  private deal(deal: string): [string, HiddenDeal] | undefined {
    return Object.entries(this.host.state()?.hidden ?? {}).find(([, d]) => d.deal === deal);
  }

  onMessage(m: HiddenMsg): void {
    const side = this.host.side();
    if (!side) return;
    switch (m.op) {
      case 'key?': {
        const s = this.held.secrets[m.deal] ?? newKey(this.host.random).secret;
        this.held.secrets[m.deal] = s;
        this.save();
        this.host.send({ t: 'hidden', op: 'key', deal: m.deal, key: publicOf(s) });
        return;
      }
      case 'shuffle?': {
        const s = this.held.secrets[m.deal];
        // Shuffles once per deal, with the key it gave.
        if (!s || s.perm) return this.host.report({ key: 'hidden.link.unasked', params: { name: '' } });
        const r = shuffleStep(m.deck, s, this.host.random);
        this.held.secrets[m.deal] = r.secret;
        this.save();
        this.host.send({ t: 'hidden', op: 'shuffled', deal: m.deal, deck: r.deck });
        return;
      }
      case 'unlock?': {
        const found = this.deal(m.deal);
        const s = this.held.secrets[m.deal];
        const id = `${m.deal}/${m.pos}`;
        // Only a card the log says `for` drew, `for` another side, once, after the partials before it check.
        const drawn = found?.[1].drawn.find((d) => d.pos === m.pos);
        if (!found || !s || !drawn || drawn.side !== m.for || m.for === side)
          return this.host.report({ key: 'hidden.link.unlockRefused', params: { n: m.pos + 1 } });
        // Asked again (a writer reloaded): the same partial, never a second one. Sent unasked on this
        // link already (checked): the writer has it, in order, before this answer would reach it.
        const before = this.held.unlocked[id];
        if (before && this.sentUnasked.delete(id)) return;
        if (before)
          return void this.host.send({ t: 'hidden', op: 'partial', deal: m.deal, pos: m.pos, partial: before });
        const deal = found[1];
        const c = checkChain(deal.decks.at(-1)![m.pos]!, m.chain, keysOfDeal(deal));
        if (!c.ok) return this.host.report({ key: 'hidden.link.wrongPartialSide', params: { side: c.by } });
        // Made ahead of time when this phone takes the first layer off (precompute), else now.
        const ready = m.chain.length === 0 ? this.ready.get(id) : undefined;
        const partial = ready ?? unlock(c.last, s, side, this.host.random);
        this.ready.delete(id);
        this.held.unlocked[id] = partial;
        this.save();
        this.host.send({ t: 'hidden', op: 'partial', deal: m.deal, pos: m.pos, partial });
        return;
      }
      case 'chain': {
        const found = this.deal(m.deal);
        const s = this.held.secrets[m.deal];
        const drawn = found?.[1].drawn.find((d) => d.pos === m.pos);
        if (!found || !s || drawn?.side !== side) return;
        const deal = found[1];
        // The chit is shown at once: the card must open to a chit of this deal that this phone has
        // not opened before (a partial that is not the other phones' layers taken off this card
        // opens to no chit, or to one already held: they cannot make k·P for a chit not drawn by
        // this phone). The proofs are checked right after it is shown, and again before any reveal.
        const order = deal.parties.map((p) => p.side).filter((x) => x !== side);
        if (m.chain.length !== order.length || m.chain.some((p, i) => p.by !== order[i]))
          return this.host.report({ key: 'hidden.link.notAChit', params: { n: m.pos + 1 } });
        const last = m.chain.at(-1)?.y ?? deal.decks.at(-1)![m.pos]!;
        const index = this.openCard(deal, last, s);
        const held = Object.entries(this.held.opened).filter(([k]) => k.startsWith(`${m.deal}/`));
        if (index === undefined || held.some(([, o]) => o.index === index))
          return this.host.report({ key: 'hidden.link.notAChit', params: { n: m.pos + 1 } });
        // After the frame that shows the chit, at background priority.
        afterFrame(() => {
          const c = checkChain(deal.decks.at(-1)![m.pos]!, m.chain, keysOfDeal(deal));
          if (c.ok) return;
          delete this.held.opened[`${m.deal}/${m.pos}`];
          this.save();
          this.host.changed();
          this.host.report({ key: 'hidden.link.wrongPartialSide', params: { side: c.by } });
        });
        this.held.opened[`${m.deal}/${m.pos}`] = { chain: m.chain, index };
        this.save();
        this.host.changed();
        this.resume();
        this.settle(deal, m.pos);
        return;
      }
      case 'refill?': {
        // A refill's turn (10.3): this phone's SAME key goes only on an honest deck — the segment's
        // fresh public chit points (the first phone), or the deck the phone before it signed.
        const found = this.deal(m.deal);
        const s = this.held.secrets[m.deal];
        const deal = found?.[1];
        const at = deal?.parties.findIndex((p) => p.side === side) ?? -1;
        const prev = deal?.parties[at - 1];
        const honest =
          !!deal &&
          !!s?.perm &&
          at >= 0 &&
          // From the deal's end as this device holds it, once per segment. One never logged may be made
          // again only over the same chits (the same set of cards again, in another order: two sets
          // that differed would single out the card of a chit).
          m.from === deal.chits.length &&
          (s.perm.length === m.from || s.perm.length === m.from + m.deck.length) &&
          (at === 0
            ? m.deck.join() ===
              chitPoints(m.deal, m.from + m.deck.length)
                .slice(m.from)
                .join()
            : !!prev && !!m.sig && checkDeckSig(m.deal, m.from, m.deck, prev.key, m.sig));
        if (!honest) return this.host.report({ key: 'hidden.link.refillRefused' });
        const r = shuffleStep(m.deck, s, this.host.random);
        const perm = [...s.perm.slice(0, m.from), ...r.secret.perm!.map((x) => x + m.from)];
        this.held.secrets[m.deal] = { k: s.k, perm };
        this.save();
        const sig = signDeck(m.deal, m.from, r.deck, s, this.host.random);
        this.host.send({ t: 'hidden', op: 'refilled', deal: m.deal, from: m.from, deck: r.deck, sig });
        return;
      }
      case 'audit?': {
        // Asked (again): this phone's player agrees or not; the sides not agreed yet are named here.
        const waiting = m.waiting ?? [side];
        this.auditWaiting.set(m.deal, waiting);
        if (waiting.includes(side) && this.agreed.has(m.deal)) {
          // Agreed here, not known there (the table reloaded): said again.
          this.host.send({ t: 'hidden', op: 'agree', deal: m.deal });
        } else if (waiting.includes(side)) this.auditAsked.add(m.deal);
        else this.auditAsked.delete(m.deal);
        // Every player has agreed: this phone's secrets go now (never before, never without its player's agreement).
        const s = this.held.secrets[m.deal];
        if (!waiting.length && this.agreed.has(m.deal) && s?.perm) {
          this.auditWaiting.delete(m.deal);
          this.host.send({ t: 'hidden', op: 'audit', deal: m.deal, secret: { k: s.k, perm: s.perm } });
        }
        this.host.changed();
        return;
      }
      default:
        return;
    }
  }

  /**
   * Steps received from the writer and checked here (each replayed from this device's verified
   * state to the same entry, over the chain of hashes), before this device stores them: for each
   * draw among them that gives a card to another side, where this phone takes the first layer off,
   * its partial goes to the writer now, unasked (issue #33: the draw no longer waits for the
   * writer's `unlock?` nor for this device's IndexedDB write).
   *
   * Safe as when asked: the partial is made under the same conditions the `unlock?` answer checks
   * (the log this device checked says that side drew that card, and it is not this phone's side),
   * and it only lets the drawer, with its own layer, open the one card the log gives it. It is made
   * once: kept before it is sent (`held.unlocked`), so a step lost here and sent again by the
   * writer, or the writer's `unlock?` that follows, gets the same partial again, never a second one.
   * A step that does not replay is refused before this is called: it gets no partial.
   */
  checked(state: SessionState, entries: readonly LogEntry[]): void {
    const side = this.host.side();
    if (!side) return;
    for (const e of entries) {
      if (e.undone || e.outcome.kind !== 'hidden' || e.outcome.op !== 'draw') continue;
      const deal = state.hidden?.[e.outcome.cup];
      const pos = e.outcome.pos!;
      const drawer = deal?.drawn.find((d) => d.pos === pos)?.side;
      if (!deal || !drawer || drawer !== e.outcome.side || drawer === side || deal.revealed[pos] !== undefined)
        continue;
      // Only the first layer: a later one waits for the partials before it (the writer asks for it).
      if (deal.parties.map((p) => p.side).filter((s) => s !== drawer)[0] !== side) continue;
      const s = this.held.secrets[deal.deal];
      const id = `${deal.deal}/${pos}`;
      if (!s || this.held.unlocked[id]) continue;
      const partial = this.ready.get(id) ?? unlock(deal.decks.at(-1)![pos]!, s, side, this.host.random);
      this.ready.delete(id);
      this.held.unlocked[id] = partial;
      this.save();
      if (this.host.send({ t: 'hidden', op: 'partial', deal: deal.deal, pos, partial })) this.sentUnasked.add(id);
    }
  }

  /** The link to the writer opened (again): what was sent unasked before may not have reached it. */
  relinked(): void {
    this.sentUnasked.clear();
  }

  /**
   * Prepares, a card at a time between other work, this phone's partials for the cards of each deal
   * not drawn yet, where it takes the first layer off (the next few only); then each chit of each
   * deal under this phone's layer, which the cards it draws open to (openCard).
   */
  precompute(): void {
    const side = this.host.side();
    if (!side) return;
    for (const deal of Object.values(this.host.state()?.hidden ?? {})) warmUp(deal, this.warmed);
    // While a card this phone drew waits for its chain, nothing is prepared: the chain, the chit and
    // the frame that shows it go first (issue #33). Taken up again once it is shown, or after PAUSE_MS.
    if (this.awaitsChain()) return this.pause();
    if (this.preparing) return;
    const deals = () => Object.values(this.host.state()?.hidden ?? {});
    const next = (): (() => void) | undefined => {
      for (const deal of deals()) {
        const s = this.held.secrets[deal.deal];
        if (!s?.perm || deal.audited) continue;
        const deck = deal.decks.at(-1)!;
        const from = deal.drawn.reduce((a, d) => Math.max(a, d.pos + 1), 0);
        for (let pos = from; pos < Math.min(deck.length, from + 8); pos++) {
          const id = `${deal.deal}/${pos}`;
          if (!this.ready.has(id) && !this.held.unlocked[id])
            return () => this.ready.set(id, unlock(deck[pos]!, s, side, this.host.random));
        }
      }
      // Then each chit under this phone's layer, for the cards it draws (openCard).
      for (const deal of deals()) {
        const s = this.held.secrets[deal.deal];
        if (!s?.perm || deal.audited) continue;
        let t = this.locked.get(deal.deal);
        if (t?.k !== s.k) this.locked.set(deal.deal, (t = { k: s.k, points: [] }));
        const points = t.points;
        if (points.length < deal.chits.length)
          return () => points.push(lockedPoint(chitPoints(deal.deal, deal.chits.length)[points.length]!, s));
      }
      return undefined;
    };
    const work = () => {
      if (this.awaitsChain()) {
        this.preparing = false;
        return this.pause();
      }
      const job = next();
      if (!job) return void (this.preparing = false);
      job();
      inBackground(work);
    };
    this.preparing = true;
    // At background priority: a frame, a tap or a message of the link goes before each card; the
    // first once what the step or the chit changed on the screen is painted.
    afterFrame(work);
  }

  /** Cards this phone drew, holds the secret of, and has not opened: their chains are on their way. */
  private awaitsChain(): boolean {
    return this.awaited().some((id) => !this.gaveUp.has(id));
  }
  private awaited(): string[] {
    const hidden = this.host.state()?.hidden ?? {};
    return this.unopened()
      .filter((u) => !u.lost)
      .map((u) => `${hidden[u.cup]!.deal}/${u.pos}`);
  }
  /** Cards whose chain took longer than PAUSE_MS: the work paused for them goes on. */
  private readonly gaveUp = new Set<string>();
  private paused?: ReturnType<typeof setTimeout>;
  private pause(): void {
    if (this.paused) return;
    this.paused = setTimeout(() => {
      this.paused = undefined;
      for (const id of this.awaited()) this.gaveUp.add(id);
      this.precompute();
    }, PAUSE_MS);
  }
  /** A card opened here: the work paused for its chain goes on, after the frame that shows the chit. */
  private resume(): void {
    if (!this.paused) return;
    clearTimeout(this.paused);
    this.paused = undefined;
    afterFrame(() => this.precompute());
  }

  /** The audits asked and not logged yet, by deal: the sides not agreed yet (an audited or gone deal: none). */
  audits(): { deal: string; waiting: string[] }[] {
    const open = new Set(
      Object.values(this.host.state()?.hidden ?? {})
        .filter((d) => !d.audited)
        .map((d) => d.deal),
    );
    for (const deal of this.auditWaiting.keys()) if (!open.has(deal)) this.auditWaiting.delete(deal);
    for (const deal of this.auditAsked) if (!open.has(deal)) this.auditAsked.delete(deal);
    for (const deal of this.agreed) if (!open.has(deal)) this.agreed.delete(deal);
    return [...this.auditWaiting]
      .filter(([, waiting]) => waiting.length)
      .map(([deal, waiting]) => ({ deal, waiting: [...waiting] }));
  }

  /** The chits this phone drew and opened in the deals still in the game, in the order drawn. */
  mine(): MyChit[] {
    const out: MyChit[] = [];
    for (const [cup, deal] of Object.entries(this.host.state()?.hidden ?? {}))
      for (const d of deal.drawn) {
        const o = this.held.opened[`${deal.deal}/${d.pos}`];
        if (o)
          out.push({
            cup,
            deal: deal.deal,
            pos: d.pos,
            chit: deal.chits[o.index]!,
            index: o.index,
            revealed: deal.revealed[d.pos] !== undefined,
            kept: deal.revealed[d.pos] === undefined && !!deal.kept?.includes(d.pos),
          });
      }
    return out;
  }

  /** Cards this phone drew that it cannot open (lost secrets, or the chain not received yet). */
  unopened(): { cup: string; pos: number; lost: boolean }[] {
    const side = this.host.side();
    const out: { cup: string; pos: number; lost: boolean }[] = [];
    for (const [cup, deal] of Object.entries(this.host.state()?.hidden ?? {}))
      for (const d of deal.drawn)
        if (d.side === side && deal.revealed[d.pos] === undefined && !this.held.opened[`${deal.deal}/${d.pos}`])
          out.push({ cup, pos: d.pos, lost: !this.held.secrets[deal.deal] });
    return out;
  }

  /**
   * A deal with chits that may be kept face down: a card this phone opened is settled by itself at
   * once — kept (one of `keep`, proven so) or shown. Nothing to do once the log has settled it.
   */
  private settle(deal: HiddenDeal, pos: number): void {
    const o = this.held.opened[`${deal.deal}/${pos}`];
    if (!deal.keep || !o || deal.revealed[pos] !== undefined || deal.kept?.includes(pos)) return;
    if (deal.keep.includes(o.index)) this.keep(deal.deal, pos);
    else this.reveal(deal.deal, pos);
  }

  /**
   * After a reload (linked again): asks the writer again for the chains of cards drawn here and not
   * opened, and settles again a card opened here that the log has not settled (its message lost, or
   * refused).
   */
  resend(): void {
    const side = this.host.side();
    for (const deal of Object.values(this.host.state()?.hidden ?? {}))
      for (const d of deal.drawn) {
        if (d.side !== side || !this.held.secrets[deal.deal]) continue;
        if (!this.held.opened[`${deal.deal}/${d.pos}`])
          this.host.send({ t: 'hidden', op: 'resend', deal: deal.deal, pos: d.pos });
        else this.settle(deal, d.pos);
      }
  }

  /** Shows a chit this phone drew: its index and the proof go to the writer, which checks and logs them. */
  reveal(deal: string, pos: number): boolean {
    const found = this.deal(deal);
    const o = this.held.opened[`${deal}/${pos}`];
    const s = this.held.secrets[deal];
    if (!found || !o || !s) return false;
    const d = found[1];
    const c = checkChain(d.decks.at(-1)![pos]!, o.chain, keysOfDeal(d));
    if (!c.ok) return false;
    const r = reveal(c.last, o.index, chitPoints(d.deal, d.chits.length), s, this.host.random);
    return this.host.send({ t: 'hidden', op: 'reveal', deal, pos, chain: o.chain, index: r.index, proof: r.proof });
  }

  /**
   * Keeps a card this phone drew face down: the proof that it is one of the deal's `keep` chits
   * (not which) goes to the writer, which checks and logs it.
   */
  keep(deal: string, pos: number): boolean {
    const found = this.deal(deal);
    const o = this.held.opened[`${deal}/${pos}`];
    const s = this.held.secrets[deal];
    const d = found?.[1];
    if (!d?.keep?.length || !o || !s) return false;
    const c = checkChain(d.decks.at(-1)![pos]!, o.chain, keysOfDeal(d));
    if (!c.ok) return false;
    const proof = proveAmong(c.last, o.index, d.keep, chitPoints(d.deal, d.chits.length), s, this.host.random);
    if (!proof) return false;
    return this.host.send({ t: 'hidden', op: 'keep', deal, pos, chain: o.chain, proof });
  }

  /**
   * The player agrees to the audit of a deal: said to the writer. This phone's secrets for it go
   * only once every player has agreed (the writer says so), so that no device holds one side's
   * secret while another side's player withholds the audit (it would open that side's cards).
   */
  audit(deal: string): boolean {
    const s = this.held.secrets[deal];
    if (!s?.perm) return false;
    this.auditAsked.delete(deal);
    this.agreed.add(deal);
    const side = this.host.side();
    this.auditWaiting.set(
      deal,
      (this.auditWaiting.get(deal) ?? []).filter((x) => x !== side),
    );
    this.host.changed();
    return this.host.send({ t: 'hidden', op: 'agree', deal });
  }

  /**
   * The chit a card of `deal` opens to (`last`: its last partial), as sra.ts open says: looked up
   * among the deal's chits under this phone's layer once they are made (precompute), else opened.
   */
  private openCard(deal: HiddenDeal, last: string, s: Secret): number | undefined {
    const t = this.locked.get(deal.deal);
    if (t?.k === s.k) {
      const i = t.points.indexOf(last);
      if (i >= 0) return i;
      // Every chit made: the card is none of them.
      if (t.points.length === deal.chits.length) return undefined;
    }
    return open(last, s, chitPoints(deal.deal, deal.chits.length));
  }

  /** Everything this phone holds of hidden cups, as it keeps it (for the tests: what a device holds). */
  get kept(): string {
    return JSON.stringify(this.held);
  }
}

const keysOfDeal = keysOf;

/** How long a phone's work ahead waits for the chain of a card it drew (HiddenPhone.precompute). */
const PAUSE_MS = 1000;

/**
 * Once the browser's next frame is painted and the one after it has begun, at background priority:
 * a chit just opened is on the screen before the work that does not show it (issue #33). Where no
 * frame comes (a page not shown, or no browser), at background priority at once.
 */
function afterFrame(task: () => void): void {
  const g = globalThis as { requestAnimationFrame?: (cb: () => void) => unknown; document?: Document };
  const raf = g.requestAnimationFrame;
  if (raf && g.document?.visibilityState === 'visible') raf(() => raf(() => inBackground(task)));
  else inBackground(task);
}
