/**
 * A game in progress: the latest result (large, explained, announced), and the tools the players
 * hand to the app — dice, table rolls, combat, cups — above the log. Also: the seed commitment,
 * who is acting, who rolls, face-down chits behind a hand-off, a view to show a result across
 * the table, and the screen kept awake.
 */
import { LitElement, css, html, nothing } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { customElement, property, state } from 'lit/decorators.js';
import {
  ERRATA_MODES,
  sealOf,
  seedFingerprint,
  shortCommitment,
  type LogEntry,
  type Seal,
  type Session,
} from '../../engine';
import type { Current, Lang, Store } from '../../app/store';
import { t, tx, use } from '../i18n';
import { explain, sideName, type Explained } from '../explain';
import { StoreController } from '../store-controller';
import { onRadioGroupKey, radioTabIndex } from '../radio-group';
import { base } from '../styles';
import { checkField } from '../fields';
import { loadedGameUi } from '../game-uis';
import { AnnounceEvent } from '../events';
import { afterPaint } from '../after-paint';
import { confirmRow } from '../confirm-row';
import { keepPlace, placeOf } from '../where-you-were';
import '../components/dice-roller';
import '../components/table-roller';
import '../components/combat-panel';
import '../components/cup-panel';
import '../components/balance-settings';
import '../components/log-view';
import '../components/result-view';
import '../components/luck-view';
import { privacyOf } from '../private';
import { PrivateView } from '../hand-off';
import { session } from '../i18n/session';
import { trust } from '../i18n/trust';
import { errors } from '../i18n/errors';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust, errors);

/** A short tone (Web Audio; made on the device, nothing is downloaded). */
function beep() {
  try {
    const ac = new AudioContext();
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ac.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.25);
    osc.connect(gain).connect(ac.destination);
    osc.start();
    osc.stop(ac.currentTime + 0.25);
    osc.onended = () => void ac.close();
  } catch {
    /* no audio here */
  }
}

/** The game's seal, computed once per log (a step or an undo makes a new log array). */
const seals = new WeakMap<Session['log'], Seal | undefined>();
function sealNow(session: Session, complete: boolean): Seal | undefined {
  if (!complete) return sealOf(session, false);
  if (!seals.has(session.log)) seals.set(session.log, sealOf(session));
  return seals.get(session.log);
}

/** The seed's fingerprint, computed once per seed (not on every render). */
const fingerprints = new Map<string, string>();
function fingerprint(seed: string): string {
  let f = fingerprints.get(seed);
  if (f === undefined) fingerprints.set(seed, (f = seedFingerprint(seed)));
  return f;
}

/**
 * What the result sheet shows: the latest roll, draw, combat or procedure — not a record of where the
 * game stands (a phase change, a new turn, a note, the dice settings), which the log and the phase
 * tracker show (issue #28 item 14). Every game's phase procedure is `<game>.phase` (gameProcedures).
 */
export function isResult(e: LogEntry): boolean {
  const o = e.outcome;
  if (e.undone || o.kind === 'end-turn' || o.kind === 'note' || o.kind === 'balance') return false;
  return !(o.kind === 'procedure' && o.id.endsWith('.phase'));
}

const TABS = ['turn', 'dice', 'tables', 'combat', 'cups'] as const;
type Tab = (typeof TABS)[number];

