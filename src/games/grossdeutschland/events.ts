/**
 * Grossdeutschland's event chits (10.3, 10.7, 13.2, 14.1; digest §3.3, §6). Each side has an event
 * cup and black chits in hand. In every normal attack the attacker, then the defender, draws one
 * chit; a No-Night chit at Night and an air chit in any weather but Sunny are discarded; a chit
 * whose printed canceller names the other side's chit cancels it; a black chit goes to the hand and
 * may be played (now or later) to cancel the opposing chit it names, and is then gone for good;
 * AA/Flak may cancel an air chit. The surviving chits' modifiers are added to the attack's roll.
 *
 * The chits' names and values are printed on the counters, not in the text (gd-event-chits is a
 * chart the players fill in). With a manifest the app is the cups ("app" mode: the scenario's cups
 * are filled at random from it); without one the players draw from their physical cups and type in
 * what they drew ("table" mode). The black chits in hand come from the scenario in both modes.
 *
 * Between the players' phones (issue #33, app mode with each side's phone linked) each event cup
 * is a hidden cup dealt for the game (src/engine/hidden.ts): its `keep` chits are its black ones.
 * An attack's draw for a side is a `hidden.draw` that only that side's phone opens; the phone
 * shows a red or blue chit at once (its proof checked by every device) and keeps a black chit
 * face down with the proof that it is one of the cup's black chits, not which (10.3: the black
 * chit goes to the hand; the other player sees a count, as at the table). The draw step
 * (`hidden: {german: pos, soviet: pos}`) then reads both cards from the deals and the rules go
 * on as below. Playing a kept chit later: its phone shows it (proven the card kept), then the
 * black step (`pos`) cancels and spends it for good.
 */
import type { HiddenDeal } from '../../engine';
import {
  createCup,
  drawManual,
  effectiveCell,
  gameProcedures,
  giveToHand,
  playFromHand,
  stateSlice,
  type Cup,
  type EnteredCells,
  type GameState,
  type Json,
  type Line,
  type Procedure,
  type ScenarioData,
  type TableData,
  asJson,
} from '../../engine';
import { bool, int, need, needTurn, needWeather, obj, save, side, signed, turnTypeOf, weatherOf } from './state';
import type { Side, TurnType, WeatherCode } from './state';

export type Colour = 'blue' | 'red' | 'black';
export interface EventChit {
  readonly name: string;
  readonly colour: Colour;
  /** Blue negative (helps the attacker), red positive; black 0. */
  readonly modifier: number;
  /** The name of the chit this one cancels. */
  readonly cancels?: string;
  readonly noNight?: boolean;
  /** Air attack or bombing/strafing (14.1, 10.7). */
  readonly air?: boolean;
  /** How many such counters (manifest only). */
  readonly count?: number;
  /**
   * A black chit with the cancellation icon on its back (15.0, seed 000 line 787): the fortification
   * whose die penalty it cancels when played in an attack on a fortification hex ('any': the player names it).
   */
  readonly fortification?: Fortification | 'any';
}

export type Fortification = 'trench' | 'minefield' | 'dragonsTeeth' | 'bunker';
export const FORTIFICATIONS: readonly Fortification[] = ['trench', 'minefield', 'dragonsTeeth', 'bunker'];
/** The manifest's "cancels a fortification" cell, in English or Spanish; blank or "no": none. */
export function fortificationOf(text: string): Fortification | 'any' | undefined {
  const v = norm(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '');
  if (!v || /^(no|-)$/.test(v)) return undefined;
  if (/^(yes|y|si|s|x|any|all|cualquiera|todas)$/.test(v)) return 'any';
  if (/^(trench|trinchera)/.test(v)) return 'trench';
  if (/^(minefield|campo de minas|minas)/.test(v)) return 'minefield';
  if (/^(dragons teeth|dientes de dragon|dragon)/.test(v)) return 'dragonsTeeth';
  if (/^(bunker)/.test(v)) return 'bunker';
  return undefined;
}

export type ChitStatus = 'active' | 'black' | 'no-night' | 'weather' | 'cancelled' | 'aa' | 'unknown';

/**
 * A counter the app holds in its cups but whose printed values the players have not typed yet (a
 * partial manifest): named by colour and number, e.g. "?blue 3". Drawn, it is read off a physical
 * counter of that colour and typed once ('gd.events.name'); from then on the app knows it.
 */
export const placeholder = (colour: Colour, k: number) => `?${colour} ${k}`;
export const isPlaceholder = (name: string) => /^\?(blue|red|black) \d+$/.test(name);
const placeholderColour = (name: string) => name.slice(1).split(' ')[0] as Colour;
export interface PendingChit {
  readonly side: Side;
  readonly chit: EventChit;
  readonly status: ChitStatus;
  readonly by?: string;
}
/** The chits of the attack being fought (10.1 step 3), until 'gd.combat' resolves it. */
export interface Pending {
  readonly turn: number;
  readonly attacker: Side;
  readonly chits: readonly PendingChit[];
  /** Fortification penalties cancelled by black chits played in this attack (15.0), with the chit's name. */
  readonly fortCancelled?: readonly { readonly fortification: Fortification; readonly by: string }[];
}

