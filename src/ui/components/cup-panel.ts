/** The scenario's cups: what is left (public counts), draw, a physical draw typed in, set a chit aside to draw first, end of turn. */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { cupCounts, sideChances, type LogEntry } from '../../engine';
import { t, tx, use } from '../i18n';
import { chitLabel, sideName } from '../explain';
import { cupPanelStyles } from './cup-panel.styles';
import { SessionTool } from './session-tool';
import { session } from '../i18n/session';
import { trust } from '../i18n/trust';
import { PrivateView } from '../hand-off';
import { onSubmit } from '../submit';
import './hidden-cup';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust);

/** Per cup, the chits drawn face down since the last end of turn, in order; as of the log `log`. */
interface FaceDown {
  readonly log: readonly LogEntry[];
  readonly hidden: ReadonlyMap<string, readonly string[]>;
  /** Index of the log's last step that is not undone (-1: none). */
  readonly lastActive: number;
}
let faceDown: FaceDown | undefined;

function addStep(hidden: Map<string, string[]>, e: LogEntry): void {
  const o = e.outcome;
  if (o.kind === 'end-turn') hidden.clear();
  else if (o.kind === 'draw' && o.faceDown) hidden.set(o.cup, [...(hidden.get(o.cup) ?? []), o.chit]);
}

/**
 * The face-down draws of this turn, derived step by step (issue #14): a step appends to the log, so
 * the new steps are added to what the previous log gave; only a log changed otherwise (undo marks
 * steps undone, a long game's whole log arrives) is read again, back to its last end of turn.
 */
export function faceDownThisTurn(log: readonly LogEntry[]): ReadonlyMap<string, readonly string[]> {
  const prev = faceDown;
  if (prev?.log === log) return prev.hidden;
  const hidden = new Map<string, string[]>();
  let lastActive = -1;
  // An undo replaces the last step that was not undone: if it is still there, steps were only added.
  const extends_ =
    prev !== undefined &&
    log.length > prev.log.length &&
    (prev.lastActive < 0 ? prev.log.length === 0 : log[prev.lastActive] === prev.log[prev.lastActive]);
  if (extends_) {
    for (const [cup, chits] of prev.hidden) hidden.set(cup, [...chits]);
    lastActive = prev.lastActive;
    for (let k = prev.log.length; k < log.length; k++) {
      if (log[k]!.undone) continue;
      addStep(hidden, log[k]!);
      lastActive = k;
    }
  } else {
    let from = log.length;
    while (from > 0 && !(log[from - 1]!.outcome.kind === 'end-turn' && !log[from - 1]!.undone)) from--;
    for (let k = Math.max(0, from - 1); k < log.length; k++) if (!log[k]!.undone) addStep(hidden, log[k]!);
    for (let k = log.length - 1; k >= 0 && lastActive < 0; k--) if (!log[k]!.undone) lastActive = k;
  }
  faceDown = { log, hidden, lastActive };
  return hidden;
}

/**
 * A labelled list of chits that acts at once: choosing one runs `act` with it, and the list goes
 * back to "—" for the next one.
 */
const chitSelect = (
  label: string,
  chits: readonly string[],
  chitName: (chit: string) => string,
  act: (chit: string) => Promise<unknown>,
) =>
  html`<label
    >${label}<select
      @change=${async (e: Event) => {
        const sel = e.target as HTMLSelectElement;
        const chit = sel.value;
        sel.value = '';
        if (chit) await act(chit);
      }}
    >
      <option value="">—</option>
      ${chits.map((c) => html`<option value=${c}>${chitName(c)}</option>`)}
    </select></label
  >`;

@customElement('wc-cup-panel')
export class WcCupPanel extends SessionTool {
  static override styles = cupPanelStyles;
  /** The hands ("cup|side"), each shown to its owner only after the hand-off (src/ui/hand-off.ts). */
  private readonly privateView = new PrivateView(this);

