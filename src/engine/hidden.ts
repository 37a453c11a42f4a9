/**
 * Hidden cups in the log (issue #33): the public record of a cup shuffled jointly and encrypted by
 * the players' linked phones (the cryptography is src/link/hidden-cup/sra.ts; the engine never
 * loads it). The log holds only what every device may know:
 *
 * - a deal: the cup's chits in their order (chit i of the deal is the cup's i-th chit, its point
 *   derived from the deal's id), each phone's public key, and the deck after each phone's shuffle
 *   (ciphertexts only). The chits leave the plain cup: nobody draws them but through the deal.
 * - a draw: which side drew the next card (its position). Which chit it is, is in no step: only
 *   the drawer's phone opens it.
 * - a reveal: the drawer shows the chit, with the partials and the proof that it is the card
 *   drawn (checked by the writer before it is logged and by the verifier; the engine checks only
 *   that the position was drawn and is not revealed yet, and which chit the index names).
 *
 * - a keep: the drawer keeps the card face down, with the proof that it is ONE of the deal's
 *   chits that may be kept (the deal's `keep`: Grossdeutschland's black event chits, 10.3) —
 *   without saying which. A kept card may be revealed later like any other.
 *
 * - a refill (a cup whose rule puts its discard pile back when it is empty: Grossdeutschland's
 *   event cups, 10.3): once every card of the deal is drawn and settled, the cup's discard pile
 *   (public: every chit in it was shown) is appended to the same deal as a new segment — its chits
 *   after the deal's, each phone's layer on them with the SAME key (a bigger deck, as if dealt with
 *   the rest) and its own shuffle of the segment only; positions go on. A card kept face down
 *   before stays valid. The step lists the chits; anything but the discard pile is refused by name.
 *
 * At the end of the turn every drawn chit must have been revealed: the deal ends and its chits
 * not drawn go back into the plain cup (they are known as a whole: the deal's chits less those
 * revealed).
 */
import type { Cup } from './cup';
import { EngineError } from './errors';

export interface HiddenProof {
  readonly c: string;
  readonly s: string;
}
export interface HiddenPartial {
  readonly by: string;
  readonly y: string;
  readonly proof: HiddenProof;
}

/** A hidden cup's deal as every device holds it. */
export interface HiddenDeal {
  readonly deal: string;
  /** The chits in deal order (chit i's point is chitPoint(deal, i)). */
  readonly chits: readonly string[];
  /** The phones that shuffled, by side, in order, with their public keys. */
  readonly parties: readonly { readonly side: string; readonly key: string }[];
  /** The deck after each party's shuffle (the last is the deck drawn from). */
  readonly decks: readonly (readonly string[])[];
  /** Positions drawn, in order, and by whom. */
  readonly drawn: readonly { readonly pos: number; readonly side: string }[];
  /** Revealed positions: the chit index each opened to. */
  readonly revealed: Readonly<Record<number, number>>;
  /** The phones gave their secrets (the audit): nothing of this deal is hidden any more. */
  readonly audited?: true;
  /**
   * The audit of a deal that lasts the game showed every card drawn and put its chits not drawn back
   * into the plain cup (auditLasting): the deal is a record only, and the cup may be dealt afresh.
   */
  readonly closed?: true;
  /**
   * The deal lasts the game instead of the turn (Zitadelle's reinforcement boxes A–H, 13.3: each
   * chit is revealed on its box's turn): the end of a turn neither ends it nor asks its chits shown.
   */
  readonly lasting?: true;
  /**
   * The chits (indexes) a drawer may keep face down, proving only that its card is one of them
   * (a step `hidden.keep`); a card opened to any other chit is shown at once by its phone (an
   * empty list: every card is shown at once).
   */
  readonly keep?: readonly number[];
  /** Positions kept face down (each proven one of `keep`), not revealed yet or revealed since. */
  readonly kept?: readonly number[];
  /** Where each refill's segment starts (chit index = position; absent: never refilled). */
  readonly segments?: readonly number[];
}

