/**
 * The ARIA radio group pattern for a row of `role="radio"` buttons: the group is one tab stop (the
 * checked radio, or the first when none is), and the arrow keys, Home and End check and focus
 * another. The host re-renders from the pick; focus moves once it has.
 */
export const radioTabIndex = (checked: boolean, index: number, anyChecked: boolean): number =>
  checked || (!anyChecked && index === 0) ? 0 : -1;

export function onRadioGroupKey(e: KeyboardEvent, count: number, current: number, pick: (index: number) => void) {
  const to =
    e.key === 'ArrowRight' || e.key === 'ArrowDown'
      ? (current + 1) % count
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? (current - 1 + count) % count
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? count - 1
            : -1;
  if (to < 0 || count === 0) return;
  e.preventDefault();
  const group = e.currentTarget as HTMLElement;
  pick(to);
  // After the host's next render the picked radio is the group's tab stop: focus it.
  requestAnimationFrame(() => group.querySelectorAll<HTMLElement>('[role=radio]')[to]?.focus());
}
