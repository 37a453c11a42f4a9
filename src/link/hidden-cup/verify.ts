/**
 * Verifies a game's hidden cup steps (issue #33), for the app's import and `npm run verify`: every
 * deal's decks hold distinct points of the curve, and every reveal is the card drawn — its partials
 * each proven by the side that sent it, and the drawer's proof that its last layer hid the chit
 * shown. The chits still hidden are only ciphertexts: nothing here (or in the file) opens them.
 * The shuffle itself is checked by the audit (./sra.ts auditShuffle), with the phones' secrets.
 */
import { issueMessage, type HiddenPartial, type Issue, type LogEntry } from '../../engine';

export type HiddenCheck =
  | {
      readonly ok: true;
      readonly deals: number;
      readonly revealed: number;
      readonly hidden: number;
      /** Deals whose shuffle was audited from the phones' secrets in the log. */
      readonly audited: number;
      /** Cards kept face down, each proven one of its deal's chits that may be kept (absent: none). */
      readonly kept?: number;
    }
  | {
      readonly ok: false;
      readonly seq: number;
      readonly why: 'deck' | 'reveal' | 'keep' | 'audit' | 'auditOpened' | 'refill';
      readonly side?: string;
      /** audit: what the named phone did not do as the protocol says (sra.ts AuditResult). */
      readonly what?: string;
      /**
       * auditOpened: the card (1-based) that the audit of a deal lasting the game shows as a chit the
       * phones' secrets do not open it to — the step is the writer's (the table's), not a phone's.
       */
      readonly card?: number;
    };

/** Whether a log has hidden cup steps (the check loads the curve only then). */
export const hasHidden = (log: readonly LogEntry[]): boolean => log.some((e) => e.action.type.startsWith('hidden.'));

