// inBackground (issue #14): work nobody waits for (the log's new row, the message to the game's other
// tabs, the next step's link) runs in a later task, at background priority where the browser has the
// Prioritized Task Scheduling API, and never in the task that asked for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inBackground } from '../../../src/app/background';

describe('inBackground', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts a background task where the browser can', () => {
    const posted: string[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (_task: () => void, options: { priority: string }) => {
        posted.push(options.priority);
        return Promise.resolve();
      },
    });
    const task = vi.fn();
    inBackground(task);
    expect(posted).toEqual(['background']);
    expect(task).not.toHaveBeenCalled();
  });

  it('elsewhere, a timer task: not now, in a later task', () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    inBackground(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });
});
