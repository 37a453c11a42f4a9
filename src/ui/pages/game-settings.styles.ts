import { css } from 'lit';
import { base } from '../styles';

/** <wc-game-settings>: a card in the page's column (the host adds no box of its own). */
export const gameSettingsStyles = [
  base,
  css`
    :host {
      display: contents;
    }
    .seed code {
      font-size: 1.15rem;
      letter-spacing: 0.05em;
    }
  `,
];
