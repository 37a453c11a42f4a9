/**
 * Resolves once the browser has painted what the page shows now (issue #14): the result next to the
 * control tapped is painted first, and what is secondary (the log's new row, the screen reader's
 * announcement) follows a frame later. A hidden page paints nothing and gets no animation frames, so
 * there it resolves at once (a second tab following the game keeps its log up to date).
 */
export function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}