export async function checkHiddenLog(log: readonly LogEntry[]): Promise<HiddenCheck> {
  const { auditShuffle, checkAmong, checkChain, checkDeckSig, checkReveal, chitPoints, pointOf } =
    await import('./sra');
  interface Deal {
    deal: string;
    n: number;
    keys: Record<string, string>;
    order: string[];
    deck: readonly string[];
    decks: readonly (readonly string[])[];
    /** Refills (the discard pile back in, 10.3): their decks, each signed by the phone that made it. */
    refills: number;
    drawn: Map<number, string>;
    revealed: number;
    chains: { pos: number; drawer: string; chain: readonly HiddenPartial[] }[];
    lasting: boolean;
    keep?: readonly number[];
  }
  const deals = new Map<string, Deal>();
  let dealt = 0,
    revealed = 0,
    hidden = 0,
    audited = 0,
    kept = 0;
  for (const e of log) {
    if (e.undone) continue;
    const a = e.action;
    if (a.type === 'end-turn') {
      // A deal that lasts the game (Zitadelle's boxes, 13.3) goes on past the turn.
      for (const [cup, d] of deals)
        if (!d.lasting) {
          hidden += d.drawn.size - d.revealed;
          deals.delete(cup);
        }
    }
    if (a.type === 'hidden.deal') {
      const bad = a.decks.findIndex((d) => new Set(d).size !== d.length || d.some((c) => !pointOf(c)));
      if (bad >= 0) return { ok: false, seq: e.seq, why: 'deck', side: a.parties[bad]?.side ?? '' };
      // The cup dealt afresh after its audit closed the deal before (hidden.ts auditLasting).
      const was = deals.get(a.cup);
      if (was) hidden += was.drawn.size - was.revealed;
      dealt++;
      deals.set(a.cup, {
        deal: a.deal,
        n: a.decks[0]!.length,
        keys: Object.fromEntries(a.parties.map((p) => [p.side, p.key])),
        order: a.parties.map((p) => p.side),
        deck: a.decks.at(-1)!,
        decks: a.decks,
        drawn: new Map(),
        revealed: 0,
        chains: [],
        lasting: !!a.lasting,
        refills: 0,
        ...(a.keep ? { keep: a.keep } : {}),
      });
    } else if (a.type === 'hidden.refill') {
      // A refill (10.3): each phone's deck of the segment, distinct points, signed by that phone.
      const d = deals.get(a.cup);
      if (!d || d.deal !== a.deal) return { ok: false, seq: e.seq, why: 'refill' };
      const bad = d.order.findIndex((side, i) => {
        const deck = a.decks[i];
        return (
          !deck ||
          new Set(deck).size !== deck.length ||
          deck.some((c) => !pointOf(c)) ||
          !a.sigs[i] ||
          !checkDeckSig(d.deal, d.n, deck, d.keys[side]!, a.sigs[i]!)
        );
      });
      if (bad >= 0) return { ok: false, seq: e.seq, why: 'refill', side: d.order[bad] };
      d.n += a.chits.length;
      d.decks = d.decks.map((x, i) => [...x, ...a.decks[i]!]);
      d.deck = d.decks.at(-1)!;
      if (a.keep?.length) d.keep = [...(d.keep ?? []), ...a.keep];
      d.refills++;
    } else if (a.type === 'hidden.draw' && e.outcome.kind === 'hidden') {
      deals.get(a.cup)?.drawn.set(e.outcome.pos!, a.side);
    } else if (a.type === 'hidden.reveal') {
      const d = deals.get(a.cup);
      const side = d?.drawn.get(a.pos);
      if (!d || !side) return { ok: false, seq: e.seq, why: 'reveal' };
      const order = d.order.filter((s) => s !== side);
      const c = checkChain(d.deck[a.pos]!, a.chain, d.keys);
      if (!c.ok) return { ok: false, seq: e.seq, why: 'reveal', side: c.by };
      if (a.chain.length !== order.length || a.chain.some((p, i) => p.by !== order[i]))
        return { ok: false, seq: e.seq, why: 'reveal', side };
      if (!checkReveal(c.last, d.keys[side]!, { index: a.index, proof: a.proof }, chitPoints(d.deal, d.n)))
        return { ok: false, seq: e.seq, why: 'reveal', side };
      d.revealed++;
      d.chains.push({ pos: a.pos, drawer: side, chain: a.chain });
      revealed++;
    } else if (a.type === 'hidden.keep') {
      // A card kept face down: its partials, and the drawer's proof that it is one of the deal's `keep` chits.
      const d = deals.get(a.cup);
      const side = d?.drawn.get(a.pos);
      if (!d || !side || !d.keep) return { ok: false, seq: e.seq, why: 'keep' };
      const order = d.order.filter((s) => s !== side);
      const c = checkChain(d.deck[a.pos]!, a.chain, d.keys);
      if (!c.ok) return { ok: false, seq: e.seq, why: 'keep', side: c.by };
      if (a.chain.length !== order.length || a.chain.some((p, i) => p.by !== order[i]))
        return { ok: false, seq: e.seq, why: 'keep', side };
      if (!checkAmong(c.last, d.keys[side]!, d.keep, a.proof, chitPoints(d.deal, d.n)))
        return { ok: false, seq: e.seq, why: 'keep', side };
      d.chains.push({ pos: a.pos, drawer: side, chain: a.chain });
      kept++;
    } else if (a.type === 'hidden.audit') {
      const d = deals.get(a.cup);
      if (!d) return { ok: false, seq: e.seq, why: 'audit' };
      const transcript = {
        deal: d.deal,
        n: d.n,
        parties: d.order.map((s) => ({ name: s, key: d.keys[s]! })),
        decks: d.decks,
        draws: d.chains,
      };
      const r = auditShuffle(transcript, Object.fromEntries(a.secrets.map((x) => [x.side, { k: x.k, perm: x.perm }])));
      if (!r.ok) return { ok: false, seq: e.seq, why: 'audit', side: r.by, what: r.what };
      // A deal that lasts the game: each card the audit shows is the chit the secrets open it to.
      if (a.opened) {
        const wrong = a.opened.find((o) => r.order[o.pos] !== o.index || !d.drawn.has(o.pos));
        if (wrong) return { ok: false, seq: e.seq, why: 'auditOpened', card: wrong.pos + 1 };
        d.revealed += a.opened.length;
        revealed += a.opened.length;
      }
      audited++;
    }
  }
  for (const d of deals.values()) hidden += d.drawn.size - d.revealed;
  return { ok: true, deals: dealt, revealed, hidden, audited, ...(kept ? { kept } : {}) };
}

/** The hidden cup check as issues of the game file (none: it holds, or the log has no hidden step). */
export async function hiddenIssues(log: readonly LogEntry[]): Promise<Issue[]> {
  if (!hasHidden(log)) return [];
  const c = await checkHiddenLog(log);
  if (c.ok) return [];
  const code =
    c.why === 'deck'
      ? 'hidden-deck'
      : c.why === 'audit'
        ? 'hidden-audit'
        : c.why === 'auditOpened'
          ? 'hidden-audit-opened'
          : c.why === 'keep'
            ? 'hidden-keep'
            : c.why === 'refill'
              ? 'hidden-refill'
              : 'hidden-reveal';
  const params = { side: c.side ?? '?', what: c.what ?? '', card: c.card ?? 0 };
  return [
    {
      path: `$.session.log[${c.seq - 1}] (step ${c.seq})`,
      code,
      params,
      message: issueMessage({ path: '', code, params }),
    },
  ];
}