export type HiddenAction =
  | {
      readonly type: 'hidden.deal';
      readonly cup: string;
      readonly deal: string;
      readonly parties: readonly { readonly side: string; readonly key: string }[];
      readonly decks: readonly (readonly string[])[];
      /** The deal lasts the game, not the turn (HiddenDeal.lasting). */
      readonly lasting?: true;
      /** The chits that may be kept face down (HiddenDeal.keep). */
      readonly keep?: readonly number[];
    }
  /**
   * The discard pile back into a deal drawn to its end (10.3): `chits` appended to the deal's, each
   * party's deck extended with its layer on them and its shuffle of them (`decks`, in party order,
   * each of `chits.length` cards), `keep` the new chits (their indexes in the whole deal) that may be kept.
   */
  | {
      readonly type: 'hidden.refill';
      readonly cup: string;
      readonly deal: string;
      readonly chits: readonly string[];
      readonly decks: readonly (readonly string[])[];
      /** Each party's signature of its deck (sra.ts signDeck; checked by the writer and the verifier). */
      readonly sigs: readonly HiddenProof[];
      /** The deal's next position no draw used, recorded by apply (a draw since undone burned its card: nextHiddenPos). */
      readonly next?: number;
      readonly keep?: readonly number[];
    }
  /** pos: the card drawn, recorded by apply (a position no draw used before, even one undone since). */
  | { readonly type: 'hidden.draw'; readonly cup: string; readonly side: string; readonly pos?: number }
  | {
      readonly type: 'hidden.reveal';
      readonly cup: string;
      readonly pos: number;
      readonly chain: readonly HiddenPartial[];
      readonly index: number;
      readonly proof: HiddenProof;
    }
  /**
   * The drawer keeps the card at `pos` face down: the partials (as a reveal's) and the proof that
   * its last layer hid one of the deal's `keep` chits (sra.ts proveAmong), checked by the writer
   * before it is logged and by the verifier.
   */
  | {
      readonly type: 'hidden.keep';
      readonly cup: string;
      readonly pos: number;
      readonly chain: readonly HiddenPartial[];
      readonly proof: { readonly parts: readonly HiddenProof[] };
    }
  /**
   * The audit (at the end, or after a dispute): every phone's secret scalar and permutation, given
   * with its player's agreement. It opens every chit of the deal; the verifier recomputes every
   * deck and every partial from it and names a phone that did not follow the protocol.
   */
  | {
      readonly type: 'hidden.audit';
      readonly cup: string;
      readonly secrets: readonly { readonly side: string; readonly k: string; readonly perm: readonly number[] }[];
      /**
       * A deal that lasts the game (its `lasting`): the chit each card drawn and not shown opens to,
       * read from the secrets by the writer (the verifier recomputes each). The audit ends the deal's
       * hiding: these cards are shown to everyone — a card kept face down goes to its drawer's hand,
       * named (public); any other to the discard pile as a reveal would — and the chits not drawn go
       * back into the plain cup, which is dealt afresh at its next face-down draw.
       */
      readonly opened?: readonly { readonly pos: number; readonly index: number }[];
    };

export type HiddenOutcome = {
  readonly kind: 'hidden';
  readonly cup: string;
  readonly op: 'deal' | 'draw' | 'reveal' | 'keep' | 'audit' | 'refill';
  /** deal: chits dealt; draw: chits left in the deal; end: chits back in the cup. */
  readonly n: number;
  readonly side?: string;
  readonly pos?: number;
  /** reveal: the chit shown. */
  readonly chit?: string;
  /** audit of a deal that lasts the game: the cards it showed (kept: to the drawer's hand), and the chits back in the cup. */
  readonly opened?: readonly {
    readonly pos: number;
    readonly side: string;
    readonly chit: string;
    readonly kept: boolean;
  }[];
  readonly back?: number;
};

const refuse = (key: string, params: Record<string, string | number> = {}): never => {
  throw new EngineError('hidden', { key, ...params });
};
const HEX = /^[0-9a-f]{64}$/;

