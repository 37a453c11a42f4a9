/** Typed events components send up: to the app shell, or from a child component to its parent. */
import type { Ceremony, Contribution, Modifier } from '../engine';
/**
 * A typed event class that crosses shadow roots (bubbles, composed) and carries one value under
 * `key`: `new (composedEvent<string, 'text'>('wc-announce', 'text'))('Rolled 7').text === 'Rolled 7'`.
 */
function composedEvent<T, K extends string>(type: string, key: K) {
  return class extends Event {
    constructor(value: T) {
      super(type, { bubbles: true, composed: true });
      Object.assign(this, { [key]: value });
    }
  } as unknown as new (value: T) => Event & { readonly [P in K]: T };
}
/** Any component → the app shell: text for the screen reader's live region. */
export const AnnounceEvent = composedEvent<string, 'text'>('wc-announce', 'text');
export type AnnounceEvent = InstanceType<typeof AnnounceEvent>;
/** Any component → the app shell: go to this hash route. */
export const NavigateEvent = composedEvent<string, 'hash'>('wc-navigate', 'hash');
export type NavigateEvent = InstanceType<typeof NavigateEvent>;
/** <wc-manual-dice> → its parent: the faces typed in so far, as typed (one text per die). */
export const ManualDiceChangeEvent = composedEvent<readonly string[], 'texts'>('wc-manual-dice-change', 'texts');
export type ManualDiceChangeEvent = InstanceType<typeof ManualDiceChangeEvent>;
/** <wc-modifier-picker> → its parent: the die-roll modifiers now chosen, each with its source. */
export const ModifiersChangeEvent = composedEvent<readonly Modifier[], 'modifiers'>('wc-modifiers-change', 'modifiers');
export type ModifiersChangeEvent = InstanceType<typeof ModifiersChangeEvent>;
/** <wc-seed-ceremony> → its page: the seed both players made on this device (commitments and reveals). */
export const CeremonyEvent = composedEvent<Ceremony, 'ceremony'>('wc-ceremony', 'ceremony');
export type CeremonyEvent = InstanceType<typeof CeremonyEvent>;
/** <wc-seed-ceremony> (one player's phone) → the link page: that player's contribution, committed (its reveal stays on the phone until asked). */
export const ContributionEvent = composedEvent<Contribution, 'contribution'>('wc-contribution', 'contribution');
export type ContributionEvent = InstanceType<typeof ContributionEvent>;
declare global {
  interface GlobalEventHandlersEventMap {
    'wc-announce': AnnounceEvent;
    'wc-navigate': NavigateEvent;
    'wc-manual-dice-change': ManualDiceChangeEvent;
    'wc-modifiers-change': ModifiersChangeEvent;
    'wc-ceremony': CeremonyEvent;
    'wc-contribution': ContributionEvent;
  }
}

/** Saves text as a file through a temporary link (works offline; nothing leaves the device). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a file the player picked; resolves with its text. */
export function readFileText(file: File): Promise<string> {
  if (file.size > 50 * 1024 * 1024) return Promise.reject(new Error('File larger than 50 MB'));
  return file.text();
}
