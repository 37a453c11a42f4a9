// @vitest-environment happy-dom
// afterPaint (issue #14): what is secondary (the log's new row, the announcement) waits for the frame
// that paints the result next to the control tapped, then one task; a hidden page, which gets no
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

  it('on a hidden page, resolves without waiting for a frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    await afterPaint();
    expect(frames).not.toHaveBeenCalled();
  });
});
