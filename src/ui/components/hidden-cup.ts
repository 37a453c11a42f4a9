/**
 * A hidden cup in the cups tool (issue #33): on the table, the deal between the players' phones
 * and a draw for each side; on a player's phone, its own draw and the chits only it can read,
 * each shown to everyone when its player chooses. The cryptography stays in src/link/hidden-cup
 * (loaded with the link); this view shows plain data (the game's state and the link's status)
 * and reaches the link only when a button is pressed.
 */
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { nextHiddenPos, type HiddenDeal } from '../../engine';
import type { Current, PanelHost } from '../../app/store-types';
import { t } from '../i18n';
import { chitLabel, sideName } from '../explain';
import { StoreController } from '../store-controller';

/** The link of this page, once loaded (a hidden cup exists only on linked devices). */
const link = async () => (await import('../../link/manager')).activeLink();

/**
 * Chits in boxes that only `side`'s phone reads, dealt between the phones for the whole game (a
 * game's tool uses it: Zitadelle's boxes A–H, 13.3). False: refused (said by the link).
 */
export const dealBoxes = async (cup: string, side: string): Promise<boolean> =>
  (await (await link())?.dealBoxes(cup, side)) ?? false;
/**
 * The writer deals a cup between the phones for the whole game, naming the chits a drawer may keep
 * face down (a game's tool uses it: Grossdeutschland's event cups and their black chits, 10.3).
 * False: refused (said by the link).
 */
export const dealKeeping = async (cup: string, keep: readonly number[]): Promise<boolean> =>
  (await (await link())?.dealHidden(cup, { lasting: true, keep })) ?? false;
/**
 * The writer refills a dealt cup from its discard pile between the phones (10.3), naming the new
 * chits a drawer may keep face down (their indexes in the whole deal). False: refused (said).
 */
export const refillKeeping = async (cup: string, keep: readonly number[]): Promise<boolean> =>
  (await (await link())?.refillHidden(cup, { keep })) ?? false;
/** A player's phone shows a hidden chit it holds (the writer checks its proof and logs it). */
export const revealHidden = async (deal: string, pos: number): Promise<boolean> =>
  (await link())?.revealHidden(deal, pos) ?? false;

/** Whether the writer may deal this cup between the phones: linked, one phone per side. */
export function phonesForEverySide(host: PanelHost, cur: Current): boolean {
  const l = host.getState().link;
  if (l?.role !== 'writer') return false;
  const held = new Set(l.peers.filter((p) => p.connected && p.side).map((p) => p.side));
  return cur.bundle.game.sides.every((s) => held.has(s.id));
}

/** The table's confirmation of an audit (the element's own state). */
export interface AuditConfirm {
  readonly open: boolean;
  set(open: boolean): void;
}

