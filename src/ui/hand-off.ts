/**
 * The question before a side's private information shows on a shared device (a hand of chits):
 * "hand the device to that side's player", then the player confirms it is them, or the others cancel.
 */
import { html } from 'lit';
import type { PanelHost } from '../app/store-types';
import { t, use } from './i18n';
import { trust } from './i18n/trust';

// The messages this shows load with it (src/ui/i18n/index.ts).
use(trust);

/**
 * `question` asks for the hand-off to `side` (its name); `answer` gets the players' answer: `true`
 * when that side's player confirms (the device buzzes too, when the players want it to), `false` on cancel.
 */
export const handOffConfirm = (store: PanelHost, question: string, side: string, answer: (show: boolean) => void) => {
  const lang = store.getState().lang;
  return html`<p>${question}</p>
    <button
      class="primary"
      @click=${() => {
        answer(true);
        if (store.getState().prefs.vibrate) navigator.vibrate?.(60);
      }}
    >
      ${t(lang, 'private.confirm', { side })}
    </button>
    <button @click=${() => answer(false)}>${t(lang, 'common.cancel')}</button>`;
};
