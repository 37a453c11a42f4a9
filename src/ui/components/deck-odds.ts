/**
 * Deck mode before a roll (issue #15): how many cards are left in the deck of these dice and, when
 * asked, the exact chance of each total now (the engine's `nextSums`: the cards left of it / the
 * cards left). Nothing when deck mode is off. It follows the open game itself, so the tool around
 * it need not re-render on every step.
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { deckable, deckSize, nextSums, validateSpec, DECK_MAX, type DiceSpec } from '../../engine';
import type { Store } from '../../app/store';
import { t, use } from '../i18n';
import { base } from '../styles';
import { StoreController } from '../store-controller';
import './odds-bars';
import { trust } from '../i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/** Dice being typed in the Dice tool ("0 sides") show nothing until they are dice. */
function valid(spec: DiceSpec): boolean {
  try {
    validateSpec(spec);
    return true;
  } catch {
    return false;
  }
}

@customElement('wc-deck-odds')
export class WcDeckOdds extends LitElement {
  static override styles = [base];
  @property({ attribute: false }) store!: Store;
  /** The dice about to be rolled. */
  @property({ attribute: false }) spec?: DiceSpec;
  /** The players roll real dice: nothing is drawn from the deck. */
  @property({ type: Boolean }) physical = false;
  /** Show the chance of each total as bars (the dice tool); the table tools show their results' chances instead. */
  @property({ type: Boolean }) bars = false;
  protected readonly ctl = new StoreController(
    this,
    () => this.store,
    (s) => [s.lang, s.current?.state.balance, s.current?.state.decks],
  );

  override render() {
    const s = this.store.getState();
    const L = s.lang;
    const state = s.current?.state;
    const spec = this.spec;
    if (!state?.balance?.deck || !spec || !valid(spec)) return nothing;
    if (this.physical) return html`<p class="muted" data-testid="deck-odds">${t(L, 'balance.physical')}</p>`;
    if (!deckable(spec))
      return html`<p class="muted" data-testid="deck-odds">${t(L, 'deck.tooBig', { max: DECK_MAX })}</p>`;
    const sums = nextSums(state, spec);
    const of = deckSize(spec);
    return html`<p data-testid="deck-odds">
        <strong
          >${sums.outcomes === of ? t(L, 'deck.full', { of }) : t(L, 'deck.left', { left: sums.outcomes, of })}</strong
        >
      </p>
      ${
        this.bars
          ? html`<wc-odds-bars .dist=${{ counts: sums.counts, outcomes: sums.outcomes }} .locale=${L}></wc-odds-bars>`
          : nothing
      }`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-deck-odds': WcDeckOdds;
  }
}