/** Applies a hidden cup's step: the cup and the deal after it, and what it says. */
export function applyHidden(
  action: HiddenAction,
  cup: Cup,
  deal: HiddenDeal | undefined,
): { cup: Cup; deal: HiddenDeal | undefined; outcome: HiddenOutcome } {
  const base = { kind: 'hidden' as const, cup: action.cup };
  if (action.type === 'hidden.deal') {
    // A deal closed by its audit hides nothing any more: its cup may be dealt afresh (its record is replaced).
    if (deal && !deal.closed) refuse('hidden.err.dealt');
    if (cup.next.length) refuse('hidden.err.setAside');
    const n = cup.chits.length;
    if (!n) refuse('hidden.err.empty');
    if (!action.parties.length || action.decks.length !== action.parties.length) refuse('hidden.err.parties');
    if (new Set(action.parties.map((p) => p.side)).size !== action.parties.length) refuse('hidden.err.parties');
    if (action.parties.some((p) => !HEX.test(p.key))) refuse('hidden.err.malformed');
    if (action.decks.some((d) => d.length !== n || d.some((c) => !HEX.test(c)))) refuse('hidden.err.malformed');
    const keep = action.keep;
    if (keep && (new Set(keep).size !== keep.length || keep.some((i) => !Number.isInteger(i) || i < 0 || i >= n)))
      refuse('hidden.err.malformed');
    return {
      cup: { ...cup, chits: [] },
      deal: {
        deal: action.deal,
        chits: cup.chits,
        parties: action.parties,
        decks: action.decks,
        drawn: [],
        revealed: {},
        ...(action.lasting ? { lasting: true as const } : {}),
        ...(keep ? { keep } : {}),
      },
      outcome: { ...base, op: 'deal', n },
    };
  }
  if (!deal) return refuse('hidden.err.noDeal');
  if (action.type === 'hidden.audit') {
    const sides = action.secrets.map((x) => x.side);
    if (
      sides.length !== deal.parties.length ||
      deal.parties.some((p) => !sides.includes(p.side)) ||
      action.secrets.some((x) => !HEX.test(x.k) || x.perm.length !== deal.chits.length)
    )
      refuse('hidden.err.malformed');
    if (deal.audited) refuse('hidden.err.audited');
    if (action.opened) return auditLasting(action.cup, action.opened, cup, deal);
    return { cup, deal: { ...deal, audited: true }, outcome: { ...base, op: 'audit', n: deal.chits.length } };
  }
  if (action.type === 'hidden.refill') return refill(action, cup, deal);
  if (action.type === 'hidden.draw') {
    const pos = action.pos ?? deal.drawn.length;
    if (pos >= deal.chits.length) refuse('hidden.err.empty');
    if (!Number.isInteger(pos) || pos < 0 || deal.drawn.some((d) => d.pos >= pos)) refuse('hidden.err.malformed');
    if (!deal.parties.some((p) => p.side === action.side)) refuse('hidden.err.notParty', { side: action.side });
    // After the audit every card can be opened by anyone: no draw from it is hidden any more.
    if (deal.audited) refuse('hidden.err.audited');
    return {
      cup,
      deal: { ...deal, drawn: [...deal.drawn, { pos, side: action.side }] },
      outcome: { ...base, op: 'draw', n: deal.chits.length - pos - 1, side: action.side, pos },
    };
  }
  const d = deal.drawn.find((x) => x.pos === action.pos);
  if (!d) return refuse('hidden.err.notDrawn', { pos: action.pos });
  if (deal.revealed[action.pos] !== undefined) refuse('hidden.err.revealed', { pos: action.pos });
  if (action.type === 'hidden.keep') {
    if (!deal.keep?.length) refuse('hidden.err.noKeep');
    if (deal.kept?.includes(action.pos)) refuse('hidden.err.kept', { pos: action.pos });
    if (action.proof.parts.length !== deal.keep!.length) refuse('hidden.err.malformed');
    return {
      cup,
      deal: { ...deal, kept: [...(deal.kept ?? []), action.pos] },
      outcome: { ...base, op: 'keep', n: (deal.kept?.length ?? 0) + 1, side: d.side, pos: action.pos },
    };
  }
  if (!Number.isInteger(action.index) || action.index < 0 || action.index >= deal.chits.length)
    refuse('hidden.err.malformed');
  if (Object.values(deal.revealed).includes(action.index)) refuse('hidden.err.twice');
  const chit = deal.chits[action.index]!;
  return {
    cup: { ...cup, discard: [...cup.discard, chit] },
    deal: { ...deal, revealed: { ...deal.revealed, [action.pos]: action.index } },
    outcome: { ...base, op: 'reveal', n: deal.chits.length - deal.drawn.length, side: d.side, pos: action.pos, chit },
  };
}

