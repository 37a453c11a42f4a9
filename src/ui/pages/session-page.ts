/**
 * A game in progress: the latest result (large, explained, announced), and the tools the players
 * hand to the app — dice, table rolls, combat, cups — above the log. Also: who is acting, who rolls,
 * face-down chits behind a hand-off, a view to show a result across the table, and the screen kept
 * awake. Its parts: the latest result (sheet or column, latest-result.ts), the game's settings with
 * the seed and the seal (game-settings.ts), and the wake lock (src/ui/wake-lock.ts).
 */
import { LitElement, html, nothing } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { customElement, property, state } from 'lit/decorators.js';
import type { LogEntry } from '../../engine';
import type { Current, Lang, Store } from '../../app/store';
import { t, tx, use } from '../i18n';
import { explain, sideName, type Explained } from '../explain';
import { StoreController } from '../store-controller';
import { onRadioGroupKey, radioTabIndex } from '../radio-group';
import { checkField } from '../fields';
import { loadedGameUi } from '../game-uis';
import { AnnounceEvent } from '../events';
import { afterPaint } from '../after-paint';
import { keepPlace, placeOf } from '../where-you-were';
import { keepBottomRoom } from '../bottom-room';
import { ScrollPlace } from '../scroll-place';
import { WakeLockController } from '../wake-lock';
import '../components/dice-roller';
import '../components/table-roller';
import '../components/combat-panel';
import '../components/cup-panel';
import '../components/log-view';
import '../components/luck-view';
import './latest-result';
import './game-settings';
import { privacyOf } from '../private';
import { PrivateView } from '../hand-off';
import { session } from '../i18n/session';
import { trust } from '../i18n/trust';
import { errors } from '../i18n/errors';
import { sessionPageStyles } from './session-page.styles';
import type { SheetChangeDetail } from './latest-result';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(session, trust, errors);

/** A short tone (Web Audio; made on the device, nothing is downloaded). */
function beep() {
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
    oscillator.onended = () => void audio.close();
  } catch {
    /* no audio here */
  }
}

/**
 * What the result sheet shows: the latest roll, draw, combat or procedure — not a record of where the
 * game stands (a phase change, a new turn, a note, the dice settings), which the log and the phase
 * tracker show (issue #28 item 14). Every game's phase procedure is `<game>.phase` (gameProcedures).
 */
export function isResult(entry: LogEntry): boolean {
  const outcome = entry.outcome;
  if (entry.undone || outcome.kind === 'end-turn' || outcome.kind === 'note' || outcome.kind === 'balance')
    return false;
  return !(outcome.kind === 'procedure' && outcome.id.endsWith('.phase'));
}

const TABS = ['turn', 'dice', 'tables', 'combat', 'cups'] as const;
type Tab = (typeof TABS)[number];

@customElement('wc-session-page')
export class WcSessionPage extends LitElement {
  static override styles = sessionPageStyles;
  /** The app's store: the open game and every action on it. */
  @property({ attribute: false }) store!: Store;
  /** Renders when what this page shows of the store changes (not on every step of another game). */
  protected readonly storeWatch = new StoreController(
    this,
    () => this.store,
    (state) => [state.lang, state.current, state.side, state.prefs, state.link],
  );
  /** The id of the game to open (from the address). */
  @property() sessionId = '';
  @state() private tab: Tab = 'dice';
  @state() private missing = false;
  /** A face-down draw (`draw-<seq>`) shown to its player after the hand-off confirmation (src/ui/hand-off.ts). */
  private readonly privateView = new PrivateView(this);
  /** The screen kept awake while the game is open, if the players want it. */
  private readonly wakeLock = new WakeLockController(this, () => this.store.getState().prefs.wakeLock);
  /** The page's scroll position, kept across a reload with the tab and the step (src/ui/scroll-place.ts). */
  private readonly scrollPlace = new ScrollPlace(this, () =>
    this.store.getState().current?.session.id === this.sessionId ? this.sessionId : '',
  );
  @state() private across = false;
  @state() private flipped = false;
  /** The luck statistics are computed only while their section is open. */
  @state() private luckOpen = false;
  /** The result sheet is open: a new result arrived and the players have not put it away yet. */
  @state() private sheetOpen = false;
  /** The sheet shows every line of the explanation, not only the headline. */
  @state() private why = false;
  private lastAnnounced = 0;

