/** Shared styles: big touch targets (≥ 44 px), visible focus, colours from the theme tokens in index.html. */
import { css } from 'lit';

export const base = css`
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
    font-weight: 600;
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
  /* A chosen option is marked, not filled: it must not look like the primary action. */
  [role='radio'][aria-checked='true'],
  button[aria-pressed='true'] {
    background: color-mix(in srgb, var(--accent) 18%, var(--surface-2));
    border-color: var(--accent);
    color: var(--fg);
    box-shadow: inset 0 -3px 0 var(--accent);
  }
  input[type='radio'],
  input[type='checkbox'] {
    accent-color: var(--accent);
  }
  /* A checkbox or radio with its text on one line, the whole line a 44 px target. */
  label.inline {
    flex-direction: row;
    align-items: center;
    min-height: 44px;
    gap: 0.5rem;
  }
  label.inline input {
    min-height: auto;
    width: 1.4rem;
    height: 1.4rem;
  }
  button:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  input {
    background: var(--surface);
  }
  input[type='number'] {
    width: 6.5rem;
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
  .badge {
    display: inline-block;
    font-size: 0.8rem;
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    border: 1px solid var(--border);
  }
  .badge.missing,
  .badge.partial {
    border-color: var(--warn);
    color: var(--warn);
  }
  .badge.complete {
    border-color: var(--ok);
    color: var(--ok);
  }
  .badge.manual {
    border-color: var(--link);
    color: var(--link);
  }
  /* Visually hidden, read by screen readers. Kept at the top-left of its box so it can never widen a page. */
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
  fieldset {
    border: 1px solid var(--border);
    border-radius: 12px;
    margin: 0.5rem 0;
    padding: 0.5rem 0.8rem;
    min-width: 0;
  }
  input,
  select {
    max-width: 100%;
  }
  label {
    max-width: 100%;
  }
  legend {
    font-weight: 600;
    padding: 0 0.3rem;
  }
  ul.plain {
    list-style: none;
    padding: 0;
    margin: 0;
  }
  .die {
    display: inline-flex;
    width: 2.6rem;
    height: 2.6rem;
    align-items: center;
    justify-content: center;
    border-radius: 8px;
    background: var(--die-bg);
    color: var(--die-fg);
    font-weight: 800;
    font-size: 1.35rem;
    border: 2px solid var(--border);
  }
  .die.hit {
    background: var(--accent);
    color: var(--on-accent);
  }
`;
