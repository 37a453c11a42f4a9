/**
 * A player's phone offers only what its own side's player may ask for: a procedure the rules give
 * to the other side's player (the game's `ACTORS`, engine `maySideAsk` — the link's guard reads the
 * same) is shown off on that phone, with the reason beside it, instead of being refused after a
 * round trip. The table (the writer), the shared display and a single device are unchanged.
 */
import { html, nothing } from 'lit';
import { actingSide } from '../engine';
import type { AppState, Current } from '../app/store-types';
import { sideName } from './explain';
import { t, use } from './i18n';
import { trust } from './i18n/trust';

use(trust);

/**
 * Why this device may not ask for procedure `id` with `input` (rule `rule` gives it to one side's
 * player), in the player's language; undefined when it may: not a linked player's phone, a
 * procedure either player may do, or its own side's.
 */
export function sideLock(
  s: Pick<AppState, 'link' | 'lang'>,
  cur: Pick<Current, 'ctx' | 'bundle'>,
  id: string,
  input: unknown,
  rule: string,
): string | undefined {
  const link = s.link;
  if (!link || link.view !== 'player' || !link.side) return undefined;
  const who = actingSide(cur.ctx.actors ?? {}, id, input);
  if (who.open || who.side === link.side) return undefined;
  const side = who.side ? sideName(s.lang, cur.bundle.game.sides, who.side) : '?';
  return t(s.lang, 'private.otherSide', { side, rule });
}

/** The reason beside a control shown off (nothing when it is on). */
export const sideNote = (reason: string | undefined) =>
  reason ? html`<p class="muted" data-testid="side-lock">${reason}</p>` : nothing;