  override connectedCallback() {
    super.connectedCallback();
    addEventListener('keydown', this.onKey);
    this.addEventListener('focusin', this.onFocusIn);
  }
  override disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener('keydown', this.onKey);
    this.removeEventListener('focusin', this.onFocusIn);
    this.sheetRoom = 0;
    keepBottomRoom('sheet', 0);
    // Leaving the game's page closes it here, so another tab may become its writer.
    // A game shared with linked devices stays open (src/link): its steps keep going to them.
    const state = this.store.getState();
    if (state.current?.session.id === this.sessionId && state.link?.game !== this.sessionId) this.store.closeSession();
  }
  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      this.across = false;
    }
  };

  override willUpdate(changed: Map<string, unknown>) {
    // A new result opens the sheet in the same render that shows it (not in a second one).
    const opened = this.store.getState().current;
    const last = opened?.session.id === this.sessionId ? opened.session.log.at(-1) : undefined;
    if (last && last.seq > this.lastAnnounced) {
      this.privateView.hide();
      if (isResult(last)) this.sheetOpen = true;
    }
    if (changed.has('sessionId') && this.sessionId) {
      this.missing = false;
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
        if (ok) this.scrollPlace.restore(this.sessionId);
        void this.wakeLock.sync();
      });
    }
  }

  /**
   * On a phone the sheet covers the bottom of the screen (its height measured by the sheet,
   * latest-result.ts): the page keeps that much room below its last control, and the document's
   * scroll-padding-bottom says the same to the browser, so a control scrolled into view (a tap, focus,
   * Tab) lands above the sheet, open or folded (issue #28 item 4). On a tablet the sheet is a column
   * beside the tools: no room is kept.
   */
  private syncSheetRoom(height: number) {
    this.style.setProperty('--sheet-room', `${height}px`);
    keepBottomRoom('sheet', height ? height + 8 : 0);
    this.sheetRoom = height;
  }
  /** The height the sheet covers at the bottom of the screen (0 on a tablet). */
  private sheetRoom = 0;
  /**
   * Focus (Tab, or a script's focus()) scrolls a control into view without the scroll padding: a
   * control focused under the sheet is scrolled up above it (before the browser's own scroll, which
   * then has nothing to do).
   */
  private readonly onFocusIn = (event: FocusEvent) => {
    const sheet = this.renderRoot.querySelector('wc-latest-result');
    const target = event.composedPath()[0];
    if (!this.sheetRoom || !sheet || !(target instanceof Element) || event.composedPath().includes(sheet)) return;
    const box = target.getBoundingClientRect();
    const limit = innerHeight - this.sheetRoom - 8;
    if (box.bottom > limit && box.top >= 0) scrollBy({ top: Math.min(box.bottom - limit, box.top) });
  };

  /** Announces each new result once it is saved and shown (face-down chits are never announced). */
  override updated() {
    const state = this.store.getState();
    const cur = state.current;
    if (!cur || cur.session.id !== this.sessionId) return;
    // By step number: a long game's log grows when its older steps finish loading, which announces nothing.
    const newest = cur.session.log.at(-1);
    if (newest && newest.seq > this.lastAnnounced) {
      this.lastAnnounced = newest.seq;
      // The sheet's explanation, already made in this render (a face-down chit's is not revealed there),
      // announced once the result is painted: the screen reader reads what is on the screen.
      const said = new AnnounceEvent(this.explainLatest(state.lang, newest, cur, false).announcement);
      void afterPaint().then(() => this.dispatchEvent(said));
    }
  }

  /**
   * Joint randomness (issue #33), said by the roll buttons, where the eye is: a roll that waits for
   * devices' values (who; past the timeout, the way out on the link screen), or, in a game whose
   * rolls are joint with players' phones not linked here now (after this device reloaded, or a
   * phone lost), that a roll waits for them — never a silent wait.
   */
  private renderJointNotice(lang: Lang, cur: Current) {
    const link = this.store.getState().link;
    const wait = link?.jointWait;
    const notice = (text: string) =>
      html`<p class="joint-notice" role="status" data-testid="joint-notice">
        ${text}
        <a href="#/link/${encodeURIComponent(cur.session.id)}">${t(lang, 'joint.notice.open')}</a>
      </p>`;
    if (wait?.awaited.length)
      return notice(
        t(lang, wait.stalled ? 'joint.notice.stalled' : 'joint.notice.wait', {
          n: wait.seq,
          names: wait.awaited.join(', '),
        }),
      );
    // The players' phones of the set (the writing device holds no side, unless it is a phone that took over): linked here now, or not.
    const phones = (cur.state.joint?.devices ?? []).filter((d) => d.side && d.side !== link?.side).map((d) => d.name);
    const away = phones.filter((n) => !link?.peers.some((p) => p.name === n && p.connected));
    if (!away.length || (link && link.role !== 'writer')) return nothing;
    return notice(t(lang, 'joint.notice.unlinked', { names: away.join(', ') }));
  }

  /** The latest result's explanation, made once per step (a new object would re-render its view). */
  private explained?: { key: readonly unknown[]; explanation: Explained };
  private explainLatest(lang: Lang, entry: LogEntry, cur: Current, reveal: boolean): Explained {
    const key = [lang, entry, cur.ctx, reveal];
    const made = this.explained;
    if (made && made.key.every((value, k) => value === key[k])) return made.explanation;
    const explanation = explain(lang, entry.outcome, cur.ctx, { sides: cur.bundle.game.sides, reveal });
    this.explained = { key, explanation };
    return explanation;
  }

  private reveal(entry: LogEntry) {
    this.privateView.reveal(`draw-${entry.seq}`);
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
  private pickTab(tab: Tab) {
    this.tab = tab;
    keepPlace(this.sessionId, 'tab', tab);
  }

  /** ARIA tabs: the tab list is one stop; arrows, Home and End move between tabs. */
  private onTabKey(event: KeyboardEvent, tabs: readonly [Tab, string][]) {
    const at = tabs.findIndex(([id]) => id === this.tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    this.pickTab(tabs[to]![0]);
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector(`#tab-${this.tab}`) as HTMLElement | null)?.focus(),
    );
  }

  /** The game's own turn panel, named by its module (src/games/<game>/ui.ts); it takes the same properties as every tool. */
  private renderTurnPanel(tag: string, cur: Current, physical: boolean) {
    const panel = unsafeStatic(tag);
    return staticHtml`<${panel} .store=${this.store} .current=${cur} .physical=${physical}></${panel}>`;
  }

  override render() {
    const state = this.store.getState();
    const lang = state.lang;
    if (this.missing)
      return html`<p>${t(lang, 'session.notFound')}</p>
        <p><a href="#/">${t(lang, 'nav.home')}</a></p>`;
    const cur = state.current;
    if (!cur || cur.session.id !== this.sessionId) return html`<p>${t(lang, 'common.loading')}</p>`;
    const scenario = cur.ctx.scenario;
    const sides = cur.bundle.game.sides;
    const physical = cur.session.settings.dice === 'physical';
    const turnPanel = loadedGameUi(cur.session.game)?.turnPanel;
    const latest = cur.session.log.findLast(isResult);
    const faceDown = latest?.outcome.kind === 'draw' ? latest.outcome.faceDown : undefined;
    // Linked devices: the chit shows on its player's phone only; elsewhere no hand-off is offered.
    const privacy = faceDown ? privacyOf(state, faceDown) : 'handoff';
    const revealed = latest !== undefined && this.privateView.isShown(`draw-${latest.seq}`);
    const reveal = revealed || privacy === 'mine';
    const explanation = latest ? this.explainLatest(lang, latest, cur, reveal) : undefined;
    const tabs: [Tab, string][] = [
      ...(turnPanel ? [['turn', t(lang, 'play.turnTab')] as [Tab, string]] : []),
      ['dice', t(lang, 'play.dice')],
      ['tables', t(lang, 'play.tables')],
      ['combat', t(lang, 'play.combat')],
      ['cups', t(lang, 'play.cups')],
    ];
    const seg = (label: string, items: readonly { on: boolean; text: string; pick: () => void }[]) =>
      html`<div
        class="seg"
        role="radiogroup"
        aria-label=${label}
        @keydown=${(event: KeyboardEvent) =>
          onRadioGroupKey(
            event,
            items.length,
            items.findIndex((item) => item.on),
            (k) => items[k]!.pick(),
          )}
      >
        <span aria-hidden="true">${label}:</span>
        ${items.map(
          (item, k) =>
            html`<button
              role="radio"
              aria-checked=${item.on}
              tabindex=${radioTabIndex(
                item.on,
                k,
                items.some((other) => other.on),
              )}
              @click=${item.pick}
            >
              ${item.text}
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
                      [undefined, ...sides.map((side) => side.id)].map((id) => ({
                        on: state.side === id,
                        text: id ? sideName(lang, sides, id) : t(lang, 'side.nobody'),
                        pick: () => void this.store.setSide(id),
                      })),
                    )}
                    ${seg(
                      t(lang, 'play.who'),
                      (['app', 'physical'] as const).map((roller) => ({
                        on: cur.session.settings.dice === roller,
                        text: t(lang, roller === 'app' ? 'play.whoApp' : 'play.whoPhysical'),
                        pick: () => void this.store.updateSettings({ dice: roller }),
                      })),
                    )}
                  </div>
                  <div
                    role="tablist"
                    aria-label=${cur.session.name}
                    @keydown=${(event: KeyboardEvent) => this.onTabKey(event, tabs)}
                  >
                    ${tabs.map(
                      ([id, label]) =>
                        html`<button
                          role="tab"
                          id="tab-${id}"
                          aria-selected=${this.tab === id}
                          aria-controls="panel"
                          tabindex=${this.tab === id ? 0 : -1}
                          @click=${() => this.pickTab(id)}
                        >
                          ${label}
                        </button>`,
                    )}
                  </div>
                  <section id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}">
                    <!-- The tool's name as a heading (its parts are h4): heading navigation finds each tool, in order. -->
                    <h3 class="sr-only">${tabs.find(([id]) => id === this.tab)?.[1] ?? ''}</h3>
                    ${this.tab === 'turn' && turnPanel ? this.renderTurnPanel(turnPanel, cur, physical) : nothing}
                    ${this.tab === 'dice' ? html`<wc-dice-roller .store=${this.store} .game=${cur.bundle.game} .physical=${physical}></wc-dice-roller>` : nothing}
                    ${this.tab === 'tables' ? html`<wc-table-roller .store=${this.store} .current=${cur} .physical=${physical}></wc-table-roller>` : nothing}
                    ${this.tab === 'combat' ? html`<wc-combat-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-combat-panel>` : nothing}
                    ${this.tab === 'cups' ? html`<wc-cup-panel .store=${this.store} .current=${cur} .physical=${physical}></wc-cup-panel>` : nothing}
                  </section>
                  ${this.renderJointNotice(lang, cur)}`
          }
        </div>
        <div class="side">
          <wc-latest-result
            .lang=${lang}
            .latest=${latest}
            .explained=${explanation}
            .sides=${sides}
            .privacy=${privacy}
            .revealed=${revealed}
            .open=${this.sheetOpen}
            .why=${this.why}
            @wc-sheet-change=${(event: CustomEvent<SheetChangeDetail>) => {
              this.sheetOpen = event.detail.open;
              this.why = event.detail.why;
            }}
            @wc-sheet-room=${(event: CustomEvent<number>) => this.syncSheetRoom(event.detail)}
            @wc-reveal-draw=${() => latest && this.reveal(latest)}
            @wc-hide-draw=${() => this.privateView.hide()}
            @wc-show-across=${() => (this.across = true)}
          ></wc-latest-result>
          <div class="rest">
            <wc-game-settings
              .store=${this.store}
              .current=${cur}
              .prefs=${state.prefs}
              .lang=${lang}
              @wc-wake-lock-change=${() => void this.wakeLock.sync()}
            ></wc-game-settings>
            <details
              class="card"
              @toggle=${(event: Event) => (this.luckOpen = (event.target as HTMLDetailsElement).open)}
            >
              <summary>${t(lang, 'luck.title')}</summary>
              ${this.luckOpen ? html`<wc-luck-view .store=${this.store} .current=${cur}></wc-luck-view>` : nothing}
            </details>
            <h3>${t(lang, 'play.log')}</h3>
            <wc-log-view .store=${this.store} .current=${cur}></wc-log-view>
          </div>
        </div>
      </div>
      ${
        this.across && explanation
          ? html`<div
              class="across ${this.flipped ? 'flipped' : ''}"
              role="dialog"
              aria-modal="true"
              aria-label=${t(lang, 'show.button')}
            >
              <div class="shown">
                <span class="big">${explanation.headline}</span>
                <span class="what">${explanation.summary}</span>
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