/**
 * The audit of a deal that lasts the game (Grossdeutschland's event cups, Zitadelle's boxes A–H):
 * every card drawn and not shown yet is shown (`opened`: exactly those positions, each a distinct
 * chit not shown before). A card kept face down goes, named, to its drawer's hand (its chit is the
 * hand's, as a black chit shown and not yet played was: `refillOf`'s held chits move there too); any
 * other card drawn goes to the discard pile, as its reveal would. The chits no card shows go back
 * into the plain cup: their order is public now, so they are dealt afresh at the next face-down draw.
 */
function auditLasting(
  cupId: string,
  opened: readonly { readonly pos: number; readonly index: number }[],
  cup: Cup,
  deal: HiddenDeal,
): { cup: Cup; deal: HiddenDeal; outcome: HiddenOutcome } {
  if (!deal.lasting) refuse('hidden.err.malformed');
  const open = deal.drawn.filter((d) => deal.revealed[d.pos] === undefined);
  const shown = new Set(Object.values(deal.revealed));
  if (
    opened.length !== open.length ||
    new Set(opened.map((o) => o.pos)).size !== opened.length ||
    new Set(opened.map((o) => o.index)).size !== opened.length ||
    opened.some(
      (o) =>
        !open.some((d) => d.pos === o.pos) ||
        !Number.isInteger(o.index) ||
        o.index < 0 ||
        o.index >= deal.chits.length ||
        shown.has(o.index),
    )
  )
    refuse('hidden.err.auditOpened');
  const hands: Record<string, string[]> = Object.fromEntries(
    Object.entries(cup.hands).map(([side, h]) => [side, [...h]]),
  );
  const toHand = (side: string, chit: string) => (hands[side] = [...(hands[side] ?? []), chit]);
  const discard = [...cup.discard];
  // Kept cards shown before and not played yet (their chits in the discard pile, held): to the hand.
  for (const pos of deal.kept ?? []) {
    const index = deal.revealed[pos];
    const at = index === undefined ? -1 : discard.lastIndexOf(deal.chits[index]!);
    if (at < 0) continue;
    toHand(deal.drawn.find((d) => d.pos === pos)!.side, discard.splice(at, 1)[0]!);
  }
  const revealed: Record<number, number> = { ...deal.revealed };
  for (const o of opened) {
    const chit = deal.chits[o.index]!;
    revealed[o.pos] = o.index;
    if (deal.kept?.includes(o.pos)) toHand(deal.drawn.find((d) => d.pos === o.pos)!.side, chit);
    else discard.push(chit);
  }
  const used = new Set(Object.values(revealed));
  const back = deal.chits.filter((_, i) => !used.has(i));
  const shownNow = opened.map((o) => ({
    pos: o.pos,
    side: deal.drawn.find((d) => d.pos === o.pos)!.side,
    chit: deal.chits[o.index]!,
    kept: !!deal.kept?.includes(o.pos),
  }));
  return {
    cup: { ...cup, chits: [...cup.chits, ...back], discard, hands },
    deal: { ...deal, revealed, audited: true, closed: true },
    outcome: { kind: 'hidden', cup: cupId, op: 'audit', n: opened.length, opened: shownNow, back: back.length },
  };
}

/**
 * 10.3 (seed 000 line 518): "Una vez jugadas todas, no obstante, todas las fichas de eventos de la
 * pila de descartadas se devuelven al recipiente." Only when the deal is drawn to its end and every
 * card drawn is settled (shown or kept face down); the chits are exactly the discard pile.
 */
