import { css } from 'lit';
import { base } from '../styles';

/** <wc-tables-page>: a game's tables by rule, and the selected one. */
export const tablesPageStyles = [
  base,
  css`
    :host {
      display: block;
    }
    .tables a {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2rem 0.6rem;
      align-items: baseline;
      text-decoration: none;
      color: inherit;
      min-height: 44px;
    }
    .tables a[aria-current='page'] {
      border-color: var(--accent);
      border-width: 2px;
    }
    .tables .name {
      font-weight: 700;
      color: var(--link);
      flex: 1 1 12rem;
    }
    .tables .card {
      margin: 0.4rem 0;
      padding: 0.6rem 0.8rem;
    }
    fieldset label.radio {
      flex-direction: row;
      align-items: center;
      gap: 0.6rem;
      min-height: 44px;
    }
    fieldset input[type='radio'] {
      min-height: 0;
      min-width: 0;
      width: 1.4rem;
      height: 1.4rem;
      accent-color: var(--accent);
      flex: none;
    }
    .selected {
      margin: 0.5rem 0 1.5rem;
    }
    .problem {
      border: 2px solid var(--danger);
      border-radius: 12px;
      padding: 0.5rem 0.8rem;
    }
    .problem pre {
      white-space: pre-wrap;
      font-size: 0.85rem;
      color: var(--muted);
      margin: 0.3rem 0;
    }
  `,
];