  /** A side's hand of held chits: its size is public; its chits are shown to its owner only, after a hand-off. */
  private renderHand(cupId: string, side: { id: string }, held: readonly string[], busy: boolean) {
    const lang = this.store.getState().lang;
    const sides = this.current.bundle.game.sides;
    const name = sideName(lang, sides, side.id);
    const key = `${cupId}|${side.id}`;
    const label = (chit: string) => chitLabel(lang, this.current.ctx, cupId, chit);
    return html`<div class="card">
      <p><strong>${t(lang, 'hand.title', { side: name, n: held.length })}</strong></p>
      ${
        held.length
          ? this.privateView.gate(key, {
              side: side.id,
              name,
              ask: t(lang, 'hand.look', { side: name }),
              testid: `hand-${cupId}-${side.id}`,
              show: () =>
                html`<ul class="plain">
                  ${held.map(
                    (c) =>
                      html`<li class="row">
                        <span>${label(c)}</span>
                        <button
                          ?disabled=${busy}
                          @click=${() => {
                            this.privateView.hide();
                            void this.store.act({ type: 'cup.play', cup: cupId, side: side.id, chit: c });
                          }}
                        >
                          ${t(lang, 'hand.play')}
                        </button>
                      </li>`,
                  )}
                </ul>`,
            })
          : nothing
      }
      ${
        this.privateView.isShown(key)
          ? nothing
          : html`<form
              class="row"
              @submit=${onSubmit((f) => {
                const input = f.input('chit');
                const chit = input.value.trim().slice(0, 40);
                if (!chit) return;
                input.value = '';
                void this.store.act({ type: 'cup.hand', cup: cupId, side: side.id, chit });
              })}
            >
              <label
                >${t(lang, 'hand.give', { side: name })}<input name="chit" maxlength="40" autocomplete="off"
              /></label>
              <button type="submit" ?disabled=${busy}>${t(lang, 'common.save')}</button>
            </form>`
      }
    </div>`;
  }

  /** The discard pile as others may see it: chits drawn face down this turn show as null. */
  private publicDiscard(cupId: string, discard: readonly string[]): (string | null)[] {
    // Until a long game's whole log is loaded, nobody can tell which chits went face down: show none.
    if (!this.current.complete) return discard.map(() => null);
    const hidden = [...(faceDownThisTurn(this.current.session.log).get(cupId) ?? [])];
    return discard.map((c) => {
      const k = hidden.indexOf(c);
      if (k < 0) return c;
      hidden.splice(k, 1);
      return null;
    });
  }

  /**
   * The streak cap (issue #15): each side's chance of the next draw, the engine's `sideChances`, and
   * whether the cap holds it. Not shown after a face-down draw this turn: the run would tell its side.
   */
  private renderCap(cupId: string) {
    const cur = this.current;
    const cap = cur.state.balance?.cap;
    const cup = cur.state.cups[cupId];
    if (!cap || !cup) return nothing;
    const lang = this.store.getState().lang;
    const sides = cur.bundle.game.sides;
    const data = cur.ctx.scenario?.cups?.find((c) => c.id === cupId);
    const sideOf = (chit: string) => data?.chits.find((c) => c.id === chit)?.side ?? '';
    const run = cur.state.runs?.[cupId];
    const next = sideChances(cup, run, cap, sideOf);
    if (!next.outcomes) return nothing;
    const chances = [...next.counts]
      .map(([side, n]) => `${side ? sideName(lang, sides, side) : '—'} ${n}/${next.outcomes}`)
      .join(', ');
    return html`<p data-testid="cap-odds">
      ${
        next.capped
          ? html`<strong
              >${t(lang, 'cap.nextCapped', { n: next.capped.n, side: sideName(lang, sides, next.capped.side) })}</strong
            > `
          : nothing
      }${t(lang, 'cap.next', { chances })}
    </p>`;
  }

