/**
 * Turns a log outcome into the lines a player reads: raw dice, each modifier with its source,
 * odds and column before and after shifts, the cell, the effect in plain words. Pure (no DOM), so
 * it is tested directly; the result view and the log render its lines.
 */
import type { ColumnPosition, DiceRoll, I18n, Line, Outcome, ScenarioData, TableData, TableRead } from '../engine';
import { diceLabel } from '../engine';
import type { Lang } from '../app/store';
import { formatNumber, hasKey, t, translate, tx, use } from './i18n';
import { session } from './i18n/session';
import { trust } from './i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust);

export interface Explained {
  /**
   * The headline's first line: what was read (issue #28) — the raw dice, each modifier signed (their
   * sources are in `lines`), the total read, the column before and after shifts, the code's meaning.
   * Absent for a step that reads nothing more than its dice (a plain roll), or nothing (a draw, a note).
   */
  readonly read?: string;
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

export const sideName = (lang: Lang, sides: ExplainOptions['sides'], id: string) => {
  const s = sides?.find((x) => x.id === id);
  return s ? tx(lang, s.name) : id;
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const fmt = (lang: Lang, n: number) => formatNumber(lang, Math.round(n * 100) / 100);

export function chitLabel(lang: Lang, lookup: Lookup, cupId: string, chit: string): string {
  const cup = lookup.scenario?.cups?.find((c) => c.id === cupId);
  const c = cup?.chits.find((x) => x.id === chit);
  return c ? tx(lang, c.label) : chit;
}
export function cupLabel(lang: Lang, lookup: Lookup, cupId: string): string {
  const cup = lookup.scenario?.cups?.find((c) => c.id === cupId);
  return cup ? tx(lang, cup.name) : cupId;
}

const colName = (c: ColumnPosition) => c.key;

/** Deck mode (issue #15): the roll was a card drawn from its deck; how many are left. */
const deckLines = (lang: Lang, d: DiceRoll): string[] =>
  d.deck
    ? [
        d.deck.left
          ? t(lang, 'deck.drawn', { left: d.deck.left, of: d.deck.of })
          : t(lang, 'deck.last', { of: d.deck.of }),
      ]
    : [];

/** A code with its meaning: "AL1 — Attacker loses one step"; a plain id (`rain`) is not shown, only its name. */
function meaning(lang: Lang, code: string | number, name: I18n | string | undefined): string {
  const said = tx(lang, name);
  if (!said) return String(code);
  return /^[a-z]+$/.test(String(code)) || said === String(code)
    ? said
    : t(lang, 'read.meaning', { code: String(code), name: said });
}

/** The dice as rolled, each modifier signed, and the total read (after a clamp, if the table has one). */
function rollRead(lang: Lang, roll: NonNullable<TableRead['roll']>): string {
  const d = roll.dice;
  const dice = d.dice.length ? d.dice.join(' ') : '?';
  const plain = t(lang, 'read.dice', { dice });
  const mods = roll.modifiers.filter((m) => m.value !== 0);
  const said = mods.length
    ? t(lang, d.dice.length === 1 ? 'read.modifiedOne' : 'read.modified', {
        dice,
        total: d.total,
        modifiers: mods.map((m) => signed(m.value)).join(' '),
      })
    : plain;
  if (roll.clamped) return t(lang, 'read.clamped', { roll: said, from: roll.clamped.from, value: roll.final });
  return mods.length || d.dice.length > 1 ? t(lang, 'read.at', { roll: said, value: roll.final }) : plain;
}

/** The column read on a CRT: before and after each shift (signed: −1 is one column to the left). */
function columnRead(lang: Lang, r: TableRead): string | undefined {
  const od = r.odds;
  if (!od) return undefined;
  const after = r.column ?? colName(od.after);
  if (r.automatic) return t(lang, 'read.automatic', { column: after });
  const shifts = od.shifts.filter((s) => s.applied !== 0);
  return shifts.length
    ? t(lang, 'read.shifted', {
        before: colName(od.before),
        shifts: shifts.map((s) => signed(s.applied)).join(' '),
        after,
      })
    : t(lang, 'read.column', { column: after });
}

/** One table read, in one line: dice, modifiers, total read, column, and (when given) the code's meaning. */
export function readLine(lang: Lang, r: TableRead, lookup: Lookup, said?: string): string {
  const legend = lookup.tables.get(r.tableId)?.legend?.[String(r.result)];
  const parts = [r.roll ? rollRead(lang, r.roll) : undefined, columnRead(lang, r)];
  parts.push(legend ? meaning(lang, r.result, legend.name) : (said ?? String(r.result)));
  return parts.filter(Boolean).join(' · ');
}

/** Dice rolled outside any table (a procedure's own roll): their faces, roll by roll. */
const diceRead = (lang: Lang, rolls: readonly DiceRoll[]) =>
  rolls.map((d) => t(lang, 'read.dice', { dice: d.dice.length ? d.dice.join(' ') : '?' })).join('; ');

export function explain(lang: Lang, o: Outcome, lookup: Lookup, opts: ExplainOptions = {}): Explained {
  if (o.kind === 'cup' && o.op === 'hand' && o.side && !opts.reveal) {
    const line = t(lang, 'private.given', {
      side: sideName(lang, opts.sides, o.side),
      cup: cupLabel(lang, lookup, o.cup),
    });
    return { headline: '?', summary: cupLabel(lang, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  if (o.kind === 'cup' && o.op === 'play' && o.side) {
    const chits = o.chits.map((c) => chitLabel(lang, lookup, o.cup, c)).join(', ');
    const line = t(lang, 'private.played', { side: sideName(lang, opts.sides, o.side), chits });
    return { headline: chits, summary: cupLabel(lang, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  if (o.kind === 'hidden') {
    // A hidden cup (issue #33): the log never holds a hidden chit; a reveal names it.
    const side = o.side ? sideName(lang, opts.sides, o.side) : '';
    const cup = cupLabel(lang, lookup, o.cup);
    const chit = o.chit ? chitLabel(lang, lookup, o.cup, o.chit) : '?';
    const line =
      o.op === 'deal'
        ? t(lang, 'hidden.dealt', { cup, n: o.n })
        : o.op === 'draw'
          ? t(lang, 'hidden.drawn', { side, n: o.n })
          : o.op === 'audit'
            ? o.back !== undefined
              ? t(lang, 'hidden.auditedLasting', { cup, n: o.n, back: o.back })
              : t(lang, 'hidden.audited', { cup })
            : o.op === 'refill'
              ? t(lang, 'hidden.refilled', { cup, n: o.n })
              : o.op === 'keep'
                ? t(lang, 'hidden.kept', { side, n: (o.pos ?? 0) + 1 })
                : t(lang, 'hidden.revealed', { side, chit });
    // The audit of a deal that lasts the game: each card it showed, named (they are public now).
    const shown = (o.opened ?? []).map((x) =>
      t(lang, x.kept ? 'hidden.auditToHand' : 'hidden.auditShown', {
        side: sideName(lang, opts.sides, x.side),
        n: x.pos + 1,
        chit: chitLabel(lang, lookup, o.cup, x.chit),
      }),
    );
    return {
      headline: o.op === 'reveal' ? chit : '?',
      summary: cup,
      dice: [],
      lines: [line, ...shown],
      announcement: line,
    };
  }
  if (o.kind === 'sealed') {
    // A sealed value (issue #33): the log holds its count and commitment until its owner's phone shows it.
    const side = o.side ? sideName(lang, opts.sides, o.side) : '';
    const line =
      o.op === 'commit'
        ? t(lang, 'sealed.committed', { side, n: o.n ?? 0 })
        : o.op === 'call'
          ? t(lang, 'sealed.called', { n: o.ids.length })
          : t(lang, 'sealed.revealed', { side, n: o.n ?? 0 });
    return {
      headline: o.op === 'reveal' ? String(o.n ?? '') : '?',
      summary: line,
      dice: [],
      lines: [line],
      announcement: line,
    };
  }
  if (o.kind === 'draw' && o.faceDown && !opts.reveal) {
    const line = t(lang, 'private.hidden', { side: sideName(lang, opts.sides, o.faceDown) });
    return { headline: '?', summary: cupLabel(lang, lookup, o.cup), dice: [], lines: [line], announcement: line };
  }
  switch (o.kind) {
    case 'roll': {
      const d = o.dice;
      const label = o.label ?? diceLabel(d.spec);
      const lines = [
        t(lang, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.join(', ')}` }) +
          ` (${t(lang, 'x.total', { total: d.total })})`,
      ];
      lines.push(...deckLines(lang, d));
      if (d.hits !== undefined) lines.push(t(lang, 'x.hits', { hits: d.hits, hitOn: d.hitOn! }));
      const headline = d.hits !== undefined ? String(d.hits) : String(d.total);
      const summary = d.hits !== undefined ? t(lang, 'x.hits', { hits: d.hits, hitOn: d.hitOn! }) : label;
      // A plain roll reads nothing but its dice: they and their total (or hits) are the result itself.
      return {
        headline,
        summary,
        dice: d.dice,
        ...(d.hitOn ? { hitOn: d.hitOn } : {}),
        lines,
        announcement: t(lang, 'announce.roll', { label: summary, total: headline }),
      };
    }
    case 'resolution': {
      const r = o.resolution;
      const table = lookup.tables.get(r.tableId);
      const lines: string[] = [];
      lines.push(`${table ? tx(lang, table.title) : r.tableId} — ${t(lang, 'x.rule', { rule: r.rule })}`);
      if (r.odds) {
        const od = r.odds;
        lines.push(
          od.kind === 'ratio'
            ? `${t(lang, 'x.odds', { attack: fmt(lang, od.attack), defence: fmt(lang, od.defence), quotient: fmt(lang, od.quotient) })}, ${t(lang, od.rounding === 'attacker' ? 'x.roundAttacker' : 'x.roundDefender')} (${t(lang, 'x.rule', { rule: od.rule })})`
            : t(lang, 'x.diff', {
                attack: fmt(lang, od.attack),
                defence: fmt(lang, od.defence),
                diff: fmt(lang, od.difference),
              }),
        );
        lines.push(t(lang, 'x.columnBefore', { column: colName(od.before) }));
        for (const s of od.shifts) {
          const label =
            (typeof s.label === 'string' && hasKey(s.label) ? translate(lang, s.label) : tx(lang, s.label)) +
            (s.rule ? ` (${t(lang, 'x.rule', { rule: s.rule })})` : '');
          lines.push(
            s.applied === s.amount
              ? t(lang, 'x.shift', { amount: signed(s.amount), label })
              : t(lang, 'x.shiftCapped', { amount: signed(s.amount), label, applied: signed(s.applied) }),
          );
        }
        if (od.shifts.length) lines.push(t(lang, 'x.columnAfter', { column: colName(od.after) }));
      }
      if (r.automatic) lines.push(t(lang, 'x.automatic'));
      if (r.roll) {
        const d = r.roll.dice;
        lines.push(
          t(lang, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.length ? d.dice.join(', ') : '?'}` }) +
            ` (${t(lang, 'x.total', { total: d.total })})`,
        );
        lines.push(...deckLines(lang, d));
        for (const m of r.roll.modifiers)
          lines.push(
            t(lang, 'x.modifier', { value: signed(m.value), label: tx(lang, m.label as I18n | string) }) +
              (m.rule ? ` (${t(lang, 'x.rule', { rule: m.rule })})` : ''),
          );
        if (r.roll.modifiers.length) lines.push(t(lang, 'x.modified', { value: r.roll.modified }));
        if (r.roll.clamped)
          lines.push(
            t(lang, 'x.clamped', { from: r.roll.clamped.from, to: r.roll.clamped.to, rule: r.roll.clamped.rule }),
          );
      }
      if (r.row !== undefined && r.column !== undefined) {
        let cell = t(lang, 'x.cell', { row: r.row, column: r.column, cell: String(r.result) });
        if (r.cell.origin === 'erratum')
          cell += ` — ${t(lang, 'x.corrected', { id: r.cell.erratumId ?? '', printed: String(r.cell.printed ?? '—') })}`;
        if (r.cell.origin === 'entered') cell += ` — ${t(lang, 'x.entered')}`;
        lines.push(cell);
      }
      const name = r.name ? tx(lang, r.name) : '';
      const effect = r.effect ? tx(lang, r.effect) : '';
      return {
        read: readLine(lang, r, lookup, name ? meaning(lang, r.result, name) : String(r.result)),
        headline: String(r.result),
        summary: [name, effect].filter(Boolean).join(' — '),
        dice: r.roll?.dice.dice ?? [],
        lines,
        announcement: t(lang, 'announce.result', { result: String(r.result), name: name || effect }),
        ...(r.row !== undefined && r.column !== undefined
          ? { highlight: { row: r.row, column: r.column, table: r.tableId } }
          : {}),
      };
    }
    case 'draw': {
      const chit = chitLabel(lang, lookup, o.cup, o.chit);
      const lines = [t(lang, 'x.drew', { chit, cup: cupLabel(lang, lookup, o.cup), from: o.from })];
      if (o.how === 'set-aside') lines.push(t(lang, 'x.setAside'));
      if (o.refilled) lines.push(t(lang, 'x.refilled'));
      if (o.capped)
        lines.push(t(lang, 'cap.applied', { n: o.capped.n, side: sideName(lang, opts.sides, o.capped.side) }));
      return {
        headline: chit,
        summary: cupLabel(lang, lookup, o.cup),
        dice: [],
        lines,
        announcement: t(lang, 'announce.draw', { chit }),
      };
    }
    case 'cup': {
      const chits = o.chits.map((c) => chitLabel(lang, lookup, o.cup, c)).join(', ');
      const line = t(lang, 'x.cupOp', { op: o.op, chits });
      return { headline: o.op, summary: cupLabel(lang, lookup, o.cup), dice: [], lines: [line], announcement: line };
    }
    case 'end-turn': {
      const line = t(lang, 'x.endTurn', { turn: o.turn });
      return {
        headline: t(lang, 'play.turn', { n: o.turn }),
        summary: '',
        dice: [],
        lines: [line],
        announcement: line,
      };
    }
    case 'note':
      return { headline: '', summary: o.text, dice: [], lines: [o.text], announcement: o.text };
    case 'undo': {
      const line = t(lang, 'x.undo', { steps: o.steps.join(', '), n: o.steps.length });
      return { headline: t(lang, 'kind.undo'), summary: line, dice: [], lines: [line], announcement: line };
    }
    case 'joint': {
      // Joint randomness across linked devices (issue #33): who gives a value for every roll from here on.
      const lines = [t(lang, 'x.joint', { names: o.devices.join(', '), n: o.devices.length })];
      if (o.left?.length) lines.push(t(lang, 'x.jointLeft', { names: o.left.join(', '), n: o.left.length }));
      return { headline: t(lang, 'kind.joint'), summary: lines[0]!, dice: [], lines, announcement: lines.join(' ') };
    }
    case 'balance': {
      const line = t(lang, 'x.balance', {
        deck: t(lang, o.deck ? 'balance.deckOn' : 'balance.deckOff'),
        cap: o.cap ? t(lang, 'balance.capOn', { n: o.cap }) : t(lang, 'balance.capNone'),
      });
      return { headline: t(lang, 'kind.balance'), summary: line, dice: [], lines: [line], announcement: line };
    }
    case 'procedure': {
      const rollLines = o.rolls.flatMap((d) => [
        t(lang, 'x.dice', { dice: `${diceLabel(d.spec)} → ${d.dice.join(', ')}` }) +
          ` (${t(lang, 'x.total', { total: d.total })})`,
        ...deckLines(lang, d),
      ]);
      // Parameters may be bilingual data text, or message keys (e.g. a shift's reason): both are said in lang.
      const say = (l: Line) =>
        translate(
          lang,
          l.key,
          Object.fromEntries(
            Object.entries(l.params ?? {}).map(([k, v]) => [
              k,
              typeof v === 'object' ? tx(lang, v) : typeof v === 'string' && hasKey(v) ? translate(lang, v) : v,
            ]),
          ),
        );
      const lines = o.lines.map((l) => say(l) + (l.rule ? ` (${t(lang, 'x.rule', { rule: l.rule })})` : ''));
      const title = translate(lang, `proc.${o.id}`);
      const headline = say(o.headline);
      // What was read (issue #28): each table the procedure read, else the dice it rolled; then its result.
      const reads = o.reads ?? [];
      const read = reads.length
        ? reads.map((r, k) => readLine(lang, r, lookup, k === reads.length - 1 ? headline : undefined)).join('; ')
        : o.rolls.length
          ? [diceRead(lang, o.rolls), headline].filter(Boolean).join(' · ')
          : undefined;
      return {
        ...(read ? { read } : {}),
        headline,
        summary: title,
        dice: o.rolls.flatMap((d) => d.dice),
        lines: [
          ...(o.reroll ? [t(lang, 'x.reroll', { reason: o.reroll })] : []),
          ...(o.outOfSequence ? [t(lang, 'x.outOfSequence', { reason: o.outOfSequence })] : []),
          ...rollLines,
          ...lines,
        ],
        announcement: `${title}: ${headline}. ${lines[0] ?? ''}`.trim(),
      };
    }
  }
}