export interface EventsState {
  readonly mode: 'app' | 'table';
  /** What is known about each chit, by lower-case name: the manifest, the scenario's black chits, chits typed in. */
  readonly known: Readonly<Record<string, EventChit>>;
  /** Black chits played: spent for good (10.3). */
  readonly spent: readonly string[];
  readonly drawn: number;
  readonly pending?: Pending;
  /**
   * Black chits kept face down in hand between the phones (issue #33): their positions in their
   * side's dealt event cup. Nobody's state names them; only the owner's phone opens them.
   */
  readonly faceDown?: Readonly<Partial<Record<Side, readonly number[]>>>;
  /** The last position of each side's dealt event cup an attack's draw step took (issue #33). */
  readonly usedPos?: Readonly<Partial<Record<Side, number>>>;
  /**
   * The deal `usedPos` and `faceDown` belong to, per side (issue #33): an audit closes a deal (its
   * kept chits go to the hand, named) and the cup is dealt afresh, its positions from 0 again.
   * Absent (a game saved before): the side's deal as it is.
   */
  readonly hiddenDeal?: Readonly<Partial<Record<Side, string>>>;
  /**
   * Black chits drawn from the players' own cups and sealed on their drawer's phone (issue #33,
   * src/engine/sealed.ts): the sealed values' ids, in hand. Nobody's state names them until their
   * phone reveals one to play it.
   */
  readonly sealedHand?: Readonly<Partial<Record<Side, readonly string[]>>>;
  /** Every sealed value a draw took (issue #33): a sealed chit is drawn once. */
  readonly sealedTaken?: readonly string[];
}

/** The name a black chit kept face down stands under in an attack's draws (issue #33): no name. */
export const FACE_DOWN = '';
/** Whether `s`'s event cup's deal is the one its recorded positions belong to, and still hides (not closed by an audit). */
const liveDeal = (ev: EventsState | undefined, deal: HiddenDeal | undefined, s: Side): deal is HiddenDeal =>
  !!deal && !deal.closed && (ev?.hiddenDeal?.[s] ?? deal.deal) === deal.deal;
/**
 * The positions of `s`'s black chits kept face down between the phones, in its event cup's deal as it
 * is. None once an audit closed that deal: the audit put those chits in the hand, named (issue #33).
 */
export const faceDownOf = (
  ev: EventsState | undefined,
  hidden: Readonly<Record<string, HiddenDeal>> | undefined,
  s: Side,
): readonly number[] => (liveDeal(ev, hidden?.[EVENT_CUP[s]], s) ? (ev?.faceDown?.[s] ?? []) : []);
/** The last position of `s`'s dealt event cup an attack's draw took, in its deal as it is (-1: none yet). */
export const usedPosOf = (
  ev: EventsState | undefined,
  hidden: Readonly<Record<string, HiddenDeal>> | undefined,
  s: Side,
): number => (liveDeal(ev, hidden?.[EVENT_CUP[s]], s) ? (ev?.usedPos?.[s] ?? -1) : -1);
/** How many black chits a side holds: named ones in hand and ones kept face down between the phones. */
export const handCount = (
  ev: EventsState | undefined,
  cup: Cup | undefined,
  s: Side,
  hidden?: Readonly<Record<string, HiddenDeal>>,
): number => (cup?.hands[s] ?? []).length + faceDownOf(ev, hidden, s).length + (ev?.sealedHand?.[s] ?? []).length;

/** The sealed value a typed-in draw names (`{colour: 'black', sealed: id}`), if it names one. */
function sealedRefOf(typed: Json | undefined): string | undefined {
  if (!typed || typeof typed !== 'object' || Array.isArray(typed)) return undefined;
  const id = (typed as Record<string, Json>)['sealed'];
  return id === undefined ? undefined : typeof id === 'string' ? id : '';
}

/**
 * A dealt event cup's `keep` must be exactly its black chits (10.3): a red or blue chit may never
 * be kept face down, and every black chit may.
 */
function checkKeep(deal: HiddenDeal, known: Readonly<Record<string, EventChit>>, s: Side): void {
  // Shuffled from the cups tool (no chit may be kept): its black chits could not go to the hand face down.
  need(deal.keep, 'gd.err.hiddenNoKeep', { side: `gd.side.${s}` });
  const black = keepOf(deal.chits, known);
  const keep = [...(deal.keep ?? [])].sort((a, b) => a - b);
  need(keep.length === black.length && keep.every((x, i) => x === black[i]), 'gd.err.hiddenKeep', {
    side: `gd.side.${s}`,
  });
}

/** The chit indexes of a side's event cup that may be kept face down when it is dealt between the phones: its black chits. */
export function keepOf(chits: readonly string[], known: Readonly<Record<string, EventChit>>): number[] {
  return chits.flatMap((c, i) =>
    (isPlaceholder(c) ? placeholderColour(c) : known[norm(c)]?.colour) === 'black' ? [i] : [],
  );
}

const SIDES: readonly Side[] = ['german', 'soviet'];
export const EVENT_CUP: Readonly<Record<Side, string>> = { german: 'german-events', soviet: 'soviet-events' };
const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');
export const norm = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export const eventsOf = (game: GameState): EventsState | undefined =>
  stateSlice<{ events: EventsState }>().read(game).events;
/** The pending draws of this turn's attack, if any. */
export function pendingOf(game: GameState, turn: number): Pending | undefined {
  const pending = eventsOf(game)?.pending;
  return pending && pending.turn === turn ? pending : undefined;
}
/** The net event-chit modifier of the pending attack (10.3 step 9). */
export const netOf = (p: Pending): number =>
  p.chits.filter((c) => c.status === 'active').reduce((a, c) => a + c.chit.modifier, 0);

// ------------------------------------------------------------------ the manifest

