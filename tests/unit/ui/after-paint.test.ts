// @vitest-environment happy-dom
// afterPaint (issue #14): what is secondary (the log's new row, the announcement) waits for the frame
// that paints the result next to the control tapped, then one task, at background priority where the
// browser has the Prioritized Task Scheduling API (a tap goes before it); a hidden page, which gets no
// animation frames, does not wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/ui/after-paint';

describe('afterPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('on a visible page, resolves in a task after the next animation frame, not before', async () => {
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    let painted = false;
    const done = afterPaint().then(() => {
      painted = true;
    });
    await new Promise((wait) => setTimeout(wait, 20));
    expect(painted).toBe(false);
    frame!(0);
    expect(painted).toBe(false);
    await done;
    expect(painted).toBe(true);
  });

  it('after the frame, waits as a background task where the browser can schedule one', async () => {
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    const posted: { task: () => void; priority: string }[] = [];
    const postTask = (task: () => void, options: { priority: string }) => {
      posted.push({ task, priority: options.priority });
      return Promise.resolve();
    };
    vi.stubGlobal('scheduler', { postTask });
    try {
      let painted = false;
      const done = afterPaint().then(() => {
        painted = true;
      });
      expect(posted).toEqual([]);
      frame!(0);
      expect(posted.map((p) => p.priority)).toEqual(['background']);
      await new Promise((wait) => setTimeout(wait, 20));
      expect(painted).toBe(false);
      posted[0]!.task();
      await done;
      expect(painted).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('on a hidden page, resolves without waiting for a frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    await afterPaint();
    expect(frames).not.toHaveBeenCalled();
  });
});