function refill(
  action: Extract<HiddenAction, { type: 'hidden.refill' }>,
  cup: Cup,
  deal: HiddenDeal,
): { cup: Cup; deal: HiddenDeal; outcome: HiddenOutcome } {
  if (action.deal !== deal.deal) refuse('hidden.err.refillDeal');
  if (deal.audited) refuse('hidden.err.audited');
  const n = deal.chits.length;
  // Drawn to its end: the last card drawn, or burned by a draw since undone (its drawer saw it).
  const next = Math.max(action.next ?? 0, (deal.drawn.at(-1)?.pos ?? -1) + 1);
  if (next < n) refuse('hidden.err.refillNotEmpty', { n: n - next });
  const open = deal.drawn.find((d) => deal.revealed[d.pos] === undefined && !deal.kept?.includes(d.pos));
  if (open) refuse('hidden.err.refillUnsettled', { pos: open.pos + 1 });
  // The discard pile, as a multiset: a chit not in it (or once too often) is named, and so is one left out.
  const { chits: pile, held } = refillOf(cup, deal);
  for (const c of action.chits) {
    const at = pile.indexOf(c);
    if (at < 0) refuse('hidden.err.refillNotDiscarded', { chit: c });
    pile.splice(at, 1);
  }
  if (pile.length) refuse('hidden.err.refillLeftOut', { chit: pile[0]! });
  const m = action.chits.length;
  if (!m) refuse('hidden.err.refillNothing');
  if (action.decks.length !== deal.parties.length || action.sigs.length !== deal.parties.length)
    refuse('hidden.err.parties');
  if (action.decks.some((d) => d.length !== m || d.some((c) => !HEX.test(c)))) refuse('hidden.err.malformed');
  const keep = action.keep ?? [];
  if (new Set(keep).size !== keep.length || keep.some((i) => !Number.isInteger(i) || i < n || i >= n + m))
    refuse('hidden.err.malformed');
  if (keep.length && !deal.keep) refuse('hidden.err.noKeep');
  return {
    cup: { ...cup, discard: held },
    deal: {
      ...deal,
      chits: [...deal.chits, ...action.chits],
      decks: deal.decks.map((d, i) => [...d, ...action.decks[i]!]),
      ...(deal.keep ? { keep: [...deal.keep, ...keep] } : {}),
      segments: [...(deal.segments ?? []), n],
    },
    outcome: { kind: 'hidden', cup: action.cup, op: 'refill', n: m },
  };
}

/**
 * What a refill puts back into a deal: the cup's discard pile, less the chits shown from cards kept
 * face down that are still in it (a kept card shown is its drawer's, in hand, until the game spends
 * it: Grossdeutschland's black chit, 10.3 line 520, never goes back into the cup). `held`: those.
 */
export function refillOf(cup: Cup, deal: HiddenDeal): { chits: string[]; held: string[] } {
  const chits = [...cup.discard];
  const held: string[] = [];
  for (const pos of deal.kept ?? []) {
    const index = deal.revealed[pos];
    const at = index === undefined ? -1 : chits.lastIndexOf(deal.chits[index]!);
    if (at >= 0) held.push(...chits.splice(at, 1));
  }
  return { chits, held };
}

/** The next position of a cup's deal that no draw has used, counting draws since undone (their drawer saw them). */
export function nextHiddenPos(log: readonly LoggedStep[], cup: string): number {
  let next = 0;
  for (const e of log) {
    const a: { readonly type: string; readonly cup?: unknown } = e.action;
    const o: { readonly kind: string; readonly op?: unknown; readonly cup?: unknown; readonly pos?: unknown } =
      e.outcome;
    if (a.type === 'hidden.deal' && a.cup === cup && !e.undone) next = 0;
    else if (o.kind === 'hidden' && o.op === 'draw' && o.cup === cup && typeof o.pos === 'number')
      next = Math.max(next, o.pos + 1);
  }
  return next;
}
/** A step of the log as nextHiddenPos reads it (the log's own type lives in session-types.ts, which names these). */
interface LoggedStep {
  readonly undone: boolean;
  readonly action: { readonly type: string };
  readonly outcome: { readonly kind: string };
}

/**
 * End of turn with a deal: every drawn chit must have been revealed; the deal ends and the chits
 * not drawn go back into the plain cup.
 */
export function endDeal(cup: Cup, deal: HiddenDeal): Cup {
  const hidden = deal.drawn.find((d) => deal.revealed[d.pos] === undefined);
  if (hidden) refuse('hidden.err.unrevealed', { pos: hidden.pos });
  const left = deal.chits.filter((_, i) => !Object.values(deal.revealed).includes(i));
  return { ...cup, chits: [...cup.chits, ...left] };
}