/** Reads the event-chit manifest (gd-event-chits, printed values and the players' entries); rows without a colour are skipped. */
export function manifestFrom(t: TableData | undefined, entered?: EnteredCells): EventChit[] {
  if (!t) return [];
  const col = (k: string) => t.columns.entries.findIndex((c) => c.key === k);
  const cols = {
    colour: col('colour'),
    modifier: col('modifier'),
    cancels: col('cancels'),
    noNight: col('no-night'),
    air: col('air'),
    count: col('count'),
    fortification: col('fortification'),
  };
  const rows = [...t.rows.entries];
  // Rows the players added (playerDefinesAxes) live in the entered cells as "row|column" keys.
  for (const k of Object.keys(entered ?? {})) {
    const row = k.split('|')[0]!;
    if (!rows.some((r) => r.key === row)) rows.push({ key: row, label: { en: row, es: row } });
  }
  const out: EventChit[] = [];
  rows.forEach((row) => {
    const rowAt = t.rows.entries.indexOf(row);
    const cell = (c: number, key: string): string => {
      const v =
        rowAt >= 0 && c >= 0
          ? effectiveCell(t, rowAt, c, 'default', entered).value
          : (entered?.[`${row.key}|${key}`] ?? null);
      return v === null || v === undefined ? '' : String(v).trim();
    };
    const colour = cell(cols.colour, 'colour').toLowerCase();
    if (colour !== 'blue' && colour !== 'red' && colour !== 'black') return;
    // A red or blue chit whose modifier is not known yet is not usable: never read a blank as 0.
    const modText = cell(cols.modifier, 'modifier').replace('−', '-').replace('+', '');
    if (colour !== 'black' && !/^-?\d+$/.test(modText)) return;
    const mod = Number(modText || 0);
    const yes = (v: string) => /^(yes|y|sí|si|s|true|1|x)$/i.test(v);
    const cancels = cell(cols.cancels, 'cancels');
    const count = Number(cell(cols.count, 'count') || 1);
    const fort = colour === 'black' ? fortificationOf(cell(cols.fortification, 'fortification')) : undefined;
    out.push({
      name: row.label?.en ?? row.key,
      colour,
      modifier: colour === 'black' || !Number.isFinite(mod) ? 0 : mod,
      ...(cancels ? { cancels } : {}),
      ...(yes(cell(cols.noNight, 'no-night')) ? { noNight: true } : {}),
      ...(yes(cell(cols.air, 'air')) ? { air: true } : {}),
      ...(Number.isInteger(count) && count > 1 ? { count } : {}),
      ...(fort ? { fortification: fort } : {}),
    });
  });
  return out;
}

/** How many blue/red/black counters the scenario's cups need, and how many the manifest has. */
export function manifestShortfall(
  scenario: ScenarioData | undefined,
  manifest: readonly EventChit[],
): { colour: Colour; need: number; have: number }[] {
  const ev = scenario?.eventChits;
  if (!ev) return [];
  const inHand = new Set(ev.hands.flatMap((h) => h.chits.map((c) => norm(c.name))));
  const have = (colour: Colour) =>
    manifest
      .filter((c) => c.colour === colour && !(colour === 'black' && inHand.has(norm(c.name))))
      .reduce((a, c) => a + (c.count ?? 1), 0);
  const sum = (k: 'blue' | 'red' | 'black') => ev.cups.reduce((a, c) => a + c[k], 0);
  return (['blue', 'red', 'black'] as const)
    .map((colour) => ({ colour, need: sum(colour), have: have(colour) }))
    .filter((x) => x.have < x.need);
}

// ------------------------------------------------------------------ input

function readChit(v: Json | undefined, what: string): EventChit {
  const fields = obj(v);
  const name = typeof fields['name'] === 'string' ? fields['name'].trim() : '';
  need(name.length > 0 && name.length <= 60, 'gd.err.chitName', { what });
  const colour = fields['colour'];
  need(colour === 'blue' || colour === 'red' || colour === 'black', 'gd.err.chitColour', { name });
  const modifier = colour === 'black' ? 0 : int(fields['modifier'] ?? 0, 'modifier', -9, 9);
  need(colour !== 'blue' || modifier <= 0, 'gd.err.blueSign', { name });
  need(colour !== 'red' || modifier >= 0, 'gd.err.redSign', { name });
  const cancels =
    typeof fields['cancels'] === 'string' && fields['cancels'].trim() ? fields['cancels'].trim() : undefined;
  const count = fields['count'];
  const fv = fields['fortification'];
  const fortification =
    colour === 'black' && typeof fv === 'string'
      ? fv === 'any' || FORTIFICATIONS.includes(fv as Fortification)
        ? (fv as Fortification | 'any')
        : fortificationOf(fv)
      : undefined;
  return {
    name,
    colour,
    modifier,
    ...(cancels ? { cancels } : {}),
    ...(bool(fields['noNight']) ? { noNight: true } : {}),
    ...(bool(fields['air']) ? { air: true } : {}),
    ...(typeof count === 'number' && Number.isInteger(count) && count > 1 && count <= 100 ? { count } : {}),
    ...(fortification ? { fortification } : {}),
  };
}

/** A chit typed in: a name the app knows, or a name with its printed values. */
function chitRef(v: Json | undefined, known: Readonly<Record<string, EventChit>>, what: string): EventChit {
  if (typeof v === 'string') {
    const knownChit = known[norm(v)];
    need(knownChit, 'gd.err.chitUnknown', { name: v });
    return knownChit;
  }
  const fields = obj(v);
  if (typeof fields['name'] === 'string' && fields['colour'] === undefined) return chitRef(fields['name'], known, what);
  return readChit(v, what);
}

// ------------------------------------------------------------------ procedures

/**
 * Sets up the event chits (10.3, scenario x.2): the black chits in each hand; with a manifest, the
 * cups are filled at random from it (blue, red, then black chits not in a hand), as the scenario says
 * — unless the players keep their own cups (mode 'table'), when the manifest only names the chits.
 */
