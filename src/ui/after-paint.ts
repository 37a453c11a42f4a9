/**
 * Resolves once the browser has painted what the page shows now (issue #14): the result next to the
 * control tapped is painted first, and what is secondary (the log's new row, the screen reader's
 * announcement) follows. It then runs as a background task (the Prioritized Task Scheduling API,
 * where the browser has it): a tap, or anything else the page has to do, goes before it rather than
 * waiting behind it. A hidden page paints nothing and gets no animation frames, so there it resolves
 * at once (a second tab following the game keeps its log up to date).
 */
export function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((painted) => requestAnimationFrame(() => later(painted)));
}

interface BackgroundScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/** A task after those already waiting: at background priority where the browser can say so, else a timer's. */
function later(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}
