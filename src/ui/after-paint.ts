/**
 * Resolves once the browser has painted what the page shows now (issue #14): the result next to the
 * control tapped is painted first, and what is secondary (the log's new row, the screen reader's
 * announcement) follows, as a background task (../app/background.ts): a tap, or anything else the
 * page has to do, goes before it rather than waiting behind it. A hidden page paints nothing and gets
 * no animation frames, so there it resolves at once (a second tab following the game keeps its log up
 * to date).
 */
import { inBackground } from '../app/background';

export function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((painted) => requestAnimationFrame(() => inBackground(painted)));
}
