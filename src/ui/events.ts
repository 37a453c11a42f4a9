/** Typed events components send up: to the app shell, or from a child component to its parent. */
import type { Ceremony, Contribution, Modifier } from '../engine';
export class AnnounceEvent extends Event {
  constructor(readonly text: string) {
    super('wc-announce', { bubbles: true, composed: true });
  }
}
export class NavigateEvent extends Event {
  constructor(readonly hash: string) {
    super('wc-navigate', { bubbles: true, composed: true });
  }
}
/** <wc-manual-dice> → its parent: the faces typed in so far, as typed (one text per die). */
export class ManualDiceChangeEvent extends Event {
  constructor(readonly texts: readonly string[]) {
    super('wc-manual-dice-change', { bubbles: true, composed: true });
  }
}
/** <wc-modifier-picker> → its parent: the die-roll modifiers now chosen, each with its source. */
export class ModifiersChangeEvent extends Event {
  constructor(readonly modifiers: readonly Modifier[]) {
    super('wc-modifiers-change', { bubbles: true, composed: true });
  }
}
/** <wc-seed-ceremony> → its page: the seed both players made on this device (commitments and reveals). */
export class CeremonyEvent extends Event {
  constructor(readonly ceremony: Ceremony) {
    super('wc-ceremony', { bubbles: true, composed: true });
  }
}
/** <wc-seed-ceremony> (one player's phone) → the link page: that player's contribution, committed (its reveal stays on the phone until asked). */
export class ContributionEvent extends Event {
  constructor(readonly contribution: Contribution) {
    super('wc-contribution', { bubbles: true, composed: true });
  }
}
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