@customElement('wc-session-page')
export class WcSessionPage extends LitElement {
  static override styles = [
    base,
    css`
      .top {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.7rem;
        margin: 0.2rem 0 0.4rem;
      }
      .top h2 {
        margin: 0;
        font-size: 1.2rem;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .top .back {
        font-size: 0.95rem;
      }
      /* Phones: one column; the latest result is a sheet over the bottom of the screen. Tablets: tools | result and log. */
      .layout {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 0 1.2rem;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.8rem;
        align-items: center;
        font-size: 0.9rem;
      }
      .seg {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        align-items: center;
      }
      .seg > span {
        color: var(--muted);
      }
      .seg button {
        min-height: 40px;
        padding: 0.25rem 0.7rem;
        font-size: 0.9rem;
      }
      /* Every tool's tab in view at 390 px (and 360 px): they wrap onto a second line rather than hide off the edge. */
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: 0 0.2rem;
        margin: 0.5rem 0 0;
        border-bottom: 2px solid var(--border);
      }
      [role='tab'] {
        flex: 0 0 auto;
        padding: 0.4rem 0.55rem;
        border: none;
        border-radius: 10px 10px 0 0;
        background: transparent;
        border-bottom: 3px solid transparent;
        margin-bottom: -2px;
      }
      [role='tab'][aria-selected='true'] {
        border-bottom-color: var(--accent);
        color: var(--fg);
        background: var(--surface);
      }
      #panel {
        padding: 0.6rem 0 0.4rem;
      }
      /*
       * Phones: the latest result is a sheet over the bottom of the screen. Open, it is bounded (its
       * explanation scrolls inside it); folded, it is one line. The page keeps room for it below its
       * last control, and the document's scroll-padding-bottom is the sheet's height (set in
       * syncSheetRoom), so a control scrolled into view or focused lands above the sheet.
       */
      .layout {
        padding-bottom: calc(var(--sheet-room, 4rem) + 1rem);
      }
      .latest {
        position: fixed;
        left: 0;
        right: 0;
        bottom: 0;
        z-index: 25;
        display: flex;
        flex-direction: column;
        max-height: min(50vh, 30rem);
        background: var(--surface);
        border-top: 3px solid var(--accent);
        border-radius: 16px 16px 0 0;
        box-shadow: 0 -6px 24px rgb(0 0 0 / 35%);
        padding: 0.35rem 0.9rem calc(0.35rem + env(safe-area-inset-bottom));
      }
      .latest .sheet-head {
        flex: none;
        display: flex;
        align-items: center;
        gap: 0.4rem;
        justify-content: space-between;
        min-width: 0;
      }
      .latest .sheet-head h3 {
        margin: 0;
        font-size: 0.85rem;
        font-weight: 600;
        color: var(--muted);
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      .latest .sheet-head .row {
        flex: none;
        flex-wrap: nowrap;
        gap: 0.35rem;
      }
      .latest .sheet-head button {
        min-height: 44px;
        padding: 0.2rem 0.7rem;
        font-size: 0.9rem;
      }
      .latest .line {
        flex: 1 1 auto;
        min-width: 0;
      }
      /* Folded: the heading is for screen readers only; the line shows the result. */
      .latest.folded .sheet-head h3 {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
      .latest .sheet-body {
        flex: 1 1 auto;
        min-height: 0;
        overflow-y: auto;
        overscroll-behavior: contain;
      }
      @media (min-width: 900px) {
        .layout {
          grid-template-columns: minmax(0, 1.15fr) minmax(20rem, 1fr);
          padding-bottom: 0;
        }
        /*
         * Tablets: the result column beside the tools, kept in view below the app's sticky header: the
         * result at its top (bounded, scrolling inside), the settings, the luck and the log under it in a
         * region of their own that scrolls. The two never overlap: Undo and the log's filters stay reachable.
         */
        .side {
          grid-column: 2;
          grid-row: 1 / span 2;
          position: sticky;
          top: var(--app-header, 3.2rem);
          align-self: start;
          display: flex;
          flex-direction: column;
          /*
           * A sticky column stays in view only while its container reaches below it: at the page's end
           * the app's main keeps 4rem under the layout, so the column is that much (and the header,
           * --app-header, src/ui/app.ts) shorter than the screen, and never slides under the header.
           */
          max-height: calc(100vh - var(--app-header, 3.2rem) - 4.4rem);
        }
        .latest {
          position: static;
          flex: none;
          max-height: 45vh;
          border: 2px solid var(--accent);
          border-radius: 14px;
          box-shadow: none;
          margin: 0.5rem 0;
          padding: 0.5rem 0.9rem;
        }
        .side .rest {
          flex: 1 1 auto;
          min-height: 0;
          overflow-y: auto;
          overscroll-behavior: contain;
        }
      }
      .readonly {
        border: 2px solid var(--warn);
      }
      .seed code {
        font-size: 1.15rem;
        letter-spacing: 0.05em;
      }
      .across {
        position: fixed;
        inset: 0;
        z-index: 30;
        background: var(--bg);
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 1.2rem;
        padding: 1rem;
        text-align: center;
      }
      .across .big {
        font-size: clamp(4rem, 22vw, 12rem);
        font-weight: 900;
        line-height: 1;
      }
      .across .what {
        font-size: clamp(1.3rem, 5vw, 2.6rem);
        font-weight: 700;
        max-width: 40rem;
      }
      .across.flipped .shown {
        transform: rotate(180deg);
      }
      .shown {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 1rem;
      }
    `,
  ];
  /** The app's store: the open game and every action on it. */
  @property({ attribute: false }) store!: Store;
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => [s.lang, s.current, s.side, s.prefs, s.link],
  );
  /** The id of the game to open (from the address). */
  @property() sessionId = '';
  @state() private tab: Tab = 'dice';
  @state() private missing = false;
  @state() private seedShown = false;
  @state() private confirmSeed = false;
  /** A face-down draw (`draw-<seq>`) shown to its player after the hand-off confirmation (src/ui/hand-off.ts). */
  private readonly privateView = new PrivateView(this);
  @state() private across = false;
  @state() private flipped = false;
  /** The luck statistics are computed only while their section is open. */
  @state() private luckOpen = false;
  /** The game's settings are open: only then is the seal (a hash of the latest step) computed and shown. */
  @state() private settingsOpen = false;
  /** The result sheet is open: a new result arrived and the players have not put it away yet. */
  @state() private sheetOpen = false;
  /** The sheet shows every line of the explanation, not only the headline. */
  @state() private why = false;
  private lastAnnounced = 0;
  private wakeLock?: { release(): Promise<void> };
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.keepAwake();
  };

  override connectedCallback() {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisible);
    addEventListener('keydown', this.onKey);
    this.addEventListener('focusin', this.onFocusIn);
  }
  override disconnectedCallback() {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisible);
    removeEventListener('keydown', this.onKey);
    this.removeEventListener('focusin', this.onFocusIn);
    void this.wakeLock?.release().catch(() => undefined);
    this.wakeLock = undefined;
    this.sheetObserver?.disconnect();
    this.sheetObserver = this.observedSheet = undefined;
    document.documentElement.style.scrollPaddingBottom = '';
    // Leaving the game's page closes it here, so another tab may become its writer.
    // A game shared with linked devices stays open (src/link): its steps keep going to them.
    const s = this.store.getState();
    if (s.current?.session.id === this.sessionId && s.link?.game !== this.sessionId) this.store.closeSession();
  }
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      this.across = false;
    }
  };

  /** Screen Wake Lock while a game is open (a setting; silently unavailable where unsupported). */
  private async keepAwake() {
    const want = this.store.getState().prefs.wakeLock;
    if (!want) {
      await this.wakeLock?.release().catch(() => undefined);
      this.wakeLock = undefined;
      return;
    }
    if (this.wakeLock) return;
    try {
      const wl = (
        navigator as Navigator & {
          wakeLock?: {
            request(
              type: 'screen',
            ): Promise<{ release(): Promise<void>; addEventListener(t: string, f: () => void): void }>;
          };
        }
      ).wakeLock;
      const lock = await wl?.request('screen');
      if (lock) {
        this.wakeLock = lock;
        lock.addEventListener('release', () => {
          this.wakeLock = undefined;
        });
      }
    } catch {
      /* not allowed now (e.g. page hidden): tried again when visible */
    }
  }

  override willUpdate(changed: Map<string, unknown>) {
    // A new result opens the sheet in the same render that shows it (not in a second one).
    const cur = this.store.getState().current;
    const last = cur?.session.id === this.sessionId ? cur.session.log.at(-1) : undefined;
    if (last && last.seq > this.lastAnnounced) {
      this.privateView.hide();
      if (isResult(last)) this.sheetOpen = true;
    }
    if (changed.has('sessionId') && this.sessionId) {
      this.missing = false;
      this.seedShown = false;
      this.privateView.hide();
      void this.store.openSession(this.sessionId).then((ok) => {
        this.missing = !ok;
        const cur = this.store.getState().current;
        this.lastAnnounced = cur?.session.log.at(-1)?.seq ?? 0;
        // The store loaded the game's module (its messages and turn panel) before opening it.
        const turnPanel = !!cur && !!loadedGameUi(cur.session.game)?.turnPanel;
        // Where the players were before a reload (src/ui/where-you-were.ts), if that tool is still there.
        const kept = placeOf<string>(this.sessionId, 'tab');
        if (kept && (TABS as readonly string[]).includes(kept) && (kept !== 'turn' || turnPanel)) {
          this.tab = kept as Tab;
        } else if (turnPanel) {
          this.tab = 'turn';
        } else if (cur?.ctx.scenario?.cups?.length && !cur.session.log.length) this.tab = 'cups';
        void this.keepAwake();
      });
    }
  }

  private sheetObserver?: ResizeObserver;
  private observedSheet?: HTMLElement;
  /** Watches the result sheet's size (a new sheet element is watched in its place). */
  private watchSheet() {
    const sheet = this.renderRoot.querySelector<HTMLElement>('section.latest') ?? undefined;
    if (sheet === this.observedSheet) return;
    this.sheetObserver ??= new ResizeObserver(() => this.syncSheetRoom());
    if (this.observedSheet) this.sheetObserver.unobserve(this.observedSheet);
    this.observedSheet = sheet;
    if (sheet) this.sheetObserver.observe(sheet);
  }
  /**
   * On a phone the sheet covers the bottom of the screen: the page keeps that much room below its last
   * control, and the document's scroll-padding-bottom says the same to the browser, so a control
   * scrolled into view (a tap, focus, Tab) lands above the sheet, open or folded (issue #28 item 4).
   * On a tablet the sheet is a column beside the tools: no room is kept.
   */
  private syncSheetRoom() {
    const sheet = this.observedSheet;
    const over = !!sheet && getComputedStyle(sheet).position === 'fixed';
    const height = over ? Math.ceil(sheet.getBoundingClientRect().height) : 0;
    this.style.setProperty('--sheet-room', `${height}px`);
    document.documentElement.style.scrollPaddingBottom = height ? `${height + 8}px` : '';
    this.sheetRoom = height;
  }
  /** The height the sheet covers at the bottom of the screen (0 on a tablet). */
  private sheetRoom = 0;
  /**
   * Focus (Tab, or a script's focus()) scrolls a control into view without the scroll padding: a
   * control focused under the sheet is scrolled up above it (before the browser's own scroll, which
   * then has nothing to do).
   */
  private readonly onFocusIn = (e: FocusEvent) => {
    const sheet = this.observedSheet;
    const target = e.composedPath()[0];
    if (!this.sheetRoom || !sheet || !(target instanceof Element) || e.composedPath().includes(sheet)) return;
    const box = target.getBoundingClientRect();
    const limit = innerHeight - this.sheetRoom - 8;
    if (box.bottom > limit && box.top >= 0) scrollBy({ top: Math.min(box.bottom - limit, box.top) });
  };

  /** Announces each new result once it is saved and shown (face-down chits are never announced). */
  override updated() {
    this.watchSheet();
    const s = this.store.getState();
    const cur = s.current;
    if (!cur || cur.session.id !== this.sessionId) return;
    // By step number: a long game's log grows when its older steps finish loading, which announces nothing.
    const e = cur.session.log.at(-1);
    if (e && e.seq > this.lastAnnounced) {
      this.lastAnnounced = e.seq;
      // The sheet's explanation, already made in this render (a face-down chit's is not revealed there),
      // announced once the result is painted: the screen reader reads what is on the screen.
      const said = new AnnounceEvent(this.explainLatest(s.lang, e, cur, false).announcement);
      void afterPaint().then(() => this.dispatchEvent(said));
    }
  }

  /** The latest result's explanation, made once per step (a new object would re-render its view). */
  private explained?: { key: readonly unknown[]; x: Explained };
  private explainLatest(lang: Lang, e: LogEntry, cur: Current, reveal: boolean): Explained {
    const key = [lang, e, cur.ctx, reveal];
    const m = this.explained;
    if (m && m.key.every((v, k) => v === key[k])) return m.x;
    const x = explain(lang, e.outcome, cur.ctx, { sides: cur.bundle.game.sides, reveal });
    this.explained = { key, x };
    return x;
  }

  private reveal(e: LogEntry) {
    this.privateView.reveal(`draw-${e.seq}`);
    const prefs = this.store.getState().prefs;
    if (prefs.vibrate) navigator.vibrate?.(60);
    if (prefs.sound) beep();
  }

  /** Where "Skip to content" lands on a game in progress: the selected tool's tab (then arrows pick a tool). */
  focusContent(): boolean {
    const tab = this.renderRoot.querySelector<HTMLElement>(`#tab-${this.tab}`);
    tab?.focus();
    return !!tab;
  }

  /** The players pick a tool: it is shown, and kept for this game across a reload. */
  private pickTab(k: Tab) {
    this.tab = k;
    keepPlace(this.sessionId, 'tab', k);
  }

  /** ARIA tabs: the tab list is one stop; arrows, Home and End move between tabs. */
  private onTabKey(e: KeyboardEvent, tabs: readonly [Tab, string][]) {
    const k = tabs.findIndex(([id]) => id === this.tab);
    const to =
      e.key === 'ArrowRight'
        ? (k + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (k - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    this.pickTab(tabs[to]![0]);
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector(`#tab-${this.tab}`) as HTMLElement | null)?.focus(),
    );
  }

  /** The game's own turn panel, named by its module (src/games/<game>/ui.ts); it takes the same properties as every tool. */
  private renderTurnPanel(tag: string, cur: Current, physical: boolean) {
    const el = unsafeStatic(tag);
    return staticHtml`<${el} .store=${this.store} .current=${cur} .physical=${physical}></${el}>`;
  }

  /** The game's fingerprint now (its seal), shown in its settings: hashed only while they are open. */
  private renderSeal(lang: Lang, cur: Current) {
    const seal = sealNow(cur.session, cur.complete);
    return html`<p>
        ${t(lang, 'seal.title')}:
        ${seal ? html`<code data-testid="seal">${seal.fingerprint}</code>` : t(lang, 'seal.loading')}
      </p>
      <p class="muted">${t(lang, 'seal.help')}</p>`;
  }

  private renderLatest(latest: LogEntry | undefined, x: Explained | undefined) {
    const s = this.store.getState();
    const lang = s.lang;
    const cur = s.current!;
    const sides = cur.bundle.game.sides;
    if (!latest || !x) return html`<p class="muted">${t(lang, 'play.none')}</p>`;
    const faceDown = latest.outcome.kind === 'draw' ? latest.outcome.faceDown : undefined;
    // Linked devices: the chit shows on its player's phone only; elsewhere no hand-off is offered.
    const privacy = faceDown ? privacyOf(s, faceDown) : 'handoff';
    if (faceDown && privacy === 'theirs')
      return html`<wc-result-view .explained=${x} brief></wc-result-view>
        <p>${t(lang, 'link.private', { side: sideName(lang, sides, faceDown) })}</p>`;
    if (faceDown && privacy === 'handoff' && !this.privateView.isShown(`draw-${latest.seq}`)) {
      return html`<wc-result-view .explained=${x} brief></wc-result-view>
        <p><strong>${t(lang, 'private.handTo', { side: sideName(lang, sides, faceDown) })}</strong></p>
        <button class="primary" @click=${() => this.reveal(latest)}>
          ${t(lang, 'private.confirm', { side: sideName(lang, sides, faceDown) })}
        </button>`;
    }
    return html`<wc-result-view .explained=${x} ?brief=${!this.why}></wc-result-view>
      <div class="row">
        ${
          faceDown && privacy === 'handoff'
            ? html`<button class="primary" @click=${() => this.privateView.hide()}>${t(lang, 'private.hide')}</button>`
            : html`<button @click=${() => (this.across = true)}>${t(lang, 'show.button')}</button>`
        }
      </div>`;
  }

  override render() {
    const s = this.store.getState();
    const lang = s.lang;
    if (this.missing)
      return html`<p>${t(lang, 'session.notFound')}</p>
        <p><a href="#/">${t(lang, 'nav.home')}</a></p>`;
    const cur = s.current;
    if (!cur || cur.session.id !== this.sessionId) return html`<p>${t(lang, 'common.loading')}</p>`;
    const scenario = cur.ctx.scenario;
    const sides = cur.bundle.game.sides;
    const physical = cur.session.settings.dice === 'physical';
    const turnPanel = loadedGameUi(cur.session.game)?.turnPanel;
    const latest = cur.session.log.findLast(isResult);
    const mine =
      latest?.outcome.kind === 'draw' && !!latest.outcome.faceDown && privacyOf(s, latest.outcome.faceDown) === 'mine';
    const reveal = latest !== undefined && (this.privateView.isShown(`draw-${latest.seq}`) || mine);
    const x = latest ? this.explainLatest(lang, latest, cur, reveal) : undefined;
    const tabs: [Tab, string][] = [
      ...(turnPanel ? [['turn', t(lang, 'play.turnTab')] as [Tab, string]] : []),
      ['dice', t(lang, 'play.dice')],
      ['tables', t(lang, 'play.tables')],
      ['combat', t(lang, 'play.combat')],
      ['cups', t(lang, 'play.cups')],
    ];
    // The result sheet: open with a new result until put away; otherwise one line.
    const open = this.sheetOpen && !!latest && !!x;
    const seg = (label: string, items: readonly { on: boolean; text: string; pick: () => void }[]) =>
      html`<div
        class="seg"
        role="radiogroup"
        aria-label=${label}
        @keydown=${(e: KeyboardEvent) =>
          onRadioGroupKey(
            e,
            items.length,
            items.findIndex((i) => i.on),
            (k) => items[k]!.pick(),
          )}
      >
        <span aria-hidden="true">${label}:</span>
        ${items.map(
          (i, k) =>
            html`<button
              role="radio"
              aria-checked=${i.on}
              tabindex=${radioTabIndex(
                i.on,
                k,
                items.some((x) => x.on),
              )}
              @click=${i.pick}
            >
              ${i.text}
            </button>`,
        )}
      </div>`;
    return html`<div class="top">
        <a class="back" href="#/game/${cur.session.game}">← ${tx(lang, cur.bundle.game.name)}</a>
        <h2 style="overflow-wrap:anywhere"><bdi>${cur.session.name}</bdi></h2>
        <span class="muted">
          ${scenario ? tx(lang, scenario.name) : cur.session.scenario} · ${t(lang, 'play.turn', { n: cur.state.turn })}
        </span>
      </div>
      ${
        cur.readOnly
          ? html`<div class="card readonly" role="status">
              <p>${t(lang, 'tabs.readOnly')}</p>
              <button @click=${() => this.store.takeOver()}>${t(lang, 'tabs.takeOver')}</button>
            </div>`
          : nothing
      }
      <div class="layout">
        <div class="tools">
          ${
            cur.readOnly
              ? nothing
              : html`<div class="controls">
                    ${seg(
                      t(lang, 'side.acting'),
                      [undefined, ...sides.map((x) => x.id)].map((id) => ({
                        on: s.side === id,
                        text: id ? sideName(lang, sides, id) : t(lang, 'side.nobody'),
                        pick: () => void this.store.setSide(id),
                      })),
                    )}
                    ${seg(
                      t(lang, 'play.who'),
                      (['app', 'physical'] as const).map((v) => ({
                        on: cur.session.settings.dice === v,
                        text: t(lang, v === 'app' ? 'play.whoApp' : 'play.whoPhysical'),
                        pick: () => void this.store.updateSettings({ dice: v }),
                      })),
                    )}
                  </div>
                  <div
                    role="tablist"
                    aria-label=${cur.session.name}
                    @keydown=${(e: KeyboardEvent) => this.onTabKey(e, tabs)}
                  >
                    ${tabs.map(
                      ([k, label]) =>
                        html`<button
                          role="tab"
                          id="tab-${k}"
                          aria-selected=${this.tab === k}
                          aria-controls="panel"
                          tabindex=${this.tab === k ? 0 : -1}
                          @click=${() => this.pickTab(k)}
                        >
                          ${label}
                        </button>`,
                    )}
                  </div>
                  <section id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}">
                    <!-- The tool's name as a heading (its parts are h4): heading navigation finds each tool, in order. -->
                    <h3 class="sr-only">${tabs.find(([k]) => k === this.tab)?.[1] ?? ''}</h3>
                    ${this.tab === 'turn' && turnPanel ? this.renderTurnPanel(turnPanel, cur, physical) : nothing}
                    ${this.tab === 'dice' ? html`<wc-dice-roller .store=${this.store} .game=${cur.bundle.game} .physical=${physical}></wc-dice-roller>` : nothing}
                    ${this.tab === 'tables' ? html`<wc-table-roller .store=${this.store} .current=${cur} .physical=${physical}></wc-table-roller>` : nothing}
                    ${this.tab === 'combat' ? html`<wc-combat-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-combat-panel>` : nothing}
                    ${this.tab === 'cups' ? html`<wc-cup-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-cup-panel>` : nothing}
                  </section>`
          }
        </div>
        <div class="side">
          <section
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
                      ${x ? html`<wc-result-view .explained=${x} line></wc-result-view>` : html`<span class="muted">${t(lang, 'play.none')}</span>`}
                    </div>`
              }
              ${
                latest && x
                  ? html`<div class="row">
                      <button
                        aria-expanded=${this.why}
                        @click=${() => {
                          this.why = !this.why;
                          if (this.why) this.sheetOpen = true;
                        }}
                      >
                        ${t(lang, 'play.why')}
                      </button>
                      ${
                        this.sheetOpen
                          ? html`<button
                              aria-label=${t(lang, 'play.putAway')}
                              @click=${() => {
                                this.sheetOpen = false;
                                this.why = false;
                              }}
                            >
                              <span aria-hidden="true">▾</span>
                            </button>`
                          : html`<button
                              aria-label=${t(lang, 'play.openSheet')}
                              @click=${() => (this.sheetOpen = true)}
                            >
                              <span aria-hidden="true">▴</span>
                            </button>`
                      }
                    </div>`
                  : nothing
              }
            </div>
            ${open ? html`<div class="sheet-body">${this.renderLatest(latest, x)}</div>` : nothing}
          </section>
          <div class="rest">
            <details class="card" @toggle=${(e: Event) => (this.settingsOpen = (e.target as HTMLDetailsElement).open)}>
              <summary>${t(lang, 'play.settings')}</summary>
              <div class="seed">
                <p>
                  ${t(lang, 'seed.commitment')}: <code data-testid="fingerprint">${fingerprint(cur.session.seed)}</code>
                </p>
                <p class="muted">${t(lang, 'seed.commitmentHelp')}</p>
                ${
                  cur.session.ceremony
                    ? html`<p>${t(lang, 'ceremony.made')}</p>
                        <p>${t(lang, 'ceremony.madeBy')}:</p>
                        <ul data-testid="ceremony">
                          ${[cur.session.ceremony.device, ...cur.session.ceremony.contributions].map(
                            (c) =>
                              html`<li>
                                ${
                                  c.kind === 'device'
                                    ? t(lang, 'ceremony.device')
                                    : t(lang, 'ceremony.committed', {
                                        side: tx(
                                          lang,
                                          cur.bundle.game.sides.find((x) => x.id === c.side)?.name ?? c.side,
                                        ),
                                        kind: t(lang, `ceremony.kind.${c.kind}`),
                                      })
                                }:
                                <code>${shortCommitment(c.commitment)}</code>
                              </li>`,
                          )}
                        </ul>`
                    : nothing
                }
                ${this.settingsOpen ? this.renderSeal(lang, cur) : nothing}
                ${
                  this.seedShown
                    ? html`<p>
                          <code data-testid="seed">${t(lang, 'seed.revealed', { seed: cur.session.seed })}</code>
                        </p>
                        <button @click=${() => (this.seedShown = false)}>${t(lang, 'seed.hide')}</button>`
                    : this.confirmSeed
                      ? confirmRow(
                          t(lang, 'seed.confirmReveal'),
                          [
                            {
                              label: t(lang, 'common.confirm'),
                              kind: 'danger',
                              run: () => {
                                this.seedShown = true;
                                this.confirmSeed = false;
                              },
                            },
                          ],
                          { label: t(lang, 'common.cancel'), run: () => (this.confirmSeed = false) },
                        )
                      : html`<button @click=${() => (this.confirmSeed = true)}>${t(lang, 'seed.reveal')}</button>`
                }
              </div>
              ${
                cur.readOnly
                  ? nothing
                  : html`<fieldset>
                      <legend>${t(lang, 'play.errata', { mode: '' })}</legend>
                      ${ERRATA_MODES.map(
                        (v) =>
                          html`<label class="inline">
                            <input
                              type="radio"
                              name="errata"
                              .checked=${cur.session.settings.errata === v}
                              @change=${() => this.store.setErrata(cur.session.game, v)}
                            />
                            ${t(lang, `errata.${v}`)}</label
                          >`,
                      )}
                    </fieldset>`
              }
              <wc-balance-settings .store=${this.store} .current=${cur}></wc-balance-settings>
              ${checkField(t(lang, 'settings.wakeLock'), s.prefs.wakeLock, async (on) => {
                await this.store.setPref({ wakeLock: on });
                await this.keepAwake();
              })}
              ${checkField(t(lang, 'settings.vibrate'), s.prefs.vibrate, (on) => this.store.setPref({ vibrate: on }))}
              ${checkField(t(lang, 'settings.sound'), s.prefs.sound, (on) => this.store.setPref({ sound: on }))}
            </details>
            <details class="card" @toggle=${(e: Event) => (this.luckOpen = (e.target as HTMLDetailsElement).open)}>
              <summary>${t(lang, 'luck.title')}</summary>
              ${this.luckOpen ? html`<wc-luck-view .store=${this.store} .current=${cur}></wc-luck-view>` : nothing}
            </details>
            <h3>${t(lang, 'play.log')}</h3>
            <wc-log-view .store=${this.store} .current=${cur}></wc-log-view>
          </div>
        </div>
      </div>
      ${
        this.across && x
          ? html`<div
              class="across ${this.flipped ? 'flipped' : ''}"
              role="dialog"
              aria-modal="true"
              aria-label=${t(lang, 'show.button')}
            >
              <div class="shown">
                <span class="big">${x.headline}</span>
                <span class="what">${x.summary}</span>
              </div>
              <div class="row">
                ${checkField(t(lang, 'show.flip'), this.flipped, (on) => (this.flipped = on))}
                <button class="primary" @click=${() => (this.across = false)}>${t(lang, 'show.close')}</button>
              </div>
            </div>`
          : nothing
      }`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-session-page': WcSessionPage;
  }
}
