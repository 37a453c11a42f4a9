/**
 * The game's setting for balanced randomness (issue #15): deck mode for dice and a streak cap for
 * cups, off by default. A change is a step of the log ('balance'), so it is replayed, verified and
 * undone like every other; what holds now is read from the game's state.
 */
import { html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { Current } from '../../app/store';
import { t, use } from '../i18n';
import { base } from '../styles';
import { SessionTool } from './session-tool';
import { trust } from '../i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/** The caps offered (the engine takes 1 to CAP_MAX). */
const CAPS = [1, 2, 3, 4, 5, 6];

@customElement('wc-balance-settings')
export class WcBalanceSettings extends SessionTool {
  static override styles = [base];

  /** It shows what was agreed, not the log: a step that changes neither does not re-render it. */
  protected override reads(cur: Current): readonly unknown[] {
    return [cur.state.balance, cur.readOnly, cur.ctx.scenario];
  }

  private set(deck: boolean, cap: number | undefined) {
    void this.store.act({ type: 'balance', deck, ...(cap ? { cap } : {}) });
  }

  override render() {
    const s = this.store.getState();
    const L = s.lang;
    const cur = this.current;
    const b = cur.state.balance;
    const deck = !!b?.deck;
    const cap = b?.cap;
    const off = cur.readOnly || s.busy;
    const cups = !!cur.ctx.scenario?.cups?.length;
    return html`<fieldset data-testid="balance">
      <legend>${t(L, 'balance.title')}</legend>
      <p class="muted">${t(L, 'balance.help')}</p>
      <label class="inline"
        ><input
          type="checkbox"
          data-testid="deck-mode"
          .checked=${deck}
          ?disabled=${off}
          @change=${(e: Event) => this.set((e.target as HTMLInputElement).checked, cap)}
        />
        ${t(L, 'balance.deck')}</label
      >
      ${
        cups
          ? html`<label
              >${t(L, 'balance.cap')}
              <select
                data-testid="streak-cap"
                ?disabled=${off}
                @change=${(e: Event) => {
                  const v = Number((e.target as HTMLSelectElement).value);
                  this.set(deck, v || undefined);
                }}
              >
                <option value="0" ?selected=${!cap}>${t(L, 'balance.capOff')}</option>
                ${CAPS.map((n) => html`<option value=${n} ?selected=${cap === n}>${t(L, 'balance.capN', { n })}</option>`)}
              </select></label
            >`
          : nothing
      }
      <p>
        ${t(L, 'balance.now', {
          deck: t(L, deck ? 'balance.deckOn' : 'balance.deckOff'),
          cap: cap ? t(L, 'balance.capOn', { n: cap }) : t(L, 'balance.capNone'),
        })}
      </p>
    </fieldset>`;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'wc-balance-settings': WcBalanceSettings;
  }
}
