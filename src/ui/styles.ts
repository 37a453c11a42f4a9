/** Shared styles: the common ones (./styles-common.ts), and the game screens' controls (radios, badges, dice, fieldsets). */
import { css } from 'lit';
import { common } from './styles-common';

export const base = [
  common,
  css`
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
    /* A refused value: the field marked, its message beside it (role=alert). */
    .err {
      color: var(--danger);
      font-weight: 600;
    }
    [aria-invalid='true'] {
      border-color: var(--danger);
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
    input[type='number'] {
      width: 6.5rem;
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
    fieldset {
      border: 1px solid var(--border);
      border-radius: 12px;
      margin: 0.5rem 0;
      padding: 0.5rem 0.8rem;
      min-width: 0;
    }
    legend {
      font-weight: 600;
      padding: 0 0.3rem;
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
  `,
];