export const eventsSetup: Procedure = (input, api) => {
  const ev = api.scenario?.eventChits;
  need(ev, 'gd.err.noEventData');
  const prev = eventsOf(api.game);
  need(!prev || prev.drawn === 0, 'gd.err.eventsStarted');
  const fields = obj(input);
  const manifest = (Array.isArray(fields['manifest']) ? (fields['manifest'] as Json[]) : []).map((c, k) =>
    readChit(c, `#${k + 1}`),
  );
  const known: Record<string, EventChit> = {};
  for (const c of manifest) known[norm(c.name)] = c;
  const lines: Line[] = [];
  const cups: Record<string, Cup> = {};
  for (const s of SIDES) {
    const id = EVENT_CUP[s];
    need(api.cups[id], 'gd.err.noEventCup', { cup: id });
    cups[id] = createCup(id, [], 'from-discard-when-empty');
  }
  for (const h of ev.hands) {
    const who = side(h.side);
    for (const c of h.chits) {
      const key = norm(c.name);
      known[key] = {
        ...(known[key] ?? {}),
        name: known[key]?.name ?? c.name,
        colour: 'black',
        modifier: 0,
        cancels: c.cancels,
      };
      cups[EVENT_CUP[who]] = giveToHand(cups[EVENT_CUP[who]]!, who, known[key]!.name);
    }
    lines.push({ key: 'gd.ev.hand', params: { side: `gd.side.${who}`, n: h.chits.length }, rule: ev.rule });
  }
  // With the players' own cups the manifest still tells what each named chit does.
  const mode = manifest.length > 0 && fields['mode'] !== 'table' ? 'app' : 'table';
  if (mode === 'app') {
    const short = manifestShortfall(api.scenario, manifest);
    // With 'partial', the cups run with the chits typed so far and numbered stand-ins for the rest.
    const partial = fields['partial'] === true;
    need(partial || short.length === 0, 'gd.err.manifestShort', {
      colour: `gd.colour.${short[0]?.colour}`,
      need: short[0]?.need ?? 0,
      have: short[0]?.have ?? 0,
    });
    for (const x of short)
      lines.push({
        key: 'gd.ev.unknownCounters',
        params: { colour: `gd.colour.${x.colour}`, n: x.need - x.have, need: x.need },
        rule: '10.3',
      });
    const inHand = new Set(ev.hands.flatMap((h) => h.chits.map((c) => norm(c.name))));
    for (const colour of ['blue', 'red', 'black'] as const) {
      const missing = short.find((x) => x.colour === colour);
      // The pool of counters of this colour, drawn at random into the cups in the scenario's order.
      let pool = createCup(
        'pool',
        [
          ...manifest
            .filter((c) => c.colour === colour && !(colour === 'black' && inHand.has(norm(c.name))))
            .flatMap((c) => Array<string>(c.count ?? 1).fill(c.name)),
          ...Array.from({ length: missing ? missing.need - missing.have : 0 }, (_, k) => placeholder(colour, k + 1)),
        ],
        'none',
      );
      for (const spec of ev.cups) {
        const id = EVENT_CUP[side(spec.side)];
        const got: string[] = [];
        for (let n = 0; n < spec[colour]; n++) {
          const draw = api.drawChit(pool);
          pool = { ...draw.cup, discard: [] };
          got.push(draw.chit);
        }
        cups[id] = { ...cups[id]!, chits: [...cups[id]!.chits, ...got] };
      }
    }
    for (const spec of ev.cups)
      lines.push({
        key: 'gd.ev.cup',
        params: { side: `gd.side.${spec.side}`, blue: spec.blue, red: spec.red, black: spec.black },
        rule: ev.rule,
      });
  } else {
    lines.push({ key: 'gd.ev.tableMode', rule: '10.3' });
    for (const spec of ev.cups)
      lines.push({
        key: 'gd.ev.cupPhysical',
        params: { side: `gd.side.${spec.side}`, blue: spec.blue, red: spec.red, black: spec.black },
        rule: ev.rule,
      });
  }
  const state: EventsState = { mode, known, spent: [], drawn: 0 };
  return {
    headline: { key: mode === 'app' ? 'gd.ev.head.app' : 'gd.ev.head.table' },
    lines,
    result: { mode, chits: manifest.length },
    game: save(api.game, { events: state }),
    cups,
  };
};

/** The automatic rules on two drawn chits: No-Night at Night, air chits in bad weather, printed cancellers (10.3, 13.2, 14.1). */
export function judge(
  draws: readonly { side: Side; chit: EventChit }[],
  turnType: TurnType,
  weather: WeatherCode,
  discardedCancels = false,
  mutual: 'both' | 'first' = 'both',
): PendingChit[] {
  const first: PendingChit[] = draws.map(({ side: s, chit }) => ({
    side: s,
    chit,
    status:
      chit.colour === 'black'
        ? 'black'
        : turnType === 'night' && chit.noNight
          ? 'no-night'
          : chit.air && weather !== 'sunny'
            ? 'weather'
            : 'active',
  }));
  // A chit that is not applied cancels nothing (A10, default; the other reading lets its canceller act); both cancellations happen at once.
  const acts = (o: PendingChit) =>
    o.status === 'active' || (discardedCancels && (o.status === 'no-night' || o.status === 'weather'));
  const cancelsIt = (o: PendingChit, c: PendingChit) =>
    o.side !== c.side && acts(o) && !!o.chit.cancels && norm(o.chit.cancels) === norm(c.chit.name);
  if (mutual === 'first') {
    // Reading 'first': the chits act in the order drawn (the attacker's first); a chit cancelled by an
    // earlier one is gone before it can cancel anything.
    const out = [...first];
    out.forEach((o, k) => {
      if (!acts(o)) return;
      out.forEach((c, j) => {
        if (j !== k && c.status === 'active' && cancelsIt(o, c) && out[k]!.status !== 'cancelled')
          out[j] = { ...c, status: 'cancelled', by: o.chit.name };
      });
    });
    return out;
  }
  // Default 'both': two chits that cancel each other are both cancelled (the cancellations happen at once).
  return first.map((c) => {
    if (c.status !== 'active') return c;
    const by = first.find((o) => cancelsIt(o, c));
    return by ? { ...c, status: 'cancelled', by: by.chit.name } : c;
  });
}

