/**
 * The styles every component shares, the home screen's among them: big touch targets (≥ 44 px),
 * visible focus, cards and rows, colours from the theme tokens in index.html. The game screens'
 * controls add theirs in ./styles.ts (issue #14: the home screen loads these alone).
 *
 * Buttons are bold (700), not semi-bold: the first frame (index.html) then paints with the two faces
 * its text needs anyway, regular and bold; a third weight held its first paint by a font lookup, about
 * 20 ms at 4× CPU in a cold-start trace (issue #14). Android's Roboto draws 600 as bold anyway.
 * .sr-only is visually hidden, read by screen readers, and kept at the top-left of its box so it can
 * never widen a page. (A comment inside the css`` template would ship with the home screen's JS.)
 */
import { css } from 'lit';

export const common = css`
  :host {
    color: var(--fg);
    font: inherit;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    line-height: 1.2;
    margin: 0.6em 0 0.4em;
  }
  h2 {
    font-size: 1.3rem;
  }
  h3 {
    font-size: 1.1rem;
  }
  p {
    margin: 0.4em 0;
  }
  a {
    color: var(--link);
  }
  button,
  .button,
  select,
  input {
    font: inherit;
    min-height: 44px;
    min-width: 44px;
    border-radius: 10px;
    border: 2px solid var(--border);
    background: var(--surface-2);
    color: var(--fg);
    padding: 0.4rem 0.9rem;
  }
  button,
  .button {
    cursor: pointer;
    font-weight: 700;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4rem;
  }
  button.primary,
  .button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
  }
  button.danger {
    border-color: var(--danger);
    color: var(--danger);
    background: transparent;
  }
  button:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  input {
    background: var(--surface);
  }
  :focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  .card {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 14px;
    padding: 0.9rem 1rem;
    margin: 0.6rem 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .muted {
    color: var(--muted);
  }
  .sr-only {
    position: absolute;
    left: 0;
    top: 0;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  label {
    display: inline-flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.95rem;
  }
  input,
  select {
    max-width: 100%;
  }
  label {
    max-width: 100%;
  }
  ul.plain {
    list-style: none;
    padding: 0;
    margin: 0;
  }
`;
