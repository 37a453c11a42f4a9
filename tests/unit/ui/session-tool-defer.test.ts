// @vitest-environment happy-dom
// Issue #14: a tool (dice, tables, combat, cups, turn panels) draws a new step of the game after the
// frame that paints the latest result, which is what the players look at; what the players do in
// the tool itself is drawn at once.
import { html } from 'lit';
import { state } from 'lit/decorators.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionTool } from '../../../src/ui/components/session-tool';
import { fakeGame, loadGameBeforeAll, mount } from './fake-store';

class StepsShown extends SessionTool {
  @state() note = '';
  override render() {
    return html`<p>${this.current.session.log.length} ${this.note}</p>`;
  }
}
customElements.define('wc-test-steps-shown', StepsShown);

const kursk = loadGameBeforeAll('grossdeutschland', 'gd-kursk');
const shown = (el: StepsShown) => el.shadowRoot!.querySelector('p')!.textContent!.trim();

describe('SessionTool: a new step is drawn after the paint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('waits for the next animation frame to draw a new step, but draws a change of its own at once', async () => {
    const g = fakeGame({ ...kursk });
    const el = await mount<StepsShown>('wc-test-steps-shown', { store: g.store, current: g.current() });
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));

    // The page that shows the tool hands it the game after the step.
    g.step({ type: 'roll', dice: { n: 1, sides: 6 }, manual: [4] });
    el.current = g.current();
    await new Promise((wait) => setTimeout(wait, 20));
    expect(shown(el)).toBe('0');
    frames.shift()!(0);
    await el.updateComplete;
    expect(shown(el)).toBe('1');

    el.note = 'typed';
    await el.updateComplete;
    expect(frames).toHaveLength(0);
    expect(shown(el)).toBe('1 typed');
  });
});
