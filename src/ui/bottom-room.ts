/**
 * Room kept at the bottom of the screen for what covers it there: the result sheet on a phone
 * (pages/session-page.ts) and the problem banner (./app-notices.ts). The document's
 * scroll-padding-bottom is the largest of them, so a control scrolled into view (a tap, Tab, the
 * browser's find) lands above whichever covers more; each keeps its own room below the page.
 */
const rooms = new Map<'sheet' | 'problem', number>();

/** Says how much of the bottom of the screen `who` covers now (0: nothing). */
export function keepBottomRoom(who: 'sheet' | 'problem', px: number): void {
  if (px > 0) rooms.set(who, px);
  else rooms.delete(who);
  const most = bottomRoom();
  document.documentElement.style.scrollPaddingBottom = most ? `${most}px` : '';
}

/** The most any of them covers at the bottom of the screen (px). */
export const bottomRoom = (): number => Math.max(0, ...rooms.values());

/**
 * Focus (Tab, or a script's focus()) scrolls a control into view without the scroll padding: a
 * control that would be under what covers the bottom is scrolled up above it.
 */
export function liftAbove(target: Element, room = bottomRoom()): void {
  if (!room) return;
  const box = target.getBoundingClientRect();
  const limit = innerHeight - room;
  if (box.bottom > limit && box.top >= 0) scrollBy({ top: Math.min(box.bottom - limit, box.top) });
}
