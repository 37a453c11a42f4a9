/**
 * Grossdeutschland's event chits for a normal attack (10.3): set up (the app as the cups, from the
 * manifest chart, or the players' physical cups), draw for both sides (or type in what was drawn),
 * see what each chit does, play a black chit from a hand (shown only after a hand-off), aim AA/Flak
 * at an air chit.
 *
 * Between the players' phones (issue #33: the app is the cups and each side's phone is linked):
 * the table deals each event cup between the phones (its black chits the ones a drawer may keep
 * face down) and draws each side's chit hidden; each phone opens its own, shows a red or blue one
 * at once and keeps a black one face down (a count for the others); once both are settled the
 * table records the attack's draw. A kept black chit is listed, named, on its own phone only,
 * which plays it (shows it with its proof, then the black step).
 *
 * A step the rules refuse is said beside the control it was asked from (SessionTool `actAt`,
 * `refusalAt`: `gd-error-<where>`), not in the page's banner.
 */
import type { ProcedureId } from './rules';
import { html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { cupCounts, nextHiddenPos, refillOf, type Json, asJson } from '../../engine';
import {
  EVENT_CUP,
  FORTIFICATIONS,
  eventsOf,
  handCount,
  faceDownOf,
  usedPosOf,
  keepOf,
  manifestFrom,
  manifestShortfall,
  netOf,
  norm,
  pendingOf,
  unknownCount,
  type Fortification,
} from './events';
import { signed, type Side } from './state';
import { use } from '../../ui/i18n';
import { t } from './messages-keys';
import { sideName } from '../../ui/explain';
import { gdEventsStyles } from './panel-events.styles';
import { SessionTool } from '../../ui/components/session-tool';
import { parseRolls } from '../../ui/components/manual-dice';
import { trust } from '../../ui/i18n/trust';
import { checkField, numberField, textField } from '../../ui/fields';
import { readNumber, type NumberRule } from '../../ui/number-field';
import { PrivateView } from '../../ui/hand-off';
import { dealKeeping, phonesForEverySide, refillKeeping, revealHidden } from '../../ui/components/hidden-cup';
import { privacyOf } from '../../ui/private';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

const SIDES: Side[] = ['german', 'soviet'];
/** The AA/Flak's distance in hexes, as the AA step reads it (rules.ts aa; 10.7). */
const AA_DISTANCE: NumberRule = { min: 0, max: 30 };
/** A red or blue chit's printed modifier, as the step reads it (events.ts readChit; 10.3). */
const CHIT_MODIFIER: NumberRule = { min: -9, max: 9 };
const forts = (f: Fortification | 'any'): readonly Fortification[] => (f === 'any' ? FORTIFICATIONS : [f]);
const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');
/** How long the table waits for the phones to settle their chits before it offers the step by a button. */
const SETTLE_MS = 60_000;

@customElement('wc-gd-events')
export class WcGdEvents extends SessionTool<ProcedureId> {
  /** A player's phone lists its face-down event chits here (issue #33). */
  protected override readonly watchesHiddenChits = true;
  static override styles = gdEventsStyles;
  /** Typed rolls for the AA dice when the players roll real dice (the panel's field). */
  @property() override rolls = '';
  @state() private attacker: Side = 'german';
  /** The chits typed in, per side: drafts kept across a reload, dropped once recorded (issue #28). */
  private get typed(): Record<Side, Record<string, Json>> {
    return { german: this.formDraft('gd-chit-german', {}), soviet: this.formDraft('gd-chit-soviet', {}) };
  }
  /** A side's black chits, behind the hand-off (src/ui/hand-off.ts). */
  private readonly privateView = new PrivateView(this);
  @state() private aa: Record<string, string | boolean> = {};

  /** Runs a step from the control `where`; the dice typed in go with it only when given (`rolls`: the AA roll's). */
  private run(where: string, id: ProcedureId, input: Json, rolls = '') {
    const manual = this.physical && rolls ? parseRolls(rolls) : undefined;
    return this.actAt(where, { type: 'procedure', id, input, ...(manual ? { manual } : {}) });
  }
  /** The refusal of the step asked for at `where`, beside its control. */
  private err(where: string) {
    return this.refusalAt(where, 'gd-');
  }

  private manifest() {
    const cur = this.current;
    return manifestFrom(cur.ctx.tables.get('gd-event-chits'), cur.ctx.entered?.['gd-event-chits']);
  }

  private typedChit(s: Side): Json | undefined {
    const typed = this.typed[s];
    // A black chit sealed on its drawer's phone (issue #33): the draw names the sealed value, never the chit.
    if (typed['sealedBlack'] === true && this.sealable(s)) return { colour: 'black', sealed: this.sealedFor(s) ?? '' };
    const name = String(typed['name'] ?? '').trim();
    if (!name) return undefined;
    const known = eventsOf(this.current.state.game)?.known[norm(name)];
    if (known && !typed['colour']) return name;
    // A black chit has no number (10.3); a red or blue one's blank modifier is asked for, never read as 0.
    const mod = readNumber(typed['modifier'], CHIT_MODIFIER);
    return {
      name,
      colour: String(typed['colour'] || ''),
      modifier: typed['colour'] === 'black' ? 0 : mod.ok ? mod.value! : Number.NaN,
      cancels: String(typed['cancels'] ?? ''),
      noNight: typed['noNight'] === true,
      air: typed['air'] === true,
    };
  }

  /** Whether every chit typed in can be used; if not, the field that cannot says why and gets the focus. */
  private chitsOk(sides: readonly Side[]): boolean {
    const bad = sides.some((s) => {
      const chit = this.typedChit(s);
      return typeof chit === 'object' && chit !== null && Number.isNaN((chit as Record<string, Json>)['modifier']);
    });
    if (bad) void this.askForm('gd-chit');
    return !bad;
  }

  /**
   * Whether a black chit `s` draws from the players' own cup may be sealed on that side's phone
   * (issue #33): the players keep their cups and that side's phone is linked (this one or another).
   */
  private sealable(s: Side): boolean {
    return eventsOf(this.current.state.game)?.mode === 'table' && privacyOf(this.store.getState(), s) !== 'handoff';
  }

  /** The newest black chit `s`'s phone sealed that no draw has taken yet (issue #33). */
  private sealedFor(s: Side): string | undefined {
    const cur = this.store.getState().current ?? this.current;
    const taken = eventsOf(cur.state.game)?.sealedTaken ?? [];
    return Object.entries(cur.state.sealed ?? {})
      .filter(([id, v]) => id.startsWith(`gd-black-${s}-`) && v.side === s && !taken.includes(id))
      .sort(([, a], [, b]) => b.seq - a.seq)[0]?.[0];
  }

  /** A black chit drawn from the players' own cup, typed on its side's own phone and sealed there (issue #33). */
  private sealForm(s: Side) {
    const lang = this.language;
    const name = sideName(lang, this.current.bundle.game.sides, s);
    const ready = this.sealedFor(s);
    if (privacyOf(this.store.getState(), s) !== 'mine')
      return html`<p class="muted" data-testid=${`gd-sealed-${s}`}>
        ${ready ? t(lang, 'gdev.sealedCount', { n: 1, side: name }) : t(lang, 'gdev.sealedAwait', { side: name })}
      </p>`;
    const value = ready ? this.store.sealedHeld?.(ready) : undefined;
    const held = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Json>) : {};
    const draft = this.formDraft<Record<string, string>>(`gd-seal-${s}`, {});
    const set = (k: string, x: string) => this.setFormDraft(`gd-seal-${s}`, { [k]: x });
    return html`<p class="muted">${t(lang, 'gdev.sealHelp')}</p>
      <div class="row">
        ${textField(t(lang, 'gdev.chitName'), draft['name'] ?? '', (x) => set('name', x), { testid: `gd-seal-${s}-name`, list: 'gd-known' })}
        ${textField(t(lang, 'gdev.cancels'), draft['cancels'] ?? '', (x) => set('cancels', x), { testid: `gd-seal-${s}-cancels`, list: 'gd-known' })}
        <button
          data-testid=${`gd-seal-${s}`}
          ?disabled=${!(draft['name'] ?? '').trim()}
          @click=${async () => {
            const value = {
              name: (draft['name'] ?? '').trim(),
              ...((draft['cancels'] ?? '').trim() ? { cancels: draft['cancels']!.trim() } : {}),
            };
            if (await this.store.seal?.('gd-black', s, value)) this.dropFormDraft(`gd-seal-${s}`);
          }}
        >
          ${t(lang, 'gdev.sealBlack')}
        </button>
      </div>
      ${
        ready && typeof held['name'] === 'string'
          ? html`<p data-testid=${`gd-sealed-${s}`}>${t(lang, 'gdev.sealedReady', { name: held['name'] })}</p>`
          : nothing
      }`;
  }

  private typedForm(s: Side) {
    const lang = this.language;
    const typed = this.typed[s];
    const set = (k: string, x: string | boolean) => this.setFormDraft(`gd-chit-${s}`, { [k]: x });
    const text = (k: string) => String(typed[k] ?? '');
    const known = Object.values(eventsOf(this.current.state.game)?.known ?? {});
    const sideLabel = sideName(lang, this.current.bundle.game.sides, s);
    const sealing = this.sealable(s) && typed['sealedBlack'] === true;
    return html`<fieldset>
      <legend>${t(lang, 'gdev.typed', { side: sideLabel })}</legend>
      ${
        this.sealable(s)
          ? html`<div class="row">
              ${checkField(t(lang, 'gdev.blackOnPhone', { side: sideLabel }), sealing, (on) => set('sealedBlack', on), { testid: `gd-chit-${s}-sealed` })}
            </div>`
          : nothing
      }
      ${sealing ? this.sealForm(s) : this.typedFields(s, typed, set, text)}
      <datalist id="gd-known">${known.map((k) => html`<option value=${k.name}></option>`)}</datalist>
    </fieldset>`;
  }

  private typedFields(
    s: Side,
    typed: Record<string, Json>,
    set: (k: string, x: string | boolean) => void,
    text: (k: string) => string,
  ) {
    const lang = this.language;
    return html` <div class="row">
        ${textField(t(lang, 'gdev.chitName'), text('name'), (x) => set('name', x), { testid: `gd-chit-${s}`, list: 'gd-known' })}
        <label
          >${t(lang, 'gdev.colour')}<select
            data-testid=${`gd-chit-${s}-colour`}
            @change=${(e: Event) => set('colour', (e.target as HTMLSelectElement).value)}
          >
            <option value="">—</option>
            ${(['blue', 'red', 'black'] as const).map((c) => html`<option value=${c} ?selected=${typed['colour'] === c}>${t(lang, `gd.colour.${c}`)}</option>`)}
          </select></label
        >
        ${
          typed['colour'] === 'black'
            ? nothing
            : numberField(t(lang, 'gdev.modifier'), text('modifier'), (x) => set('modifier', x), CHIT_MODIFIER, {
                lang,
                id: `gd-chit-${s}-modifier`,
                testid: `gd-chit-${s}-mod`,
                // A name from the manifest needs no modifier: asked only of a new chit with its colour.
                asked: this.askedForms.has('gd-chit') && !!typed['colour'],
              })
        }
        ${textField(t(lang, 'gdev.cancels'), text('cancels'), (x) => set('cancels', x), { list: 'gd-known' })}
      </div>
      <div class="row">
        ${checkField(t(lang, 'gdev.noNight'), typed['noNight'] === true, (on) => set('noNight', on))}
        ${checkField(t(lang, 'gdev.air'), typed['air'] === true, (on) => set('air', on), { testid: `gd-chit-${s}-air` })}
      </div>`;
  }

  /** The event cups are drawn between the phones (issue #33): dealt already, or the app's cups with each side's phone linked. */
  private between(): boolean {
    const cur = this.current;
    if (eventsOf(cur.state.game)?.mode !== 'app') return false;
    if (SIDES.some((s) => cur.state.hidden?.[EVENT_CUP[s]])) return true;
    return !this.physical && phonesForEverySide(this.store, cur);
  }

  /** Each side's card drawn between the phones for this attack (after the last one a draw step took), and whether its phone settled it. */
  private drawnBetween(): Partial<Record<Side, { pos: number; settled: boolean }>> {
    // The store's own state (a wait reads it as it changes, before this tool renders again).
    const cur = this.store.getState().current ?? this.current;
    const ev = eventsOf(cur.state.game);
    const out: Partial<Record<Side, { pos: number; settled: boolean }>> = {};
    for (const s of SIDES) {
      const deal = cur.state.hidden?.[EVENT_CUP[s]];
      const last = deal?.drawn.at(-1);
      if (!deal || deal.closed || !last || last.side !== s || last.pos <= usedPosOf(ev, cur.state.hidden, s)) continue;
      out[s] = { pos: last.pos, settled: deal.revealed[last.pos] !== undefined || !!deal.kept?.includes(last.pos) };
    }
    return out;
  }

  /** Resolves true once `ok` holds (the store changed), false after `ms`. */
  private until(ok: () => boolean, ms = SETTLE_MS): Promise<boolean> {
    if (ok()) return Promise.resolve(true);
    return new Promise((done) => {
      const timer = setTimeout(() => {
        stop();
        done(false);
      }, ms);
      const stop = this.store.subscribe(() => {
        if (!ok()) return;
        stop();
        clearTimeout(timer);
        done(true);
      });
    });
  }

  /** The table draws the attack's chits between the phones: deals a cup not dealt yet, draws each side's card, records the draw once both are settled. */
  private async drawBetween() {
    const ev = eventsOf(this.current.state.game);
    if (!ev) return;
    for (const s of SIDES) {
      const cur = this.store.getState().current ?? this.current;
      // Dealt afresh once an audit closed the deal before (issue #33).
      if (cur.state.hidden?.[EVENT_CUP[s]] && !cur.state.hidden[EVENT_CUP[s]]!.closed) continue;
      const cup = cur.state.cups[EVENT_CUP[s]];
      if (!cup || !(await dealKeeping(EVENT_CUP[s], keepOf(cup.chits, ev.known)))) return;
    }
    for (const s of [this.attacker, other(this.attacker)]) {
      if (this.drawnBetween()[s]) continue;
      // 10.3 (seed 000 line 518): every chit drawn, the discard pile goes back into the cup — a refill between the phones.
      const cur = this.store.getState().current ?? this.current;
      const deal = cur.state.hidden?.[EVENT_CUP[s]];
      const plain = cur.state.cups[EVENT_CUP[s]];
      const discard = deal && plain ? refillOf(plain, deal).chits : [];
      if (deal && nextHiddenPos(cur.session.log, EVENT_CUP[s]) >= deal.chits.length && discard.length) {
        const from = deal.chits.length;
        const keep = keepOf(discard, ev.known).map((i) => i + from);
        if (!(await refillKeeping(EVENT_CUP[s], keep))) return;
      }
      if (!(await this.store.act({ type: 'hidden.draw', cup: EVENT_CUP[s], side: s }))) return;
    }
    if (await this.until(() => SIDES.every((s) => this.drawnBetween()[s]?.settled))) await this.applyBetween();
  }

  private applyBetween() {
    const a = this.drawnBetween();
    if (!a.german || !a.soviet) return Promise.resolve(false);
    return this.run('draw', 'gd.events.draw', {
      attacker: this.attacker,
      hidden: { german: a.german.pos, soviet: a.soviet.pos },
    });
  }

  /** A black chit this phone kept face down, played: shown with its proof (checked by the table), then the black step. */
  private async playFaceDown(s: Side, deal: string, pos: number, fortification?: Fortification) {
    const revealed = () =>
      (this.store.getState().current ?? this.current).state.hidden?.[EVENT_CUP[s]]?.revealed[pos] !== undefined;
    if (!revealed() && !((await revealHidden(deal, pos)) && (await this.until(revealed)))) return;
    await this.run(`black-${s}`, 'gd.events.black', { side: s, pos, ...(fortification ? { fortification } : {}) });
  }

  private hand(s: Side) {
    const lang = this.language;
    const cur = this.current;
    const name = sideName(lang, cur.bundle.game.sides, s);
    const held = cur.state.cups[EVENT_CUP[s]]?.hands[s] ?? [];
    const ev = eventsOf(cur.state.game)!;
    const faceDown = faceDownOf(ev, cur.state.hidden, s);
    const pending = pendingOf(cur.state.game, cur.state.turn);
    const target = (chit: string) => {
      const cancels = ev.known[norm(chit)]?.cancels;
      return cancels &&
        pending?.chits.some((x) => x.side !== s && x.status === 'active' && norm(x.chit.name) === norm(cancels))
        ? cancels
        : undefined;
    };
    // Linked devices: a side's hand shows on its player's phone only; the others see its count (PrivateView.gate).
    return html`<div class="card">
      <p>
        <strong
          >${t(lang, 'hand.title', { side: name, n: handCount(ev, cur.state.cups[EVENT_CUP[s]], s, cur.state.hidden) })}</strong
        >
      </p>
      ${faceDown.length ? this.faceDownList(s, faceDown, target) : nothing}
      ${ev.sealedHand?.[s]?.length ? this.sealedList(s, ev.sealedHand[s], target) : nothing}
      ${
        held.length
          ? this.privateView.gate(`gd-hand-${s}`, {
              side: s,
              name,
              ask: t(lang, 'gdev.showHand', { side: name }),
              question: t(lang, 'gdev.handOff', { side: name }),
              testid: `gd-hand-${s}`,
              show: () =>
                html`<ul class="plain">
                  ${held.map(
                    (c) =>
                      html`<li class="row">
                        <span>${c} → ${ev.known[norm(c)]?.cancels ?? '?'}</span> ${
                          target(c)
                            ? html`<button
                                class="primary"
                                @click=${async () => {
                                  if (await this.run(`black-${s}`, 'gd.events.black', { side: s, chit: c }))
                                    this.privateView.hide();
                                }}
                              >
                                ${t(lang, 'gdev.playBlack', { side: name, name: c, target: target(c)! })}
                              </button>`
                            : nothing
                        }
                        ${
                          // A black chit with the cancellation icon: against a fortification of the attacked hex (15.0).
                          pending && ev.known[norm(c)]?.fortification
                            ? forts(ev.known[norm(c)]!.fortification!).map(
                                (f) =>
                                  html`<button
                                    @click=${async () => {
                                      if (
                                        await this.run(`black-${s}`, 'gd.events.black', {
                                          side: s,
                                          chit: c,
                                          fortification: f,
                                        })
                                      )
                                        this.privateView.hide();
                                    }}
                                  >
                                    ${t(lang, 'gdev.playBlackFort', { name: c, fort: t(lang, `gd.fort.${f}`) })}
                                  </button>`,
                              )
                            : nothing
                        }
                      </li>`,
                  )}
                </ul>`,
            })
          : nothing
      }
    </div>`;
  }

  /**
   * A side's black chits kept face down between the phones (issue #33): named, with their plays, on
   * that side's phone only; a count everywhere else. A phone that lost its secrets says so.
   */
  private faceDownList(s: Side, faceDown: readonly number[], target: (chit: string) => string | undefined) {
    const lang = this.language;
    const cur = this.current;
    const l = this.store.getState().link;
    const name = sideName(lang, cur.bundle.game.sides, s);
    const ev = eventsOf(cur.state.game)!;
    const pending = pendingOf(cur.state.game, cur.state.turn);
    const mineHere = l?.role === 'replica' && l.view === 'player' && l.side === s;
    if (!mineHere)
      return html`<p class="muted" data-testid=${`gd-facedown-${s}`}>
        ${t(lang, 'gdev.faceDownCount', { n: faceDown.length, side: name })}
      </p>`;
    const cup = EVENT_CUP[s];
    const chits = this.store.getState().hiddenChits;
    const mine = (chits?.mine ?? []).filter((m) => m.cup === cup && faceDown.includes(m.pos));
    const lost = (chits?.unopened ?? []).filter((u) => u.cup === cup && u.lost && faceDown.includes(u.pos));
    return html`<ul class="plain" data-testid=${`gd-facedown-${s}`}>
      ${mine.map((m) => {
        const fort = ev.known[norm(m.chit)]?.fortification;
        return html`<li class="row">
          <span data-testid="gd-facedown-chit"
            >${t(lang, 'gdev.faceDownChit', { name: m.chit, target: ev.known[norm(m.chit)]?.cancels ?? '?' })}</span
          >
          ${
            target(m.chit)
              ? html`<button class="primary" @click=${() => this.playFaceDown(s, m.deal, m.pos)}>
                  ${t(lang, 'gdev.playBlack', { side: name, name: m.chit, target: target(m.chit)! })}
                </button>`
              : nothing
          }
          ${
            pending && fort
              ? forts(fort).map(
                  (f) =>
                    html`<button @click=${() => this.playFaceDown(s, m.deal, m.pos, f)}>
                      ${t(lang, 'gdev.playBlackFort', { name: m.chit, fort: t(lang, `gd.fort.${f}`) })}
                    </button>`,
                )
              : nothing
          }
        </li>`;
      })}
      ${lost.length ? html`<li>${t(lang, 'gdev.faceDownLost', { n: lost.length })}</li>` : nothing}
    </ul>`;
  }

  /**
   * A side's black chits sealed on its phone (issue #33, the players' own cups): named, with their
   * plays, on that side's phone only; a count everywhere else. A phone that lost them says so.
   */
  private sealedList(s: Side, ids: readonly string[], target: (chit: string) => string | undefined) {
    const lang = this.language;
    const cur = this.current;
    const name = sideName(lang, cur.bundle.game.sides, s);
    const ev = eventsOf(cur.state.game)!;
    const pending = pendingOf(cur.state.game, cur.state.turn);
    if (privacyOf(this.store.getState(), s) !== 'mine')
      return html`<p class="muted" data-testid=${`gd-sealedhand-${s}`}>
        ${t(lang, 'gdev.sealedCount', { n: ids.length, side: name })}
      </p>`;
    const held = ids.flatMap((id) => {
      const v = this.store.sealedHeld?.(id);
      const chit = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>)['name'] : undefined;
      return typeof chit === 'string'
        ? [{ id, chit, cancels: ev.known[norm(chit)]?.cancels ?? (v as Record<string, Json>)['cancels'] }]
        : [];
    });
    const lost = ids.length - held.length;
    return html`<ul class="plain" data-testid=${`gd-sealedhand-${s}`}>
      ${held.map((h) => {
        const fort = ev.known[norm(h.chit)]?.fortification;
        const aim =
          target(h.chit) ??
          (pending?.chits.some(
            (x) =>
              x.side !== s &&
              x.status === 'active' &&
              typeof h.cancels === 'string' &&
              norm(x.chit.name) === norm(h.cancels),
          )
            ? String(h.cancels)
            : undefined);
        return html`<li class="row">
          <span data-testid="gd-sealed-chit"
            >${t(lang, 'gdev.sealedChit', { name: h.chit, target: typeof h.cancels === 'string' ? h.cancels : '?' })}</span
          >
          ${
            aim
              ? html`<button class="primary" data-testid="gd-play-sealed" @click=${() => this.playSealed(s, h.id)}>
                  ${t(lang, 'gdev.playBlack', { side: name, name: h.chit, target: aim })}
                </button>`
              : nothing
          }
          ${
            pending && fort
              ? forts(fort).map(
                  (f) =>
                    html`<button @click=${() => this.playSealed(s, h.id, f)}>
                      ${t(lang, 'gdev.playBlackFort', { name: h.chit, fort: t(lang, `gd.fort.${f}`) })}
                    </button>`,
                )
              : nothing
          }
        </li>`;
      })}
      ${lost ? html`<li>${t(lang, 'gdev.sealedLost', { n: lost })}</li>` : nothing}
    </ul>`;
  }

  /** A black chit sealed on this phone, played: shown (every device checks it against its commitment), then the black step. */
  private async playSealed(s: Side, id: string, fortification?: Fortification) {
    const revealed = () => !!(this.store.getState().current ?? this.current).state.sealed?.[id]?.revealed;
    if (!revealed() && !((await this.store.sealedReveal?.(id)) && (await this.until(revealed)))) return;
    await this.run(`black-${s}`, 'gd.events.black', {
      side: s,
      sealed: id,
      ...(fortification ? { fortification } : {}),
    });
  }

  /** The attack's draw between the phones: the table draws; each phone settles its own chit; then the step. */
  private drawBetweenView() {
    const lang = this.language;
    const cur = this.current;
    const sides = cur.bundle.game.sides;
    const writer = this.store.getState().link?.role === 'writer';
    const a = this.drawnBetween();
    const waiting = SIDES.filter((s) => a[s] && !a[s].settled);
    const busy = this.store.getState().busy;
    return html`<p class="muted">${t(lang, 'gdev.betweenHelp')}</p>
      ${waiting.map(
        (s) =>
          html`<p data-testid="gd-between-waiting">
            ${t(lang, 'gdev.betweenWaiting', { side: sideName(lang, sides, s) })}
          </p>`,
      )}
      ${
        !writer
          ? html`<p class="muted">${t(lang, 'gdev.betweenTable')}</p>`
          : a.german?.settled && a.soviet?.settled
            ? html`<button
                class="primary"
                data-testid="gd-between-apply"
                ?disabled=${busy}
                @click=${() => this.applyBetween()}
              >
                ${t(lang, 'gdev.betweenApply')}
              </button>`
            : html`<button
                class="primary"
                data-testid="gd-draw-events"
                ?disabled=${busy}
                @click=${() => this.drawBetween()}
              >
                ${t(lang, 'gdev.drawEvents')}
              </button>`
      }`;
  }

  override render() {
    const { lang, cur } = this.view;
    const sides = cur.bundle.game.sides;
    if (!cur.ctx.scenario?.eventChits) return nothing;
    const ev = eventsOf(cur.state.game);
    if (!ev) {
      const manifest = this.manifest();
      const short = manifestShortfall(cur.ctx.scenario, manifest);
      return html`<fieldset class="card">
        <legend>${t(lang, 'gdev.events')}</legend>
        <p class="muted">
          ${t(lang, 'gdev.manifestState', { n: manifest.length, short: short.length ? t(lang, 'gdev.manifestShort', { list: short.map((x) => `${x.have}/${x.need} ${t(lang, `gd.colour.${x.colour}`)}`).join(', ') }) : t(lang, 'gdev.manifestEnough') })}
        </p>
        ${
          // Not enough chits for the app's cups: what is missing, and where to type it in (issue #28, item 13).
          short.length
            ? html`<p data-testid="gd-events-needs">
                ${t(lang, 'gdev.appNeeds', {
                  n: short.reduce((a, x) => a + x.need - x.have, 0),
                  list: short.map((x) => `${x.need - x.have} ${t(lang, `gd.colour.${x.colour}`)}`).join(', '),
                })}
                <a href="#/game/${cur.session.game}/tables/gd-event-chits">${t(lang, 'gdev.typeThemIn')}</a>
              </p>`
            : nothing
        }
        <div class="row">
          ${
            short.length
              ? nothing
              : html`<button @click=${() => this.run('setup', 'gd.events.setup', { manifest: asJson(manifest) })}>
                  ${t(lang, 'gdev.setupApp')}
                </button>`
          }
          ${
            // A partial manifest: the app runs the cups with the chits typed so far and numbered stand-ins.
            short.length
              ? html`<button
                  data-testid="gd-events-partial"
                  @click=${() => this.run('setup', 'gd.events.setup', { manifest: asJson(manifest), partial: true })}
                >
                  ${t(lang, 'gdev.setupPartial')}
                </button>`
              : nothing
          }
          <button
            class="primary"
            data-testid="gd-events-table"
            @click=${() => this.run('setup', 'gd.events.setup', { mode: 'table', manifest: asJson(manifest) })}
          >
            ${t(lang, 'gdev.setupTable')}
          </button>
        </div>
        ${this.err('setup')}
      </fieldset>`;
    }
    const pending = pendingOf(cur.state.game, cur.state.turn);
    const typedNeeded = ev.mode === 'table' || this.physical;
    return html`<fieldset class="card">
      <legend>${t(lang, 'gdev.events')}</legend>
      ${ev.mode === 'app' && unknownCount(cur.state.cups) ? html`<p class="muted">${t(lang, 'gdev.unknownLeft', { n: unknownCount(cur.state.cups) })}</p>` : nothing}
      ${
        ev.mode === 'app'
          ? html`<p class="muted">
              ${SIDES.map((s) => {
                const cup = cur.state.cups[EVENT_CUP[s]];
                return cup
                  ? t(lang, 'gdev.cupState', {
                      side: sideName(lang, sides, s),
                      n: cupCounts(cup).inCup,
                      d: cup.discard.length,
                    })
                  : '';
              }).join(' · ')}
            </p>`
          : nothing
      }
      ${
        pending
          ? html`<p><strong>${t(lang, 'gdev.pending', { net: signed(netOf(pending)) })}</strong></p>
              <ul class="plain" data-testid="gd-pending">
                ${pending.chits.map((c) => html`<li class=${c.status === 'active' ? 'st-active' : 'st-out'}>${sideName(lang, sides, c.side)}: ${c.status === 'black' ? t(lang, 'gd.colour.black') : `${c.chit.name} (${t(lang, `gd.colour.${c.chit.colour}`)}, ${signed(c.chit.modifier)})`} — ${t(lang, `gdev.st.${c.status}`)}${c.by ? ` (${c.by})` : ''}</li>`)}
              </ul>
              ${pending.chits
                .filter((c) => c.status === 'unknown')
                .map(
                  (c) =>
                    html`${this.typedForm(c.side)}
                      <button
                        class="primary"
                        data-testid=${`gd-name-${c.side}`}
                        @click=${async () => {
                          if (!this.chitsOk([c.side])) return;
                          if (
                            await this.run(`name-${c.side}`, 'gd.events.name', {
                              side: c.side,
                              chit: this.typedChit(c.side) ?? '',
                            })
                          )
                            this.dropFormDraft(`gd-chit-${c.side}`);
                        }}
                      >
                        ${t(lang, 'gdev.nameIt')}
                      </button>
                      ${this.err(`name-${c.side}`)}`,
                )}
              ${pending.chits
                .filter((c) => c.status === 'active' && c.chit.air)
                .map(
                  (c) =>
                    html`<form
                      class="row"
                      @submit=${(e: Event) => {
                        e.preventDefault();
                        const distance = readNumber(this.aa['distance'], AA_DISTANCE);
                        if (!distance.ok) return void this.askForm('gd-aa');
                        void this.run(
                          'aa',
                          'gd.aa',
                          {
                            distance: distance.value!,
                            light: this.aa['light'] === true,
                            target: c.chit.name,
                          },
                          this.physical ? this.rolls : '',
                        );
                      }}
                    >
                      ${numberField(t(lang, 'gdui.distance'), String(this.aa['distance'] ?? ''), (v) => (this.aa = { ...this.aa, distance: v }), AA_DISTANCE, { lang, id: 'gd-aa-distance', asked: this.askedForms.has('gd-aa') })}
                      <label class="inline"
                        ><input
                          type="checkbox"
                          @change=${(e: Event) => (this.aa = { ...this.aa, light: (e.target as HTMLInputElement).checked })}
                        />
                        ${t(lang, 'gdui.light')}</label
                      >
                      <button type="submit">${t(lang, 'gdev.aaAt', { name: c.chit.name })}</button>
                    </form>`,
                )}
              ${this.err('aa')}`
          : html`<div class="row">
                <label
                  >${t(lang, 'gdev.attacker')}<select
                    data-testid="gd-attacker"
                    @change=${(e: Event) => (this.attacker = (e.target as HTMLSelectElement).value as Side)}
                  >
                    ${SIDES.map((s) => html`<option value=${s} ?selected=${this.attacker === s}>${sideName(lang, sides, s)}</option>`)}
                  </select></label
                >
              </div>
              ${
                this.between()
                  ? this.drawBetweenView()
                  : typedNeeded
                    ? html`${
                          ev.mode === 'table'
                            ? html`<h4>${t(lang, 'gdev.typeDrawn')}</h4>
                                <p class="muted">${t(lang, 'gdev.typeDrawnHelp')}</p>`
                            : nothing
                        }
                        <p class="muted">${t(lang, 'gdev.typedHelp')}</p>
                        ${[this.attacker, this.attacker === 'german' ? ('soviet' as const) : ('german' as const)].map((s) => this.typedForm(s))}`
                    : nothing
              }
              ${
                this.between()
                  ? nothing
                  : html`<button
                      class="primary"
                      data-testid="gd-draw-events"
                      @click=${async () => {
                        const input: Record<string, Json> = { attacker: this.attacker };
                        if (typedNeeded && !this.chitsOk(SIDES)) return;
                        if (typedNeeded)
                          for (const s of SIDES) {
                            const chit = this.typedChit(s);
                            if (chit !== undefined) input[s] = chit;
                          }
                        if (await this.run('draw', 'gd.events.draw', input))
                          for (const s of SIDES) this.dropFormDraft(`gd-chit-${s}`);
                      }}
                    >
                      ${
                        // From the players' own cups nothing is drawn here: what they drew is recorded (issue #28, item 13).
                        t(lang, ev.mode === 'table' ? 'gdev.recordDrawn' : 'gdev.drawEvents')
                      }
                    </button>`
              }
              ${this.err('draw')}`
      }
      <div class="row">${SIDES.map((s) => this.hand(s))}</div>
      ${SIDES.map((s) => this.err(`black-${s}`))}
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-gd-events': WcGdEvents;
  }
}
