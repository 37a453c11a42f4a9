/**
 * The scroll position of a game's page, kept across a reload with the rest of where the players
 * were (./where-you-were.ts, key `scroll`): the page comes back with the same part in view. The
 * page's parts arrive a little at a time (the game opens, then its turn panel renders), so the
 * position is restored once the page is tall enough to reach it; a player who scrolls, taps or
 * types first keeps their own place. Nothing here is a rule: a place not kept is no place.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { keepPlace, placeOf } from './where-you-were';

/** How long the page may take to grow tall enough before the kept place is given up (ms). */
const PATIENCE = 8000;
/** How long after the last scroll the place is written (ms): not on every frame. */
const SETTLE = 250;

export class ScrollPlace implements ReactiveController {
  /** The game whose place is being restored (undefined: none pending). */
  private pending?: { gameId: string; top: number; until: number };
  private timer?: ReturnType<typeof setTimeout>;
  private sizes?: ResizeObserver;

  constructor(
    host: ReactiveControllerHost,
    /** The game shown now ('' while none). */
    private readonly gameId: () => string,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('scroll', this.onScroll, { passive: true });
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      addEventListener(type, this.onPlayer, { passive: true, capture: true });
    addEventListener('pagehide', this.flush);
    // The page grows as its parts render (the document's body: a custom element is inline, never resized).
    this.sizes = new ResizeObserver(() => this.tryRestore());
    this.sizes.observe(document.body);
  }

  hostDisconnected(): void {
    this.flush();
    removeEventListener('scroll', this.onScroll);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      removeEventListener(type, this.onPlayer, { capture: true });
    removeEventListener('pagehide', this.flush);
    this.sizes?.disconnect();
    this.pending = undefined;
  }

  hostUpdated(): void {
    this.tryRestore();
  }

  /** Brings the kept place of this game back, as soon as the page can reach it. */
  restore(gameId: string): void {
    const top = placeOf<number>(gameId, 'scroll');
    this.pending =
      typeof top === 'number' && Number.isFinite(top) && top > 0
        ? { gameId, top, until: Date.now() + PATIENCE }
        : undefined;
    this.tryRestore();
  }

  private tryRestore() {
    const p = this.pending;
    if (!p) return;
    if (p.gameId !== this.gameId() || Date.now() > p.until) {
      this.pending = undefined;
      return;
    }
    const reach = document.documentElement.scrollHeight - innerHeight;
    if (reach + 1 < p.top) return; // not tall enough yet: tried again when the page grows
    this.pending = undefined;
    scrollTo({ top: p.top, behavior: 'instant' });
  }

  /** The player acts first: their place wins over the kept one. */
  private readonly onPlayer = () => {
    this.pending = undefined;
  };

  private last?: { gameId: string; top: number };
  private readonly onScroll = () => {
    // While a kept place is still to come back, the page's own scrolls (a short page clamping it) are not the players'.
    const gameId = this.gameId();
    if (this.pending && Date.now() > this.pending.until) this.pending = undefined;
    if (this.pending || !gameId) return;
    this.last = { gameId, top: Math.round(scrollY) };
    clearTimeout(this.timer);
    this.timer = setTimeout(this.flush, SETTLE);
  };

  private readonly flush = () => {
    clearTimeout(this.timer);
    const last = this.last;
    this.last = undefined;
    if (last) keepPlace(last.gameId, 'scroll', last.top || undefined);
  };
}
