// What every chart tool's button (Roll in the Tables tool, Resolve in the Combat tool) must do on a
// chart the players have not typed in whole: off but focusable, its reason right under it with a
// link to type the chart in; pressed, the reason becomes an alert and nothing reaches the store.
import { expect } from 'vitest';
import { hasKey } from '../../../src/ui/i18n';
import { type FakeGame, rawKeys, textOf } from './fake-store';

export async function expectBlockedPress(
  g: FakeGame,
  r: ShadowRoot,
  button: HTMLButtonElement,
  press: () => Promise<void>,
  expected: { reason: string; href: string },
): Promise<void> {
  // Off, but focusable: a keyboard or screen reader user reaches it and hears why.
  expect(button.disabled).toBe(false);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  const reason = () => r.getElementById(button.getAttribute('aria-describedby')!)!;
  expect(reason().closest('[hidden]')).toBeNull();
  expect(textOf(reason())).toBe(expected.reason);
  expect(reason().querySelector('a')!.getAttribute('href')).toBe(expected.href);
  // The reason comes right after the button, not far from it.
  expect(button.parentElement!.nextElementSibling).toBe(reason());
  expect(reason().getAttribute('role')).toBeNull();
  await press();
  expect(g.act).not.toHaveBeenCalled();
  expect(g.report).not.toHaveBeenCalled();
  expect(g.current().session.log).toHaveLength(0);
  expect(reason().getAttribute('role')).toBe('alert');
  expect(rawKeys(textOf(r), hasKey)).toEqual([]);
}