/** judge() once every drawn chit is known; until then a stand-in is 'unknown' and nothing is judged. */
function judgeKnown(
  draws: readonly { side: Side; chit: EventChit }[],
  tt: TurnType,
  w: WeatherCode,
  readings: Readonly<Record<string, string>>,
): PendingChit[] {
  if (draws.some((d) => isPlaceholder(d.chit.name)))
    return draws.map((d) => ({ ...d, status: isPlaceholder(d.chit.name) ? 'unknown' : 'active' }));
  return judge(draws, tt, w, readings['gd.discardedCancels'] === 'cancels', mutualOf(readings));
}

/** The reading of two drawn chits that cancel each other (issue #11). */
export const mutualOf = (readings: Readonly<Record<string, string>>): 'both' | 'first' =>
  readings['gd.mutualCancel'] === 'first' ? 'first' : 'both';

function pendingLines(p: Pending): Line[] {
  const lines: Line[] = [];
  for (const c of p.chits) {
    const params = { side: `gd.side.${c.side}`, name: c.chit.name, mod: signed(c.chit.modifier), by: c.by ?? '' };
    if (c.status === 'black')
      lines.push({ key: 'gd.ev.blackDrawn', params: { side: `gd.side.${c.side}` }, rule: '10.3' });
    else if (c.status === 'unknown')
      lines.push({
        key: 'gd.ev.unknownDrawn',
        params: { side: `gd.side.${c.side}`, colour: `gd.colour.${c.chit.colour}` },
        rule: '10.3',
      });
    else
      lines.push({
        key: `gd.ev.chit.${c.status}`,
        params: { ...params, colour: `gd.colour.${c.chit.colour}` },
        rule: c.status === 'no-night' ? '13.2' : c.status === 'weather' ? '14.1' : c.status === 'aa' ? '10.7' : '10.3',
      });
  }
  lines.push({ key: 'gd.ev.net', params: { net: signed(netOf(p)) }, rule: '10.3' });
  return lines;
}

/** A normal attack's event draws (10.1 step 3): the attacker draws first, then the defender. */
export const eventsDraw: Procedure = (input, api) => {
  const ev = eventsOf(api.game);
  need(ev, 'gd.err.eventsFirst');
  const tt = needTurn(api);
  const weather = needWeather(api);
  need(!pendingOf(api.game, api.turn), 'gd.err.eventsPending');
  const fields = obj(input);
  const attacker = side(fields['attacker']);
  const known: Record<string, EventChit> = { ...ev.known };
  const cups: Record<string, Cup> = {};
  const draws: { side: Side; chit: EventChit }[] = [];
  const lines: Line[] = [];
  const hiddenPos = fields['hidden'];
  // Per side, in its deal as it is (an audit may have closed the deal they were taken from).
  const faceDown: Partial<Record<Side, readonly number[]>> = { ...(ev.faceDown ?? {}) };
  const usedPos: Partial<Record<Side, number>> = { ...(ev.usedPos ?? {}) };
  const hiddenDeal: Partial<Record<Side, string>> = { ...(ev.hiddenDeal ?? {}) };
  for (const s of SIDES) {
    if (faceDown[s]) faceDown[s] = faceDownOf(ev, api.hidden, s);
    if (usedPos[s] !== undefined && usedPosOf(ev, api.hidden, s) < 0) delete usedPos[s];
  }
  const sealedHand: Partial<Record<Side, readonly string[]>> = { ...(ev.sealedHand ?? {}) };
  const sealedTaken = [...(ev.sealedTaken ?? [])];
  for (const s of [attacker, other(attacker)]) {
    const typed = fields[s];
    const sealedRef = sealedRefOf(typed);
    if (sealedRef !== undefined) {
      // A black chit from the players' own cup, typed and sealed on its drawer's phone (issue #33):
      // it goes to the hand (10.3) unnamed; its phone reveals it when it is played.
      need(ev.mode === 'table', 'gd.err.sealedTableOnly', { side: `gd.side.${s}` });
      const value = api.sealed?.[sealedRef];
      need(value && value.side === s && value.n === 1, 'gd.err.sealedUnknown', { side: `gd.side.${s}` });
      need(!sealedTaken.includes(sealedRef), 'gd.err.sealedTaken', { side: `gd.side.${s}`, step: value.seq });
      sealedHand[s] = [...(sealedHand[s] ?? []), sealedRef];
      sealedTaken.push(sealedRef);
      draws.push({ side: s, chit: { name: FACE_DOWN, colour: 'black', modifier: 0 } });
      continue;
    }
    let cup = cups[EVENT_CUP[s]] ?? api.cups[EVENT_CUP[s]]!;
    let chit: EventChit;
    const deal = api.hidden?.[EVENT_CUP[s]];
    if (hiddenPos !== undefined && hiddenPos !== null) {
      // Between the phones (issue #33): the card this side's phone drew last, shown or kept face down.
      need(ev.mode === 'app' && deal, 'gd.err.hiddenNoDeal', { side: `gd.side.${s}` });
      checkKeep(deal, known, s);
      const pos = int(obj(hiddenPos)[s], `hidden.${s}`, 0, 2000);
      const drawn = deal.drawn.at(-1);
      need(drawn?.pos === pos && drawn.side === s && pos > (usedPos[s] ?? -1), 'gd.err.hiddenPos', {
        side: `gd.side.${s}`,
        n: pos + 1,
      });
      usedPos[s] = pos;
      hiddenDeal[s] = deal.deal;
      const index = deal.revealed[pos];
      if (deal.kept?.includes(pos)) {
        // Kept face down, proven one of the cup's black chits (the hidden.keep step): in hand, unnamed.
        chit = { name: FACE_DOWN, colour: 'black', modifier: 0 };
        faceDown[s] = [...(faceDown[s] ?? []), pos];
        draws.push({ side: s, chit });
        continue;
      }
      need(index !== undefined, 'gd.err.hiddenWaiting', { side: `gd.side.${s}` });
      const name = deal.chits[index]!;
      // The reveal put it in the discard pile already (a red or blue chit: the hidden cup's reveal).
      chit = isPlaceholder(name) ? { name, colour: placeholderColour(name), modifier: 0 } : known[norm(name)]!;
      draws.push({ side: s, chit });
      continue;
    }
    // A cup dealt between the phones is drawn only there: never from its plain remains (its discard pile).
    need(!deal, 'gd.err.hiddenDealt', { side: `gd.side.${s}` });
    if (ev.mode === 'app' && (typed === undefined || typed === null)) {
      need(cup.chits.length + cup.discard.length > 0, 'gd.err.cupEmpty', { side: `gd.side.${s}` });
      const draw = api.drawChit(cup);
      if (draw.refilled) lines.push({ key: 'gd.ev.refilled', params: { side: `gd.side.${s}` }, rule: '10.3' });
      cup = draw.cup;
      chit = isPlaceholder(draw.chit)
        ? { name: draw.chit, colour: placeholderColour(draw.chit), modifier: 0 }
        : known[norm(draw.chit)]!;
    } else {
      need(typed !== undefined && typed !== null, 'gd.err.chitMissing', { side: `gd.side.${s}` });
      chit = chitRef(typed, known, s);
      known[norm(chit.name)] ??= chit;
      if (ev.mode === 'app') {
        // A chit drawn from a physical cup while the app keeps the cups: it must be in this side's cup
        // (or, the cup being empty, in its discard pile, which goes back in first).
        const stored = (cup.chits.length ? cup.chits : cup.discard).find((c) => norm(c) === norm(chit.name));
        need(stored, 'gd.err.chitNotInCup', { name: chit.name, side: `gd.side.${s}` });
        cup = drawManual(cup, stored).cup;
      }
    }
    // A black chit goes to its drawer's hand (it may be played now or later, 10.3).
    if (chit.colour === 'black') {
      const index = cup.discard.lastIndexOf(chit.name);
      cup = giveToHand(
        index >= 0 ? { ...cup, discard: [...cup.discard.slice(0, index), ...cup.discard.slice(index + 1)] } : cup,
        s,
        chit.name,
      );
    }
    cups[EVENT_CUP[s]] = cup;
    draws.push({ side: s, chit });
  }
  const pending: Pending = {
    turn: api.turn,
    attacker,
    chits: judgeKnown(draws, tt, weather, api.readings),
  };
  lines.unshift({ key: 'gd.ev.order', params: { attacker: `gd.side.${attacker}` }, rule: '10.1' });
  lines.push(...pendingLines(pending));
  // The prompt must not tell whether a hand can cancel anything (hands are private): it only says
  // that a player holding black chits may play one; the hand, after a hand-off, shows which.
  const holders = SIDES.filter(
    (s) =>
      handCount(
        { ...ev, faceDown, sealedHand, hiddenDeal },
        cups[EVENT_CUP[s]] ?? api.cups[EVENT_CUP[s]],
        s,
        api.hidden,
      ) > 0,
  );
  if (holders.length && pending.chits.some((c) => c.status === 'active'))
    lines.push({ key: 'gd.ev.blackMay', rule: '10.3' });
  if (pending.chits.some((c) => c.status === 'active' && c.chit.air)) lines.push({ key: 'gd.ev.aaMay', rule: '10.7' });
  return {
    headline: { key: 'gd.ev.head.drawn', params: { net: signed(netOf(pending)) } },
    lines,
    result: {
      attacker,
      chits: pending.chits.map((c) => ({ side: c.side, name: c.chit.name, status: c.status })),
      net: netOf(pending),
    },
    game: save(api.game, {
      events: asJson({
        ...ev,
        known,
        drawn: ev.drawn + 1,
        pending,
        ...(hiddenPos !== undefined && hiddenPos !== null ? { faceDown, usedPos, hiddenDeal } : {}),
        ...(sealedTaken.length ? { sealedHand, sealedTaken } : {}),
      }),
    }),
    cups,
  };
};

