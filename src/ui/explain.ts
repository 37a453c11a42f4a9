/**
 * Turns a log outcome into the lines a player reads: raw dice, each modifier with its source,
 * odds and column before and after shifts, the cell, the effect in plain words. Pure (no DOM), so
 * it is tested directly; the result view and the log render its lines.
 */
import type { ColumnPosition, DiceRoll, I18n, Line, Outcome, ScenarioData, TableData } from '../engine';
import { diceLabel } from '../engine';
import type { Lang } from '../app/store';
import { formatNumber, hasKey, t, tx, use } from './i18n';
import { session } from './i18n/session';
import { trust } from './i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust);

export interface Explained {
  /** Big text: the result code or total. */
  readonly headline: string;
  /** Its name / effect in plain words. */
  readonly summary: string;
  readonly dice: readonly number[];
  readonly hitOn?: number;
  readonly lines: readonly string[];
  /** What the live region says. */
  readonly announcement: string;
  readonly highlight?: { row: string; column: string; table: string };
}

export interface Lookup {
  readonly tables: ReadonlyMap<string, TableData>;
  readonly scenario?: ScenarioData;
}

export interface ExplainOptions {
  /** Names of the sides, for private information. */
  readonly sides?: readonly { id: string; name: I18n }[];
  /** Show a face-down chit (only after the hand-off confirmation). */
  readonly reveal?: boolean;
}