export function renderHiddenCup(
  host: PanelHost,
  cur: Current,
  cupId: string,
  busy: boolean,
  confirm: AuditConfirm = { open: false, set: () => {} },
) {
  const lang = host.getState().lang;
  const l = host.getState().link;
  const sides = cur.bundle.game.sides;
  const deal = cur.state.hidden?.[cupId];
  const cup = cur.state.cups[cupId];
  if (!deal) {
    if (!cup?.chits.length || cup.next.length) return nothing;
    // One device alone, or a phone missing: a face-down draw is hidden on screen only (said).
    // A player's phone cannot tell which sides the others hold: it says what the table does.
    if (l?.role === 'replica')
      return html`<p class="muted" data-testid="hidden-phone-help">${t(lang, 'hidden.phoneHelp')}</p>`;
    if (!phonesForEverySide(host, cur))
      return l ? html`<p class="muted" data-testid="hidden-one-device">${t(lang, 'hidden.oneDevice')}</p>` : nothing;
    return html`<p class="muted">${t(lang, 'hidden.dealHelp')}</p>
      <p>
        <button data-testid="hidden-deal" ?disabled=${busy} @click=${async () => (await link())?.dealHidden(cupId)}>
          ${t(lang, 'hidden.deal')}
        </button>
      </p>`;
  }
  // A deal for the whole game (a game's boxes, event cups): its own tool shows and plays its chits;
  // here, its audit (issue #33).
  if (deal.lasting) return renderLasting(host, cur, cupId, deal, busy, confirm);
  // Cards drawn by steps since undone are not dealt again (their drawer saw them): not counted as left.
  const left = deal.chits.length - nextHiddenPos(cur.session.log, cupId);
  const mySide = l?.role === 'replica' && l.view === 'player' ? l.side : undefined;
  const chits = host.getState().hiddenChits;
  const mine = (chits?.mine ?? []).filter((m) => m.cup === cupId && m.deal === deal.deal);
  const unopened = (chits?.unopened ?? []).filter((u) => u.cup === cupId);
  const shownSides = l?.role === 'writer' ? sides.map((s) => s.id) : mySide ? [mySide] : [];
  const heldBy = sides
    .map((s) => ({
      side: s.id,
      n: deal.drawn.filter((d) => d.side === s.id && deal.revealed[d.pos] === undefined).length,
    }))
    .filter((x) => x.n > 0 && x.side !== mySide);
  return html`<div class="card" data-testid="hidden-cup">
    <p><strong>${t(lang, 'hidden.title', { n: left })}</strong></p>
    <div class="row">
      ${shownSides.map(
        (side) =>
          html`<button
            data-testid="hidden-draw"
            ?disabled=${busy || left === 0}
            @click=${() => host.act({ type: 'hidden.draw', cup: cupId, side })}
          >
            ${mySide ? t(lang, 'hidden.draw') : t(lang, 'hidden.drawFor', { side: sideName(lang, sides, side) })}
          </button>`,
      )}
    </div>
    ${
      l?.role === 'writer' && !deal.audited
        ? html`<p>
            <button ?disabled=${busy} @click=${async () => (await link())?.askAudit(deal.deal)}>
              ${t(lang, 'hidden.auditAskAll')}
            </button>
          </p>`
        : nothing
    }
    ${heldBy.map(
      (h) => html`<p class="muted">${t(lang, 'hidden.held', { side: sideName(lang, sides, h.side), n: h.n })}</p>`,
    )}
    ${
      mySide
        ? html`<section aria-label=${t(lang, 'hidden.yours')} data-testid="hidden-mine">
            <p><strong>${t(lang, 'hidden.yours')}</strong></p>
            <ul class="plain">
              ${mine
                .filter((m) => !m.revealed)
                .map(
                  (m) =>
                    html`<li class="hidden-row" data-testid="hidden-row" data-pos=${m.pos}>
                      <span data-testid="hidden-chit" data-pos=${m.pos}
                        >${t(lang, 'hidden.chit', { n: m.pos + 1, chit: chitLabel(lang, cur.ctx, cupId, m.chit) })}</span
                      >
                      <button ?disabled=${busy} @click=${async () => (await link())?.revealHidden(m.deal, m.pos)}>
                        ${t(lang, 'hidden.show', { n: m.pos + 1 })}
                      </button>
                    </li>`,
                )}
              ${unopened.map(
                (u) =>
                  html`<li class="hidden-row" data-testid="hidden-row" data-pos=${u.pos}>
                    <span
                      >${u.lost ? t(lang, 'hidden.lost', { n: u.pos + 1 }) : t(lang, 'hidden.unlocking', { n: u.pos + 1 })}</span
                    >
                  </li>`,
              )}
            </ul>
            ${(chits?.audit ?? [])
              .filter((a) => a === deal.deal)
              .map(
                (a) =>
                  html`<p>${t(lang, 'hidden.auditAsk')}</p>
                    <button @click=${async () => (await link())?.auditHidden(a)}>
                      ${t(lang, 'hidden.auditGive')}
                    </button>`,
              )}
          </section>`
        : nothing
    }
  </div>`;
}

/**
 * A deal that lasts the game (Grossdeutschland's event cups, Zitadelle's boxes A–H) and its audit
 * (issue #33): offered on the table at the game's end or after a dispute, with what it costs said
 * first; each phone's player agrees on their phone (a player who has not agreed is named on every
 * screen, and play goes on meanwhile); once audited, what the audit showed is public.
 */
