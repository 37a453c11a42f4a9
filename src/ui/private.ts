/**
 * Who sees a side's private information (a hand of chits, a chit drawn face down) on this device.
 * - 'mine': this device is that side's player's phone (linked devices, src/link): shown at once.
 * - 'theirs': another linked device holds that side's hand, or this one is the shared display:
 *   only what everyone may know (counts) is shown here, and no hand-off is offered.
 * - 'handoff': no linked device holds it: shown after the device is handed to that player (as on
 *   one device).
 */
import type { AppState } from '../app/store';

export type Privacy = 'mine' | 'theirs' | 'handoff';

export function privacyOf(s: Pick<AppState, 'link'>, side: string): Privacy {
  const link = s.link;
  if (!link) return 'handoff';
  if (link.view === 'player' && link.side === side) return 'mine';
  if (link.view === 'display' || link.view === 'player') return 'theirs';
  return link.peers.some((p) => p.connected && p.side === side) ? 'theirs' : 'handoff';
}
