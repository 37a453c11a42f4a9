import { css } from 'lit';
import { base } from '../styles';

/** <wc-modifier-picker>: a table's modifiers (or a CRT's shifts), in groups, and the free one. */
export const modifierPickerStyles = [
  base,
  css`
    .group {
      display: flex;
      flex-direction: column;
      margin: 0.4rem 0;
    }
    .tag {
      font-size: 0.8em;
      padding: 0 0.4em;
      border-radius: 0.6em;
      background: var(--accent-soft, rgba(127, 127, 127, 0.25));
    }
  `,
];