/** A black chit played from hand against the opposing chit it names (10.3): that chit is cancelled; the black chit is spent for good. */
export const eventsBlack: Procedure = (input, api) => {
  const ev = eventsOf(api.game);
  need(ev, 'gd.err.eventsFirst');
  const drawn = pendingOf(api.game, api.turn);
  need(drawn, 'gd.err.noPending');
  need(!drawn.chits.some((c) => c.status === 'unknown'), 'gd.err.nameFirst');
  const fields = obj(input);
  const who = side(fields['side']);
  let name = typeof fields['chit'] === 'string' ? fields['chit'] : '';
  const cup = api.cups[EVENT_CUP[who]]!;
  let spent: Cup = cup;
  let faceDown = ev.faceDown;
  let sealedHand = ev.sealedHand;
  let known = ev.known;
  if (fields['sealed'] !== undefined) {
    // A black chit sealed on its drawer's phone (issue #33): that phone revealed it (every device
    // checked it against its commitment); it must be a black chit (10.3), then it is spent for good.
    const id = typeof fields['sealed'] === 'string' ? fields['sealed'] : '';
    const mine = ev.sealedHand?.[who] ?? [];
    need(mine.includes(id), 'gd.err.notSealed', { side: `gd.side.${who}` });
    const value = api.sealed?.[id];
    need(value?.revealed, 'gd.err.sealedShowFirst', { side: `gd.side.${who}`, step: value?.seq ?? 0 });
    const shown = obj(value.value ?? null);
    name = typeof shown['name'] === 'string' ? shown['name'].trim() : '';
    need(name, 'gd.err.sealedNoName', { side: `gd.side.${who}`, step: value.seq });
    const was = ev.known[norm(name)];
    // A name the app knows keeps what it knows; a new one is a black chit with the canceller typed with it.
    const chit: EventChit = was ?? readChit({ ...shown, colour: 'black' }, who);
    need(chit.colour === 'black', 'gd.err.sealedNotBlack', {
      name: chit.name,
      colour: `gd.colour.${chit.colour}`,
      side: `gd.side.${who}`,
      step: value.seq,
    });
    name = chit.name;
    // 10.3 (seed 000 line 520): a black chit played is spent for good, and one assigned to a hand is
    // never drawn: a shown chit whose every counter is spent or in a hand cannot have come from the cup.
    const held = SIDES.flatMap((x) => Object.values(api.cups[EVENT_CUP[x]]?.hands ?? {}).flat());
    const gone = [...ev.spent, ...held].filter((x) => norm(x) === norm(name)).length;
    need(gone < (chit.count ?? 1), 'gd.err.sealedGone', { name, side: `gd.side.${who}`, step: value.seq });
    if (!was) known = { ...ev.known, [norm(name)]: chit };
    sealedHand = { ...ev.sealedHand, [who]: mine.filter((x) => x !== id) };
  } else if (fields['pos'] !== undefined) {
    // A black chit kept face down between the phones (issue #33): its phone showed it (the hidden
    // cup's reveal, proven the card kept); it leaves the discard pile the reveal put it in, for good.
    const pos = int(fields['pos'], 'pos', 0, 2000);
    const mine = faceDownOf(ev, api.hidden, who);
    need(mine.includes(pos), 'gd.err.notFaceDown', { side: `gd.side.${who}`, n: pos + 1 });
    const deal = api.hidden?.[EVENT_CUP[who]];
    const index = deal?.revealed[pos];
    need(deal && index !== undefined, 'gd.err.showFirst', { side: `gd.side.${who}` });
    name = deal.chits[index]!;
    const at = cup.discard.lastIndexOf(name);
    spent = at >= 0 ? { ...cup, discard: [...cup.discard.slice(0, at), ...cup.discard.slice(at + 1)] } : cup;
    faceDown = { ...ev.faceDown, [who]: mine.filter((p) => p !== pos) };
  } else {
    const hand = cup.hands[who] ?? [];
    const index = hand.findIndex((c) => norm(c) === norm(name));
    need(index >= 0, 'gd.err.notInHand', { name, side: `gd.side.${who}` });
    spent = playFromHand(cup, who, hand[index]!);
  }
  const black = known[norm(name)];
  const kept = { known, ...(faceDown ? { faceDown } : {}), ...(sealedHand ? { sealedHand } : {}) };
  // A black chit with the cancellation icon played against the fortification of the attacked hex (15.0).
  const fv = fields['fortification'];
  if (fv !== undefined && fv !== null) {
    need(black?.fortification, 'gd.err.blackNoFort', { name });
    const fort = String(fv) as Fortification;
    need(FORTIFICATIONS.includes(fort), 'gd.err.fortName');
    need(black.fortification === 'any' || black.fortification === fort, 'gd.err.blackOtherFort', {
      name: black.name,
      fort: `gd.fort.${black.fortification}`,
    });
    need(!(drawn.fortCancelled ?? []).some((f) => f.fortification === fort), 'gd.err.fortAlready', {
      fort: `gd.fort.${fort}`,
    });
    const pending: Pending = {
      ...drawn,
      fortCancelled: [...(drawn.fortCancelled ?? []), { fortification: fort, by: black.name }],
    };
    return {
      headline: { key: 'gd.ev.head.blackFort', params: { name: black.name, fort: `gd.fort.${fort}` } } as Line,
      lines: [
        {
          key: 'gd.ev.blackFort',
          params: { side: `gd.side.${who}`, name: black.name, fort: `gd.fort.${fort}` },
          rule: '15.0, 10.3 (A9)',
        },
      ],
      result: { side: who, played: black.name, fortification: fort } as Json,
      game: save(api.game, {
        events: asJson({ ...ev, ...kept, spent: ev.spent.concat(black.name), pending }),
      }),
      cups: { [EVENT_CUP[who]]: spent },
    };
  }
  need(black?.cancels, 'gd.err.blackNoCanceller', { name });
  const chitIndex = drawn.chits.findIndex(
    (c) => c.side !== who && c.status === 'active' && norm(c.chit.name) === norm(black.cancels!),
  );
  need(chitIndex >= 0, 'gd.err.blackNoTarget', { name: black.name, cancels: black.cancels });
  const chits = drawn.chits.map((c, j) =>
    j === chitIndex ? { ...c, status: 'cancelled' as const, by: black.name } : c,
  );
  const pending: Pending = { ...drawn, chits };
  const lines: Line[] = [
    {
      key: 'gd.ev.blackPlayed',
      params: { side: `gd.side.${who}`, name: black.name, target: black.cancels! },
      rule: '10.3',
    },
    ...pendingLines(pending),
  ];
  return {
    headline: { key: 'gd.ev.head.black', params: { name: black.name, target: black.cancels! } },
    lines,
    result: { side: who, played: black.name, cancelled: black.cancels!, net: netOf(pending) },
    game: save(api.game, {
      events: asJson({ ...ev, ...kept, spent: ev.spent.concat(black.name), pending }),
    }),
    cups: { [EVENT_CUP[who]]: spent },
  };
};

