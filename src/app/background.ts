/**
 * Runs `task` in a later task, after those already waiting (issue #14): at background priority where
 * the browser has the Prioritized Task Scheduling API, so a tap or a frame goes before it; otherwise
 * as a timer's task. For work nobody is waiting for: the log's new row, a message to the game's other
 * tabs, the hash the next step will link to.
 */
export function inBackground(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}

interface BackgroundScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}
