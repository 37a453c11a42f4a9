/**
 * Hidden information on a shared device, one pattern for every game (issue #28): a side's private
 * information (a hand of chits, a chit drawn face down, reinforcement boxes, blocks entered hidden)
 * shows only after "hand the device to that side's player" and that player's confirmation, and hides
 * again when the device changes hands: the hide button, another side's information asked for, the
 * acting side switched, the screen or the tool left (the element disconnected), or the page hidden
 * (the device locked or put away). With linked devices (src/ui/private.ts) a side's information shows
 * at once on its player's phone and never elsewhere.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { PanelHost } from '../app/store-types';
import { t, use } from './i18n';
import { trust } from './i18n/trust';
import { privacyOf } from './private';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/**
 * `question` asks for the hand-off to `side` (its name); `answer` gets the players' answer: `true`
 * when that side's player confirms (the device buzzes too, when the players want it to), `false` on cancel.
 */
export const handOffConfirm = (
  store: PanelHost,
  question: string,
  side: string,
  answer: (show: boolean) => void,
  testid?: string,
) => {
  const lang = store.getState().lang;
  return html`<p><strong>${question}</strong></p>
    <button
      class="primary"
      data-testid=${testid ? `${testid}-confirm` : nothing}
      @click=${() => {
        answer(true);
        if (store.getState().prefs.vibrate) navigator.vibrate?.(60);
      }}
    >
      ${t(lang, 'private.confirm', { side })}
    </button>
    <button data-testid=${testid ? `${testid}-cancel` : nothing} @click=${() => answer(false)}>
      ${t(lang, 'common.cancel')}
    </button>`;
};

/** What a gate shows: whose information it is and how to ask for it. */
export interface GateOptions {
  /** The owning side's id (for linked devices) and its name as shown. */
  readonly side: string;
  readonly name: string;
  /** The private information, drawn only once its player holds the device. */
  readonly show: () => unknown;
  /** The button that asks for the hand-off (default "Hand the device to the {side} player"). */
  readonly ask?: string;
  /** The question before the confirmation (default "Hand the device to the {side} player"). */
  readonly question?: string;
  /** What everyone may see while it is hidden (a count), shown before the ask button. */
  readonly open?: unknown;
  /** Test ids: `${testid}` (ask), `-confirm`, `-cancel`, `-hide`. */
  readonly testid?: string;
}

/**
 * A host's private views: at most one shown at a time (the device is in one player's hands), by key.
 * The host (a LitElement with a `store`) adds it once: `private readonly hand = new PrivateView(this)`.
 */
export class PrivateView implements ReactiveController {
  /** The key of the information shown to its player now, and the one whose hand-off is being asked. */
  private shown?: string;
  private asking?: string;
  private side?: string;
  private unsubscribe?: () => void;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.hide();
  };

  constructor(private readonly host: ReactiveControllerHost & { readonly store?: PanelHost }) {
    host.addController(this);
  }

  private connected = false;

  hostConnected(): void {
    this.connected = true;
    this.listen();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Switching the acting side hands the device to another player (the store may be set after connecting). */
  private listen(): void {
    const store = this.host.store;
    if (this.unsubscribe || !store) return;
    this.side = store.getState().side;
    this.unsubscribe = store.subscribe(() => {
      const side = this.host.store?.getState().side;
      if (side !== this.side) {
        this.side = side;
        this.hide();
      }
    });
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    document.removeEventListener('visibilitychange', this.onVisibility);
    // Drawn again without it, so a screen or tool that comes back shows nothing private.
    this.hide();
  }

  /** The gates drawn in the host's latest render: a shown key not among them was left (its tool is gone). */
  private drawn = new Set<string>();

  hostUpdate(): void {
    this.drawn = new Set();
    if (this.connected) this.listen();
  }

  hostUpdated(): void {
    // The tool holding the shown information was left (another phase, another step): hidden for good.
    if (this.shown !== undefined && !this.drawn.has(this.shown)) this.shown = undefined;
    if (this.asking !== undefined && !this.drawn.has(this.asking)) this.asking = undefined;
  }

  /** Whether `key` is shown to its player now. */
  isShown(key: string): boolean {
    this.drawn.add(key);
    return this.shown === key;
  }

  /** Hides whatever is shown and drops a pending question. */
  hide(): void {
    if (this.shown === undefined && this.asking === undefined) return;
    this.shown = undefined;
    this.asking = undefined;
    this.host.requestUpdate();
  }

  /** Shows `key` once its player has confirmed elsewhere (a face-down draw's own confirmation). */
  reveal(key: string): void {
    this.shown = key;
    this.asking = undefined;
    this.host.requestUpdate();
  }

  /** Asks for the hand-off of `key`: anything else shown is hidden first (the device changes hands). */
  ask(key: string): void {
    this.shown = undefined;
    this.asking = key;
    this.host.requestUpdate();
  }

  /**
   * The one gate every hidden thing goes through: on a linked player's phone, its own side's
   * information at once; on the others, only the public part; on a shared device, the ask button,
   * then the question and the confirmation, then the information with its hide button.
   */
  gate(key: string, o: GateOptions): TemplateResult {
    this.drawn.add(key);
    const store = this.host.store!;
    const lang = store.getState().lang;
    const privacy = privacyOf(store.getState(), o.side);
    if (privacy === 'mine') return html`${o.show()}`;
    if (privacy === 'theirs')
      return html`${o.open ?? nothing}
        <p class="muted">${t(lang, 'link.private', { side: o.name })}</p>`;
    if (this.shown === key)
      return html`${o.show()}
        <button class="primary" data-testid=${o.testid ? `${o.testid}-hide` : nothing} @click=${() => this.hide()}>
          ${t(lang, 'private.hide')}
        </button>`;
    const question = o.question ?? t(lang, 'private.handTo', { side: o.name });
    if (this.asking === key)
      return handOffConfirm(
        store,
        question,
        o.name,
        (yes) => {
          this.asking = undefined;
          this.shown = yes ? key : undefined;
          this.host.requestUpdate();
        },
        o.testid,
      );
    return html`${o.open ?? nothing}
      <button data-testid=${o.testid ?? nothing} @click=${() => this.ask(key)}>${o.ask ?? question}</button>`;
  }
}