function renderLasting(
  host: PanelHost,
  cur: Current,
  cupId: string,
  deal: HiddenDeal,
  busy: boolean,
  confirm: AuditConfirm,
) {
  const lang = host.getState().lang;
  const l = host.getState().link;
  const sides = cur.bundle.game.sides;
  const chits = host.getState().hiddenChits;
  const mySide = l?.role === 'replica' && l.view === 'player' ? l.side : undefined;
  const kept = (deal.kept ?? []).filter((p) => deal.revealed[p] === undefined).length;
  const face = deal.drawn.filter((d) => deal.revealed[d.pos] === undefined).length - kept;
  const left = deal.chits.length - nextHiddenPos(cur.session.log, cupId);
  const waiting = deal.audited ? undefined : chits?.auditWaiting?.find((a) => a.deal === deal.deal)?.waiting;
  const names = (list: readonly string[]) => list.map((s) => sideName(lang, sides, s)).join(', ');
  // What the audit costs, said before anyone agrees: only the parts that apply.
  const parts = [
    kept ? t(lang, 'hidden.auditCostKept', { n: kept }) : '',
    face ? t(lang, 'hidden.auditCostFace', { n: face }) : '',
    left ? t(lang, 'hidden.auditCostLeft', { n: left }) : '',
  ].filter(Boolean);
  const cost = html`<ul data-testid="hidden-audit-cost">
    ${parts.map((p) => html`<li>${p}</li>`)}
  </ul>`;
  if (deal.audited)
    return html`<div data-testid="hidden-cup">
      <p data-testid="hidden-audited">${t(lang, deal.closed ? 'hidden.auditedLastingNote' : 'hidden.auditedNote')}</p>
    </div>`;
  return html`<div data-testid="hidden-cup">
    <p class="muted">${t(lang, 'hidden.lasting')}</p>
    ${
      waiting?.length
        ? html`<p role="status" data-testid="hidden-audit-waiting">
            ${t(lang, 'hidden.auditWaiting', { sides: names(waiting), n: waiting.length })}
          </p>`
        : nothing
    }
    ${
      l?.role === 'writer' && !waiting
        ? confirm.open
          ? html`<div
              class="card"
              role="group"
              aria-label=${t(lang, 'hidden.auditThis')}
              data-testid="hidden-audit-confirm"
            >
              <p>${t(lang, 'hidden.auditCost')}</p>
              ${cost}
              <p>${t(lang, 'hidden.auditCostAgree')}</p>
              <p class="row">
                <button
                  class="primary"
                  data-testid="hidden-audit-yes"
                  ?disabled=${busy}
                  @click=${async () => {
                    confirm.set(false);
                    (await link())?.askAudit(deal.deal);
                  }}
                >
                  ${t(lang, 'hidden.auditYes')}
                </button>
                <button data-testid="hidden-audit-no" @click=${() => confirm.set(false)}>
                  ${t(lang, 'hidden.auditNo')}
                </button>
              </p>
            </div>`
          : html`<p>
              <button data-testid="hidden-audit" ?disabled=${busy} @click=${() => confirm.set(true)}>
                ${t(lang, 'hidden.auditThis')}
              </button>
              <span class="muted">${t(lang, 'hidden.auditWhen')}</span>
            </p>`
        : nothing
    }
    ${
      mySide && chits?.audit.includes(deal.deal)
        ? html`<div class="card" role="group" aria-label=${t(lang, 'hidden.auditThis')} data-testid="hidden-audit-ask">
            <p>${t(lang, 'hidden.auditAskLasting')}</p>
            ${cost}
            <button
              class="primary"
              data-testid="hidden-audit-give"
              @click=${async () => (await link())?.auditHidden(deal.deal)}
            >
              ${t(lang, 'hidden.auditGive')}
            </button>
          </div>`
        : nothing
    }
  </div>`;
}

/** What renderHiddenCup reads of the open game, compared by identity. */
function shownOf(cur: Current, cupId: string): readonly unknown[] {
  const deal = cur.state.hidden?.[cupId];
  const cup = cur.state.cups[cupId];
  const common = [cur.bundle, cur.ctx];
  if (!deal) return [...common, !cup?.chits.length || cup.next.length > 0];
  return [...common, deal, nextHiddenPos(cur.session.log, cupId)];
}

/**
 * A cup's hidden part in the cups tool (renderHiddenCup), as its own element: a chit opened on the
 * phone (the store's `hiddenChits`) renders this and nothing else of the screen (issue #33: the
 * chit is shown in the frame after its chain). It renders into the cup panel's own tree (no shadow
 * root of its own): the panel's styles and the page's searches reach what it shows.
 */
@customElement('wc-hidden-cup')
export class WcHiddenCup extends LitElement {
  @property({ attribute: false }) store!: PanelHost;
  /** The open game (from the cup panel). */
  @property({ attribute: false }) current!: Current;
  /** The cup's id. */
  @property() cup = '';
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => [s.lang, s.busy, s.link, s.hiddenChits],
  );

  protected override createRenderRoot() {
    return this;
  }

  /** A new step renders this only if it changes what this shows of the game (issue #14). */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    const before = changed.get('current') as Current | undefined;
    if (changed.size !== 1 || !before || !this.current) return true;
    const was = shownOf(before, this.cup);
    const now = shownOf(this.current, this.cup);
    return was.length !== now.length || now.some((v, k) => v !== was[k]);
  }

  /** The table's audit confirmation is open. */
  @state() private confirming = false;

  override render() {
    return renderHiddenCup(this.store, this.current, this.cup, this.store.getState().busy, {
      open: this.confirming,
      set: (open) => (this.confirming = open),
    });
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-hidden-cup': WcHiddenCup;
  }
}