export const sideName = (L: Lang, sides: ExplainOptions['sides'], id: string) => {
  const s = sides?.find((x) => x.id === id);
  return s ? tx(L, s.name) : id;
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const fmt = (L: Lang, n: number) => formatNumber(L, Math.round(n * 100) / 100);

export function chitLabel(L: Lang, lookup: Lookup, cupId: string, chit: string): string {
  const cup = lookup.scenario?.cups?.find((c) => c.id === cupId);
  const c = cup?.chits.find((x) => x.id === chit);
  return c ? tx(L, c.label) : chit;
}
export function cupLabel(L: Lang, lookup: Lookup, cupId: string): string {
  const cup = lookup.scenario?.cups?.find((c) => c.id === cupId);
  return cup ? tx(L, cup.name) : cupId;
}

const colName = (c: ColumnPosition) => c.key;

/** Deck mode (issue #15): the roll was a card drawn from its deck; how many are left. */
const deckLines = (L: Lang, d: DiceRoll): string[] =>
  d.deck
    ? [d.deck.left ? t(L, 'deck.drawn', { left: d.deck.left, of: d.deck.of }) : t(L, 'deck.last', { of: d.deck.of })]
    : [];

export function explain(L: Lang, o: Outcome, lookup: Lookup, opts: ExplainOptions = {}): Explained {
  if (o.kind === 'cup' && o.op === 'hand' && o.side && !opts.reveal) {
    const line = t(L, 'private.given', { side: sideName(L, opts.sides, o.side), cup: cupLabel(L, lookup, o.cup) });
    return { headline: '?', summary: cupLabel(L, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  if (o.kind === 'cup' && o.op === 'play' && o.side) {
    const chits = o.chits.map((c) => chitLabel(L, lookup, o.cup, c)).join(', ');
    const line = t(L, 'private.played', { side: sideName(L, opts.sides, o.side), chits });
    return { headline: chits, summary: cupLabel(L, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  if (o.kind === 'draw' && o.faceDown && !opts.reveal) {
    const line = t(L, 'private.hidden', { side: sideName(L, opts.sides, o.faceDown) });
    return { headline: '?', summary: cupLabel(L, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  switch (o.kind) {
    case 'roll': {
      const d = o.dice;
      const label = o.label ?? diceLabel(d.spec);
      const lines = [
        t(L, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.join(', ')}` }) +
          ` (${t(L, 'x.total', { total: d.total })})`,
      ];
      lines.push(...deckLines(L, d));
      if (d.hits !== undefined) lines.push(t(L, 'x.hits', { hits: d.hits, hitOn: d.hitOn! }));
      const headline = d.hits !== undefined ? String(d.hits) : String(d.total);
      const summary = d.hits !== undefined ? t(L, 'x.hits', { hits: d.hits, hitOn: d.hitOn! }) : label;
      return {
        headline,
        summary,
        dice: d.dice,
        ...(d.hitOn ? { hitOn: d.hitOn } : {}),
        lines,
        announcement: t(L, 'announce.roll', { label: summary, total: headline }),
      };
    }
    case 'resolution': {
      const r = o.resolution;
      const table = lookup.tables.get(r.tableId);
      const lines: string[] = [];
      lines.push(`${table ? tx(L, table.title) : r.tableId} — ${t(L, 'x.rule', { rule: r.rule })}`);
      if (r.odds) {
        const od = r.odds;
        lines.push(
          od.kind === 'ratio'
            ? `${t(L, 'x.odds', { attack: fmt(L, od.attack), defence: fmt(L, od.defence), quotient: fmt(L, od.quotient) })}, ${t(L, od.rounding === 'attacker' ? 'x.roundAttacker' : 'x.roundDefender')} (${t(L, 'x.rule', { rule: od.rule })})`
            : t(L, 'x.diff', { attack: fmt(L, od.attack), defence: fmt(L, od.defence), diff: fmt(L, od.difference) }),
        );
        lines.push(t(L, 'x.columnBefore', { column: colName(od.before) }));
        for (const s of od.shifts) {
          const label =
            (typeof s.label === 'string' && hasKey(s.label) ? t(L, s.label) : tx(L, s.label)) +
            (s.rule ? ` (${t(L, 'x.rule', { rule: s.rule })})` : '');
          lines.push(
            s.applied === s.amount
              ? t(L, 'x.shift', { amount: signed(s.amount), label })
              : t(L, 'x.shiftCapped', { amount: signed(s.amount), label, applied: signed(s.applied) }),
          );
        }
        if (od.shifts.length) lines.push(t(L, 'x.columnAfter', { column: colName(od.after) }));
      }
      if (r.automatic) lines.push(t(L, 'x.automatic'));
      if (r.roll) {
        const d = r.roll.dice;
        lines.push(
          t(L, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.length ? d.dice.join(', ') : '?'}` }) +
            ` (${t(L, 'x.total', { total: d.total })})`,
        );
        lines.push(...deckLines(L, d));
        for (const m of r.roll.modifiers)
          lines.push(
            t(L, 'x.modifier', { value: signed(m.value), label: tx(L, m.label as I18n | string) }) +
              (m.rule ? ` (${t(L, 'x.rule', { rule: m.rule })})` : ''),
          );
        if (r.roll.modifiers.length) lines.push(t(L, 'x.modified', { value: r.roll.modified }));
        if (r.roll.clamped)
          lines.push(
            t(L, 'x.clamped', { from: r.roll.clamped.from, to: r.roll.clamped.to, rule: r.roll.clamped.rule }),
          );
      }
      if (r.row !== undefined && r.column !== undefined) {
        let cell = t(L, 'x.cell', { row: r.row, column: r.column, cell: String(r.result) });
        if (r.cell.origin === 'erratum')
          cell += ` — ${t(L, 'x.corrected', { id: r.cell.erratumId ?? '', printed: String(r.cell.printed ?? '—') })}`;
        if (r.cell.origin === 'entered') cell += ` — ${t(L, 'x.entered')}`;
        lines.push(cell);
      }
      const name = r.name ? tx(L, r.name) : '';
      const effect = r.effect ? tx(L, r.effect) : '';
      return {
        headline: String(r.result),
        summary: [name, effect].filter(Boolean).join(' — '),
        dice: r.roll?.dice.dice ?? [],
        lines,
        announcement: t(L, 'announce.result', { result: String(r.result), name: name || effect }),
        ...(r.row !== undefined && r.column !== undefined
          ? { highlight: { row: r.row, column: r.column, table: r.tableId } }
          : {}),
      };
    }
    case 'draw': {
      const chit = chitLabel(L, lookup, o.cup, o.chit);
      const lines = [t(L, 'x.drew', { chit, cup: cupLabel(L, lookup, o.cup), from: o.from })];
      if (o.how === 'set-aside') lines.push(t(L, 'x.setAside'));
      if (o.refilled) lines.push(t(L, 'x.refilled'));
      if (o.capped) lines.push(t(L, 'cap.applied', { n: o.capped.n, side: sideName(L, opts.sides, o.capped.side) }));
      return {
        headline: chit,
        summary: cupLabel(L, lookup, o.cup),
        dice: [],
        lines,
        announcement: t(L, 'announce.draw', { chit }),
      };
    }
    case 'cup': {
      const chits = o.chits.map((c) => chitLabel(L, lookup, o.cup, c)).join(', ');
      const line = t(L, 'x.cupOp', { op: o.op, chits });
      return { headline: o.op, summary: cupLabel(L, lookup, o.cup), dice: [], lines: [line], announcement: line };
    }
    case 'end-turn': {
      const line = t(L, 'x.endTurn', { turn: o.turn });
      return { headline: t(L, 'play.turn', { n: o.turn }), summary: '', dice: [], lines: [line], announcement: line };
    }
    case 'note':
      return { headline: '', summary: o.text, dice: [], lines: [o.text], announcement: o.text };
    case 'balance': {
      const line = t(L, 'x.balance', {
        deck: t(L, o.deck ? 'balance.deckOn' : 'balance.deckOff'),
        cap: o.cap ? t(L, 'balance.capOn', { n: o.cap }) : t(L, 'balance.capNone'),
      });
      return { headline: t(L, 'kind.balance'), summary: line, dice: [], lines: [line], announcement: line };
    }
    case 'procedure': {
      const rollLines = o.rolls.flatMap((d) => [
        t(L, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.join(', ')}` }) +
          ` (${t(L, 'x.total', { total: d.total })})`,
        ...deckLines(L, d),
      ]);
      // Parameters may be bilingual data text, or message keys (e.g. a shift's reason): both are said in L.
      const say = (l: Line) =>
        t(
          L,
          l.key,
          Object.fromEntries(
            Object.entries(l.params ?? {}).map(([k, v]) => [
              k,
              typeof v === 'object' ? tx(L, v) : typeof v === 'string' && hasKey(v) ? t(L, v) : v,
            ]),
          ),
        );
      const lines = o.lines.map((l) => say(l) + (l.rule ? ` (${t(L, 'x.rule', { rule: l.rule })})` : ''));
      const title = t(L, `proc.${o.id}`);
      const headline = say(o.headline);
      return {
        headline,
        summary: title,
        dice: o.rolls.flatMap((d) => d.dice),
        lines: [...(o.reroll ? [t(L, 'x.reroll', { reason: o.reroll })] : []), ...rollLines, ...lines],
        announcement: `${title}: ${headline}. ${lines[0] ?? ''}`.trim(),
      };
    }
  }
}
