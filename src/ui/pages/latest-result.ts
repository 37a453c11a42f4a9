/**
 * <wc-latest-result>: the latest result of a game in progress. On a phone it is a sheet over the bottom
 * of the screen: open (the result explained, bounded, scrolling inside) when a new result arrives, until
 * the players put it away; folded, one line. On a tablet it heads the result column.
 *
 * The page decides what it shows and whether it is open; this element renders it and sends what the
 * players ask for: `wc-sheet-change` (open or put away, "Why" toggled), `wc-reveal-draw` (the hand-off
 * confirmed: show the face-down chit), `wc-hide-draw`, and `wc-show-across` (show the result across the
 * table). It measures itself: on a phone, `wc-sheet-room` says how much of the bottom of the screen it
 * covers (ResizeObserver), so the page keeps that much room (issue #28 item 4); on a tablet, 0.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LogEntry } from '../../engine';
import type { Lang } from '../../app/store';
import { t, use } from '../i18n';
import { sideName, type Explained, type ExplainOptions } from '../explain';
import type { Privacy } from '../private';
import { session } from '../i18n/session';
import '../components/result-view';
import { latestResultStyles } from './latest-result.styles';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session);

/** The sheet opened or put away, and whether it shows every line of the explanation ("Why"). */
export interface SheetChangeDetail {
  readonly open: boolean;
  readonly why: boolean;
}

declare global {
  interface HTMLElementEventMap {
    'wc-sheet-change': CustomEvent<SheetChangeDetail>;
    /** The height the sheet covers at the bottom of the screen, in pixels (0 on a tablet). */
    'wc-sheet-room': CustomEvent<number>;
    'wc-reveal-draw': Event;
    'wc-hide-draw': Event;
    'wc-show-across': Event;
  }
  interface HTMLElementTagNameMap {
    'wc-latest-result': WcLatestResult;
  }
}

@customElement('wc-latest-result')
export class WcLatestResult extends LitElement {
  static override styles = latestResultStyles;

  @property({ attribute: false }) override lang: Lang = 'en';
  /** The latest result (not a phase change, a turn or a note: see isResult in session-page.ts). */
  @property({ attribute: false }) latest?: LogEntry;
  /** Its explanation (made by the page once per step). */
  @property({ attribute: false }) explained?: Explained;
  /** The game's sides, to name who a face-down chit is for. */
  @property({ attribute: false }) sides: NonNullable<ExplainOptions['sides']> = [];
  /** Who may see the latest draw's face-down chit here (src/ui/private.ts). */
  @property({ attribute: false }) privacy: Privacy = 'handoff';
  /** The face-down chit is shown to its player (after the hand-off confirmation). */
  @property({ attribute: false }) revealed = false;
  /** The sheet is open: a new result arrived and the players have not put it away yet. */
  @property({ attribute: false }) open = false;
  /** The sheet shows every line of the explanation, not only the headline. */
  @property({ attribute: false }) why = false;

  private sheetObserver?: ResizeObserver;

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.sheetObserver?.disconnect();
    this.sheetObserver = undefined;
  }

  protected override firstUpdated() {
    const sheet = this.renderRoot.querySelector<HTMLElement>('section.latest');
    if (!sheet) return;
    this.sheetObserver = new ResizeObserver(() => this.sendRoom(sheet));
    this.sheetObserver.observe(sheet);
  }

  /**
   * On a phone the sheet covers the bottom of the screen: the page keeps that much room below its last
   * control (src/ui/pages/session-page.ts). On a tablet the sheet is a column beside the tools: none.
   */
  private sendRoom(sheet: HTMLElement) {
    const over = getComputedStyle(sheet).position === 'fixed';
    const height = over ? Math.ceil(sheet.getBoundingClientRect().height) : 0;
    this.dispatchEvent(new CustomEvent<number>('wc-sheet-room', { detail: height }));
  }

  private send(name: 'wc-reveal-draw' | 'wc-hide-draw' | 'wc-show-across') {
    this.dispatchEvent(new Event(name, { bubbles: true, composed: true }));
  }

  private sendSheet(open: boolean, why: boolean) {
    this.dispatchEvent(
      new CustomEvent<SheetChangeDetail>('wc-sheet-change', { detail: { open, why }, bubbles: true, composed: true }),
    );
  }

  private renderBody(latest: LogEntry, explained: Explained) {
    const lang = this.lang;
    const sides = this.sides;
    const faceDown = latest.outcome.kind === 'draw' ? latest.outcome.faceDown : undefined;
    // Linked devices: the chit shows on its player's phone only; elsewhere no hand-off is offered.
    const privacy = faceDown ? this.privacy : 'handoff';
    if (faceDown && privacy === 'theirs')
      return html`<wc-result-view .explained=${explained} brief></wc-result-view>
        <p>${t(lang, 'link.private', { side: sideName(lang, sides, faceDown) })}</p>`;
    if (faceDown && privacy === 'handoff' && !this.revealed) {
      return html`<wc-result-view .explained=${explained} brief></wc-result-view>
        <p><strong>${t(lang, 'private.handTo', { side: sideName(lang, sides, faceDown) })}</strong></p>
        <button class="primary" @click=${() => this.send('wc-reveal-draw')}>
          ${t(lang, 'private.confirm', { side: sideName(lang, sides, faceDown) })}
        </button>`;
    }
    return html`<wc-result-view .explained=${explained} ?brief=${!this.why}></wc-result-view>
      <div class="row">
        ${
          faceDown && privacy === 'handoff'
            ? html`<button class="primary" @click=${() => this.send('wc-hide-draw')}>
                ${t(lang, 'private.hide')}
              </button>`
            : html`<button @click=${() => this.send('wc-show-across')}>${t(lang, 'show.button')}</button>`
        }
      </div>`;
  }

  override render() {
    const lang = this.lang;
    const latest = this.latest;
    const explained = this.explained;
    // Open with a new result until put away; otherwise one line.
    const open = this.open && !!latest && !!explained;
    return html`<section
      class="latest ${open ? 'open' : 'folded'}"
      aria-label=${t(lang, 'play.latest')}
      data-seq=${latest?.seq ?? nothing}
    >
      <div class="sheet-head">
        <h3>${t(lang, 'play.latest')}</h3>
        ${
          open
            ? nothing
            : html`<div class="line">
                ${explained ? html`<wc-result-view .explained=${explained} line></wc-result-view>` : html`<span class="muted">${t(lang, 'play.none')}</span>`}
              </div>`
        }
        ${
          latest && explained
            ? html`<div class="row">
                <button
                  aria-expanded=${this.why}
                  @click=${() => (this.why ? this.sendSheet(this.open, false) : this.sendSheet(true, true))}
                >
                  ${t(lang, 'play.why')}
                </button>
                ${
                  this.open
                    ? html`<button aria-label=${t(lang, 'play.putAway')} @click=${() => this.sendSheet(false, false)}>
                        <span aria-hidden="true">▾</span>
                      </button>`
                    : html`<button
                        aria-label=${t(lang, 'play.openSheet')}
                        @click=${() => this.sendSheet(true, this.why)}
                      >
                        <span aria-hidden="true">▴</span>
                      </button>`
                }
              </div>`
            : nothing
        }
      </div>
      ${open && latest && explained ? html`<div class="sheet-body">${this.renderBody(latest, explained)}</div>` : nothing}
    </section>`;
  }
}
