// @vitest-environment happy-dom
// The game's settings (src/ui/pages/game-settings.ts, split out of the session page, issue #29): the
// seal is hashed only while they are open; the seed shows only after a confirmation; turning the wake
// lock on is saved first, then sent up for the page's wake lock to follow.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../src/app/store';
import type { WcGameSettings } from '../../../src/ui/pages/game-settings';
import '../../../src/ui/pages/game-settings';
import { button, fakeGame, loadGameBeforeAll, mount, settle } from './fake-store';

const gd = loadGameBeforeAll('grossdeutschland', 'gd-kursk');
const prefs = { wakeLock: false, vibrate: false, sound: false };

afterEach(() => document.body.replaceChildren());

async function mountSettings(store?: Partial<Store>) {
  const game = fakeGame(gd);
  const settings = await mount<WcGameSettings>('wc-game-settings', {
    store: Object.assign(game.store, store),
    current: game.current(),
    prefs,
    lang: 'en',
  });
  return settings;
}

describe('wc-game-settings', () => {
  it('shows the seed commitment; the seal only while the settings are open', async () => {
    const settings = await mountSettings();
    const root = settings.shadowRoot!;
    expect(root.querySelector('[data-testid=fingerprint]')!.textContent).not.toBe('');
    expect(root.querySelector('[data-testid=seal]')).toBeNull();
    const details = root.querySelector('details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await settle(settings);
    expect(root.querySelector('[data-testid=seal]')!.textContent).toMatch(/\S/);
    details.open = false;
    details.dispatchEvent(new Event('toggle'));
    await settle(settings);
    expect(root.querySelector('[data-testid=seal]')).toBeNull();
  });

  it('the seed shows only after its confirmation', async () => {
    const settings = await mountSettings();
    const root = settings.shadowRoot!;
    button(root, 'Reveal the seed').click();
    await settle(settings);
    expect(root.querySelector('[data-testid=seed]')).toBeNull();
    button(root, 'Confirm').click();
    await settle(settings);
    expect(root.querySelector('[data-testid=seed]')!.textContent).toContain('components');
  });

  it('the wake lock setting is saved, then sent up', async () => {
    const order: string[] = [];
    const setPref = vi.fn(async () => void order.push('saved'));
    const settings = await mountSettings({ setPref } as Partial<Store>);
    settings.addEventListener('wc-wake-lock-change', () => order.push('sent'));
    const box = [...settings.shadowRoot!.querySelectorAll<HTMLLabelElement>('label')]
      .find((label) => /awake/i.test(label.textContent!))!
      .querySelector('input')!;
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(order).toEqual(['saved', 'sent']));
    expect(setPref).toHaveBeenCalledWith({ wakeLock: true });
  });
});
