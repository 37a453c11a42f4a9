/**
 * Lit's options for properties declared without decorators (`static properties`), as the home
 * screen's components declare them (issue #14: Lit's decorators stay out of its first download).
 */
/** A value the parent sets as a property (no attribute). */
export const fromParent = { attribute: false } as const;
/** The component's own state: a change re-renders it. */
export const ownState = { state: true } as const;