  override render() {
    const lang = this.store.getState().lang;
    const cur = this.current;
    const cups = cur.ctx.scenario?.cups ?? [];
    const busy = this.store.getState().busy;
    if (!cups.length) return html`<p class="muted">${t(lang, 'cup.none')}</p>`;
    const label = (cupId: string, chit: string) => chitLabel(lang, cur.ctx, cupId, chit);
    const sides = cur.bundle.game.sides;
    return html` ${cups.map((data) => {
        const cup = cur.state.cups[data.id];
        if (!cup) return nothing;
        const counts = cupCounts(cup);
        const canDraw = counts.inCup > 0 || (cup.refill === 'from-discard-when-empty' && cup.discard.length > 0);
        // After a face-down draw, listing the chits still in the cup would give the drawn one away by elimination.
        const shownDiscard = this.publicDiscard(data.id, cup.discard);
        const hiddenThisTurn = shownDiscard.includes(null);
        // A cup filled from a manifest (event chits) is drawn blind, like the real one: its contents are not listed.
        const blind = !!data.manifest;
        const distinct = Object.keys(counts.byChit).filter((k) => !cup.next.includes(k) || cup.chits.includes(k));
        // The draw buttons stay where they are, draw after draw: what changes height as chits are drawn
        // (what comes next, the discard pile, the streak cap's chances) comes after them.
        return html`<section class="card" aria-label=${tx(lang, data.name)}>
          <h4 style="margin:0.2rem 0">
            ${tx(lang, data.name)} ${data.rule ? html`<span class="muted">(${data.rule})</span>` : nothing}
          </h4>
          ${data.manifest === 'missing' ? html`<p class="muted">${t(lang, 'cup.missingManifest')}</p>` : nothing}
          <p><strong>${t(lang, 'cup.left', { n: counts.inCup })}</strong></p>
          <div class="row">
            ${
              blind
                ? nothing
                : this.physical
                  ? chitSelect(
                      t(lang, 'cup.drawPhysical'),
                      hiddenThisTurn ? [...new Set(data.chits.map((c) => c.id))] : distinct,
                      (c) => label(data.id, c),
                      (chit) => this.store.act({ type: 'cup.draw', cup: data.id, manual: chit }),
                    )
                  : html`<button
                        class="primary"
                        ?disabled=${busy || !canDraw}
                        @click=${() => this.store.act({ type: 'cup.draw', cup: data.id })}
                      >
                        ${t(lang, 'cup.draw')}
                      </button>
                      ${sides.map(
                        (side) =>
                          html`<button
                            ?disabled=${busy || !canDraw}
                            @click=${() => this.store.act({ type: 'cup.draw', cup: data.id, faceDown: side.id })}
                          >
                            ${t(lang, 'private.drawFor', { side: sideName(lang, sides, side.id) })}
                          </button>`,
                      )}`
            }
            ${
              cup.chits.length > 1 && !hiddenThisTurn && !blind
                ? chitSelect(
                    t(lang, 'cup.pick'),
                    [...new Set(cup.chits)],
                    (c) => label(data.id, c),
                    (chit) => this.store.act({ type: 'cup.pick', cup: data.id, chit }),
                  )
                : nothing
            }
          </div>
          <wc-hidden-cup .store=${this.store} .current=${cur} .cup=${data.id}></wc-hidden-cup>
          ${cup.next.length ? html`<p>${t(lang, 'cup.nextUp', { list: cup.next.map((c) => label(data.id, c)).join(', ') })}</p>` : nothing}
          ${cup.discard.length ? html`<p class="muted">${t(lang, 'cup.discard', { list: shownDiscard.map((c) => (c === null ? '?' : label(data.id, c))).join(', ') })}</p>` : nothing}
          ${blind ? html`<p class="muted">${t(lang, 'cup.blind')}</p>` : nothing}
          ${blind || hiddenThisTurn ? nothing : this.renderCap(data.id)}
          <details>
            <summary>${t(lang, 'hand.summary')}</summary>
            ${sides.map((side) => this.renderHand(data.id, side, cup.hands[side.id] ?? [], busy))}
          </details>
        </section>`;
      })}
      <p>
        <button ?disabled=${busy} @click=${() => this.store.act({ type: 'end-turn' })}>
          ${t(lang, 'play.endTurn', { n: cur.state.turn })}
        </button>
      </p>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-cup-panel': WcCupPanel;
  }
}