/**
 * Names a stand-in drawn from a partial manifest (10.3): the players read the counter of that colour
 * they took from their box and type it once; the app knows it from then on, and judges the draws.
 */
export const eventsName: Procedure = (input, api) => {
  const ev = eventsOf(api.game);
  need(ev, 'gd.err.eventsFirst');
  const drawn = pendingOf(api.game, api.turn);
  need(drawn, 'gd.err.noPending');
  const fields = obj(input);
  const who = side(fields['side']);
  const chitIndex = drawn.chits.findIndex((c) => c.side === who && c.status === 'unknown');
  need(chitIndex >= 0, 'gd.err.nothingToName', { side: `gd.side.${who}` });
  const stand = drawn.chits[chitIndex]!.chit;
  const chit = chitRef(fields['chit'], ev.known, who);
  need(chit.colour === stand.colour, 'gd.err.nameColour', { name: chit.name, colour: `gd.colour.${stand.colour}` });
  const known = { ...ev.known, [norm(chit.name)]: ev.known[norm(chit.name)] ?? chit };
  // The counter keeps its new name in the cup: its discard pile, or the hand for a black chit.
  let cup = api.cups[EVENT_CUP[who]]!;
  const at = cup.discard.lastIndexOf(stand.name);
  if (at >= 0) cup = { ...cup, discard: cup.discard.map((x, j) => (j === at ? chit.name : x)) };
  const hand = cup.hands[who] ?? [];
  if (hand.includes(stand.name))
    cup = { ...cup, hands: { ...cup.hands, [who]: hand.map((x) => (x === stand.name ? chit.name : x)) } };
  const draws = drawn.chits.map((c, j) => ({ side: c.side, chit: j === chitIndex ? chit : c.chit }));
  const pending: Pending = {
    ...drawn,
    chits: judgeKnown(draws, turnTypeOf(api.game, api.turn)!, weatherOf(api.game, api.turn)!, api.readings),
  };
  const lines: Line[] = [
    { key: 'gd.ev.named', params: { side: `gd.side.${who}`, name: chit.name, stand: stand.name }, rule: '10.3' },
    ...pendingLines(pending),
  ];
  return {
    headline: { key: 'gd.ev.head.named', params: { name: chit.name } },
    lines,
    result: {
      side: who,
      name: chit.name,
      chits: pending.chits.map((c) => ({ side: c.side, name: c.chit.name, status: c.status })),
      net: netOf(pending),
    },
    game: save(api.game, { events: asJson({ ...ev, known, pending }) }),
    cups: { [EVENT_CUP[who]]: cup },
  };
};

/** How many counters of the event cups the app does not know yet (stand-ins of a partial manifest). */
export function unknownCount(cups: Readonly<Record<string, Cup>>): number {
  let n = 0;
  for (const s of SIDES) {
    const cup = cups[EVENT_CUP[s]];
    if (!cup) continue;
    n += [...cup.chits, ...cup.next, ...cup.discard, ...Object.values(cup.hands).flat()].filter(isPlaceholder).length;
  }
  return n;
}

/** AA/Flak cancelling a pending air chit (10.7): the state change of a successful 'gd.aa' roll against a named chit. */
export function cancelByAa(game: GameState, turn: number, target: string): GameState {
  const ev = eventsOf(game);
  const pending = pendingOf(game, turn);
  need(ev && pending, 'gd.err.noPending');
  const chitIndex = pending.chits.findIndex(
    (c) => c.status === 'active' && c.chit.air && norm(c.chit.name) === norm(target),
  );
  need(chitIndex >= 0, 'gd.err.aaNoTarget', { name: target });
  const chits = pending.chits.map((c, j) => (j === chitIndex ? { ...c, status: 'aa' as const } : c));
  return save(game, { events: { ...ev, pending: { ...pending, chits } } });
}
/** Checks that an AA roll has an air chit to aim at before the dice are rolled. */
export function aaTarget(game: GameState, turn: number, target: string): void {
  const pending = pendingOf(game, turn);
  need(pending, 'gd.err.noPending');
  need(
    pending.chits.some((c) => c.status === 'active' && c.chit.air && norm(c.chit.name) === norm(target)),
    'gd.err.aaNoTarget',
    { name: target },
  );
}

/** After the attack is resolved its chits are done with (they are already in the discard piles). */
export function clearPending(game: GameState): GameState {
  const ev = eventsOf(game);
  if (!ev?.pending) return game;
  const { pending: _, ...rest } = ev;
  return save(game, { events: rest });
}

// ------------------------------------------------------------------ exact chances of the draws

/**
 * The chances of each net event-chit modifier for the next attack, before the draws, from the cups'
 * current contents (app mode): every pair of chits equally likely, the automatic rules applied,
 * optional plays (black chits, AA) left out. Counts are exact: weight / total.
 */
export function drmDistribution(
  game: GameState,
  cups: Readonly<Record<string, Cup>>,
  turn: number,
  attacker: Side,
  readings: Readonly<Record<string, string>> = {},
): { weights: Map<number, number>; total: number } | undefined {
  const ev = eventsOf(game);
  const tt = turnTypeOf(game, turn),
    weather = weatherOf(game, turn);
  if (!ev || ev.mode !== 'app' || !tt || !weather) return undefined;
  const contents = (s: Side) => {
    const cup = cups[EVENT_CUP[s]];
    if (!cup) return [];
    return cup.chits.length ? cup.chits : cup.discard;
  };
  const attackerChits = contents(attacker),
    d = contents(other(attacker));
  if (!attackerChits.length || !d.length) return undefined;
  // Chances are exact only when every counter that may be drawn is known.
  if ([...attackerChits, ...d].some((x) => !ev.known[norm(x)])) return undefined;
  const weights = new Map<number, number>();
  const count = (xs: readonly string[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  for (const [an, ac] of count(attackerChits))
    for (const [dn, dc] of count(d)) {
      const ca = ev.known[norm(an)],
        cd = ev.known[norm(dn)];
      if (!ca || !cd) continue;
      const net = judge(
        [
          { side: attacker, chit: ca },
          { side: other(attacker), chit: cd },
        ],
        tt,
        weather,
        readings['gd.discardedCancels'] === 'cancels',
        mutualOf(readings),
      )
        .filter((c) => c.status === 'active')
        .reduce((x, c) => x + c.chit.modifier, 0);
      weights.set(net, (weights.get(net) ?? 0) + ac * dc);
    }
  return { weights, total: attackerChits.length * d.length };
}

export const eventProcedures = gameProcedures('gd.events', {
  setup: eventsSetup,
  draw: eventsDraw,
  black: eventsBlack,
  name: eventsName,
});
